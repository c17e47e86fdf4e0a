"""Discarding (``engine/rules/discard.py``), and going out by the discard."""
from __future__ import annotations

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.constants import Constants
from canasta_tutor.engine.kernel.ids import (
    DISCARD_WILD,
    DRAW_FIRST,
    JUDGE,
    NOT_IN_HAND,
    RED_THREE,
)
from canasta_tutor.engine.kernel.out import canastas, going_out
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Side, Table


def discard_step(k: Constants, table: Table, side: Side, hand: list[Card], step: Step, drawn: bool) -> str | None:
    if not drawn:
        return DRAW_FIRST
    if len(step.cards) != 1:
        return JUDGE
    card = step.cards[0]
    if card.is_red_three:
        return RED_THREE
    if card.is_wild and not k.discard_wild:
        return DISCARD_WILD
    if card not in hand:
        return NOT_IN_HAND
    if len(hand) == 1:
        return going_out(k, table, side, canastas(side), False, True)
    return None
