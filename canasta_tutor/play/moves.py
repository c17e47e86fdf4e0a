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

__all__ = ["KINDS", "MOVES_PER_TURN", "NODE_LIMIT", "RULING_LIMIT", "MoveList", "Option", "Pool", "can_take",
           "card_class", "legal_moves", "playable"]

MOVES_PER_TURN = 60  # decisions in one turn before a computer player is made to discard


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


def playable(ml: MoveList, may_not_ask: bool) -> MoveList:
    """The legal moves less those the partner's answer or the limit on asking rule out here: no
    question when ``may_not_ask`` (answered this turn, or past the ruleset's limit), no discard that
    does not go out after a yes (where a way out is listed). A game and a rollout play from these."""
    options = ml.options
    if may_not_ask:
        options = [o for o in options if not any(s.kind == "ask" for s in o.steps)]
    if ml.table.turn.permission == "granted" and any(o.kind == "out" for o in options):
        options = [o for o in options if o.kind != "discard"]
    if options is ml.options:
        return ml
    return MoveList(ml.table, options, ml.truncated, ml.notes, ml.stopped)
