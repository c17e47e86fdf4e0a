"""Going out (``engine/rules/out.py``): the side's canastas, the partner's answer, the last discard;
and a move that stops with one card left, which no discard could then end without going out."""
from __future__ import annotations

from canasta_tutor.engine.kernel.constants import Constants
from canasta_tutor.engine.kernel.ids import CANASTAS_NEEDED, MUST_DISCARD, PERMISSION
from canasta_tutor.engine.kernel.view import View


def going_out(v: View, have: int, concealed: bool, discarded: bool, asked: bool = False) -> str | None:
    """A step that empties the hand; ``have``: the side's canastas after it; ``asked``: the move
    asked the partner before it."""
    k = v.k
    if have < k.out_canastas:
        return CANASTAS_NEEDED
    if v.partnered:
        answer = v.permission
        if answer == "refused" or k.permission_required and answer != "granted" and not asked:
            return PERMISSION
    if not discarded and k.final_discard != "optional" and (k.final_discard == "required" or not concealed):
        return MUST_DISCARD
    return None


def stopping_short(k: Constants, have: int, left: int) -> str | None:
    """A move that has drawn, not discarded and not gone out, leaving ``left`` cards."""
    if left == 1 and have < k.out_canastas:
        return CANASTAS_NEEDED
    return None
