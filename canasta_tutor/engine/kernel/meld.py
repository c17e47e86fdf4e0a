"""Melding and laying off (``engine/rules/meld.py``): the step in decisive order, and the shape of a
meld as it stands after a step (mixed ranks, too small, too few naturals, too many wild cards)."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.facts import meld_counts
from canasta_tutor.engine.kernel.constants import Constants
from canasta_tutor.engine.kernel.ids import (
    CANASTA_CLOSED,
    DRAW_FIRST,
    FIRST_ROUND,
    JUDGE,
    MIXED_RANKS,
    NO_SUCH_MELD,
    NOT_IN_HAND,
    RED_THREE,
    TOO_FEW_NATURALS,
    TOO_MANY_WILDS,
    TOO_SMALL,
)
from canasta_tutor.engine.kernel.initial import first_meld
from canasta_tutor.engine.kernel.out import going_out, stopping_short
from canasta_tutor.engine.kernel.turn import holds
from canasta_tutor.engine.kernel.view import View
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import meld_rank


def laid(k: Constants, rank: str, result: list[Card], new: bool, hand: Sequence[Card] | None,
         cards: tuple[Card, ...]) -> str | None:
    """The first rule a meld of ``rank`` made of ``result`` (not empty, no black threes melded) breaks,
    as a meld, a lay-off or a take makes it: its shape (mixed ranks, too small for a ``new`` meld, too
    few naturals, too many wild cards), then the cards laid from ``hand`` (None: known to be held)."""
    naturals, wilds, strays = meld_counts(result, rank)
    if strays and (rank == "?" or len({c.rank for c in result if not c.is_wild}) > 1):  # "?": wild cards alone
        return MIXED_RANKS
    return sized(k, len(result), naturals, wilds, new, hand, cards)


def sized(k: Constants, size: int, naturals: int, wilds: int, new: bool, hand: Sequence[Card] | None,
          cards: tuple[Card, ...]) -> str | None:
    """``laid`` of a meld of one rank, from its counts: too small for a ``new`` meld, too few
    naturals, too many wild cards, then the cards laid from ``hand`` (None: known to be held)."""
    if new and size < 3:
        return TOO_SMALL
    if naturals < k.min_naturals:
        return TOO_FEW_NATURALS
    if wilds and (wilds > k.max_wilds or naturals < wilds + k.ratio_margin):  # see ``Constants``
        return TOO_MANY_WILDS
    return None if hand is None or holds(hand, cards) else NOT_IN_HAND


# The counts the meld rules read of a group of cards, worked out once for each group: the listing asks
# about the same few groups on every turn, and a program about the same melds in many positions. Cards
# are interned, so a tuple of them is a key hashed in C. Bounded: past ``_KEPT`` groups, the kept ones
# are let go.
Shape = tuple[str | None, int, int, int, int]
_SHAPES: dict[tuple[Card, ...], Shape] = {}
_KEPT = 1 << 14
_NO_THREE, _RED_THREE, _BLACK_THREE = 0, 1, 2


def shape_of(cards: Sequence[Card]) -> Shape:
    """(the one rank of the group's cards that are not wild, None when they have none or several;
    how many are not wild; how many are wild; their points; whether a red three is among them
    (``_RED_THREE``), else a black three (``_BLACK_THREE``), else ``_NO_THREE``)."""
    known = _SHAPES.get(cards) if type(cards) is tuple else None
    if known is not None:
        return known
    rank: str | None = None
    mixed = False
    others = wilds = value = 0
    three = _NO_THREE
    for c in cards:
        value += c.value
        if c.is_wild:
            wilds += 1
            continue
        others += 1
        if c.rank == "3":  # a black three, or one written without a suit: the judge's
            three = _RED_THREE if c.is_red_three else three or _BLACK_THREE
        if rank is None:
            rank = c.rank
        elif c.rank != rank:
            mixed = True
    shape = (None if mixed else rank, others, wilds, value, three)
    if cards and type(cards) is tuple:  # never the empty group: a step without cards is the judge's
        if len(_SHAPES) >= _KEPT:  # a long run's old groups give way to the groups of now
            _SHAPES.clear()
        _SHAPES[cards] = shape
    return shape


def counted(meld: Sequence[Card], rank: str) -> tuple[int, int] | None:
    """(naturals, wild cards) of a meld on the table whose cards that are not wild are all of
    ``rank``, none a three (by its shape); None for any other, whose cards are counted one by one."""
    key = meld if type(meld) is tuple else tuple(meld)
    r, others, wilds, _, three = _SHAPES.get(key) or shape_of(key)  # the kept shape, without a call
    return (others, wilds) if r == rank and not three else None


def meld_step(v: View, hand: Sequence[Card], step: Step, alone: bool = True, looked: bool = False) -> str | None:
    """A new meld (``meld``) or a lay-off (``add``); ``alone``: the move is this step, so the rules of
    a move's end (going out, stopping short, the first meld) are asked here too; ``looked``: the
    step's cards are known to be in ``hand`` (a move of several steps has looked)."""
    if not v.drawn:
        return DRAW_FIRST
    k = v.k
    if k.first_round_restricted and v.first_round:
        return FIRST_ROUND
    cards = step.cards
    try:
        rank, others, wilds, value, three = _SHAPES[cards]
    except (KeyError, TypeError):  # a group not seen before (or cards made in code as a list)
        if not cards:  # a step made in code with no cards (the notation always names some): the judge's
            return JUDGE
        rank, others, wilds, value, three = shape_of(cards)
    if three:
        return RED_THREE if three == _RED_THREE else JUDGE  # black threes have rules of their own: the judge's
    melds = v.melds
    if step.kind == "add":
        to = step.to or ""
        target = v.meld_of(to) if to else None
        if target is None:
            return NO_SUCH_MELD
        if rank != to:
            # Wild cards alone (no card that is not wild) are counted with the meld's own counts below,
            # as a card of its rank would be; strays are counted card by card.
            if rank is not None or others:
                others = -1
            rank = to
    elif rank is None:
        rank = meld_rank(cards) or "?"  # no natural card, or several ranks: counted card by card
        others = -1
        target = v.meld_of(rank)
    else:
        target = v.meld_of(rank)
    if target is not None:
        was_canasta = len(target) >= 7
        if was_canasta and k.canasta_closed:
            return CANASTA_CLOSED
        size = len(target) + len(cards)
        if others >= 0:
            there = counted(target, rank)
            if there is None:
                others = -1
            else:
                others += there[0]
                wilds += there[1]
    else:
        was_canasta = False
        size = len(cards)
    if others >= 0:  # one rank throughout, no three: the counts are the shapes'
        broken = sized(k, size, others, wilds, target is None, None if looked else hand, cards)
    else:
        result = [*target, *cards] if target is not None else list(cards)
        broken = laid(k, rank, result, target is None, None if looked else hand, cards)
    if broken is not None or not alone:
        return broken
    left = len(hand) - len(cards)
    if left > 1:  # the usual: neither going out nor stopping short
        if target is None and not melds:
            return first_meld(v, size, value)
        return None
    grew = size >= 7 and not was_canasta  # the step made a canasta
    concealed = False
    if left == 0:
        # Concealed: the whole hand down at once in a new canasta by a player who had not melded.
        concealed = target is None and size >= 7 and not v.melded
        broken = going_out(v, v.canastas() + grew, concealed, False)
    else:  # one card left
        broken = stopping_short(k, v.canastas() + grew, left)
    if broken is not None:
        return broken
    if target is None and not melds and not concealed:
        return first_meld(v, size, value)
    return None
