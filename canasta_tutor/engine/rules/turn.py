"""Turn order: draw first, draw once, nothing after the discard, only cards the player holds."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.cards import format_cards
from canasta_tutor.engine.rules.registry import Found, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.facts import Facts
    from canasta_tutor.engine.state import TurnState

PLAYS = ("meld", "add", "discard")


@rule("turn.draw-first", on=PLAYS, decides=210)
def draw_first(s: TurnState, f: Facts) -> Found | None:
    if not s.drawn:
        return {"step_text": str(f.step)}
    return None


@rule("turn.one-draw", on=("draw", "take"), decides=220)
def one_draw(s: TurnState, f: Facts) -> Found | None:
    if s.drawn:
        return {"how": "took the pile" if s.took_pile else "drew"}
    return None


@rule("turn.after-discard", on=("draw", "take", "meld", "add", "discard", "ask"), decides=200)
def after_discard(s: TurnState, f: Facts) -> Found | None:
    if s.discarded:
        return {"step_text": str(f.step)}
    return None


@rule("turn.not-in-hand", on=("take", "meld", "add", "discard"), decides=800)
def not_in_hand(s: TurnState, f: Facts) -> Found | None:
    if f.missing:
        # Every card missing held once at least: the move names one more often than the hand holds it.
        short = all(s.hand.holds(c) for c in f.missing)
        return {"cards": format_cards(f.missing), "held": f.hand_before, "why": "short" if short else "absent"}
    return None


@rule("turn.first-round", on=("take", "meld", "add"), params="first_round_restricted", decides=240)
def first_round(s: TurnState, f: Facts) -> Found | None:
    if s.ruleset.first_round_restricted and s.table.turn.first_round:
        return {"what": "take the pile" if f.step.kind == "take" else "meld"}
    return None


@rule("turn.no-partner", on="ask", decides=230)
def no_partner(s: TurnState, f: Facts) -> Found | None:
    """Not in rules.md's list: asking "may I go out?" where nobody plays as a partner is no move at all."""
    if not s.partnered:
        return {"player": s.player.name}
    return None
