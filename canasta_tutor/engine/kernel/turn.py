"""The turn (``engine/rules/turn.py``): ``turn.not-in-hand`` on cards (interned, so a look is a
pointer comparison done in C), and the ask step."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.ids import NO_PARTNER
from canasta_tutor.engine.kernel.out import stopping_short
from canasta_tutor.engine.kernel.view import View


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """``turn.not-in-hand``: every card of ``cards`` in ``hand``, a card named twice (two decks) held
    twice. The usual few cards, told apart by identity (cards are interned), need no set or count."""
    n = len(cards)
    if n == 1:
        return cards[0] in hand
    if n == 3:
        a, b, c = cards
        if a is not b and a is not c and b is not c:
            return a in hand and b in hand and c in hand
    elif n == 2:
        a, b = cards
        if a is not b:
            return a in hand and b in hand
    for c in cards:
        if c not in hand:
            return False
    if n > 3 and len(set(cards)) == n:
        return True
    for c in cards:
        if cards.count(c) > hand.count(c):
            return False
    return True


def ask_step(v: View, held: int, alone: bool = True) -> str | None:
    """Asking "may I go out?" (``turn.no-partner``), then (``alone``: the move is this step) a turn
    that stops with one card left."""
    if not v.partnered:
        return NO_PARTNER
    return stopping_short(v.k, v.canastas(), 1) if alone and v.drawn and held == 1 else None
