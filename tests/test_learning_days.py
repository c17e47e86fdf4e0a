"""A month with `canasta learn`: a scripted learner who comes back every day and answers wrong a third
of the time is always offered something until every lesson is finished and nothing is due."""
from __future__ import annotations

import io
import json
import random
import time

import pytest

from canasta_tutor.learning import tutor
from canasta_tutor.learning.day import Goal, today
from canasta_tutor.learning.path import lesson_states, next_step, run_learn
from canasta_tutor.learning.progress import DAY, Progress
from canasta_tutor.learning.quiz import drill_of

START = 1_767_254_400.0  # 2026-01-01T08:00:00Z


class Learner:
    """Standard input for the tutor that reads the question it is asked (the tutor's prompt is
    watched) and answers it: wrong about a third of the time, right on a retry. Any other prompt
    (going on after the day's goal) is answered no; after ``budget`` answers the learner stops."""

    def __init__(self, seed: int, budget: int, wrong: float = 1 / 3) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.wrong_share = wrong
        self.question = None  # (question, options, seed), set by the tutor's prompt
        self.tried = False
        self.answers = 0
        self.wrong = 0
        self.asked: list[str] = []  # every question asked in the session
        self.reviews: list[tuple[str, str]] = []  # (rule, question) of the reviews drawn from play
        self.topics: list[tuple[str, str]] = []  # (rule drilled, question) of every question asked

    def isatty(self) -> bool:
        return False

    def prompted(self, q, options, seed) -> None:
        self.question = (q, options, seed)
        self.tried = False
        self.asked.append(tutor.question_key(q))
        self.topics.append((q.topics[0] if q.topics else "", tutor.question_key(q)))
        if q.topics and drill_of(q.topics[0]) is not None:  # a review on a position of play
            self.reviews.append((q.topics[0], tutor.question_key(q)))

    def readline(self) -> str:
        if self.question is None:
            return "n\n"
        if self.answers >= self.budget:
            return "q\n"
        q, options, seed = self.question
        right = sorted(q.correct(seed), key=str)
        self.answers += 1
        if not self.tried and self.rng.random() < self.wrong_share:
            self.tried = True
            self.wrong += 1
            return _wrong(q, right, options) + "\n"
        self.tried = True
        return _answer(q, right[0], options) + "\n"


def _answer(q, value, options) -> str:
    if q.kind == "legal":
        return "y" if value else "n"
    if q.kind == "rule":
        return str(options.index(value) + 1)
    return str(value)


def _wrong(q, right, options) -> str:
    if q.kind == "legal":
        return "n" if right[0] else "y"
    if q.kind == "score":
        return str(right[0] + 10)
    if q.kind == "rule":
        others = [o for o in options if o not in right]
        return str(options.index(others[0]) + 1)
    others = [i for i in range(1, len(q.moves) + 1) if i not in right]
    return str(others[0])


@pytest.fixture
def watched(monkeypatch):
    """The tutor's prompt tells the learner what it asks."""
    learner: list[Learner] = []
    shown = tutor._prompt

    asking = tutor.ask

    def prompt(q, talk, seed):
        options = shown(q, talk, seed)
        learner[0].prompted(q, options, seed)
        return options

    def ask(*args, **kwargs):
        try:
            return asking(*args, **kwargs)
        finally:
            learner[0].question = None  # settled: what is asked next is no question of a lesson or quiz

    monkeypatch.setattr(tutor, "_prompt", prompt)
    monkeypatch.setattr(tutor, "ask", ask)
    return learner


def _settled(store: Progress) -> bool:
    """Every lesson finished and no review due: the only time ``learn`` may offer nothing."""
    return (all(x["state"] == "finished" for x in lesson_states(store))
            and next_step(store)["kind"] in ("quiz", "none"))


# The default suite's learner keeps a small daily goal; the soak (bench/soak.py runs the slow tests)
# keeps a learner of twelve answers a day.
# The suite walks the first twelve days (the lessons and the first reviews); the whole month, at 5 and
# at 12 answers a day, is a soak (python bench/soak.py).
@pytest.mark.parametrize("goal,days", [(5, 12), pytest.param(5, 30, marks=pytest.mark.slow),
                                       pytest.param(12, 30, marks=pytest.mark.slow)])
def test_a_month_of_learning_never_stalls(tmp_path, watched, goal, days):
    began = time.monotonic()
    path = tmp_path / "p.db"
    days_with_nothing = []
    drilled: dict[str, list[str]] = {}  # rule: the positions its reviews were asked on, all month
    for day in range(days):
        at = START + day * DAY + random.Random(day).randrange(0, 8 * 3600)
        store = Progress(path, now=lambda at=at: at)
        learner = Learner(day, budget=60)
        watched[:] = [learner]
        out = io.StringIO()
        talk = tutor.Talk(stdin=learner, stdout=out)
        try:
            result = run_learn(talk, store, store.ruleset() or "classic", seed=day, goal=Goal(goal, False))
            done = "Done for today:" in out.getvalue() and "Go on anyway?" in out.getvalue()
            if not result.quit and not done and not _settled(store):
                pytest.fail(f"day {day}: learn stopped with lessons to take or reviews due\n{out.getvalue()[-3000:]}")
            assert not result.quit, f"day {day}: the learner had to stop learn by hand"
            if result.asked == 0:
                days_with_nothing.append(day)
            assert today(store).streak == day + 1
            assert len(learner.asked) == len(set(learner.asked)), f"day {day}: a question asked twice"
            for rule, key in learner.reviews:
                drilled.setdefault(rule, []).append(key)
        finally:
            store.close()
    assert not [d for d in days_with_nothing if d < 5], days_with_nothing
    again = {rule: len(keys) - len(set(keys)) for rule, keys in drilled.items() if len(keys) != len(set(keys))}
    assert sum(map(len, drilled.values())) >= 10 and not again, again
    assert time.monotonic() - began < 240


# Rules that had no drill of their own, reviewed on the lesson's own question word for word: now the
# stock's end, a card not held and a red three come from play, an empty pile from a lesson's question
# on a fresh table.
WEEK_RULES = ("pile.empty", "draw.stock-empty", "turn.not-in-hand", "three.red-three")


def test_a_week_of_reviews_shows_each_rule_on_different_positions(tmp_path, watched):
    """A learner who gets every review wrong at the first try, so that each rule falls due day after
    day: each day's reviews (one session) never ask a question twice, and over the week no rule is
    reviewed twice on the same position, nor ever on the lesson's own table."""
    began = time.monotonic()
    store = Progress(tmp_path / "p.db", now=lambda: START - 2 * DAY)
    for rule in WEEK_RULES:  # each met once in a lesson two days before
        store.record("lesson:x", "q", [rule], "y", True, rating=3)
    lesson_tables = {tutor.question_key(q) for q in _lesson_questions_of(WEEK_RULES)}
    seen: dict[str, list[str]] = {}
    try:
        for day in range(7):
            store.now = lambda day=day: START + day * DAY
            due = [r for r in WEEK_RULES if r in store.due_now()]
            learner = Learner(day, budget=40, wrong=1.0)
            watched[:] = [learner]
            asked: set[str] = set()
            tutor.run_quiz(tutor.Talk(stdin=learner, stdout=io.StringIO()), store, due, len(due), "classic",
                           seed=day, where=dict.fromkeys(due, "classic"), asked=asked)
            assert len(learner.asked) == len(set(learner.asked)) == len(due), f"day {day}"
            for q_rule, key in learner.topics:
                seen.setdefault(q_rule, []).append(key)
    finally:
        store.close()
    assert all(len(seen.get(r, [])) >= 5 for r in WEEK_RULES), {r: len(k) for r, k in seen.items()}
    for rule, keys in seen.items():
        assert len(set(keys)) == len(keys), f"{rule}: a position reviewed twice in the week"
        assert not lesson_tables & set(keys), f"{rule}: reviewed on the lesson's own table"
    assert time.monotonic() - began < 30


def _lesson_questions_of(rules):
    from canasta_tutor.learning.lesson import read_lesson
    from canasta_tutor.learning.quiz import _lesson_questions

    return [read_lesson(path).questions[number - 1] for path, _, number, tested in _lesson_questions()
            if set(tested) & set(rules)]


def _due_dutch_rule(tmp_path, chosen: str | None) -> Progress:
    """A learner for whom the Dutch house's rule (a first meld that must be a canasta) has fallen due."""
    store = Progress(tmp_path / "p.db", now=lambda: START + 3 * DAY)
    if chosen:
        store.set_ruleset(chosen)
    store.now = lambda: START
    store.record("lesson:first-meld", "q", ["initial.canasta-required"], "y", False, rating=1)
    store.now = lambda: START + 3 * DAY
    return store


def test_a_rule_the_learners_ruleset_lacks_is_drilled_under_one_that_has_it(tmp_path, watched):
    store = _due_dutch_rule(tmp_path, None)
    step = next_step(store, "classic")
    assert step["kind"] == "review" and step["rulesets"]["initial.canasta-required"] == "dutch-house"
    learner = Learner(1, budget=1)
    learner.rng = random.Random(0)
    watched[:] = [learner]
    out = io.StringIO()
    run_learn(tutor.Talk(stdin=learner, stdout=out), store, "classic", seed=3)
    text = out.getvalue()
    assert "is not a rule of classic: this question is played under dutch-house rules" in text
    assert "Nothing to practise" not in text and "came up" not in text


def test_a_rule_the_learner_chose_a_ruleset_without_leaves_the_path(tmp_path):
    store = _due_dutch_rule(tmp_path, "classic")
    step = next_step(store, "classic")
    assert "initial.canasta-required" in store.due_now()
    assert step["kind"] == "lesson" and "initial.canasta-required" not in step["rules"]


def test_a_day_has_a_goal_a_summary_and_a_streak(tmp_path, watched):
    path = tmp_path / "p.db"
    for day, text in ((0, None), (1, None), (3, None)):
        at = START + day * DAY
        store = Progress(path, now=lambda at=at: at)
        learner = Learner(day, budget=40)
        watched[:] = [learner]
        out = io.StringIO()
        try:
            run_learn(tutor.Talk(stdin=learner, stdout=out), store, "classic", seed=day, goal=Goal(3, False))
            t = today(store)
        finally:
            store.close()
        text = out.getvalue()
        assert "Done for today:" in text and "Go on anyway? (y/n)" in text and "See you tomorrow." in text
        assert f"Done for today: {t.answers} answers, {t.share()}% right at the first try." in text
        assert t.answers >= 3 and "Next review:" in text
        assert f"Streak: {t.streak} day" in text and t.streak == {0: 1, 1: 2, 3: 1}[day]


def test_learn_json_tells_the_day_and_a_bad_goal_is_a_usage_error(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from canasta_tutor.cli import app

    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    monkeypatch.setenv("CANASTA_NOW", "2026-01-05T09:00:00")
    from test_tutor import right_answers

    from canasta_tutor.learning.lesson import find_lesson, read_lesson

    first = right_answers(read_lesson(find_lesson("first-turn")))[0]
    runner = CliRunner()
    result = runner.invoke(app, ["learn", "--goal", "15m", "--seed", "1", "--json"], input=f"{first}\nq\n")
    data = json.loads(result.stdout)
    assert data["today"] == {"answers": 1, "right_first": data["today"]["right_first"], "minutes": 0, "streak": 1,
                             "goal": 15, "goal_unit": "minutes", "goal_reached": False}
    for bad in ("many", "0", "5h"):
        result = runner.invoke(app, ["learn", "--goal", bad])
        assert result.exit_code == 2 and "not a daily goal" in result.output
