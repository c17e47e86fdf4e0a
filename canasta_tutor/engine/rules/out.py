"""Going out: the side's canastas, the partner's answer, the last discard."""
from canasta_tutor.engine.rules.registry import rule


@rule("out.canastas-needed", on=("out", "end"), params="canastas_to_go_out")
def canastas_needed(s, f):
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


@rule("out.permission", on="out", params="partner_permission")
def permission(s, f):
    if not s.partnered:
        return None
    answer = s.table.turn.permission
    if answer == "refused":
        return {"why": "refused"}
    if s.ruleset.partner_permission == "required" and answer != "granted" and not s.asked:
        return {"why": "not-asked"}


@rule("out.must-discard", on="out", params="final_discard")
def must_discard(s, f):
    # After a red three as the stock's last card no discard is possible: melding every card then
    # ends the hand without one (where the ruleset lets that player meld at all).
    rule = s.ruleset.final_discard
    if rule == "optional" or f.step.kind == "discard" or s.ended_by_red_three:
        return None
    if rule == "required":
        return {"step_text": str(f.step), "why": "always"}
    if not s.concealed:  # unless-concealed
        return {"step_text": str(f.step), "why": "unless-concealed"}
