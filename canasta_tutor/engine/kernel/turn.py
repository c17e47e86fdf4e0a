"""The turn (``engine/rules/turn.py``): ``turn.not-in-hand`` on cards (interned, so a look is a
pointer comparison done in C), and the ask step."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.constants import Constants
from canasta_tutor.engine.kernel.ids import NO_PARTNER
from canasta_tutor.engine.kernel.out import canastas, stopping_short
from canasta_tutor.engine.table import Side


def holds(hand: list[Card], cards: Sequence[Card]) -> bool:
    if len(cards) == 1:
        return cards[0] in hand
    for c in cards:
        if cards.count(c) > hand.count(c):
            return False
    return True


def ask_step(k: Constants, side: Side, held: int, drawn: bool) -> str | None:
    """Asking "may I go out?" (``turn.no-partner``), then a turn that stops with one card left."""
    if len(side.players) < 2:
        return NO_PARTNER
    return stopping_short(k, canastas(side), 1) if drawn and held == 1 else None
