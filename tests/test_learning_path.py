"""The learning path: FSRS reviews over simulated weeks, lessons that resume, `canasta learn` from a
script, the learner's own ruleset, feedback that explains, and quiz positions that real play reaches."""
from __future__ import annotations

import contextvars
import json
import random
import sqlite3
from collections import Counter
from datetime import datetime, timedelta

import pytest
from test_tutor import right_answers, run

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.ruleset import BUILTIN, load_ruleset
from canasta_tutor.files.snapshot import table_from_text
from canasta_tutor.learning.feedback import explain, hint
from canasta_tutor.learning.lesson import Question, builtin_lessons, read_lesson
from canasta_tutor.learning.progress import DAY, Progress
from canasta_tutor.learning.schedule import AGAIN, GOOD, HARD, rating_for
from canasta_tutor.learning.tested import limits_reached

STRONG, WEAK = "meld.too-small", "pile.needs-natural-pair"
START = 1_767_225_600.0  # 2026-01-01T00:00:00Z


# --- scheduling ------------------------------------------------------------------------------------

def test_a_month_of_one_strong_and_one_weak_rule(tmp_path):
    """Every day the learner practises whatever is due (a few minutes apart); one rule is always
    answered right, the other always wrong."""
    clock = [START + 9 * 3600]
    p = Progress(tmp_path / "p.db", now=lambda: clock[0])
    asked = Counter()
    intervals = []
    for day in range(30):
        clock[0] = START + day * DAY + 9 * 3600
        for _ in range(6):  # a short session: at most six questions a day
            due = [r for r in p.due([STRONG, WEAK]) if r not in p.rules() or p.rules()[r].due <= clock[0]]
            if not due:
                break
            rule = due[0]
            asked[rule] += 1
            p.record("quiz", "q", [rule], "y", rule == STRONG, rating=GOOD if rule == STRONG else AGAIN)
            if rule == STRONG:
                intervals.append(p.rules()[STRONG].due - clock[0])
            clock[0] += 120
    assert asked[WEAK] >= 5 * asked[STRONG], asked
    assert intervals == sorted(intervals) and intervals[-1] > 20 * DAY, intervals
    rules = p.rules()
    assert rules[STRONG].mastered and not rules[WEAK].mastered
    assert rules[WEAK].wrong == asked[WEAK] and rules[STRONG].right == asked[STRONG]


def test_no_rule_is_mastered_in_one_day_however_many_answers(tmp_path):
    clock = [START]
    p = Progress(tmp_path / "p.db", now=lambda: clock[0])
    for _ in range(100):
        p.record("quiz", "q", [STRONG], "y", True, rating=GOOD)
        clock[0] += 60
    r = p.rules()[STRONG]
    assert not r.mastered
    assert r.due - clock[0] < 4 * DAY, "a day of answers must not push a rule far out"
    clock[0] += 3 * DAY
    assert not p.rules()[STRONG].mastered


def test_ratings_come_from_what_happened():
    assert rating_for(True, True, False) == GOOD
    assert rating_for(True, True, True) == HARD  # after a hint
    assert rating_for(True, False, False) == HARD  # after a retry
    assert rating_for(False, False, False) == AGAIN


def test_simulated_time_drives_the_command_line(tmp_path):
    run("quiz", "--rules", STRONG, "--count", "1", "--seed", "3", stdin="y\ny\n", home=tmp_path,
        env={"CANASTA_NOW": "2026-01-01T09:00:00"})
    early = json.loads(run("progress", "--json", home=tmp_path, env={"CANASTA_NOW": "2026-01-01T09:01:00"}).stdout)
    late = json.loads(run("progress", "--json", home=tmp_path, env={"CANASTA_NOW": "2026-02-01T09:00:00"}).stdout)
    row = next(r for r in early["rules"] if r["rule"] == STRONG)
    assert row["right"] + row["wrong"] == 1 and not row["due_now"]
    assert next(r for r in late["rules"] if r["rule"] == STRONG)["due_now"]
    bad = run("progress", home=tmp_path, env={"CANASTA_NOW": "next tuesday"})
    assert bad.returncode == 2 and "CANASTA_NOW" in bad.stderr  # a bad variable is a usage error


def test_progress_json_keeps_its_keys_and_adds_the_fsrs_figures(tmp_path):
    p = Progress(tmp_path / "progress.db")
    p.record("quiz", "q", [WEAK], "y", True, rating=GOOD)
    data = json.loads(run("progress", "--json", home=tmp_path, env={"TZ": "Europe/Amsterdam"}).stdout)
    row = next(r for r in data["rules"] if r["rule"] == WEAK)
    for key in ("rule", "right", "wrong", "due", "due_now", "mastered", "stability", "difficulty",
                "retrievability", "state"):
        assert key in row
    assert row["stability"] > 0 and row["state"] == "learning"
    due = datetime.fromisoformat(row["due"])  # in UTC, saying so, on a machine set to another zone
    assert due.utcoffset() == timedelta(0) and abs(due.timestamp() - p.rules()[WEAK].due) < 1
    assert data["next"]["kind"] in ("review", "lesson", "quiz")
    text = run("progress", home=tmp_path).stdout
    assert "Next:" in text


def test_a_format_2_database_upgrades_with_every_answer_kept(tmp_path):
    """Format 2 as the previous release wrote it: answers, Leitner boxes and finished lessons."""
    db = tmp_path / "progress.db"
    with sqlite3.connect(db) as conn:
        conn.executescript("""
            CREATE TABLE answers (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, at REAL NOT NULL,
                source TEXT NOT NULL, question TEXT NOT NULL, rules TEXT NOT NULL, given TEXT NOT NULL,
                correct INTEGER NOT NULL);
            CREATE TABLE boxes (learner TEXT NOT NULL, rule TEXT NOT NULL, box INTEGER NOT NULL, due REAL NOT NULL,
                right INTEGER NOT NULL DEFAULT 0, wrong INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (learner, rule));
            CREATE TABLE lessons (learner TEXT NOT NULL, lesson TEXT NOT NULL, finished REAL,
                PRIMARY KEY (learner, lesson));
            INSERT INTO answers (learner, at, source, question, rules, given, correct) VALUES
                ('me', 1767225600, 'quiz', 'q', 'pile.empty meld.too-small', 'n', 1),
                ('me', 1767229200, 'quiz', 'q', 'pile.empty', 'y', 0),
                ('me', 1767229300, 'quiz', 'q', '', 'n', 1),
                ('ann', 1767312000, 'lesson:melds', 'q', 'meld.too-small', 'y', 1);
            INSERT INTO boxes VALUES ('me', 'pile.empty', 1, 0, 1, 1), ('me', 'meld.too-small', 2, 0, 1, 0),
                ('ann', 'meld.too-small', 2, 0, 1, 0);
            INSERT INTO lessons VALUES ('ann', 'melds', 1767312000);
            PRAGMA user_version = 2;""")
    me = Progress(db)
    assert me.answers() == 3
    rules = me.rules()
    assert (rules["pile.empty"].right, rules["pile.empty"].wrong) == (1, 1)
    assert (rules["meld.too-small"].right, rules["meld.too-small"].wrong) == (1, 0)
    ann = Progress(db, learner="ann")
    assert ann.answers() == 1 and ann.finished_lessons() == ["melds"] and ann.rules()["meld.too-small"].right == 1
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
        assert conn.execute("SELECT count(*) FROM answers").fetchone()[0] == 4


# --- lessons that resume, the path -----------------------------------------------------------------

def test_a_lesson_left_at_question_3_resumes_at_question_3(tmp_path):
    lesson = read_lesson(builtin_lessons()[1])
    answers = right_answers(lesson)
    first = run("lesson", lesson.id, stdin="\n".join(answers[:2]) + "\nq\n", home=tmp_path)
    assert "Question 3" in first.stdout and "Stopped" in first.stdout
    listed = json.loads(run("lesson", "list", "--json", home=tmp_path).stdout)["lessons"]
    entry = next(x for x in listed if x["id"] == lesson.id)
    assert entry["state"] == "started" and entry["answered"] == 2 and entry["next"]
    again = run("lesson", lesson.id, stdin="\n".join(answers[2:]) + "\n", home=tmp_path)
    assert "Question 1\n" not in again.stdout and again.stdout.index("Question 3") < again.stdout.index("Question 4")
    assert "Going on at question 3" in again.stdout and "Lesson done" in again.stdout
    over = run("lesson", lesson.id, "--restart", stdin="q\n", home=tmp_path)
    assert "Question 1\n" in over.stdout


def test_lesson_list_marks_new_started_finished_and_next(tmp_path):
    lessons = [read_lesson(p) for p in builtin_lessons()]
    run("lesson", lessons[0].id, stdin="\n".join(right_answers(lessons[0])) + "\n", home=tmp_path)
    text = run("lesson", "list", home=tmp_path).stdout
    assert "(finished)" in text and "new, next" in text
    first_lines = [ln for ln in text.splitlines() if ln[:1] in "✓▶ " and "rules:" not in ln]
    assert first_lines[0].startswith("✓") and first_lines[1].startswith("▶")


def test_the_first_lesson_walks_through_a_whole_turn():
    lesson = read_lesson(builtin_lessons()[0])
    kinds = {s.kind for q in lesson.questions for v in ([q.verdict()] if q.kind != "which" else q.verdicts())
             for s in v.steps}
    assert {"draw", "take", "meld", "add", "discard"} <= kinds
    assert any(q.kind == "legal" and q.verdict().went_out for q in lesson.questions)


def test_learn_runs_from_a_script_and_q_stops(tmp_path):
    proc = run("learn", stdin="2\ny\nq\n", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "the lesson" in proc.stdout and "Stopped" in proc.stdout
    # Now a review is due (the answers were minutes ago, and learning steps are minutes long)...
    later = run("learn", "--seed", "4", stdin="q\n", home=tmp_path, env={"CANASTA_NOW": "2030-01-01T09:00:00"})
    assert "Reviews first" in later.stdout, later.stdout


def test_the_learners_ruleset_is_remembered(tmp_path):
    proc = run("quiz", "--ruleset", "danish", "--rules", STRONG, "--count", "1", "--seed", "2", "--json",
               stdin="y\ny\n", home=tmp_path)
    assert json.loads(proc.stdout)["ruleset"] == "danish"
    again = run("quiz", "--rules", STRONG, "--count", "1", "--seed", "2", "--json", stdin="y\ny\n", home=tmp_path)
    assert json.loads(again.stdout)["ruleset"] == "danish"
    assert "danish" in again.stderr  # the table drawn is a Danish one
    assert json.loads(run("progress", "--json", home=tmp_path).stdout)["ruleset"] == "danish"


# --- what a legal move tests, and feedback ---------------------------------------------------------

TABLE = """
ruleset: {ruleset}
players:
  - name: Ann
    hand: 9C 9D 9S 2C 2D JK KH KD 5C 4H
  - {{name: Bob, hand: 11}}
  - {{name: Cas, hand: 11}}
  - {{name: Dee, hand: 11}}
sides:
  - {{name: NS, players: [Ann, Cas], score: {score}, melds: {melds}}}
  - {{name: EW, players: [Bob, Dee], score: 0}}
discard: {pile}
stock: 40
turn: {{player: Ann, phase: {phase}}}
"""


def table(ruleset="classic", score=0, melds="[AS AH AD]", pile="4C 8S KS", phase="play"):
    return table_from_text(TABLE.format(ruleset=ruleset, score=score, melds=melds, pile=pile, phase=phase), "t")


def reached(t, move):
    v = judge(t, move)
    assert v.legal, v.rule_ids
    return dict(limits_reached(t, v))


def test_limits_a_legal_move_reaches_come_from_the_ruleset():
    assert "meld.too-many-wilds" in reached(table(), "meld 9C 9D 2C 2D JK")
    assert "meld.too-many-wilds" not in reached(table(), "meld 9C 9D 2C")
    assert "meld.too-few-naturals" in reached(table(), "meld 9C 9D 2C")
    assert "meld.too-small" in reached(table(), "meld 9C 9D 9S")
    # Danish: naturals must outnumber wild cards, so three naturals and two wilds is the edge.
    assert reached(table("danish"), "meld 9C 9D 9S 2C 2D")["meld.too-many-wilds"]["why"] == "outnumber"
    # A first meld at exactly the minimum (50 at a score of 0: three nines and a two) is a near miss,
    # one well over it is not; yet a question on it tests the first meld's count all the same.
    first = table(score=0, melds="[]")
    assert reached(first, "meld 9C 9D 9S 2C")["initial.below-minimum"]["counted"] == 50
    assert "initial.below-minimum" not in reached(first, "meld 9C 9D 9S 2C 2D JK")
    from canasta_tutor.learning.tested import at_stake

    over = judge(first, "meld 9C 9D 9S 2C 2D JK")
    assert dict(at_stake(first, over))["initial.below-minimum"]["counted"] == 120


def test_a_frozen_pile_taken_with_exactly_a_natural_pair():
    t = table(melds="[]", pile="4C 8S KS", phase="draw", score=-100)
    assert reached(t, "take KH KD")["pile.needs-natural-pair"]["why"] == "not-melded"
    unfrozen = table(pile="4C 8S KS", phase="draw")
    assert "pile.no-match" in reached(unfrozen, "take KH 2C")


def test_feedback_explains_a_legal_move_and_hides_rule_ids():
    q = Question("legal", table(), 1, 0, move="meld 9C 9D 2C 2D JK")
    text = " ".join(explain(q))
    assert text.startswith("Legal:") and "3 wild cards is the most" in text and "classic" in text
    assert "meld.too-many-wilds" not in text and "pagat" not in text
    bad = Question("legal", table(), 1, 0, move="meld 9C 2C 2D JK")
    assert explain(bad)[0].startswith("Illegal:")


def test_hints_point_at_the_fact_not_the_answer():
    legal = Question("legal", table(), 1, 0, move="meld 9C 9D 2C 2D JK")
    illegal = Question("legal", table(), 1, 0, move="meld 9C 9D 2C 2D JK 2H")
    for q in (legal, illegal):
        words = hint(q).lower()
        assert "wild" in words and "legal" not in words and "illegal" not in words
    assert hint(legal) == hint(illegal)


def test_which_questions_show_one_compact_line_per_option():
    q = Question("which", table(phase="draw"), 1, 0, moves=["meld 9C 9D 9S", "draw", "discard 5C"])
    lines = explain(q)
    assert lines[0].startswith("1. meld 9C 9D 9S  (illegal: ") and lines[1] == "2. draw  (legal)"
    assert len(lines) <= 4


def test_lesson_verbose_names_rule_ids(tmp_path):
    lesson = read_lesson(builtin_lessons()[1])
    answers = right_answers(lesson)
    plain = run("lesson", lesson.id, stdin=answers[0] + "\nq\n", home=tmp_path)
    verbose = run("lesson", lesson.id, "--restart", "--verbose", stdin=answers[0] + "\nq\n", home=tmp_path)
    assert "source:" not in plain.stdout and "source:" in verbose.stdout


# --- quiz positions reached by play ----------------------------------------------------------------

def plausible(t, rs) -> list[str]:
    """What no position of a real hand can show."""
    wrong = []
    deck = rs.decks * 52 + rs.jokers
    cards = (sum(len(p.hand) if p.hand is not None else p.count for p in t.players) + len(t.discard) + t.stock
             + sum(len(m.cards) for s in t.sides for m in s.melds) + sum(len(s.red_threes) for s in t.sides))
    if cards != deck:
        wrong.append(f"{cards} cards on the table, the deck has {deck}")
    if len(t.players) != rs.players:
        wrong.append("players")
    for s in t.sides:
        if any(m.rank == "3" for m in s.melds):
            wrong.append("a black-three meld before going out")
        for m in s.melds:
            if m.naturals < rs.min_naturals or (rs.max_wilds is not None and m.wilds > rs.max_wilds):
                wrong.append(f"meld {m.cards} breaks the meld rules")
        if len(s.red_threes) > 2 * rs.decks:
            wrong.append("more red threes than the decks hold")
    for i, c in enumerate(t.discard):
        if c.is_red_three and (i > 0 or rs.wild_upcard != "freeze"):
            wrong.append("a red three inside the pile")
    for p in t.players:
        if p.hand is not None and any(c.is_red_three for c in p.hand):
            wrong.append("a red three kept in hand")
    return wrong


def _quiz_positions(ruleset: str, seeds: range, rare: bool = False):
    from canasta_tutor.learning.quiz import drillable, possible, question_for

    rules = [r for r in drillable() if not r.startswith("score.") and possible(r, ruleset)
             and (rare or r not in ("pile.one-card", "meld.black-threes"))]  # rare in play: the soak run asks them
    for seed in seeds:
        rng = random.Random(seed)
        q = question_for(rules[seed % len(rules)], rng, ruleset)
        if q is not None:
            yield q


@pytest.mark.parametrize("ruleset", BUILTIN)
def test_quiz_positions_are_plausible(ruleset):
    rs = load_ruleset(ruleset)
    found = 0
    for q in _quiz_positions(ruleset, range(6)):
        found += 1
        assert not plausible(q.table, rs), (ruleset, plausible(q.table, rs))
        assert q.table.ruleset.id == rs.id
    assert found >= 4


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", BUILTIN)
def test_quiz_positions_are_plausible_over_hundreds_of_seeds(ruleset):
    rs = load_ruleset(ruleset)
    for q in _quiz_positions(ruleset, range(300), rare=True):
        assert not plausible(q.table, rs), (ruleset, plausible(q.table, rs))


def test_every_walked_position_is_plausible():
    from canasta_tutor.learning.positions import walk

    for ruleset in BUILTIN:
        rs = load_ruleset(ruleset)
        for seed in range(3):
            for p in walk(ruleset, seed):
                assert not plausible(p.seen(), rs), (ruleset, seed, p.turn, plausible(p.seen(), rs))


def test_score_drills_are_realistic_hands():
    from canasta_tutor.learning.quiz import MAX_MELDS, question_for

    for seed in range(3):
        q = question_for("score.cards", random.Random(seed), "classic")
        assert q is not None and all(len(s.melds) <= MAX_MELDS for s in q.table.sides)


def test_a_wrong_call_on_a_legal_move_counts_against_the_limit_it_reached(tmp_path):
    import io

    from canasta_tutor.learning.tutor import Talk, ask

    p = Progress(tmp_path / "p.db", now=lambda: START)
    q = Question("legal", table(), 1, 0, move="meld 9C 9D 2C 2D JK")
    out = io.StringIO()
    assert ask(q, Talk(io.StringIO("n\nn\n"), out), p, "quiz") is False
    rules = p.rules()
    assert rules["meld.too-many-wilds"].wrong == 1 and rules["meld.too-few-naturals"].wrong == 1
    assert "3 wild cards is the most" in out.getvalue()
    # A yes/no question has no retry: the wrong first answer is the lapse, and nothing more is asked.
    q2 = Question("legal", table(), 2, 0, move="meld 9C 9D 2C 2D JK 2H")
    ask(q2, Talk(io.StringIO("y\nn\n"), io.StringIO()), p, "quiz")
    assert p.rules()["meld.too-many-wilds"].right == 0 and p.rules()["meld.too-many-wilds"].wrong == 2


def test_lesson_prose_wraps_to_the_terminal(tmp_path):
    lesson = read_lesson(builtin_lessons()[0])
    proc = run("lesson", lesson.id, stdin="q\n", home=tmp_path, env={"COLUMNS": "60"})
    prose = [ln for ln in proc.stdout.splitlines() if ln and not ln.startswith((" ", "Pile", "Classic", "NS", "EW"))]
    assert prose and max(map(len, prose)) <= 60, max(prose, key=len)
    wide = run("lesson", lesson.id, "--restart", stdin="q\n", home=tmp_path, env={"COLUMNS": "120"})
    assert max(map(len, wide.stdout.splitlines())) > 60


def test_learn_and_progress_name_rules_and_lessons_by_their_titles(tmp_path):
    """Rule ids and lesson ids are for looking things up: the learner reads titles (ids with --verbose)."""
    from canasta_tutor import texts
    from canasta_tutor.learning.path import builtin_summaries

    due = ["meld.mixed-ranks", "initial.canasta-required", "score.cards"]  # a rule, a Dutch rule, a score line
    p = Progress(tmp_path / "progress.db", now=lambda: START)
    for rule in due:
        p.record("quiz", f"q {rule}", [rule], "y", False, rating=AGAIN)
    for lesson in ("drawing", "first-meld"):
        p.finish_lesson(lesson)
    p.close()
    later = {"CANASTA_NOW": "2026-01-03T09:00:00", "CANASTA_LANG": "en", "COLUMNS": "400"}
    titles = {r: texts.rule_entry(r, "en")["title"] for r in due[:2]} | {"score.cards": "Melded cards"}
    lessons = {lid: title for lid, title, _, _ in builtin_summaries()}
    learn = run("learn", "--seed", "1", stdin="q\n", home=tmp_path, env=later).stdout
    why = next(ln for ln in learn.splitlines() if ln.startswith("Reviews first:"))
    shown = run("progress", home=tmp_path, env=later).stdout
    verbose = run("progress", "--verbose", home=tmp_path, env=later).stdout
    head, nxt = shown.splitlines()[0], next(ln for ln in shown.splitlines() if ln.startswith("Next:"))
    for rule, title in titles.items():
        assert f"“{title}”" in why and rule not in why, why
        assert f"“{title}”" in nxt and rule not in nxt, nxt
        assert rule in verbose.split("Next:")[1]
    for lesson in ("drawing", "first-meld"):
        assert f"“{lessons[lesson]}”" in head and lesson not in head.split(":", 1)[1], head
        assert lesson in verbose.splitlines()[0]
    # a quiz under other rules quotes the rule's title as every other message quotes a title
    other = texts.section("tutor", "quiz-other-ruleset", {"title": titles["initial.canasta-required"],
                                                          "ruleset": "classic", "other": "dutch-house"})
    assert other.startswith("“At this score")


@pytest.mark.parametrize("lang", ["en", "nl", "da", "pt-BR"])
def test_the_next_lesson_is_named_in_the_languages_own_quotation_marks(tmp_path, lang):
    """`learn` says why a lesson comes next and `progress` names it: its title is quoted as every other
    title of the language is (“…”, „…”, »…«), never between typewriter quotes."""
    from canasta_tutor import texts

    first = read_lesson(builtin_lessons()[0], lang=lang)
    quoted = texts.section("learning", "quoted", {"title": first.title}, lang)
    learn = run("--lang", lang, "learn", stdin="q\n", home=tmp_path, env={"COLUMNS": "400"}).stdout
    shown = run("--lang", lang, "progress", home=tmp_path, env={"COLUMNS": "400"}).stdout
    why = texts.section("learning", "why-lesson", {"title": quoted}, lang)
    assert why in learn, learn
    nxt = next(ln for ln in shown.splitlines() if first.id in ln)
    assert quoted in nxt, nxt
    for text in (learn, nxt):
        assert f"'{first.title}'" not in text and f'"{first.title}"' not in text


def _quoted_title(rule: str, lang: str) -> str:
    """A rule's or topic's title as a sentence of ``lang`` quotes it (run in a context of its own)."""
    from canasta_tutor import texts
    from canasta_tutor.learning.tested import topic_title

    texts.choose(lang)
    return texts.section("learning", "quoted", {"title": topic_title(rule)})


@pytest.mark.parametrize("lang", ["en", "nl", "da", "pt-BR"])
def test_lesson_list_names_the_rules_by_their_titles_and_ids_only_when_verbose(tmp_path, lang):
    from canasta_tutor.learning.path import builtin_summaries

    env = {"COLUMNS": "1000"}  # one line a lesson's rules: a title is never cut by the wrapping
    plain = run("--lang", lang, "lesson", "list", home=tmp_path, env=env).stdout
    verbose = run("--lang", lang, "lesson", "list", "--verbose", home=tmp_path, env=env).stdout
    listed = json.loads(run("lesson", "list", "--json", home=tmp_path).stdout)["lessons"]
    assert [x["rules"] for x in listed] == [rules for _, _, _, rules in builtin_summaries()]  # JSON keeps ids
    for x in listed:
        for rule in x["rules"]:
            title = contextvars.copy_context().run(_quoted_title, rule, lang)
            assert title in plain and f"{title} ({rule})" in verbose, (lang, rule)
            assert rule not in plain.replace(f" {x['id']} ", " "), (lang, rule)  # (a lesson id may equal a word)
