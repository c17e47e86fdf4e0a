"""Discarding (``engine/rules/discard.py``), and going out by the discard."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.ids import (
    DISCARD_WILD,
    DRAW_FIRST,
    JUDGE,
    NOT_IN_HAND,
    RED_THREE,
)
from canasta_tutor.engine.kernel.out import going_out
from canasta_tutor.engine.kernel.view import View
from canasta_tutor.engine.move import Step


def discard_step(v: View, hand: Sequence[Card], step: Step, alone: bool = True) -> str | None:
    """The discard's own rules; ``alone``: the move is this step, so going out by it is asked too."""
    if len(step.cards) != 1:  # a step made in code (the notation always names one card): the judge's
        return JUDGE
    if not v.drawn:
        return DRAW_FIRST
    card = step.cards[0]
    if card.is_red_three:
        return RED_THREE
    if card.is_wild and not v.k.discard_wild:
        return DISCARD_WILD
    if card not in hand:
        return NOT_IN_HAND
    if alone and len(hand) == 1:
        return going_out(v, v.canastas(), False, True)
    return None
