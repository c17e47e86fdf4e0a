"""Honest grading: a wrong first answer is a lapse of the rules the question tests, whatever the kind
of question and however the retry goes; a lesson's summary covers every sitting; `progress` shows
right and wrong per rule by title (ids with --verbose) and a mastered mark in plain text. Run in
process (CliRunner)."""
from __future__ import annotations

import json

import pytest
from test_tutor import right_answers
from typer.testing import CliRunner

from canasta_tutor.cli import app
from canasta_tutor.learning.lesson import find_lesson, read_lesson
from canasta_tutor.learning.progress import DAY, Progress
from canasta_tutor.learning.schedule import GOOD
from canasta_tutor.learning.tested import tested_rules as rules_of


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path))
    monkeypatch.setenv("CANASTA_NOW", "2026-02-20T09:00:00")
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def canasta(*args: str, stdin: str = "") -> str:
    result = CliRunner().invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.stdout


def wrong_answer(q, seed: str) -> str:
    right = q.correct(seed)
    if q.kind == "legal":
        return "n" if True in right else "y"
    if q.kind == "rule":
        options = q.options(seed)
        return str(next(i for i, r in enumerate(options, 1) if r not in right))
    if q.kind == "which":
        return str(next(i for i in range(1, len(q.moves) + 1) if i not in right))
    return str(next(iter(right)) + 50)


def rule_rows() -> dict[str, dict]:
    return {r["rule"]: r for r in json.loads(canasta("progress", "--json"))["rules"]}


@pytest.mark.parametrize("lesson", ["melds", "first-turn", "canastas", "pile"])
def test_a_wrong_first_answer_counts_against_every_rule_the_question_tests(home, lesson):
    """Wrong first, then right on the retry where there is one: each question's rules show a wrong."""
    ls = read_lesson(find_lesson(lesson))
    rights = right_answers(ls)
    stdin = "".join(f"{wrong_answer(q, ls.id)}\n" + ("" if q.kind == "legal" else f"{rights[i]}\n")
                    for i, q in enumerate(ls.questions[:3]))
    out = canasta("lesson", lesson, stdin=stdin + "q\n")
    rows = rule_rows()
    for q in ls.questions[:3]:
        rules = rules_of(q)
        assert rules, f"question {q.number} of {lesson} tests no rule"
        for rule in rules:
            assert rows[rule]["wrong"] >= 1, (lesson, q.number, rule, out)


def test_a_yes_no_question_is_not_asked_twice(home):
    ls = read_lesson(find_lesson("melds"))
    q = ls.questions[0]
    assert q.kind == "legal"
    out = canasta("lesson", "melds", stdin=wrong_answer(q, ls.id) + "\nq\n")
    assert "Try again" not in out and "Not this time. The answer:" in out


def test_a_resumed_lesson_reports_the_whole_lesson(home):
    ls = read_lesson(find_lesson("melds"))
    rights = right_answers(ls)
    canasta("lesson", "melds", stdin=wrong_answer(ls.questions[0], ls.id) + "\nq\n")
    out = canasta("lesson", "melds", stdin="\n".join(rights[1:]) + "\n")
    total = len(ls.questions)
    assert f"Lesson done: {total - 1} of {total} right at the first try." in out, out[-500:]


def test_progress_names_rules_by_title_and_ids_with_verbose_and_marks_mastered(home, tmp_path):
    at = [1_767_254_400.0]
    store = Progress(tmp_path / "progress.db", now=lambda: at[0])
    for day in (0, 1, 4, 15, 45):
        at[0] = 1_767_254_400.0 + day * DAY
        store.record("quiz", "q", ["meld.too-small"], "y", True, rating=GOOD)
    store.record("quiz", "q", ["pile.one-card"], "n", False, rating=1)
    store.close()
    plain = canasta("progress")
    verbose = canasta("progress", "--verbose")
    assert "A meld has at least three cards" in plain and "meld.too-small" not in plain, plain
    assert "meld.too-small" in verbose and "A meld has at least three cards" not in verbose
    row = rule_rows()["meld.too-small"]
    assert row["right"] == 5 and row["wrong"] == 0 and row["mastered"]
    assert rule_rows()["pile.one-card"]["wrong"] == 1
    line = next(ln for ln in plain.splitlines() if "A meld has at least three cards" in ln)
    assert line.split()[0] in ("✓", "+"), plain


def test_score_questions_say_too_high_or_too_low_and_hint_line_by_line(home):
    ls = read_lesson(find_lesson("scoring"))
    q = next(q for q in ls.questions if q.kind == "score")
    before = [i for i, x in enumerate(ls.questions) if x is q][0]
    rights = right_answers(ls)
    right = int(rights[before])
    stdin = "".join(a + "\n" for a in rights[:before]) + f"?\n?\n{right + 40}\n{right}\nq\n"
    out = canasta("lesson", "scoring", stdin=stdin)
    assert "Too high." in out
    assert "The count line by line (1 of" in out
    stdin = "".join(a + "\n" for a in rights[:before]) + f"{right - 40}\nq\n"
    out = canasta("lesson", "scoring", "--restart", stdin=stdin)
    assert "Too low." in out


def test_the_last_score_hint_shows_the_whole_count_and_asks_for_no_more():
    from canasta_tutor.learning.feedback import hint

    q = next(q for q in read_lesson(find_lesson("scoring")).questions if q.kind == "score")
    total = len(next(s for s in q.report().sides if s.name == q.side).lines)
    assert "Type ? again" in hint(q, 1) or total == 1
    last = hint(q, total)
    assert "Type ? again" not in last and last.startswith("The whole count")


def test_a_concealed_score_question_says_the_player_went_out_concealed(home):
    ls = read_lesson(find_lesson("scoring-practice"))
    before = next(i for i, q in enumerate(ls.questions) if q.kind == "score" and q.concealed)
    stdin = "".join(a + "\n" for a in right_answers(ls)[:before]) + "q\n"
    out = canasta("lesson", "scoring-practice", stdin=stdin)
    assert "The hand is over: Bob went out concealed." in out


# --- feedback about the point ----------------------------------------------------------------------

def _phrases(q, rule: str) -> list[str]:
    """What names ``rule`` in feedback: its title, its message with the facts of this question, the
    words of a limit a legal move reached, a score line's detail."""
    from canasta_tutor import texts
    from canasta_tutor.engine.rules import RULES
    from canasta_tutor.learning.feedback import _legal_key, say
    from canasta_tutor.learning.tested import limits_reached

    found = []
    if rule in RULES:
        found.append(texts.rule_entry(rule)["title"])
    verdicts = [q.verdict()] if q.kind in ("legal", "rule") else q.verdicts() if q.kind == "which" else []
    for v in verdicts:
        for f in v.violations:
            if f.rule == rule:
                found.append(texts.rule_message(rule, f.params).split(";")[0])
                if "cards" in f.params:  # the fact without the cards (a lay-off names only the cards laid off)
                    found.append(texts.rule_message(rule, {**f.params, "cards": ""}).split(";")[0].strip(" :"))
        if v.legal:
            limits = limits_reached(q.table, v) + [("initial.below-minimum", dict(n.params))
                                                   for n in v.notes if n.rule == "initial-counted"]
            for r, params in limits:
                if r == rule:
                    found.append(say(_legal_key(r, params), ruleset=q.table.ruleset.id, **params))
    if q.kind == "score":
        side = next(s for s in q.report().sides if s.name == q.side)
        found += [texts.score_detail(ln.rule, ln.params) for ln in side.lines if ln.rule == rule]
    if q.kind == "best" and rule.startswith("strategy."):  # the coach's reason for its best move
        best = q.best_rating()
        found.append(texts.section("play", best.key, best.params))
    return [p for p in found if p]


@pytest.mark.parametrize("path", __import__("canasta_tutor.learning.lesson", fromlist=["x"]).builtin_lessons(),
                         ids=lambda p: p.stem)
def test_the_feedback_on_every_lesson_question_names_what_it_tests(path):
    from canasta_tutor.learning.feedback import explain

    for q in read_lesson(path).questions:
        said = " ".join(explain(q))
        rules = rules_of(q)
        assert any(p in said for r in rules for p in _phrases(q, r)), (path.stem, q.number, rules, said)


def test_a_legal_first_meld_is_explained_by_its_count_not_by_a_meld_limit():
    from canasta_tutor.learning.feedback import explain

    q = read_lesson(find_lesson("first-meld")).questions[5]
    assert q.move == "draw; meld AS AH AD; meld KS KH KD 2S; discard 5C"
    assert explain(q) == ["Legal: the first meld counts 110, and 90 is needed; it reaches the minimum."]


def test_a_wrong_option_says_why_with_the_fact_and_names_only_played_cards():
    from canasta_tutor.engine.judge import judge
    from canasta_tutor.learning.feedback import explain, verdict_why

    q = read_lesson(find_lesson("first-meld")).questions[3]
    lines = explain(q)
    assert "the initial meld counts 30, your side needs 50" in lines[1]
    assert "only the top card counts toward the first meld" in lines[1]
    table = read_lesson(find_lesson("first-turn")).questions[0].table
    said = verdict_why(table, judge(table, "draw; meld QC 9S"))
    assert "QS" not in said and "QD" not in said and "join your side's meld of queens" in said


# --- whole decks -----------------------------------------------------------------------------------

def test_every_built_in_lesson_table_holds_the_whole_deck():
    from canasta_tutor.learning.lesson import builtin_lessons, deck_problems

    assert {p.stem: deck_problems(read_lesson(p)) for p in builtin_lessons()} == {
        p.stem: [] for p in builtin_lessons()}


def test_lint_notes_a_lesson_table_that_is_not_a_whole_deck(home, tmp_path):
    text = find_lesson("melds").read_text(encoding="utf-8")
    start = text.index("stock: ")
    end = text.index("\n", start)
    short = text[:start] + "stock: 20" + text[end:]
    (tmp_path / "short.yaml").write_text(short, encoding="utf-8")
    result = CliRunner().invoke(app, ["lint", str(tmp_path / "short.yaml"), "--json"])
    data = json.loads(result.stdout)
    notes = [n["message"] for f in data["files"] for n in f["notes"]]
    assert any("holds" in n and "whole deck" in n for n in notes), data
