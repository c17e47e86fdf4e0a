"""The side's first meld of the hand must reach the threshold its score sets."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.rules.registry import Found, Near, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.state import TurnState

NEAR_POINTS = 10  # an initial meld less than one ten-point card above its minimum is "at" the minimum


def needs_check(state: TurnState) -> bool:
    return not state.side_melded_before and bool(state.new_melds) and not state.concealed


def _note(n: Near, key: str) -> Found | None:
    """The values of the move's first note ``key``, for the tests of the whole move."""
    if n.step is not None:
        return None
    return next((dict(note.params) for note in n.verdict.notes if note.rule == key), None)


def _just_enough(n: Near) -> Found | None:
    counted = _note(n, "initial-counted")
    return counted if counted is not None and counted["counted"] < counted["need"] + NEAR_POINTS else None


@rule("initial.below-minimum", on="end", params="initial_meld", decides=1010, near=_just_enough)
def below_minimum(state: TurnState, f: None) -> Found | None:
    if not needs_check(state):
        return None
    tier = state.ruleset.threshold(state.side.score)
    if tier.need is not None and state.counted < tier.need:
        return {"counted": state.counted, "need": tier.need, "score": state.side.score, "step": state.last_step,
                "why": "done" if state.discarded or state.out_step is not None else "open"}
    return None


@rule("initial.canasta-required", on="end", params="initial_meld", decides=1000,
      near=lambda n: _note(n, "initial-canasta"))
def canasta_required(state: TurnState, f: None) -> Found | None:
    if not needs_check(state):
        return None
    tier = state.ruleset.threshold(state.side.score)
    if tier.need is None and not any(m.is_canasta for m in state.side.melds if m.rank in state.new_melds):
        return {"score": state.side.score, "step": state.last_step}
    return None
