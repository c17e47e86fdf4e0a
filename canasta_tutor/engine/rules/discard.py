"""Discarding, and the red threes that may never be melded or discarded."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.cards import format_cards
from canasta_tutor.engine.rules.registry import Found, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.facts import Facts
    from canasta_tutor.engine.state import TurnState


@rule("discard.wild", on="discard", params="discard_wild", decides=510)
def wild(s: TurnState, f: Facts) -> Found | None:
    card = f.cards[0]
    if card.is_wild and not s.ruleset.discard_wild:
        return {"card": str(card)}
    return None


@rule("three.red-three", on=("take", "meld", "add", "discard"), decides=500)
def red_three(s: TurnState, f: Facts) -> Found | None:
    for c in f.cards:
        if c.is_red_three:  # rare: the list of them is made only then
            reds = [c for c in f.cards if c.is_red_three]
            return {"cards": format_cards(reds), "verb": "discarded" if f.step.kind == "discard" else "melded"}
    return None
