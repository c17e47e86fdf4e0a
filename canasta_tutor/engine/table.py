"""The table: players and their hands, sides and their melds, the discard pile, the stock, the turn.

These are plain values; loading them from YAML lives in ``snapshot.py`` and judging moves on them in
``judge.py``. ``Table.to_data`` gives back the snapshot format, so a table round-trips.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from canasta_tutor.engine.cards import CODE, SUITS, WILDS, Card
from canasta_tutor.engine.record import Record
from canasta_tutor.engine.ruleset import Ruleset

# The cards that may freeze the pile where they lie, by the name a ruleset's ``pile_frozen_by`` gives
# them: the wild cards (with or without a suit), the red threes, the black threes.
_KINDS = {
    "wild": [Card(r, s) for r in ("2", "JK") for s in (None, *SUITS) if r == "2" or s is None],
    "red-three": [Card("3", "H"), Card("3", "D")],
    "black-three": [Card("3", "S"), Card("3", "C"), Card("3")],
}
_FREEZERS: dict[tuple[str, ...], frozenset[Card]] = {}


def freezers(frozen_by: tuple[str, ...]) -> frozenset[Card]:
    """Every card that freezes the pile where it lies under ``pile_frozen_by`` (worked out once)."""
    found = _FREEZERS.get(frozen_by)
    if found is None:
        found = _FREEZERS[frozen_by] = frozenset(c for kind in frozen_by for c in _KINDS.get(kind, ()))
    return found


class Player(Record):
    """A player, and their hand (or only how many cards it holds)."""
    name: str
    hand: list[Card] | None  # None when only the count is known
    count: int
    has_melded: bool

    _fields = ("name", "hand", "count", "has_melded")
    __slots__ = _fields

    def __init__(self, name: str, hand: list[Card] | None, count: int, has_melded: bool = False) -> None:
        self.name = name
        self.hand = hand
        self.count = count
        self.has_melded = has_melded

    @property
    def known(self) -> bool:
        return self.hand is not None


_IS_WILD = WILDS.__contains__  # a card is wild: one look in C (cards are interned)


class Meld(Record):
    """A meld on the table: its rank and its cards."""
    rank: str  # the natural rank, or "3" for black threes laid when going out
    cards: list[Card]

    _fields = ("rank", "cards")
    __slots__ = _fields

    def __init__(self, rank: str, cards: list[Card]) -> None:
        self.rank = rank
        self.cards = cards

    @property
    def wilds(self) -> int:
        return sum(map(_IS_WILD, self.cards))  # counted in C: the listing asks it of every meld, every turn

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def is_canasta(self) -> bool:
        return len(self.cards) >= 7

    @property
    def is_natural_canasta(self) -> bool:
        return self.is_canasta and self.wilds == 0


class Side(Record):
    """A partnership (or a player alone): its score before the hand, melds and red threes."""
    name: str
    players: list[str]
    score: int
    melds: list[Meld]
    red_threes: list[Card]

    _fields = ("name", "players", "score", "melds", "red_threes")
    __slots__ = _fields

    def __init__(
        self,
        name: str,
        players: list[str],
        score: int = 0,
        melds: list[Meld] | None = None,
        red_threes: list[Card] | None = None,
    ) -> None:
        self.name = name
        self.players = players
        self.score = score
        self.melds = [] if melds is None else melds
        self.red_threes = [] if red_threes is None else red_threes

    def clone(self) -> Side:
        return Side(self.name, list(self.players), self.score, [Meld(m.rank, list(m.cards)) for m in self.melds],
                    list(self.red_threes))

    def meld_of(self, rank: str) -> Meld | None:
        for m in self.melds:
            if m.rank == rank:
                return m
        return None

    @property
    def has_melded(self) -> bool:
        return bool(self.melds)

    @property
    def canastas(self) -> int:
        return sum(1 for m in self.melds if m.is_canasta)


def partners(names: list[str], side_size: int) -> list[list[str]]:
    """The default seating, the one place it is decided: partners sit across the table, so with
    ``count`` sides the first side holds the first player and every ``count``-th one after; a player
    who plays alone is a side alone."""
    if side_size == 1:
        return [[n] for n in names]
    count = len(names) // side_size
    return [[names[i + k * count] for k in range(side_size)] for i in range(count)]


def default_sides(names: list[str], side_size: int) -> list[Side]:
    """The sides of a table that names none: the default seating, each side named by its players."""
    return [Side(" & ".join(members), members) for members in partners(names, side_size)]


class Turn(Record):
    """Whose turn it is and how far it has gone."""
    player: str
    phase: str  # draw | play
    first_round: bool
    permission: str  # none | granted | refused
    # The player drew the stock's last card this turn, and it was a red three: under rulesets where
    # that does not end the hand at once, the rest of the turn is judged knowing it.
    red_three_last: bool

    _fields = ("player", "phase", "first_round", "permission", "red_three_last")
    __slots__ = _fields

    def __init__(
        self,
        player: str,
        phase: str = 'draw',
        first_round: bool = False,
        permission: str = 'none',
        red_three_last: bool = False,
    ) -> None:
        self.player = player
        self.phase = phase
        self.first_round = first_round
        self.permission = permission
        self.red_three_last = red_three_last


class Table(Record):
    """Everything on the table at one moment of a hand."""
    ruleset: Ruleset
    players: list[Player]
    sides: list[Side]
    turn: Turn
    discard: list[Card]
    pile_frozen: bool | None
    stock: int
    cut_bonus: str | None
    ruleset_ref: str
    house_rules: dict[str, Any]

    # The game only: where a table was read from is the readers' to say (files/), not the table's.
    _fields = ("ruleset", "players", "sides", "turn", "discard", "pile_frozen", "stock", "cut_bonus",
               "ruleset_ref", "house_rules")
    __slots__ = _fields

    def __init__(
        self,
        ruleset: Ruleset,
        players: list[Player],
        sides: list[Side],
        turn: Turn,
        discard: list[Card] | None = None,
        pile_frozen: bool | None = None,
        stock: int = 0,
        cut_bonus: str | None = None,
        ruleset_ref: str = 'classic',
        house_rules: dict[str, Any] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.players = players
        self.sides = sides
        self.turn = turn
        self.discard = [] if discard is None else discard
        self.pile_frozen = pile_frozen
        self.stock = stock
        self.cut_bonus = cut_bonus
        self.ruleset_ref = ruleset_ref
        self.house_rules = {} if house_rules is None else house_rules

    def clone(self) -> Table:
        """A copy whose hands, melds, pile and turn may change without touching this table."""
        players = [Player(p.name, list(p.hand) if p.hand is not None else None, p.count, p.has_melded)
                   for p in self.players]
        sides = [s.clone() for s in self.sides]
        t = self.turn
        return Table(self.ruleset, players, sides, Turn(t.player, t.phase, t.first_round, t.permission, t.red_three_last),
                     list(self.discard), self.pile_frozen, self.stock, self.cut_bonus, self.ruleset_ref,
                     dict(self.house_rules))

    def seen_by(self, seat: str) -> Table:
        """The table as the player ``seat`` sees it: a copy where every other hand is only its count."""
        view = self.clone()
        for p in view.players:
            if p.name != seat:
                if p.hand is not None:
                    p.count = len(p.hand)
                p.hand = None
        return view

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def side_of(self, name: str) -> Side:
        for s in self.sides:
            if name in s.players:
                return s
        raise KeyError(name)

    def side(self, name: str) -> Side | None:
        for s in self.sides:
            if s.name == name:
                return s
        return None

    @property
    def mover(self) -> Player:
        name = self.turn.player
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def pile_content_frozen(self) -> bool:
        """Frozen by what lies in the pile (a wild card or a red three, or what else the ruleset's
        ``pile_frozen_by`` names), unless the table says otherwise."""
        if self.pile_frozen is not None:
            return self.pile_frozen
        return not freezers(self.ruleset.pile_frozen_by).isdisjoint(self.discard)  # a set look done in C

    def to_data(self) -> dict[str, Any]:
        """The table in the snapshot format (format 1), as plain data ready for YAML."""
        def cards(cs: Iterable[Card]) -> str:
            return " ".join(map(CODE, cs))

        data: dict[str, Any] = {"ruleset": self.ruleset_ref}
        if self.house_rules:
            data["house_rules"] = dict(self.house_rules)
        data["players"] = [
            {"name": p.name, "hand": cards(p.hand) if p.hand is not None else p.count}
            | ({"has_melded": True} if p.has_melded else {})
            for p in self.players]
        data["sides"] = [
            {"name": s.name, "players": list(s.players), "score": s.score,
             "melds": [cards(m.cards) for m in s.melds], "red_threes": cards(s.red_threes)}
            for s in self.sides]
        data["discard"] = cards(self.discard)
        if self.pile_frozen is not None:
            data["pile_frozen"] = self.pile_frozen
        data["stock"] = self.stock
        if self.cut_bonus:
            data["cut_bonus"] = self.cut_bonus
        data["turn"] = {"player": self.turn.player, "phase": self.turn.phase,
                        "first_round": self.turn.first_round, "permission": self.turn.permission}
        if self.turn.red_three_last:
            data["turn"]["red_three_last"] = True
        return data


def meld_rank(cards: Iterable[Card]) -> str | None:
    """The rank a group of cards is melded in: its natural rank, "3" for black threes, else None."""
    rank = None
    for c in cards:  # nearly every meld holds one rank: say so without counting
        if not c.is_wild:
            if rank is None:
                rank = c.rank
            elif c.rank != rank:
                break
    else:
        return rank
    ranks = Counter(c.rank for c in cards if not c.is_wild)
    return ranks.most_common(1)[0][0]


def laid_rank(cards: list[Card], ruleset: Ruleset) -> str | None:
    """The rank of a meld on the table, as the judge lays it (``TurnState._into_meld``): its natural
    cards' rank, and "?" for wild cards alone, which make a meld where the rules ask for no natural
    card (``min_naturals: 0``). None where the cards make no meld: none at all, or wild cards alone
    where a meld needs natural cards."""
    rank = meld_rank(cards)
    if rank is None and cards and ruleset.min_naturals == 0:
        return "?"
    return rank
