"""Turn order: draw first, draw once, nothing after the discard, only cards the player holds."""
from canasta_tutor.engine.cards import format_cards
from canasta_tutor.engine.rules.registry import rule

PLAYS = ("meld", "add", "discard")


@rule("turn.draw-first", on=PLAYS)
def draw_first(s, f):
    if not s.drawn:
        return {"step_text": str(f.step)}


@rule("turn.one-draw", on=("draw", "take"))
def one_draw(s, f):
    if s.drawn:
        return {"how": "took the pile" if s.took_pile else "drew"}


@rule("turn.after-discard", on=("draw", "take", "meld", "add", "discard", "ask"))
def after_discard(s, f):
    if s.discarded:
        return {"step_text": str(f.step)}


@rule("turn.not-in-hand", on=("take", "meld", "add", "discard"))
def not_in_hand(s, f):
    if f.missing:
        return {"cards": format_cards(f.missing), "held": f.hand_before}


@rule("turn.first-round", on=("take", "meld", "add"), params="first_round_restricted")
def first_round(s, f):
    if s.ruleset.first_round_restricted and s.table.turn.first_round:
        return {"what": "take the pile" if f.step.kind == "take" else "meld"}


@rule("turn.no-partner", on="ask")
def no_partner(s, f):
    """Not in rules.md's list: asking "may I go out?" where nobody plays as a partner is no move at all."""
    if not s.partnered:
        return {"player": s.player.name}
