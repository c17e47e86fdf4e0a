"""Going out: the side's canastas, the partner's answer, the last discard.

The rules are registered in the order the feedback names the limits a legal way out reached."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.rules.registry import Found, Near, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.facts import Facts
    from canasta_tutor.engine.state import TurnState


def _going_out(n: Near) -> bool:
    return n.step is None and n.verdict.went_out


def _just_the_canastas(n: Near) -> Found | None:
    need = n.ruleset.canastas_to_go_out
    return {"need": need} if _going_out(n) and n.after.canastas == need else None


@rule("out.canastas-needed", on=("out", "end"), params="canastas_to_go_out", decides=900, near=_just_the_canastas)
def canastas_needed(s: TurnState, f: Facts | None) -> Found | None:
    # At the end of a move, only one that stops mid-turn with one card left is concerned: the discard
    # that must end the turn would empty the hand, so the move leaves no legal way to finish it.
    if f is None and (s.discarded or not s.drawn or s.out_step is not None or len(s.hand) != 1
                      or s.ended_by_red_three):
        return None
    need = s.ruleset.canastas_to_go_out
    have = s.side.canastas
    if have >= need:
        return None
    if f is not None:
        return {"have": have, "need": need, "why": "empties"}
    return {"have": have, "need": need, "why": "would-be", "step": s.last_step}


def _with_a_discard(n: Near) -> Found | None:
    rule = n.ruleset.final_discard
    if _going_out(n) and (rule == "required" or rule == "unless-concealed" and not n.verdict.concealed):
        return {}
    return None


@rule("out.must-discard", on="out", params="final_discard", decides=920, near=_with_a_discard)
def must_discard(s: TurnState, f: Facts) -> Found | None:
    # After a red three as the stock's last card no discard is possible: melding every card then
    # ends the hand without one (where the ruleset lets that player meld at all).
    rule = s.ruleset.final_discard
    if rule == "optional" or f.step.kind == "discard" or s.ended_by_red_three:
        return None
    if rule == "required":
        return {"step_text": str(f.step), "why": "always"}
    if not s.concealed:  # unless-concealed
        return {"step_text": str(f.step), "why": "unless-concealed"}
    return None


def _partner_asked(n: Near) -> Found | None:
    """Going out where the partner's answer counted: it is required, was given, or was asked for."""
    answer = n.table.turn.permission
    if not _going_out(n) or len(n.before.players) < 2:
        return None
    if n.ruleset.partner_permission == "required" or answer != "none" or any(s.kind == "ask" for s in n.verdict.steps):
        return {"answer": answer}
    return None


@rule("out.permission", on="out", params="partner_permission", decides=910, near=_partner_asked)
def permission(s: TurnState, f: Facts) -> Found | None:
    if not s.partnered:
        return None
    answer = s.table.turn.permission
    if answer == "refused":
        return {"why": "refused"}
    if s.ruleset.partner_permission == "required" and answer != "granted" and not s.asked:
        return {"why": "not-asked"}
    return None
