"""One good move, and why: the coach's suggestion for the player on turn (see ``coach.py``).

A hint never invents a move: it picks one option of ``legal_moves``, so it is always a move ``check``
accepts. The reason is a message key with the numbers it names; the text lives in the catalog.
"""
from __future__ import annotations

from canasta_tutor.engine.table import Table
from canasta_tutor.play.coach import DEFAULT_LEVEL, SEARCH_LEVEL, Advice, Memory, advise
from canasta_tutor.play.moves import MoveList, legal_moves

Hint = Advice  # what ``hint`` gives: the option, the reason's key and its numbers, the catalog section


def hint(table: Table, moves: MoveList | None = None, level: int = DEFAULT_LEVEL,
         memory: Memory | None = None) -> Hint:
    ml = moves or legal_moves(table)
    if ml.options and "dead-end" in ml.notes:  # every move leads nowhere: advise none, and say why
        return Hint(None, "dead-end", {"rules": _blocking_rules(ml)})
    if level == SEARCH_LEVEL:  # the searching coach is made by the game, which plays its deals out
        from canasta_tutor.play.game import make_coach

        return make_coach(level).advise(table, ml, memory)
    return advise(table, ml, level, memory)


def _blocking_rules(ml: MoveList) -> str:
    """The titles of the rules that stop every way to finish the turn after the first moves listed."""
    from canasta_tutor import texts
    from canasta_tutor.play.finishing import finish

    rules: list[str] = []
    for o in ml.options[:4]:
        rules += [r for r in finish(o.verdict).rules if r not in rules]
    return "; ".join(texts.rule_entry(r).get("title", r) for r in rules)
