"""The lessons on each ruleset's own rules and on targets: every question tests a difference (another
ruleset rules its table otherwise), and a score answer that ends the game says who won."""
from __future__ import annotations

import dataclasses

import pytest

from canasta_tutor import texts
from canasta_tutor.engine.parameters import Tier
from canasta_tutor.engine.ruleset import load_ruleset
from canasta_tutor.learning.feedback import explain
from canasta_tutor.learning.lesson import LESSON_DIR, Question, read_lesson

LESSONS = ("15-brazilian", "16-dutch-house", "17-danish-scoring", "18-targets-and-winning")
OTHERS = ("classic", "official", "brazilian", "danish", "dutch-house")


def _ruling(q: Question):
    """What the engine rules on a question's table, whatever its kind: the rules broken, the legal
    options, or the side's points."""
    if q.kind in ("legal", "rule"):
        return tuple(f.rule for f in q.verdict().violations)
    if q.kind == "which":
        return tuple(v.legal for v in q.verdicts())
    return next(s.hand_total for s in q.report().sides if s.name == q.side)


def _under(q: Question, ruleset: str) -> Question:
    table = q.table.clone()
    table.ruleset = load_ruleset(ruleset)
    return dataclasses.replace(q, table=table)


def _flat_minimum(q: Question) -> Question:
    """The question's own ruleset with a first-meld minimum of 50 whatever the score: what the rising
    minimum would rule if it did not rise."""
    table = q.table.clone()
    table.ruleset = table.ruleset.with_house({"initial_meld": ((Tier(None, 50),), "50")})
    return dataclasses.replace(q, table=table)


@pytest.mark.parametrize("name", LESSONS)
def test_every_question_is_ruled_otherwise_by_another_ruleset(name):
    lesson = read_lesson(LESSON_DIR / f"{name}.yaml", lang="en")
    assert 4 <= len(lesson.questions) <= 7
    for q in lesson.questions:
        own = _ruling(q)
        others = [_under(q, rs) for rs in OTHERS] + [_flat_minimum(q)]
        assert any(_ruling(o) != own for o in others), \
            f"{name} question {q.number}: every ruleset rules it the same, and so would a flat minimum"


def test_a_score_answer_that_ends_the_game_names_the_winner_or_the_tie():
    lesson = read_lesson(LESSON_DIR / "18-targets-and-winning.yaml", lang="en")
    scores = [q for q in lesson.questions if q.kind == "score"]
    both, tie = scores[0], scores[-1]
    assert both.report().winner == "NS" and texts.label("score.winner", winner="NS") in explain(both)
    assert any("3000" in line and "3145" in line for line in explain(both))
    assert tie.report().tie and texts.label("score.tie") in explain(tie)
    # the same hand under the classic target of 5000 ends nothing, and says nothing of it
    classic = _under(both, "classic")
    assert not classic.report().game_over and len(explain(classic)) == 1
