"""A table a program made from cards (``api.table_from_cards``), kept as the plain parts it was given
until something looks at its players, sides or turn.

A program that studies many positions builds a table per question and often asks only "legal?".
The verdict kernel reads these parts as they are (``kernel/view.py``), so such a question never
builds players, sides, melds or a turn. The first look at any of those builds the ordinary table
once, and from then on it is one: what a caller changes in it is what every later ruling sees.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.ruleset import Ruleset, load_ruleset, resolve_for_players
from canasta_tutor.engine.table import Meld, Player, Side, Table, Turn, default_sides

# Seat names, made once: P1, P2...
SEATS = [[f"P{i + 1}" for i in range(n)] for n in range(9)]
# Built-in rulesets as they play with so many players: (id, players) -> ruleset.
RESOLVED: dict[tuple[str, int], Ruleset] = {}


def seat_names(count: int) -> list[str]:
    return SEATS[count] if count < len(SEATS) else [f"P{i + 1}" for i in range(count)]


def ruleset_for(ref: str, players: int) -> Ruleset:
    """A built-in ruleset as it plays with ``players`` players (worked out once)."""
    key = (ref, players)
    rs = RESOLVED.get(key)
    if rs is None:
        rs = RESOLVED[key] = resolve_for_players(load_ruleset(ref), players)
    return rs


def rank_of(cards: Sequence[Card]) -> str:
    """A trusted meld's rank: its first natural card's (a meld of wild cards alone has none: "?")."""
    for c in cards:
        if not c.is_wild:
            return c.rank
    return "?"


# The ordinary table's own attributes, built on the first look at any of them.
_BUILT = frozenset(Table._fields) - {"ruleset"}


class PlainTable(Table):
    """A ``Table`` whose players, sides, turn and pile are made from the parts a program gave on first
    use: seats in order (``hands``, cards or a count), melds and scores by side (sides seated as the
    ruleset seats them: with ``n`` sides, side ``i`` holds seats ``i``, ``i + n``...), ``seat`` on turn.
    ``plain`` is True until the table is built; from then on it is an ordinary table."""

    __slots__ = ("answer", "cards_in_stock", "hands", "melded", "opening", "phase", "pile", "plain", "seat",
                 "side_melds", "side_scores")
    plain: bool
    hands: Sequence[Sequence[Card] | int]
    side_melds: Sequence[Sequence[Sequence[Card]]]
    pile: Sequence[Card]
    cards_in_stock: int
    seat: int
    phase: str
    side_scores: Sequence[int]
    opening: bool  # the first round
    answer: str  # the partner's answer to "may I go out?"
    melded: Sequence[bool]  # by seat: the player has melded

    def __init__(self, ref: str, hands: Sequence[Sequence[Card] | int], melds: Sequence[Sequence[Sequence[Card]]] = (),
                 discard: Sequence[Card] = (), stock: int = 0, seat: int = 0, phase: str = "draw",
                 scores: Sequence[int] = (), first_round: bool = False, permission: str = "none",
                 has_melded: Sequence[bool] = ()) -> None:  # pylint: disable=super-init-not-called
        # Table.__init__ would set what is made later: leaving its slots empty is the point.
        self.ruleset = RESOLVED.get((ref, len(hands))) or ruleset_for(ref, len(hands))
        self.ruleset_ref = ref
        self.plain = True
        self.hands = hands
        self.side_melds = melds
        self.pile = discard
        self.cards_in_stock = stock
        self.seat = seat
        self.phase = phase
        self.side_scores = scores
        self.opening = first_round
        self.answer = permission
        self.melded = has_melded

    def __getattr__(self, name: str) -> Any:
        # Called only for a slot not yet set: a first look at the table's players, sides or turn.
        if name in _BUILT and self.plain:
            self._build()
            return getattr(self, name)
        raise AttributeError(name)

    def _build(self) -> None:
        rs = self.ruleset
        hands = self.hands
        names = seat_names(len(hands))
        players = [Player(n, None, h, False) if isinstance(h, int) else Player(n, list(h), len(h), False)
                   for n, h in zip(names, hands)]
        for p, melded in zip(players, self.melded):
            p.has_melded = melded
        sides = default_sides(names, rs.side_size)
        for i, side in enumerate(sides):
            if i < len(self.side_melds):
                side.melds = [Meld(rank_of(m), list(m)) for m in self.side_melds[i]]
            if i < len(self.side_scores):
                side.score = self.side_scores[i]
        self.players = players
        self.sides = sides
        self.turn = Turn(names[self.seat], self.phase, self.opening, self.answer)
        self.discard = list(self.pile)
        self.pile_frozen = None
        self.stock = self.cards_in_stock
        self.cut_bonus = None
        self.house_rules = {}
        self.plain = False


# A side of a checked table, as its parts: name, players, score, the rank and the cards of each meld
# (one meld a rank), red threes.
SideParts = tuple[str, list[str], int, list[str], list[list[Card]], list[Card]]
# A checked table, as its parts: ruleset, ruleset id, then by seat the names, hands (cards, or only
# their count) and whether each player has melded; the sides; discard, pile_frozen, stock, cut_bonus;
# the player on turn, phase, first_round, permission.
DataParts = tuple[Ruleset, str, list[str], list["list[Card] | int"], list[bool], list[SideParts], list[Card],
                  "bool | None", int, "str | None", str, str, bool, str]


class DataTable(Table):
    """A ``Table`` made from data whose every check has passed (``table_from_dict``), kept as its
    parts until something looks at it: a question the verdict kernel answers (``kernel/view.py`` reads
    the parts) then builds nothing. The first look at any of the table's attributes, or a change of
    one, builds the ordinary table once; from then on it is one, equal to (and printed as) the table
    the file reader makes of the same data. ``parts`` is None once built."""

    __slots__ = ("parts",)
    parts: DataParts | None

    def __init__(self, parts: DataParts) -> None:  # pylint: disable=super-init-not-called
        # One write, past the guard below: the table is made per question, and Table.__init__
        # would set what is made later.
        _set_parts(self, parts)

    def __getattr__(self, name: str) -> Any:
        # Called only for a slot not yet set: a first look at the table.
        if name in _LAZY and self.parts is not None:
            self._build()
            return getattr(self, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        # A program that changes a table it has not looked at yet: the table is built first, so that
        # the parts are never read again (nor built over the new value).
        if name in _LAZY and getattr(self, "parts", None) is not None:
            self._build()
        _set(self, name, value)

    def __eq__(self, other: object) -> bool:
        # Equal to the ordinary table of the same data, as that table is to it (Python asks a
        # subclass first).
        if not isinstance(other, Table):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in Table._fields)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Table" + Table.__repr__(self)[len(type(self).__name__):]

    def _build(self) -> None:
        parts = self.parts
        assert parts is not None
        (rs, ref, names, hands, melded, sides, discard, pile_frozen, stock, cut_bonus, on_turn, phase, first_round,
         permission) = parts
        _set_parts(self, None)
        Table.__init__(
            self, rs,
            [Player(n, None, h, m) if type(h) is int else Player(n, h, len(h), m)  # type: ignore[arg-type]
             for n, h, m in zip(names, hands, melded)],
            [Side(name, members, score, [Meld(r, c) for r, c in zip(ranks, melds)], reds)
             for name, members, score, ranks, melds, reds in sides],
            Turn(on_turn, phase, first_round, permission), discard, pile_frozen, stock, cut_bonus, ref, {})


_LAZY = frozenset(Table._fields)
_set = object.__setattr__
_set_parts = DataTable.__dict__["parts"].__set__  # the slot itself: a write past the guard
