"""Cards as Dutch, Danish and Brazilian players write them: ``HH`` (heer harten), ``DR`` (dame ruder),
``VO`` (valete de ouros). The standard notation (``KH``, ``QD``, ``JD``, suit symbols) is read first and
always means the same; only a code it cannot read comes here. The letters of every language are tried,
whatever language the messages are in, so a file or a move reads the same for everyone; a code that two
languages read as different cards is refused with both readings.

A code is a rank then a suit, as in the standard notation (the suit may be left out as there, and a
three needs it). Each language keeps the letters that cannot be mistaken for the standard ones: the
Portuguese copas has no letter, since C is clubs in the standard notation (write ``♥``). The Dutch H is
heer as a rank and harten as a suit: its place in the code tells which (``HH`` is the king of hearts).
docs/format.md has the table.
"""
from __future__ import annotations

from collections.abc import Callable

from canasta_tutor.reading.strict_yaml import Listed, Said

SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
DIGITS = {str(n): str(n) for n in range(2, 11)}

# Per language: its name (worded in the user's language), rank letters and suit letters (code -> standard), and words for the joker.
LANGUAGES = {
    "nl": (Said("language-names.nl", "Dutch"), {"A": "A", "H": "K", "V": "Q", "B": "J"},
           {"H": "H", "R": "D", "S": "S", "K": "C", "D": "D", "C": "C"}, ()),
    "da": (Said("language-names.da", "Danish"), {"E": "A", "A": "A", "K": "K", "D": "Q", "B": "J", "KN": "J"},
           {"H": "H", "R": "D", "S": "S", "K": "C", "D": "D", "C": "C"}, ()),
    "pt-BR": (Said("language-names.pt-BR", "Portuguese"), {"A": "A", "R": "K", "D": "Q", "V": "J"},
              {"O": "D", "E": "S", "P": "C"}, ("CORINGA", "CURINGA")),
}
SHOWN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def readings(code: str) -> dict[tuple[str, str | None], list[str]]:
    """Every card an upper-case code may be in the players' notations: (rank, suit) -> the languages."""
    found: dict[tuple[str, str | None], list[str]] = {}
    for lang, (_name, ranks, suits, jokers) in LANGUAGES.items():
        cards: list[tuple[str, str | None]] = []
        if code in jokers:
            cards.append(("JK", None))
        if code[-1] in SYMBOLS or code[-1] in suits:
            rank = ranks.get(code[:-1]) or DIGITS.get(code[:-1])
            if rank is not None and len(code) > 1:
                cards.append((rank, SYMBOLS.get(code[-1]) or suits[code[-1]]))
        if code in ranks:
            cards.append((ranks[code], None))
        for card in cards:
            found.setdefault(card, []).append(lang)
    return found


def read(code: str, error: Callable[[Said | None], Exception]) -> tuple[str, str | None]:
    """The (rank, suit) of a code the standard notation could not read; ``error(reason)`` is the
    exception to raise (with no reason: the standard notation's own complaint)."""
    found = readings(code)
    if len(found) == 1:
        return next(iter(found))
    if not found:
        raise error(None)
    # the lists and the languages' names go as they are, for the command line to word in the user's language
    shown = [Said("card.reading", "{card} ({languages})", card=f"{rank}{SHOWN.get(suit or '', '')}",
                  languages=Listed([LANGUAGES[lang][0] for lang in langs])) for (rank, suit), langs in found.items()]
    codes = Listed([f"{rank}{SHOWN.get(suit or '', '')}" for rank, suit in found], "or")
    raise error(Said("card.ambiguous", "it can be read as {readings}; write {codes}", readings=Listed(shown, "or-as"),
                     codes=codes))
