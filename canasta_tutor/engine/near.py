"""What a legal move came close to breaking: the limits it reached, read from the ruleset (a meld
holding as many wild cards as the ruleset allows, or exactly the naturals it asks for; an initial
meld within a card of the minimum; a frozen pile taken with exactly a natural pair; going out with
exactly the canastas needed). Each rule's own near-miss test says it (``near=`` in engine/rules/);
this walks them over the move's steps, then over the whole move."""
from __future__ import annotations

from typing import Any

from canasta_tutor.engine.judge import Verdict
from canasta_tutor.engine.rules import NEAR, Near
from canasta_tutor.engine.state import TurnState
from canasta_tutor.engine.table import Table, meld_rank

LAYING = ("meld", "add", "take")


def near_misses(table: Table, verdict: Verdict) -> list[tuple[str, dict[str, Any]]]:
    """(rule id, values) for every rule a legal move came close to breaking, in the order of its
    steps (each rule once, at its first step), then those of the whole move."""
    mover = table.turn.player
    frozen_why = TurnState.start(table).frozen_for_side()[1]  # the judge's own answer, "" when not frozen
    n = Near(table, verdict, table.side_of(mover), verdict.after.side_of(mover), frozen_why)
    found: dict[str, dict[str, Any]] = {}
    for step in verdict.steps:
        if step.kind not in LAYING:
            continue
        if step.kind == "take":
            if not table.discard:
                continue
            n.top = table.discard[-1]
            n.rank = n.top.rank
        else:
            n.top = None
            n.rank = step.to if step.kind == "add" else meld_rank(list(step.cards))
        n.step = step
        n.meld = n.after.meld_of(n.rank) if n.rank else None
        _test(n, found)
    n.step = n.top = n.rank = n.meld = None
    _test(n, found)
    return list(found.items())


def _test(n: Near, found: dict[str, dict[str, Any]]) -> None:
    for r in NEAR:
        if r.id not in found and r.near is not None:
            values = r.near(n)
            if values is not None:
                found[r.id] = values
