"""Going out: the side's canastas, the partner's answer, the last discard."""
from .registry import rule


@rule("out.canastas-needed", on="out", params="canastas_to_go_out")
def canastas_needed(s, f):
    need = s.ruleset.canastas_to_go_out
    have = s.side.canastas
    if have < need:
        return {"have": have, "need": need}


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
    if s.ruleset.final_discard == "required" and f.step.kind != "discard":
        return {"step_text": str(f.step)}
