"""The quiz's drills read their rules from the rule registry: a rule added to a drilled family is
drilled without an edit to learning/quiz.py."""
from __future__ import annotations

import pytest

from canasta_tutor.engine.rules import RULES, Rule
from canasta_tutor.learning.quiz import DRILLS, drill_of, drillable


def _never(state: object, facts: object) -> None:
    return None


@pytest.mark.parametrize("family, drill", [("meld", "melds"), ("pile", "taking the pile"),
                                           ("initial", "first meld"), ("out", "going out")])
def test_a_rule_added_to_a_family_is_drilled_with_it(monkeypatch, family, drill):
    rule_id = f"{family}.added-for-this-test"
    monkeypatch.setitem(RULES, rule_id, Rule(rule_id, _never, ("take",), (), decides=99_999))
    assert rule_id in drillable()
    found = drill_of(rule_id)
    assert found is not None and found.name == drill


def test_a_rule_a_drill_leaves_out_is_not_drilled():
    assert drill_of("pile.empty") is None and "pile.empty" not in drillable()


def test_every_rule_a_drill_leaves_out_is_a_rule_of_its_family():
    for d in DRILLS:
        for left_out in d.but:
            assert left_out in RULES and left_out.split(".", 1)[0] == d.family, (d.name, left_out)
            assert left_out not in d.rules


def test_the_drills_ask_every_rule_of_their_families_but_the_ones_they_leave_out():
    for d in DRILLS:
        if d.family:
            family = {r for r in RULES if r.startswith(d.family + ".")}
            assert set(d.rules) == (family - set(d.but)) | set(d.also), d.name


def test_a_rule_a_drill_asks_besides_its_family_is_a_rule_of_another_family():
    for d in DRILLS:
        for extra in d.also:
            assert extra in RULES and extra.split(".", 1)[0] != d.family, (d.name, extra)
