"""Melding and laying off (``engine/rules/meld.py``): the step in decisive order, and the shape of a
meld as it stands after a step (mixed ranks, too small, too few naturals, too many wild cards)."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import THREES, VALUE, Card
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
    if strays and rank != "?" and len({c.rank for c in result if not c.is_wild}) > 1:
        return MIXED_RANKS
    if new and len(result) < 3:
        return TOO_SMALL
    if naturals < k.min_naturals:
        return TOO_FEW_NATURALS
    if wilds and k.too_many_wilds(naturals, wilds):
        return TOO_MANY_WILDS
    return None if hand is None or holds(hand, cards) else NOT_IN_HAND


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
    if not cards:  # a step made in code with no cards (the notation always names some): the judge's
        return JUDGE
    if not THREES.isdisjoint(cards):  # one look in C for the rare step that holds a three
        for c in cards:
            if c.is_red_three:
                return RED_THREE
        return JUDGE  # black threes have rules of their own: the judge's
    melds = v.melds
    if step.kind == "add":
        rank = step.to or ""
        target = v.meld_of(rank) if rank else None
        if target is None:
            return NO_SUCH_MELD
    else:
        rank = meld_rank(cards) or "?"
        target = v.meld_of(rank)
    if target is not None:
        was_canasta = len(target) >= 7
        if was_canasta and k.canasta_closed:
            return CANASTA_CLOSED
        result = [*target, *cards]
    else:
        was_canasta = False
        result = list(cards)
    broken = laid(k, rank, result, target is None, None if looked else hand, cards)
    if broken is not None or not alone:
        return broken
    left = len(hand) - len(cards)
    if left > 1:  # the usual: neither going out nor stopping short
        if target is None and not melds:
            return first_meld(v, len(result), sum(map(VALUE, cards)))
        return None
    grew = len(result) >= 7 and not was_canasta  # the step made a canasta
    concealed = False
    if left == 0:
        # Concealed: the whole hand down at once in a new canasta by a player who had not melded.
        concealed = target is None and len(result) >= 7 and not v.melded
        broken = going_out(v, v.canastas() + grew, concealed, False)
    else:  # one card left
        broken = stopping_short(k, v.canastas() + grew, left)
    if broken is not None:
        return broken
    if target is None and not melds and not concealed:
        return first_meld(v, len(result), sum(map(VALUE, cards)))
    return None
