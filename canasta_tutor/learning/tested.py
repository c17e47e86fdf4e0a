"""What an answer tests: the rules a question is about, by the engine's ruling.

An illegal move tests the rules it breaks. A legal move tests the rules it came close to breaking:
the limits it reached, each rule's own near-miss test (engine/near.py), with the values that word
the feedback ("three wild cards is the most a classic meld may hold"). A first meld's count against
its minimum is always at stake, however far above it: a legal first meld tests that rule too.
"""
from __future__ import annotations

from canasta_tutor.engine.near import near_misses as limits_reached

__all__ = ["at_stake", "limits_reached", "tested_rules", "topic_title"]


def at_stake(table, verdict) -> list[tuple[str, dict]]:
    """The limits a legal move reached, and the first meld's count whenever the move makes one."""
    found = list(limits_reached(table, verdict))
    counted = next((n for n in verdict.notes if n.rule == "initial-counted"), None)
    if counted is not None and not any(r == "initial.below-minimum" for r, _ in found):
        found.append(("initial.below-minimum", dict(counted.params)))
    return found


def tested_rules(q) -> list[str]:
    """The rule ids a lesson or quiz question counts for, by the engine's answer (a ``Question``)."""
    if q.kind in ("legal", "rule"):
        v = q.verdict()
        found = [f.rule for f in v.violations] or [rule for rule, _ in at_stake(q.table, v)]
    elif q.kind == "which":
        found = []
        for v in q.verdicts():
            found += [f.rule for f in v.violations] or [rule for rule, _ in at_stake(q.table, v)]
    else:
        found = q.rule_ids()
    return list(dict.fromkeys(found + q.tests + q.topics))


def topic_title(rule: str) -> str:
    """What progress calls a rule or topic: a rule's title, a strategy topic's (``strategy.freeze``)."""
    from canasta_tutor import texts
    from canasta_tutor.engine.rules import RULES

    if rule in RULES:
        return texts.rule_entry(rule).get("title", rule)
    if rule.startswith("strategy."):
        return texts.section("learning", rule)
    return rule
