"""The side's first meld (``engine/rules/initial.py``): a canasta where the score asks for one, else
the minimum count of the cards laid from the hand."""
from __future__ import annotations

from canasta_tutor.engine.kernel.ids import BELOW_MINIMUM, CANASTA_REQUIRED
from canasta_tutor.engine.kernel.view import View


def first_meld(v: View, size: int, counted: int) -> str | None:
    """A step that made a side's first meld (of ``size`` cards, ``counted`` points), not concealed."""
    need = v.rs.threshold(v.score).need
    if need is None:
        return None if size >= 7 else CANASTA_REQUIRED
    return BELOW_MINIMUM if counted < need else None
