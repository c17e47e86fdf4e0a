"""Lessons, quizzes and progress, driven as a learner drives them: answers on standard input, one per
line, and the progress database checked afterwards."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor.engine.rules import RULES
from canasta_tutor.learning.lesson import builtin_lessons, find_lesson, problems, read_lesson
from canasta_tutor.learning.progress import Progress
from canasta_tutor.learning.schedule import AGAIN, GOOD

ROOT = Path(__file__).resolve().parent.parent
SPEC_IDS = [line.strip() for line in (Path(__file__).parent / "spec_rule_ids.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
LESSONS = builtin_lessons()
SCORE_LINES = ["score.cards", "score.canasta-natural", "score.canasta-mixed", "score.red-threes",
               "score.going-out", "score.concealed", "score.hand"]


def run(*args, stdin: str = "", home: Path, env: dict | None = None) -> Ran:
    environ = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_NOW": None, "CANASTA_HOME": str(home),
               "COLUMNS": "100", **(env or {})}
    proc = run_in_process(*args, input=stdin, env=environ)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def right_answers(lesson) -> list[str]:
    """What a learner who knows every rule types, worked out by the engine."""
    out = []
    for q in lesson.questions:
        answer = sorted(q.correct(lesson.id), key=str)[0]
        if q.kind == "legal":
            out.append("y" if answer else "n")
        elif q.kind == "rule":
            out.append(str(q.options(lesson.id).index(answer) + 1))
        else:
            out.append(str(answer))
    return out


# --- the curriculum --------------------------------------------------------------------------------

def test_there_are_at_least_ten_lessons():
    assert len(LESSONS) >= 10


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_loads_and_every_question_can_be_answered(path):
    lesson = read_lesson(path)
    assert lesson.questions and not problems(lesson)


def house_options() -> set[str]:
    """The rules that only a house option switches on: their own scenario shows them broken under
    house rules. No built-in ruleset plays them, so the lessons leave them to `canasta explain`."""
    import yaml

    return {rid for rid in RULES
            if "house_rules" in yaml.safe_load((ROOT / "scenarios" / "rules" / f"{rid}.yaml").read_text(encoding="utf-8"))}


def test_the_lessons_cover_every_rule_id_and_the_scoring():
    covered = set()
    for path in LESSONS:
        covered |= set(read_lesson(path).rule_ids())
    assert not set(SPEC_IDS) - covered, "rule ids of the rulebook no lesson covers"
    assert not set(RULES) - covered - house_options(), "rule ids no lesson covers"
    assert not set(SCORE_LINES) - covered, "score lines no lesson covers"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_scripted_learner_takes_the_whole_lesson(path, tmp_path):
    lesson = read_lesson(path)
    answers = right_answers(lesson)
    proc = run("lesson", lesson.id, stdin="\n".join(answers) + "\n", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    n = len(lesson.questions)
    assert f"Lesson done: {n} of {n} right" in proc.stdout
    assert "\x1b[" not in proc.stdout  # plain text when the input is not a terminal
    with sqlite3.connect(tmp_path / "progress.db") as db:
        assert db.execute("SELECT count(*), sum(correct) FROM answers").fetchone() == (n, n)
        assert db.execute("SELECT lesson FROM lessons").fetchall() == [(lesson.id,)]


def test_wrong_answers_are_explained_and_a_yes_no_question_is_not_retried(tmp_path):
    """A legal-or-not question has two answers: after a wrong one the other is shown, not asked for."""
    lesson = next(ls for ls in map(read_lesson, LESSONS) if ls.questions[0].kind == "legal")
    first = lesson.questions[0]
    wrong = "n" if first.correct(lesson.id) == {True} else "y"
    proc = run("lesson", lesson.id, stdin=f"{wrong}\n?\nq\n", home=tmp_path)
    assert "Not quite" not in proc.stdout and "Hint:" in proc.stdout and "The answer:" in proc.stdout
    assert "saved" in proc.stdout
    with sqlite3.connect(tmp_path / "progress.db") as db:
        assert db.execute("SELECT count(*), sum(correct), min(rating) FROM answers").fetchone() == (1, 0, AGAIN)


def test_lesson_list_json(tmp_path):
    data = json.loads(run("lesson", "list", "--json", home=tmp_path).stdout)
    assert len(data["lessons"]) == len(LESSONS)
    first = data["lessons"][0]
    assert {"id", "title", "rules"} <= set(first) and first["rules"]
    assert not (tmp_path / "progress.db").exists(), "listing must not create a database"


def test_unknown_lesson_names_the_lessons(tmp_path):
    proc = run("lesson", "nope", home=tmp_path)
    assert proc.returncode == 2 and "melds" in proc.stderr  # a slip on the command line, not a bad file


def test_lint_finds_a_lesson_question_the_engine_cannot_answer(tmp_path):
    text = LESSONS[0].read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    # A 'which' question with two legal moves has no single right answer.
    bad.write_text(text + "  - ask: which\n    moves: [meld 8H 8D 8S, meld 8H 8D 8S 2C]\n", encoding="utf-8")
    proc = run("lint", str(bad), home=tmp_path)
    assert proc.returncode == 1
    line = len(text.splitlines()) + 1
    assert f"bad.yaml:{line}:" in proc.stdout and "exactly one legal" in proc.stdout


# --- quizzes and the Leitner boxes -------------------------------------------------------------------

def test_a_scripted_quiz_records_every_answer(tmp_path):
    proc = run("quiz", "--count", "4", "--seed", "5", "--rules", "meld.too-small,pile.no-match,initial.below-minimum",
               stdin="y\nn\ny\nn\n" * 3, home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Quiz done" in proc.stdout
    data = json.loads(run("progress", "--json", home=tmp_path).stdout)
    assert data["answers"] >= 4
    assert any(r["right"] + r["wrong"] for r in data["rules"])


def test_quiz_drills_the_rules_asked_for(tmp_path):
    proc = run("quiz", "--rules", "pile.black-three-on-top", "--count", "2", "--seed", "1",
               stdin="n\nn\nn\nn\n", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("Drill: taking the pile") == 2


def test_quiz_rejects_a_rule_it_cannot_drill(tmp_path):
    proc = run("quiz", "--rules", "pile.onto-own-meld", home=tmp_path)
    assert proc.returncode == 2 and "no drill" in proc.stderr


def test_reviews_schedule_by_fsrs_and_order_the_drill(tmp_path):
    clock = [1000.0]
    p = Progress(tmp_path / "p.db", now=lambda: clock[0])
    p.record("quiz", "q", ["pile.empty"], "n", True, rating=GOOD)
    first = p.rules()["pile.empty"]
    assert first.right == 1 and first.due > 1000.0 and first.fsrs.stability > 0
    p.record("quiz", "q", ["pile.empty"], "y", False, rating=AGAIN)
    assert p.rules()["pile.empty"].wrong == 1
    p.record("quiz", "q", ["meld.too-small"], "y", True)  # no rating: an answer that settles nothing
    assert "meld.too-small" not in p.rules()
    for _ in range(2):  # past the learning steps (minutes apart), then days apart
        p.record("quiz", "q", ["meld.too-small"], "y", True, rating=GOOD)
        clock[0] += 15 * 60
    assert p.rules()["meld.too-small"].due - clock[0] > 86400
    clock[0] += 3600  # an hour on: the lapsed rule is due again, the other one is not
    # Due first, then never practised, then the ones not yet due.
    assert p.due(["meld.too-small", "pile.empty", "pile.one-card"]) == ["pile.empty", "pile.one-card", "meld.too-small"]


def test_progress_reset_needs_yes_without_a_terminal(tmp_path):
    Progress(tmp_path / "progress.db").record("quiz", "q", ["pile.empty"], "y", True)
    assert run("progress", "--reset", home=tmp_path).returncode == 2
    assert run("progress", "--reset", "--yes", home=tmp_path).returncode == 0
    assert json.loads(run("progress", "--json", home=tmp_path).stdout)["answers"] == 0


def test_a_damaged_database_is_kept_aside(tmp_path):
    (tmp_path / "progress.db").write_bytes(b"this is not a database" * 100)
    proc = run("progress", "--json", home=tmp_path)
    assert proc.returncode == 0
    assert "kept as" in proc.stderr
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == b"this is not a database" * 100


def test_a_newer_database_is_refused_and_left_alone(tmp_path):
    db = tmp_path / "progress.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA user_version = 99")
        conn.execute("CREATE TABLE future (x)")
    before = db.read_bytes()
    proc = run("quiz", "--count", "1", home=tmp_path)
    assert proc.returncode == 3 and "newer" in proc.stderr
    assert db.read_bytes() == before


def test_answers_survive_a_killed_quiz(tmp_path):
    """Kill -9 in the middle of a quiz: every answer already given is in the database."""
    env = dict(os.environ, CANASTA_HOME=str(tmp_path), PYTHONIOENCODING="utf-8", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "canasta_tutor", "quiz", "--seed", "9"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    try:
        given = 0
        deadline = time.time() + 60
        for line in proc.stdout:
            if "Is this move legal?" in line or "score for this hand?" in line:
                proc.stdin.write("y\n" if "legal" in line else "0\n")
                proc.stdin.flush()
            if line.startswith("Not quite"):  # the retry
                proc.stdin.write("n\n0\n")
                proc.stdin.flush()
            if line.startswith(("Right.", "Not quite", "Not this time")):
                given += 1
            if given >= 3 or time.time() > deadline:
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    with sqlite3.connect(tmp_path / "progress.db") as db:
        assert db.execute("SELECT count(*) FROM answers").fetchone()[0] >= 3


# --- a real terminal ----------------------------------------------------------------------------------

def test_a_lesson_on_a_real_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    lesson = read_lesson(LESSONS[0])
    env = dict(os.environ, CANASTA_HOME=str(tmp_path), PYTHONIOENCODING="utf-8", COLUMNS="100")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "canasta_tutor", "lesson", lesson.id], env=env,
                          encoding="utf-8", timeout=30, dimensions=(50, 100))
    try:
        for answer in right_answers(lesson):
            child.expect(r"> ")
            child.sendline(answer)
            child.expect("Right")
        child.expect("Lesson done")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_each_learner_has_boxes_of_their_own(tmp_path):
    db = tmp_path / "p.db"
    Progress(db, learner="ann").record("quiz", "q", ["pile.empty"], "n", True, rating=GOOD)
    bob = Progress(db, learner="bob")
    assert bob.rules() == {} and bob.answers() == 0
    bob.record("quiz", "q", ["pile.empty"], "y", False)
    bob.reset()
    ann = Progress(db, learner="ann")
    assert ann.answers() == 1 and ann.learners() == ["ann"]


def test_the_learner_option_keeps_progress_apart(tmp_path):
    lesson = read_lesson(LESSONS[0])
    run("lesson", lesson.id, "--learner", "dee", stdin="\n".join(right_answers(lesson)) + "\n", home=tmp_path)
    data = json.loads(run("progress", "--json", "--learner", "dee", home=tmp_path).stdout)
    assert data["learner"] == "dee" and data["lessons_finished"] == [lesson.id]
    other = json.loads(run("progress", "--json", home=tmp_path).stdout)
    assert other["learner"] == "me" and other["answers"] == 0 and other["learners"] == ["dee"]


def test_a_database_of_format_1_is_upgraded_without_loss(tmp_path):
    db = tmp_path / "progress.db"
    with sqlite3.connect(db) as conn:
        conn.executescript("""
            CREATE TABLE answers (id INTEGER PRIMARY KEY, at REAL NOT NULL, source TEXT NOT NULL,
                question TEXT NOT NULL, rules TEXT NOT NULL, given TEXT NOT NULL, correct INTEGER NOT NULL);
            CREATE TABLE boxes (rule TEXT PRIMARY KEY, box INTEGER NOT NULL, due REAL NOT NULL,
                right INTEGER NOT NULL DEFAULT 0, wrong INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE lessons (lesson TEXT PRIMARY KEY, finished REAL);
            INSERT INTO answers (at, source, question, rules, given, correct) VALUES (1, 'quiz', 'q', 'pile.empty', 'n', 1);
            INSERT INTO boxes VALUES ('pile.empty', 2, 5, 1, 0);
            INSERT INTO lessons VALUES ('melds', 3);
            PRAGMA user_version = 1;""")
    p = Progress(db)
    # The Leitner box is gone; the answer is kept and the FSRS schedule rebuilt from it.
    assert p.answers() == 1 and p.rules()["pile.empty"].right == 1 and p.finished_lessons() == ["melds"]


def test_a_locked_database_is_refused_not_moved_aside(tmp_path, monkeypatch):
    from canasta_tutor.learning import store

    monkeypatch.setattr(store, "BUSY_SECONDS", 0.1)  # held all along: how long it is waited for changes nothing
    Progress(tmp_path / "progress.db").record("quiz", "q", ["pile.empty"], "y", True)
    holder = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        proc = run("progress", home=tmp_path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert proc.returncode == 3 and "cannot be opened" in proc.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("progress.db")] == ["progress.db"]


def test_lesson_json_reports_the_result_on_stdout(tmp_path):
    lesson = read_lesson(LESSONS[0])
    proc = run("lesson", lesson.id, "--json", stdin="\n".join(right_answers(lesson)) + "\n", home=tmp_path)
    data = json.loads(proc.stdout)
    assert data == {"lesson": lesson.id, "learner": "me", "asked": len(lesson.questions),
                    "right_first": len(lesson.questions), "finished": True}
    assert "Question 1" in proc.stderr


def test_a_lesson_the_engine_cannot_answer_is_not_taken(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(find_lesson("melds").read_text(encoding="utf-8") + "  - ask: rule\n    move: meld 8H 8D 8S\n",
                   encoding="utf-8")
    proc = run("lesson", str(bad), stdin="y\n" * 20, home=tmp_path)
    assert proc.returncode == 3 and "the engine finds" in proc.stderr and "Question" not in proc.stdout


def test_a_lesson_under_another_ruleset_is_answered_under_it(tmp_path):
    lesson = read_lesson(LESSONS[0], "danish")
    assert all(q.table.ruleset.id == "danish" for q in lesson.questions)
