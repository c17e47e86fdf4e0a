"""What an answer tests: the rules a question is about, by the engine's ruling.

An illegal move tests the rules it breaks. A legal move tests the rules it came close to breaking:
the limits it reached, each rule's own near-miss test (engine/near.py), with the values that word
the feedback ("three wild cards is the most a classic meld may hold").
"""
from __future__ import annotations

from canasta_tutor.engine.near import near_misses as limits_reached

__all__ = ["limits_reached", "tested_rules"]


def tested_rules(q) -> list[str]:
    """The rule ids a lesson or quiz question counts for, by the engine's answer (a ``Question``)."""
    if q.kind in ("legal", "rule"):
        v = q.verdict()
        found = [f.rule for f in v.violations] or [rule for rule, _ in limits_reached(q.table, v)]
    elif q.kind == "which":
        found = []
        for v in q.verdicts():
            found += [f.rule for f in v.violations] or [rule for rule, _ in limits_reached(q.table, v)]
    else:
        found = q.rule_ids()
    return list(dict.fromkeys(found + q.topics))
