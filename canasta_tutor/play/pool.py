"""The hand as classes of interchangeable cards, and melds described by how many of each class they
take. The suit of a card never changes a ruling except on threes, so "meld 9S 9D 9H" and
"meld 9C 9D 9H" are one candidate that stands for several choices of real cards."""
from __future__ import annotations

from math import comb
from operator import attrgetter
from typing import NamedTuple

from canasta_tutor.engine.cards import NATURAL_RANKS, SUITS, Card

_ORDER = attrgetter("order")
_WILD = [Card("JK")] + [Card("2", s) for s in (None, *SUITS)]
# Every card a take of a natural top card of each rank may lay: that rank, and wild cards.
TAKEABLE = {r: frozenset([Card(r, s) for s in (None, *SUITS)] + _WILD) for r in NATURAL_RANKS}  # a card's place in rank and suit order, worked out once per card


def card_class(c: Card) -> str:
    if c.rank == "3":
        return "3r" if c.is_red_three else "3b"
    return c.rank


class Group(NamedTuple):
    """One meld's worth of cards by class: ``k`` naturals of ``rank``, ``twos`` 2s and ``jokers``.
    (A named tuple: the listing makes thousands, and a frozen dataclass costs several times more.)"""
    rank: str
    k: int
    twos: int = 0
    jokers: int = 0

    @property
    def size(self) -> int:
        return self.k + self.twos + self.jokers


class Pool:
    """The hand as classes of interchangeable cards."""

    def __init__(self, cards: list[Card]) -> None:
        by_class: dict[str, list[Card]] = {}
        for c in sorted(cards, key=_ORDER):
            cls = c.rank if c.rank != "3" else card_class(c)  # card_class, without a call for most cards
            if cls in by_class:
                by_class[cls].append(c)
            else:
                by_class[cls] = [c]
        self.cards = by_class
        self.counts = {cls: len(cs) for cls, cs in by_class.items()}

    def n(self, cls: str) -> int:
        return self.counts.get(cls, 0)

    def first(self, g: Group) -> list[Card]:
        """The cards ``pick`` gives one group alone (the first of each class), without the counts."""
        cards = self.cards
        return ((cards[g.rank][:g.k] if g.k else []) + (cards["2"][:g.twos] if g.twos else [])
                + (cards["JK"][:g.jokers] if g.jokers else []))

    def one(self, rank: str, k: int, twos: int, jokers: int) -> tuple[list[Card], int, list[tuple[int, int, str]]]:
        """``pick`` of the one group (``rank``, ``k``, ``twos``, ``jokers``), without making the
        group: the listing asks this of every meld and lay-off it tries, so the classes are read
        straight (the same cards, ways and partly used classes, in the same order)."""
        cards: list[Card] = []
        ways = 1
        partial: list[tuple[int, int, str]] = []
        by_class, counts = self.cards, self.counts
        for cls, count in ((rank, k), ("2", twos), ("JK", jokers)):
            if count:
                held = counts[cls]
                cards += by_class[cls][:count]
                if count != held:  # all of a class is one way
                    ways *= comb(held, count)
                    if count < held:
                        partial.append((count, held, cls))
        return cards, ways, partial

    def pick(self, groups: list[Group]) -> tuple[list[list[Card]], int, list[tuple[int, int, str]]]:
        """Cards for each group (the first of each class), the number of ways to choose them, and
        the classes only partly used."""
        left: dict[str, list[Card]] = {}  # what the groups so far leave of each class they used
        used: dict[str, int] = {}
        out = []
        ways = 1
        for g in groups:
            cards = []
            for cls, count in ((g.rank, g.k), ("2", g.twos), ("JK", g.jokers)):
                if count:
                    avail = left.get(cls)
                    if avail is None:
                        avail = self.cards[cls]
                    ways *= comb(len(avail), count)
                    cards += avail[:count]
                    left[cls] = avail[count:]
                    used[cls] = used.get(cls, 0) + count
            out.append(cards)
        partial = [(u, self.n(cls), cls) for cls, u in used.items() if u < self.n(cls)]
        return out, ways, partial


def wild_cap(rs, naturals: int, wilds_there: int = 0) -> int:
    """The most wild cards worth trying beside ``naturals`` (a loose bound: the judge decides)."""
    cap = 99 if rs.max_wilds is None else rs.max_wilds
    if rs.wild_ratio != "pagat":
        cap = min(cap, naturals)
    return max(0, cap - wilds_there)


def natural_value(rank: str) -> int:
    return Card(rank, None).value


def without(pool: Pool, groups: list[Group]) -> Pool:
    cards = dict(pool.cards)  # the lists are sliced, never changed: they may be shared
    for g in groups:
        for cls, count in ((g.rank, g.k), ("2", g.twos), ("JK", g.jokers)):
            if count:
                cards[cls] = cards[cls][count:]
    rest = Pool.__new__(Pool)
    rest.cards = {cls: cs for cls, cs in cards.items() if cs}
    rest.counts = {cls: len(cs) for cls, cs in rest.cards.items()}
    return rest
