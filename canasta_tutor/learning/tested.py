"""What an answer tests: the rules a question is about, by the engine's ruling.

An illegal move tests the rules it breaks. A legal move tests the rules it came close to breaking:
the limits it reached, read from the ruleset (a meld holding as many wild cards as the ruleset
allows, or exactly the naturals it asks for; a first meld, whose count against the minimum is always
at stake; a frozen
pile taken with exactly a natural pair; going out with exactly the canastas needed). Each limit comes
with the values that word the feedback ("three wild cards is the most a classic meld may hold").
"""
from __future__ import annotations

from canasta_tutor.engine.judge import Verdict
from canasta_tutor.engine.state import TurnState
from canasta_tutor.engine.table import Table, meld_rank


def limits_reached(table: Table, verdict: Verdict) -> list[tuple[str, dict]]:
    """(rule id, values) for every rule a legal move came close to breaking, in the order of its steps."""
    rs = table.ruleset
    found: dict[str, dict] = {}
    mover = table.turn.player
    before = table.side_of(mover)
    after = verdict.after.side_of(mover)
    frozen_why = TurnState.start(table).frozen_for_side()[1]  # the judge's own answer, "" when not frozen
    for step in verdict.steps:
        if step.kind not in ("meld", "add", "take"):
            continue
        if step.kind == "take":
            if not table.discard:
                continue
            top = table.discard[-1]
            rank = top.rank
            naturals = sum(1 for c in step.cards if c.is_natural and c.rank == rank)
            wilds = sum(1 for c in step.cards if c.is_wild)
            if frozen_why and naturals == 2:
                found.setdefault("pile.needs-natural-pair", {"rank": rank, "why": frozen_why})
            elif not frozen_why and rs.pile_take == "pagat" and naturals < 2:
                found.setdefault("pile.no-match", {"rank": rank, "naturals": naturals, "wilds": wilds,
                                                   "onto": before.meld_of(rank) is not None})
        else:
            rank = step.to if step.kind == "add" else meld_rank(list(step.cards))
        meld = after.meld_of(rank) if rank else None
        if meld is None:
            continue
        if rank == "3":
            found.setdefault("meld.black-threes", {"size": len(meld.cards)})
            continue
        naturals, wilds = meld.naturals, meld.wilds
        if wilds and rs.max_wilds is not None and wilds == rs.max_wilds:
            found.setdefault("meld.too-many-wilds", {"why": "cap", "max": wilds})
        elif wilds and rs.wild_ratio == "naturals-outnumber" and naturals == wilds + 1:
            found.setdefault("meld.too-many-wilds", {"why": "outnumber", "naturals": naturals, "wilds": wilds})
        elif wilds and rs.wild_ratio == "naturals-at-least" and naturals == wilds:
            found.setdefault("meld.too-many-wilds", {"why": "at-least", "naturals": naturals, "wilds": wilds})
        if wilds and naturals == rs.min_naturals:
            found.setdefault("meld.too-few-naturals", {"naturals": naturals})
        if step.kind == "meld" and len(step.cards) == 3 and len(meld.cards) == 3:
            found.setdefault("meld.too-small", {})
    for note in verdict.notes:
        if note.rule == "initial-counted":
            found.setdefault("initial.below-minimum", dict(note.params))
        elif note.rule == "initial-canasta":
            found.setdefault("initial.canasta-required", dict(note.params))
    if verdict.went_out:
        if after.canastas == rs.canastas_to_go_out:
            found.setdefault("out.canastas-needed", {"need": rs.canastas_to_go_out})
        if rs.final_discard == "required" or rs.final_discard == "unless-concealed" and not verdict.concealed:
            found.setdefault("out.must-discard", {})
        if len(before.players) > 1 and (rs.partner_permission == "required" or table.turn.permission != "none"
                                        or any(s.kind == "ask" for s in verdict.steps)):
            found.setdefault("out.permission", {"answer": table.turn.permission})
    return list(found.items())


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
    return list(dict.fromkeys(found + q.tests + q.topics))
