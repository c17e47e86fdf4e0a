"""Cards and their notation: ``KH``, ``10S`` / ``TS``, ``7``, ``3C``, ``JK``.

A card is a small immutable value that parses and prints its own notation; ``str(parse_card(text))``
round-trips to the canonical upper-case form. The suit is optional except on threes, where it
decides the card's role (red threes are bonus cards, black threes stop the pile).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter

from canasta_tutor.engine import notation
from canasta_tutor.reading.strict_yaml import Said

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK")
NATURAL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
SUITS = ("S", "H", "D", "C")
_SUIT_ALIASES = {"S": "S", "H": "H", "D": "D", "C": "C",
                 "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10", "1": "A", "JOKER": "JK", "*": "JK"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
RANK_NAMES = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "10": "10s", "9": "9s", "8": "8s",
              "7": "7s", "6": "6s", "5": "5s", "4": "4s", "3": "3s", "2": "2s", "JK": "jokers",
              "?": "wild cards"}  # a meld of wild cards alone, where the rules ask for no natural card

_VALUES = {"JK": 50, "A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
           "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}


_INTERNED: dict[tuple[str, str | None], Card] = {}


class CardError(ValueError):
    """A piece of text that is not a card."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(Said("card.not-a-card", "{text} is not a card: {reason}", text=repr(text), reason=reason))
        self.text = text
        self.reason = reason


class Card:
    """One card. ``suit`` is None when the notation left it out (never for threes).

    Cards are interned: ``Card("K", "H")`` always returns the same object, so equality and hashing
    are identity, and a card's role (wild, natural, red three...) is worked out once, not on every
    look. The engine compares cards millions of times in self-play; this keeps each look a pointer
    comparison.
    """

    __slots__ = ("code", "is_black_three", "is_natural", "is_red", "is_red_three", "is_wild", "order", "rank", "suit",
                 "value")
    code: str  # the card's notation, ``str(card)``: kept, as a table written out names every card
    rank: str
    suit: str | None
    value: int  # the points it counts in a meld or against a hand
    is_wild: bool
    is_natural: bool
    is_red: bool
    is_red_three: bool
    is_black_three: bool
    order: int  # its place in a sorted hand: by rank, then suit

    def __new__(cls, rank: str, suit: str | None = None) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is not None:
            return card
        # A joker has no suit: a program that gave it one would hold a card the notation cannot name, and
        # that the hand's other cards would match as the joker (the judge) or not (the kernel).
        if rank not in _VALUES or (suit is not None and (suit not in SUITS or rank == "JK")):
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}")
        card = object.__new__(cls)
        red = suit in RED_SUITS
        for name, value in (("code", rank + (suit or "")), ("rank", rank), ("suit", suit), ("value", _VALUES[rank]),
                            ("is_wild", rank in ("2", "JK")), ("is_natural", rank not in ("2", "JK", "3")),
                            ("is_red", red), ("is_red_three", rank == "3" and red),
                            ("is_black_three", rank == "3" and not red),
                            ("order", RANKS.index(rank) * 5 + (SUITS.index(suit) + 1 if suit else 0))):
            object.__setattr__(card, name, value)
        _INTERNED[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:  # pragma: no cover - immutability guard
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:  # a card is shared (interned): ``del`` would unmake it for all
        raise AttributeError("Card is immutable")

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[type[Card], tuple[str, str | None]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.code

    def symbol(self) -> str:
        """The card with its suit symbol, for display: ``K♥``."""
        return self.rank + (SUIT_SYMBOLS[self.suit] if self.suit else "")

    def matches(self, other: Card) -> bool:
        """Whether two notations may be the same physical card (a missing suit matches any suit)."""
        if self.rank != other.rank:
            return False
        return self.suit is None or other.suit is None or self.suit == other.suit

    def sort_key(self) -> int:
        """Rank first (A down to 2, then jokers), then suit (a missing suit first)."""
        return self.order


# Every three, the one written without a suit too: the cards with roles of their own (red threes are
# laid out, black threes stop the pile), which a count of plain card values must look at apart.
THREES = frozenset((Card("3"), *(Card("3", suit) for suit in SUITS)))
# Every wild card (a 2 or a joker, of any suit or none): whether a meld holds one is one look in C.
WILDS = frozenset((Card("JK"), Card("2"), *(Card("2", suit) for suit in SUITS)))
# A card's points, for ``sum(map(VALUE, cards))``: the sum in C, where a generator is a call per card.
VALUE = attrgetter("value")
# A card's notation, for ``" ".join(map(CODE, cards))``: the join in C, with no call of ``__str__`` per card.
CODE = attrgetter("code")

_CACHE: dict[str, Card] = {}
# A suit symbol followed by a variation selector (text or emoji presentation): the symbol alone.
_SELECTED = re.compile("([" + "".join(ch for ch in _SUIT_ALIASES if not ch.isascii()) + "])[\ufe0e\ufe0f]")


def parse_card(text: str, reader: str | None = None) -> Card:
    """Parse one card code, case-insensitively. Raises CardError with the reason. ``reader``: the language
    of the one who typed it, which settles a code two languages' letters read as different cards."""
    key = text if reader is None else f"{reader}\0{text}"
    card = _CACHE.get(key)
    if card is not None:
        return card
    t = text.strip()
    if not t:
        raise CardError(text, Said("card.empty", "it is empty"))
    if "\ufe0f" in t or "\ufe0e" in t:  # a phone keyboard types ♥ as the emoji ♥️: a symbol and a selector
        t = _SELECTED.sub(r"\1", t)
    if not t.isascii() and not all(ch.isascii() or ch in _SUIT_ALIASES for ch in t):
        # upper() would turn the long s into S and other letters into look-alikes: 'Kſ' is not KS
        raise CardError(text, Said("card.plain-letters", "a card is written in plain letters (A K Q J 10 9 ... 2, "
                                                     "suits S H D C) or with the suit symbols ♠ ♥ ♦ ♣"))
    t = t.upper()
    if t in ("JK", "JOKER", "*"):
        card = Card("JK")
    else:
        suit = None
        if t[-1] in _SUIT_ALIASES and len(t) > 1:
            suit = _SUIT_ALIASES[t[-1]]
            rank_text = t[:-1]
        else:
            rank_text = t
        rank = _RANK_ALIASES.get(rank_text)
        if rank is None or rank == "JK" and suit:  # not the standard notation: a player's own letters?
            rank, suit = notation.read(t, lambda why: CardError(text, why or Said(
                "card.expected-rank", "expected a rank A K Q J 10 (or T) 9 to 2, then a suit S H D C, or JK")), reader)
        if rank == "3" and suit is None:
            raise CardError(text, Said("card.three-suit", "a three needs its suit (3H, 3D red; 3S, 3C black)"))
        card = Card(rank, suit)
    if len(_CACHE) < 4096:
        _CACHE[key] = card
    return card


def cards_of_codes(words: list[str]) -> list[Card]:
    """``parse_card`` of each code (no reader), the codes seen before looked up in C: a program reads
    the same few dozen codes again and again. Raises CardError as ``parse_card`` does."""
    cards = list(map(_CACHE.get, words))
    if None in cards:
        return [parse_card(w) for w in words]
    return cards  # type: ignore[return-value]  # no None among them


# The cards of a text read before (``parse_cards`` with no reader): a program that builds a position
# per question from the same texts (``api.cards``) reads each one once. Bounded in number and in length
# (a hand or a pile of two decks is under 400 characters); ``files/from_data.py`` keeps its texts so too.
TEXTS_KEPT, TEXT_LONGEST = 4096, 400
_TEXTS: dict[str, tuple[Card, ...]] = {}


def parse_cards(text: str | Iterable[str], reader: str | None = None) -> list[Card]:
    """Parse a space-separated string (commas allowed) or an iterable of codes. A new list every call."""
    if type(text) is str and reader is None:
        known = _TEXTS.get(text)
        if known is not None:
            return list(known)
        cards = cards_of_codes(text.replace(",", " ").split())
        if len(_TEXTS) < TEXTS_KEPT and len(text) <= TEXT_LONGEST:
            _TEXTS[text] = tuple(cards)
        return cards
    if isinstance(text, str):
        words = text.replace(",", " ").split()
    else:
        words = list(text)
    return [parse_card(w, reader) for w in words]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as a message names them: naturals by rank, then threes, then wild cards, whatever the
    order they were named in, so that the same cards always read the same."""
    return " ".join(map(CODE, sorted(cards, key=Card.sort_key)))


def over_deck_limit(cards: Iterable[Card], decks: int, jokers: int) -> list[tuple[str, int, int]]:
    """Every card or rank that appears more often than the decks hold: (what, found, allowed)."""
    per_card, per_rank, max_jokers = decks, decks * 4, jokers
    suited: Counter[Card] = Counter()
    ranks: Counter[str] = Counter()
    for c in cards:
        if c.rank == "JK":
            ranks["JK"] += 1
            continue
        ranks[c.rank] += 1
        if c.suit:
            suited[c] += 1
    problems = [(str(c), n, per_card) for c, n in sorted(suited.items(), key=lambda kv: kv[0].sort_key())
                if n > per_card]
    for rank, n in ranks.items():
        limit = max_jokers if rank == "JK" else per_rank
        if n > limit:
            what = RANK_NAMES[rank]
            problems.append((what, n, limit))
    return problems
