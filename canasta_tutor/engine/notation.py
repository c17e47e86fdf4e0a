"""Cards as Dutch, Danish and Brazilian players write them: ``HH`` (heer harten), ``DR`` (dame ruder),
``VO`` (valete de ouros). The standard notation (``KH``, ``QD``, ``JD``, suit symbols) is read first and
always means the same; only a code it cannot read comes here. The letters of every language are tried,
whatever language the messages are in, so a file reads the same for everyone; a code that two languages
read as different cards is refused with both readings, unless the reader's own language (a move typed
under ``--lang``) is one of them: then the reader's reading is taken, and ``doubts`` names the other for
a warning.

A code is a rank then a suit, as in the standard notation (the suit may be left out as there, and a
three needs it); the standard rank letters mix with each language's suit letters (``QR``). The Dutch H is
heer as a rank and harten as a suit: its place in the code tells which (``HH`` is the king of hearts).
The letters themselves are in ``canasta_tutor/reading/languages.py``; docs/format.md has the table.
"""
from __future__ import annotations

from collections.abc import Callable

from canasta_tutor.reading.languages import LANGUAGES, STANDARD_RANKS
from canasta_tutor.reading.strict_yaml import Listed, Said

SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
DIGITS = {str(n): str(n) for n in range(2, 11)} | {"T": "10"}
SHOWN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
STANDARD_SUITS = {"S": "S", "H": "H", "D": "D", "C": "C"}
Reading = tuple[str, str | None]


def name(lang: str) -> Said:
    """A language's name, for the command line to word in the user's language."""
    return Said(f"language-names.{lang}", LANGUAGES[lang].name)


def read_as(code: str, lang: str) -> list[Reading]:
    """The cards an upper-case code is in one language's letters (none, one, or a rank and a card)."""
    own = LANGUAGES[lang]
    ranks = STANDARD_RANKS | dict(own.ranks)
    cards: list[Reading] = []
    if code in own.jokers:
        cards.append(("JK", None))
    if len(code) > 1 and (code[-1] in SYMBOLS or code[-1] in own.suits):
        rank = ranks.get(code[:-1]) or DIGITS.get(code[:-1])
        if rank is not None:
            cards.append((rank, SYMBOLS.get(code[-1]) or own.suits[code[-1]]))
    if code in own.ranks:
        cards.append((own.ranks[code], None))
    return cards


def readings(code: str) -> dict[Reading, list[str]]:
    """Every card an upper-case code may be in the players' notations: (rank, suit) -> the languages."""
    found: dict[Reading, list[str]] = {}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        for card in read_as(code, lang):
            found.setdefault(card, []).append(lang)
    return found


def standard(code: str) -> Reading | None:
    """The card an upper-case code is in the standard notation, or None."""
    if code in ("JK", "JOKER", "*"):
        return ("JK", None)
    suit = SYMBOLS.get(code[-1]) or STANDARD_SUITS.get(code[-1]) if len(code) > 1 else None
    rank_text = code[:-1] if suit else code
    rank = STANDARD_RANKS.get(rank_text) or DIGITS.get(rank_text) or {"1": "A"}.get(rank_text)
    return (rank, suit) if rank else None


def shown(card: Reading) -> str:
    rank, suit = card
    return f"{rank}{SHOWN.get(suit or '', '')}"


def read(code: str, error: Callable[[Said | None], Exception], reader: str | None = None) -> Reading:
    """The (rank, suit) of a code the standard notation could not read; ``error(reason)`` is the
    exception to raise (with no reason: the standard notation's own complaint). ``reader``: the language
    of the one who typed it, whose reading settles a code two languages read differently."""
    found = readings(code)
    if len(found) == 1:
        return next(iter(found))
    if not found:
        raise error(None)
    own = [card for card, langs in found.items() if reader in langs]
    if len(own) == 1:
        return own[0]
    # the lists and the languages' names go as they are, for the command line to word in the user's language
    said = [Said("card.reading", "{card} ({languages})", card=shown(card), languages=Listed([name(lang) for lang in langs]))
            for card, langs in found.items()]
    codes = Listed([shown(card) for card in found], "or")
    raise error(Said("card.ambiguous", "it can be read as {readings}; write {codes}", readings=Listed(said, "or-as"),
                     codes=codes))


def doubts(code: str, reader: str | None) -> list[tuple[Reading, list[str]]]:
    """The other cards a code the reader typed may be, with the languages (``en``: the standard letters)
    that read it so: ``AC`` is the ace of clubs, and in a Brazilian's letters the ace of copas. Empty when
    the code means one card only, or the reader writes the standard letters only (English)."""
    code = code.strip().upper()
    if not code or reader is None or reader == "en" or reader not in LANGUAGES:
        return []
    base = standard(code)
    found = readings(code)
    if base is not None:  # the standard reading is taken: doubtful only where the reader's own letters
        # (not the standard ones they share: JK is the joker for a Dane too) read another card
        own = LANGUAGES[reader]
        rank = own.ranks.get(code[:-1]) or DIGITS.get(code[:-1])
        suit = own.suits.get(code[-1])
        if rank is not None and suit is not None and (rank, suit) != base:
            return [((rank, suit), [reader])]
        return []
    taken = [card for card, langs in found.items() if reader in langs]
    if len(taken) != 1:
        return []
    return [(card, langs) for card, langs in found.items() if card != taken[0]]
