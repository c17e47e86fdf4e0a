"""The turn (``engine/rules/turn.py``): ``turn.not-in-hand`` on cards (interned, so a look is a
pointer comparison done in C), and the ask step."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.ids import NO_PARTNER
from canasta_tutor.engine.kernel.out import stopping_short
from canasta_tutor.engine.kernel.view import View


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    for c in cards:
        if c not in hand:
            return False
    n = len(cards)
    if n < 4:  # told apart by identity (cards are interned): quicker than a set for the usual few
        if n < 2 or n == 2 and cards[0] is not cards[1]:
            return True
        if n == 3:
            a, b, c = cards
            if a is not b and a is not c and b is not c:
                return True
    elif len(set(cards)) == n:
        return True
    for c in cards:  # a card named twice (two decks) must be held twice
        if cards.count(c) > hand.count(c):
            return False
    return True


def ask_step(v: View, held: int, alone: bool = True) -> str | None:
    """Asking "may I go out?" (``turn.no-partner``), then (``alone``: the move is this step) a turn
    that stops with one card left."""
    if not v.partnered:
        return NO_PARTNER
    return stopping_short(v.k, v.canastas(), 1) if alone and v.drawn and held == 1 else None
