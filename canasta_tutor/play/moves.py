"""Every legal move from a table, for the player on turn, listed compactly: the candidates
(play/candidates.py) less the dead ends, moves after which no legal way remains to finish the turn
(play/finishing.py)."""
from __future__ import annotations

from canasta_tutor.engine.kernel import View
from canasta_tutor.engine.table import Table
from canasta_tutor.play.candidates import (
    KINDS,
    NODE_LIMIT,
    RULING_LIMIT,
    MoveList,
    Option,
    Pool,
    can_take,
    card_class,
    every_move,
)
from canasta_tutor.play.finishing import keep_finishable

__all__ = ["KINDS", "NODE_LIMIT", "RULING_LIMIT", "MoveList", "Option", "Pool", "can_take", "card_class",
           "legal_moves"]


def legal_moves(table: Table, limit: int = NODE_LIMIT, exhaustive: bool = False,
                rulings: int = RULING_LIMIT, keep_dead_ends: bool = False) -> MoveList:
    """Every legal move for the player on turn: draw or take in the draw phase; melds, lay-offs,
    discards and ways to go out in the play phase; ``ask`` where a partner can answer. A listing
    that has asked for ``rulings`` rulings stops there and says so (``stopped``, and ``truncated``).

    A move after which no legal way remains to finish the turn is left out while another move exists
    (``keep_dead_ends`` keeps it); when no move can finish the turn, all are kept and a note says so."""
    views: dict[int, tuple[Table, View | None]] = {}  # the view the listing read, not read again
    listed = every_move(table, limit, exhaustive, rulings, views)
    if keep_dead_ends:
        return listed
    options, can_finish = keep_finishable(listed.options, views)
    notes = listed.notes if can_finish else [*listed.notes, "dead-end"]
    return MoveList(table, options, listed.truncated, notes, listed.stopped)
