"""Discarding, and the red threes that may never be melded or discarded."""
from canasta_tutor.engine.cards import format_cards
from canasta_tutor.engine.rules.registry import rule


@rule("discard.wild", on="discard", params="discard_wild")
def wild(s, f):
    card = f.cards[0]
    if card.is_wild and not s.ruleset.discard_wild:
        return {"card": str(card)}


@rule("three.red-three", on=("take", "meld", "add", "discard"))
def red_three(s, f):
    for c in f.cards:
        if c.is_red_three:  # rare: the list of them is made only then
            reds = [c for c in f.cards if c.is_red_three]
            return {"cards": format_cards(reds), "verb": "discarded" if f.step.kind == "discard" else "melded"}
