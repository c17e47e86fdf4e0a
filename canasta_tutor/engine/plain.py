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
from canasta_tutor.engine.table import Meld, Player, Table, Turn, default_sides

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
