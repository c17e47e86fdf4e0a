"""Drawing from the stock (``engine/rules/draw.py``)."""
from __future__ import annotations

from canasta_tutor.engine.kernel.constants import RED_THREES
from canasta_tutor.engine.kernel.ids import DRAW_COUNT, JUDGE, ONE_DRAW, STOCK_EMPTY
from canasta_tutor.engine.kernel.out import stopping_short
from canasta_tutor.engine.kernel.view import View
from canasta_tutor.engine.move import Step


def draw_step(v: View, held: int, step: Step, alone: bool = True) -> str | None:
    """The draw's own rules; ``alone``: the move is this step, so stopping short is asked too."""
    if v.drawn:
        return ONE_DRAW
    k = v.k
    stock = v.stock
    if stock == 0:
        return STOCK_EMPTY
    named = step.cards
    due = min(k.draw_count, stock)
    if named:
        if not RED_THREES.isdisjoint(named):  # laid out and replaced: the judge's corner
            return JUDGE
        if len(named) != due:
            return DRAW_COUNT
    return stopping_short(k, v.canastas(), 1) if alone and held + due == 1 else None
