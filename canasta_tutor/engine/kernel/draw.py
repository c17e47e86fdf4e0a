"""Drawing from the stock (``engine/rules/draw.py``)."""
from __future__ import annotations

from canasta_tutor.engine.kernel.constants import RED_THREES, Constants
from canasta_tutor.engine.kernel.ids import DRAW_COUNT, JUDGE, ONE_DRAW, STOCK_EMPTY
from canasta_tutor.engine.kernel.out import canastas, stopping_short
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Side, Table


def draw_step(k: Constants, table: Table, side: Side, held: int, step: Step, drawn: bool) -> str | None:
    if drawn:
        return ONE_DRAW
    stock = table.stock
    if stock == 0:
        return STOCK_EMPTY
    named = step.cards
    due = min(k.draw_count, stock)
    if named:
        if not RED_THREES.isdisjoint(named):  # laid out and replaced: the judge's corner
            return JUDGE
        if len(named) != due:
            return DRAW_COUNT
    return stopping_short(k, canastas(side), 1) if held + due == 1 else None
