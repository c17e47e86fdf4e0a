"""The ruling as one object: what `api.check` returns, what every reader reads."""
from __future__ import annotations

from pathlib import Path

import pytest

from canasta_tutor import api
from canasta_tutor.engine.citing import citation, note_cite
from canasta_tutor.engine.judge import judge, judge_scored
from canasta_tutor.engine.near import near_misses
from canasta_tutor.engine.ruling import Finish, Ruling
from canasta_tutor.files.snapshot import load_table
from canasta_tutor.render.report import verdict_dict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "canasta_tutor" / "examples" / "table.yaml"
DEAD_END = ROOT / "scenarios" / "disputes" / "d22-danish-dead-end.yaml"


def example():
    return load_table(str(EXAMPLE))


def test_check_returns_a_frozen_ruling():
    r = api.check(example(), "draw; meld 9S 9D 2C; discard 4H")
    assert isinstance(r, Ruling)
    assert r.legal and r.decisive is None and r.finished
    with pytest.raises(AttributeError):
        r.legal = False  # type: ignore[misc]
    with pytest.raises(AttributeError):
        r.anything = 1  # type: ignore[attr-defined]


def test_an_illegal_ruling_names_its_deciding_rule_first():
    r = api.check(example(), "meld 9S 9D 2C")  # Ann has not drawn yet
    assert not r.legal
    assert r.decisive == r.violations[0].rule == "turn.draw-first"
    assert r.rule_ids[0] == r.decisive


def test_every_finding_carries_the_citation_worked_out_once():
    t = example()
    r = api.check(t, "draw; meld 9S 9D 9S 2C 2D; discard 4H")
    assert r.violations and r.notes
    for f in r.violations + r.notes:
        assert f.cite is not None and f.cite.id == f.source and f.cite.inherited == f.inherited
    for f in r.violations:  # the same object the ruleset gives: made once, never worked out again
        assert f.cite is citation(t.ruleset, f.param, f.rule)
    for f in r.notes:
        assert f.cite is citation(t.ruleset, f.param, note_cite(f.rule, f.params)[1])
    assert verdict_dict(r)["violations"][0]["cite"]["id"] == r.violations[0].cite.id


def test_the_search_for_a_finish_runs_once_and_only_when_asked():
    calls: list[int] = []

    def counting(v):
        calls.append(1)
        return Finish(True)

    v = judge_scored(example(), "draw")
    r = Ruling.of(v, counting)
    assert calls == []  # making the ruling runs no search
    assert r.can_finish is True and r.can_finish is True and r.dead_end == []
    verdict_dict(r)
    assert calls == [1]


def test_a_ruling_that_ends_the_turn_or_breaks_a_rule_needs_no_search():
    def refusing(v):
        raise AssertionError("no search needed")

    assert Ruling.of(judge(example(), "draw; discard 4H"), refusing).can_finish is True
    assert Ruling.of(judge(example(), "discard 4H"), refusing).can_finish is None


def test_a_ruling_without_a_search_says_so_when_asked():
    r = Ruling.of(judge(example(), "draw"))
    with pytest.raises(ValueError):
        _ = r.can_finish


def test_a_dead_end_is_the_rulings_own_answer():
    r = api.check(load_table(str(DEAD_END)), "add JK to K")
    d = verdict_dict(r)
    assert r.legal and r.can_finish is False and d["can_finish"] is False
    assert d["dead_end"] == [{"move": m, "rule": rule} for m, rule in r.dead_end] != []


def test_the_explanation_is_the_judges_asked_once():
    t = example()
    r = Ruling(t, tuple(judge(t, "draw; discard 4H").steps), True, None)
    first = r.verdict
    assert r.verdict is first and r.notes is first.notes and r.after is first.after
    assert r.move == "draw; discard 4H"


def test_a_ruling_names_its_near_misses():
    t = example()
    r = api.check(t, "draw; meld 9S 9D 2C; discard 4H")
    assert r.near_misses == near_misses(t, judge(t, "draw; meld 9S 9D 2C; discard 4H"))
    assert api.check(t, "meld 9S 9D 2C").near_misses == []
