"""One good move, and why: the coach's suggestion for the player on turn (see ``coach.py``).

A hint never invents a move: it picks one option of ``legal_moves``, so it is always a move ``check``
accepts. The reason is a message key with the numbers it names; the text lives in the catalog.
"""
from __future__ import annotations

from canasta_tutor.engine.table import Table
from canasta_tutor.play.coach import DEFAULT_LEVEL, Advice, Memory, advise
from canasta_tutor.play.moves import MoveList, legal_moves

Hint = Advice  # what ``hint`` gives: the option, the reason's key and its numbers, the catalog section


def hint(table: Table, moves: MoveList | None = None, level: int = DEFAULT_LEVEL,
         memory: Memory | None = None) -> Hint:
    ml = moves or legal_moves(table)
    return advise(table, ml, level, memory)
