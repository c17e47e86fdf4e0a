"""The facts of one step, worked out before its effect is applied: what it uses, what meld it makes,
whether the pile is frozen. The rules read these; none of them works anything out twice."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.hand import Hand
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Meld, meld_rank

if TYPE_CHECKING:
    from canasta_tutor.engine.state import TurnState

USES_CARDS = frozenset(("take", "meld", "add", "discard"))
_BLACK_THREES = frozenset((Card("3"), Card("3", "S"), Card("3", "C")))  # every card whose is_black_three is set


class Facts:
    """What one step does. One is made for every step judged, so what most steps leave as it is
    stays a class default, set on the instance only when the step has it."""

    missing: list[Card] | tuple[Any, ...] = ()  # the cards the player does not hold
    top: Card | None = None  # the pile's top card, for a take
    pile_size = 0
    frozen = False
    frozen_reason = ""
    rank: str | None = None
    target: Meld | None = None  # the side's existing meld this step adds to, if any
    result: list[Card] | tuple[Any, ...] = ()  # the meld as it stands after the step
    new_meld = False
    # Whether the step makes a meld whose shape can be judged. A take whose top card can never be
    # melded (a black three, a wild card, no card at all), a bare take with no meld to join, and a
    # lay-off onto a meld the side does not have are ruled by the pile and lay-off rules alone: the
    # meld they describe does not exist, so its shape is no reason of its own.
    shaped = False
    black_threes = False  # the step melds black threes
    # For a take: the natural cards of the top card's rank and the wild cards among the cards the
    # player lays with it (what a take of the pile is allowed by).
    pair_naturals = 0
    pair_wilds = 0
    naturals = 0  # natural cards of ``rank`` in ``result``
    wilds = 0  # wild cards in ``result``
    strays = 0  # cards in ``result`` neither wild nor of ``rank``
    # A step of several cards takes them out of a copy of the hand once, here; its effect then
    # keeps that copy instead of taking them out again.
    hand_after: Hand | None = None
    origins: list[str | None] | tuple[Any, ...] = ()

    def __init__(self, index: int, step: Step, hand_before: int = 0) -> None:
        self.index = index
        self.step = step
        self.cards: tuple[Card, ...] = step.cards
        self.hand_before = hand_before


def step_facts(s: TurnState, index: int, step: Step) -> Facts:
    """The facts of ``step`` on the turn state ``s`` (which is not changed)."""
    hand = s.hand
    f = Facts(index, step, len(hand.own) + len(hand.pile) + hand.unknown)
    kind = step.kind
    cards = step.cards
    if kind in USES_CARDS:
        if len(cards) == 1:  # most steps (every discard): no need to copy the hand
            if not hand.holds(cards[0]):
                f.missing = [cards[0]]
        else:
            probe = hand.copy()
            own = probe.own
            origins = f.origins = []
            for c in cards:
                if c in own:  # Hand.take_out's first case, inline: the usual card, found and taken out in C
                    own.remove(c)
                    origins.append("own")
                else:
                    origins.append(probe.take_out(c))
            if None in origins:
                f.missing = [c for c, where in zip(cards, origins) if where is None]
            f.hand_after = probe
    if kind == "take":
        pile = s.pile
        f.pile_size = len(pile)
        top = f.top = pile[-1] if pile else None
        f.frozen, f.frozen_reason = s.frozen_for_side()
        if top is not None:
            for c in cards:
                if c.is_wild:
                    f.pair_wilds += 1
                elif c.rank == top.rank and c.is_natural:
                    f.pair_naturals += 1
            rank = f.rank = top.rank if top.is_natural else meld_rank(cards)
            target = f.target = s.side.meld_of(rank) if rank else None
            f.result = (target.cards if target is not None else []) + [top, *cards]
            f.new_meld = target is None
            f.shaped = top.is_natural and bool(cards or target)
            _count(f)
    elif kind == "meld" or kind == "add":
        if not _BLACK_THREES.isdisjoint(cards):
            f.black_threes = True
        rank = f.rank = step.to if kind == "add" else meld_rank(cards) or "?"
        target = f.target = s.side.meld_of(rank) if rank else None
        f.result = target.cards + list(cards) if target is not None else list(cards)
        f.new_meld = target is None
        f.shaped = kind == "meld" or target is not None
        _count(f)
    return f


def _count(f: Facts) -> None:
    f.naturals, f.wilds, f.strays = meld_counts(f.result, f.rank)


def meld_counts(result: Sequence[Card], rank: str | None) -> tuple[int, int, int]:
    """(naturals, wild cards, strays) of a meld of ``rank`` made of ``result``: the counts the meld rules
    read, for the judge and the verdict kernel alike."""
    naturals = wilds = strays = 0
    for c in result:
        if c.is_wild:
            wilds += 1
        elif c.rank != rank:
            strays += 1
        elif c.is_natural:
            naturals += 1
    return naturals, wilds, strays
