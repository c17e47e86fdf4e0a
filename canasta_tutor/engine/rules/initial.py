"""The side's first meld of the hand must reach the threshold its score sets."""
from canasta_tutor.engine.rules.registry import rule


def needs_check(s) -> bool:
    return not s.side_melded_before and bool(s.new_melds) and not s.concealed


@rule("initial.below-minimum", on="end", params="initial_meld")
def below_minimum(s, f):
    if not needs_check(s):
        return None
    tier = s.ruleset.threshold(s.side.score)
    if tier.need is not None and s.counted < tier.need:
        return {"counted": s.counted, "need": tier.need, "score": s.side.score, "step": s.last_step,
                "why": "done" if s.discarded or s.out_step is not None else "open"}


@rule("initial.canasta-required", on="end", params="initial_meld")
def canasta_required(s, f):
    if not needs_check(s):
        return None
    tier = s.ruleset.threshold(s.side.score)
    if tier.need is None and not any(m.is_canasta for m in s.side.melds if m.rank in s.new_melds):
        return {"score": s.side.score, "step": s.last_step}
