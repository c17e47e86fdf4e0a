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
        # A missing card the hand's known cards hold once at least is named more often than held
        # (short); one they do not hold at all is not in the hand (absent). Unknown cards are left
        # out: a hand of unknown cards runs short of cards, not of copies of one.
        known = s.hand.cards()
        short = [c for c in f.missing if any(k.matches(c) for k in known)]
        found: Found = {"cards": format_cards(f.missing), "held": f.hand_before}
        if len(short) == len(f.missing):
            return {**found, "why": "short"}
        if not short:
            return {**found, "why": "absent"}
        absent = [c for c in f.missing if c not in short]
        return {**found, "why": "mixed", "absent": format_cards(absent), "short": format_cards(short)}
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
