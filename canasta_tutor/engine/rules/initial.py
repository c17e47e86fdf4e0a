"""The side's first meld of the hand must reach the threshold its score sets."""
from canasta_tutor.engine.rules.registry import rule


def needs_check(state) -> bool:
    return not state.side_melded_before and bool(state.new_melds) and not state.concealed


@rule("initial.below-minimum", on="end", params="initial_meld")
def below_minimum(state, f):
    if not needs_check(state):
        return None
    tier = state.ruleset.threshold(state.side.score)
    if tier.need is not None and state.counted < tier.need:
        return {"counted": state.counted, "need": tier.need, "score": state.side.score, "step": state.last_step,
                "why": "done" if state.discarded or state.out_step is not None else "open"}


@rule("initial.canasta-required", on="end", params="initial_meld")
def canasta_required(state, f):
    if not needs_check(state):
        return None
    tier = state.ruleset.threshold(state.side.score)
    if tier.need is None and not any(m.is_canasta for m in state.side.melds if m.rank in state.new_melds):
        return {"score": state.side.score, "step": state.last_step}
