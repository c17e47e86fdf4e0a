"""Going out (``engine/rules/out.py``): the side's canastas, the partner's answer, the last discard;
and a move that stops with one card left, which no discard could then end without going out."""
from __future__ import annotations

from canasta_tutor.engine.kernel.constants import Constants
from canasta_tutor.engine.kernel.ids import CANASTAS_NEEDED, MUST_DISCARD, PERMISSION
from canasta_tutor.engine.table import Side, Table


def going_out(k: Constants, table: Table, side: Side, have: int, concealed: bool, discarded: bool) -> str | None:
    """A one-step move that empties the hand (the partner was not asked in it); ``have``: the side's
    canastas after it."""
    if have < k.out_canastas:
        return CANASTAS_NEEDED
    if len(side.players) > 1:
        answer = table.turn.permission
        if answer == "refused" or k.permission_required and answer != "granted":
            return PERMISSION
    if not discarded and k.final_discard != "optional" and (k.final_discard == "required" or not concealed):
        return MUST_DISCARD
    return None


def stopping_short(k: Constants, have: int, left: int) -> str | None:
    """A move that has drawn, not discarded and not gone out, leaving ``left`` cards."""
    if left == 1 and have < k.out_canastas:
        return CANASTAS_NEEDED
    return None


def canastas(side: Side) -> int:
    """The side's canastas on the table (asked only where going out is in question)."""
    n = 0
    for m in side.melds:
        if len(m.cards) >= 7:
            n += 1
    return n
