"""The progress store against a hostile or unlucky home folder (issue 24): a `progress.db` that is a
link, a folder, a pipe or a socket; rows edited by hand; a damaged file of unsaved answers; and
CANASTA_NOW out of range. Each situation gives a clear message and the right exit code, loses
nothing, and never waits on a pipe."""
from __future__ import annotations

import functools
import json
import os
import socket
import sqlite3
import tempfile
from pathlib import Path

import pytest
from clirun import Ran, run_in_process, run_in_process_elsewhere, run_process

from canasta_tutor.learning.progress import Progress
from canasta_tutor.learning.schedule import AGAIN, GOOD, review, sound

RULE, OTHER = "meld.too-small", "meld.mixed-ranks"
START = 1_767_225_600.0  # 2026-01-01T00:00:00Z
READERS = [["progress"], ["progress", "--json"], ["lesson", "list"]]
TAKERS = [["lesson", "first-turn"], ["quiz", "--rules", RULE, "--count", "1", "--seed", "1"], ["learn", "--seed", "1"]]


def cli(home: Path, *args: str, stdin: str = "q\n", env: dict | None = None) -> Ran:
    """The command in-process (fast); never an internal error."""
    result = run_in_process(*args, input=stdin,
                            env={"CANASTA_HOME": str(home), "CANASTA_NOW": "", "COLUMNS": "100", **(env or {})})
    assert result.returncode != 70, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result


def run(home: Path, *args: str, stdin: str = "q\n") -> Ran:
    """The command as its own process: for what used to hang (a pipe), where the timeout fails the test,
    and for the exit code and the messages as they leave a process."""
    proc = run_process(*args, input=stdin, env={"CANASTA_NOW": None, "CANASTA_HOME": str(home), "CANASTA_LANG": "en"},
                       timeout=60)
    assert proc.returncode != 70 and "Traceback" not in proc.stderr, proc.stderr
    return proc


def seeded(home: Path) -> Path:
    """A database with two rules practised, a finished lesson, a place in another and a ruleset."""
    home.mkdir(exist_ok=True)
    db = home / "progress.db"
    db.write_bytes(_seeded_bytes())
    return db


@functools.cache
def _seeded_bytes() -> bytes:
    """The seeded database, made once and copied: most tests here begin from it, and its six commits,
    each written through to the disk, cost more than many of the tests. Every clock in it is START, so
    it comes out the same byte for byte however often it is made."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "progress.db"
        p = Progress(db, now=lambda: START)
        p.record("quiz", "q1", [RULE], "y", True, rating=GOOD)
        p.record("quiz", "q2", [RULE], "y", True, rating=GOOD)
        p.record("quiz", "q3", [OTHER], "n", False, rating=AGAIN)
        p.record("lesson:melds", "q4", [OTHER], "y", True, rating=GOOD, lesson=("first-turn", 1))
        p.finish_lesson("melds")
        p.set_ruleset("classic")
        p.close()
        assert [f.name for f in Path(folder).iterdir()] == ["progress.db"]  # the whole of it
        return db.read_bytes()


def edit(db: Path, sql: str) -> None:
    conn = sqlite3.connect(db)
    conn.execute(sql)
    conn.commit()
    conn.close()


def rows(db: Path, sql: str) -> list:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def notices(stderr: str, word: str) -> int:
    return sum(word in line for line in stderr.splitlines())


# --- 1 and 2: what is at progress.db ----------------------------------------------------------------

@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to-a-database"])
def test_a_database_that_is_a_link_is_refused_and_its_target_never_written(tmp_path, dangling):
    home = tmp_path / "home"
    home.mkdir()
    target = tmp_path / "elsewhere.db"
    if not dangling:
        seeded(tmp_path / "other")
        os.replace(tmp_path / "other" / "progress.db", target)
    before = target.read_bytes() if target.exists() else None
    (home / "progress.db").symlink_to(target)
    for args in TAKERS + READERS:
        result = cli(home, *args, stdin="y\ny\nq\n")
        assert "symbolic link" in result.stderr and str(home / "progress.db") in result.stderr, result.stderr
        assert result.exit_code == (0 if args == ["lesson", "list"] else 3), (args, result.stderr)
    assert (target.read_bytes() if target.exists() else None) == before  # never created nor written
    assert (home / "progress.db").is_symlink()


def test_a_journal_that_is_a_link_is_refused_before_sqlite_writes_through_it(tmp_path):
    home = tmp_path / "home"
    seeded(home)
    target = tmp_path / "victim"
    (home / "progress.db-journal").symlink_to(target)
    result = cli(home, "quiz", "--rules", RULE, "--count", "1", "--seed", "1", stdin="y\ny\n")
    assert result.exit_code == 3 and "progress.db-journal" in result.stderr and "symbolic link" in result.stderr
    assert not target.exists()


def test_a_database_that_is_a_folder_is_called_a_folder(tmp_path):
    home = tmp_path / "home"
    (home / "progress.db").mkdir(parents=True)
    for args in TAKERS + READERS:
        result = cli(home, *args)
        assert "is a folder" in result.stderr and "disk I/O" not in result.stderr, result.stderr
        assert result.exit_code == (0 if args == ["lesson", "list"] else 3)
    assert "first-turn" in cli(home, "lesson", "list").stdout  # the lessons are still listed, unmarked


def test_a_database_that_is_a_socket_is_refused(tmp_path):
    home = tmp_path / "h"
    home.mkdir()
    name = str(home / "progress.db")
    if len(name) > 100:
        pytest.skip("the temporary folder's name is too long for a socket")
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(name)
        for args in TAKERS + READERS[:2]:
            result = cli(home, *args)
            assert result.exit_code == 3 and "not a regular file" in result.stderr, result.stderr
    finally:
        sock.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_database_that_is_a_pipe_is_refused_at_once(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    os.mkfifo(home / "progress.db")
    commands = [["progress"], ["lesson", "list"], ["lesson", "first-turn"], ["quiz", "--count", "1"], ["learn"]]

    def refused(args: list[str], proc: Ran) -> None:
        assert proc.returncode != 70 and "Traceback" not in proc.stderr, proc.stderr
        assert "pipe" in proc.stderr and "progress.db" in proc.stderr, proc.stderr
        assert proc.returncode == (0 if args == ["lesson", "list"] else 3), (args, proc.stderr)

    # Every command in one process together, whose timeout fails the test if one of them waits on the pipe.
    ran = run_in_process_elsewhere(commands, input="q\n", timeout=60,
                                   env={"CANASTA_NOW": None, "CANASTA_HOME": str(home), "CANASTA_LANG": "en"})
    for args, (proc, _) in zip(commands, ran):
        refused(args, proc)
    # One command of each outcome (refused, exit 3; the lessons listed all the same, exit 0) again as a
    # process of its own: the exit code and the message as they leave a process.
    for args in (["progress"], ["lesson", "list"]):
        refused(args, run(home, *args))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_pipe_named_like_unsaved_answers_is_not_waited_on(tmp_path):
    home = tmp_path / "home"
    seeded(home)
    fifo = home / "progress.db.unsaved-20260101-000000-1.json"
    os.mkfifo(fifo)
    proc = run(home, "lesson", "first-turn")
    assert proc.returncode == 0, proc.stderr
    assert notices(proc.stderr, fifo.name) == 1 and "pipe" in proc.stderr
    assert fifo.exists()  # not ours: left as it is


# --- 3: rows edited by hand -------------------------------------------------------------------------

CARD_DAMAGE = {
    "garbage": f"UPDATE cards SET card = 'garbage{{' WHERE rule = '{RULE}'",
    "due-text": f"UPDATE cards SET due = 'abc' WHERE rule = '{RULE}'",
    "list-and-counts": f"UPDATE cards SET card = '[]', right = 'x', wrong = -3 WHERE rule = '{RULE}'",
    "negative-stability": f"UPDATE cards SET card = json_set(card, '$.stability', -1.5) WHERE rule = '{RULE}'",
    "naive-date": f"UPDATE cards SET card = json_set(card, '$.due', '2026-01-02T00:00:00') WHERE rule = '{RULE}'",
    "year-9999": f"UPDATE cards SET due = 253402300799.0 WHERE rule = '{RULE}'",
    "deep": f"UPDATE cards SET card = '{'[' * 900}' WHERE rule = '{RULE}'",
}


@pytest.mark.parametrize("sql", CARD_DAMAGE.values(), ids=CARD_DAMAGE.keys())
def test_a_damaged_schedule_is_worked_out_again_from_the_answers(tmp_path, sql):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, sql)
    damaged = db.read_bytes()
    for args in READERS:  # reading shows the repaired schedule and leaves the file alone
        result = cli(home, *args)
        assert result.exit_code == 0, result.stderr
        assert notices(result.stderr, "damaged schedule") == 1 and RULE in result.stderr, result.stderr
    assert db.read_bytes() == damaged
    data = json.loads(cli(home, "progress", "--json").stdout)
    got = {r["rule"]: (r["right"], r["wrong"]) for r in data["rules"] if r["seen"]}
    assert got[RULE] == (2, 0) and got[OTHER] == (1, 1)  # worked out again; the other rule kept
    assert data["lessons_finished"] == ["melds"] and data["answers"] == 4 and data["ruleset"] == "classic"
    result = cli(home, *TAKERS[1], stdin="q\n")  # a quiz repairs the file, and says so once
    assert result.exit_code == 0 and notices(result.stderr, "damaged schedule") == 1, result.stderr
    assert all(sound(card) for (card,) in rows(db, "SELECT card FROM cards"))
    assert rows(db, "SELECT count(*) FROM answers") == [(4,)]
    again = cli(home, "progress")
    assert again.exit_code == 0 and "damaged" not in again.stderr


@pytest.mark.parametrize("args", TAKERS[::2], ids=["lesson", "learn"])
def test_lessons_and_learn_repair_a_damaged_row_too(tmp_path, args):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, CARD_DAMAGE["garbage"])
    result = cli(home, *args)
    assert result.exit_code == 0 and notices(result.stderr, "damaged schedule") == 1, result.stderr
    assert all(sound(card) for (card,) in rows(db, "SELECT card FROM cards"))


OTHER_DAMAGE = {
    "lesson-blob": "INSERT INTO lessons VALUES ('me', x'00ff', 5)",
    "finished-text": "UPDATE lessons SET finished = 'yesterday'",
    "question-text": "UPDATE lesson_answers SET question = 'abc'",
    "ruleset-blob": "UPDATE learners SET ruleset = x'00ff'",
}


@pytest.mark.parametrize("sql", OTHER_DAMAGE.values(), ids=OTHER_DAMAGE.keys())
def test_other_damaged_rows_are_left_out_then_forgotten(tmp_path, sql):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, sql)
    for args in READERS:
        result = cli(home, *args)
        assert result.exit_code == 0 and notices(result.stderr, "damaged rows") == 1, result.stderr
    json.loads(cli(home, "progress", "--json").stdout)  # valid JSON: no bytes from a blob
    result = cli(home, *TAKERS[1])
    assert result.exit_code == 0 and notices(result.stderr, "damaged rows") == 1, result.stderr
    assert "damaged" not in cli(home, "progress").stderr
    assert rows(db, "SELECT count(*) FROM answers") == [(4,)] and len(rows(db, "SELECT * FROM cards")) == 2


def test_a_damaged_answer_is_kept_and_left_out_of_the_schedule(tmp_path):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, "UPDATE answers SET at = 'abc', learner = x'00' WHERE id = 3")
    edit(db, f"UPDATE cards SET card = 'garbage{{' WHERE rule = '{OTHER}'")
    result = cli(home, "progress", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {r["rule"]: r["right"] + r["wrong"] for r in data["rules"] if r["seen"]}[OTHER] == 1
    assert data["learners"] == ["me"]


def test_sound_knows_the_cards_fsrs_writes_from_anything_else():
    card = review(None, GOOD, START)
    assert sound(card) and sound(review(card, AGAIN, START + 600))
    for bad in ["garbage{", "[]", "{}", "null", b"{}", "x" * 2000, json.dumps(json.loads(card) | {"step": "1"}),
                json.dumps(json.loads(card) | {"difficulty": float("nan")}),
                json.dumps(json.loads(card) | {"due": "9999-12-31T23:59:59+00:00"})]:
        assert not sound(bad), bad


# --- 4: a damaged file of unsaved answers -----------------------------------------------------------

GOOD_ITEM = ["answer", "quiz", "q", [RULE], "y", True, START + 60, GOOD, None]
SIDE_DAMAGE = {
    "not-json": b"garbage{",
    "not-utf8": b"\xff\xfe{\x00",
    "a-list": b"[1, 2]",
    "short-item": json.dumps({"learner": "me", "pending": [["answer", "x"]]}).encode(),
    "no-learner": json.dumps({"learner": 5, "pending": [GOOD_ITEM]}).encode(),
    "time-beyond": json.dumps({"learner": "me", "pending": [GOOD_ITEM[:6] + [1e300, GOOD, None]]}).encode(),
    "rating-text": json.dumps({"learner": "me", "pending": [GOOD_ITEM[:7] + ["good", None]]}).encode(),
    "deep": b"[" * 100_000,
}


@pytest.mark.parametrize("content", SIDE_DAMAGE.values(), ids=SIDE_DAMAGE.keys())
def test_a_damaged_unsaved_answers_file_is_set_aside_once(tmp_path, content):
    home = tmp_path / "home"
    db = seeded(home)
    side = home / "progress.db.unsaved-20260101-000000-1.json"
    side.write_bytes(content)
    fine = home / "progress.db.unsaved-20260101-000000-2.json"
    fine.write_text(json.dumps({"learner": "me", "pending": [GOOD_ITEM]}))
    result = cli(home, *TAKERS[0])
    assert result.exit_code == 0, result.stderr
    assert notices(result.stderr, side.name) == 1 and "damaged" in result.stderr, result.stderr
    assert not side.exists() and (home / (side.name + ".damaged")).read_bytes() == content  # kept, not deleted
    assert not fine.exists() and rows(db, "SELECT count(*) FROM answers") == [(5,)]  # the good one is added
    again = cli(home, *TAKERS[1])
    assert again.exit_code == 0 and side.name not in again.stderr


def test_a_link_or_folder_named_like_unsaved_answers_is_not_read(tmp_path):
    home = tmp_path / "home"
    db = seeded(home)
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"learner": "me", "pending": [GOOD_ITEM]}))
    link = home / "progress.db.unsaved-20260101-000000-1.json"
    link.symlink_to(outside)
    folder = home / "progress.db.unsaved-20260101-000000-2.json"
    folder.mkdir()
    result = cli(home, *TAKERS[0])
    assert result.exit_code == 0, result.stderr
    assert "symbolic link" in result.stderr and "is a folder" in result.stderr, result.stderr
    assert link.is_symlink() and folder.is_dir() and outside.exists()
    assert rows(db, "SELECT count(*) FROM answers") == [(4,)]  # nothing read through the link


# --- 5: CANASTA_NOW ---------------------------------------------------------------------------------

@pytest.mark.parametrize("now", ["9999-12-31T23:59:59", "next tuesday", "1969-12-31T23:59:59",
                                 "0001-01-01T00:00:00-05:00", "3000-01-01"])
@pytest.mark.parametrize("args", TAKERS + READERS[:2], ids=lambda a: " ".join(a[:2]))
def test_canasta_now_out_of_range_or_unparsable_is_a_usage_error(tmp_path, now, args):
    home = tmp_path / "home"
    seeded(home)
    result = cli(home, *args, stdin="y\ny\n", env={"CANASTA_NOW": now})
    assert result.exit_code == 2, result.stderr
    assert "CANASTA_NOW" in result.stderr and "ISO date-time" in result.stderr


def test_the_last_moment_allowed_schedules_and_reads_back(tmp_path):
    home = tmp_path / "home"
    db = seeded(home)
    late = {"CANASTA_NOW": "2999-12-31T23:59:59"}
    result = cli(home, "quiz", "--rules", RULE, "--count", "2", "--seed", "1", stdin="y\ny\ny\ny\n", env=late)
    assert result.exit_code == 0, result.stderr
    assert all(sound(card) for (card,) in rows(db, "SELECT card FROM cards"))
    again = cli(home, "progress", "--json", env=late)
    assert again.exit_code == 0 and "damaged" not in again.stderr


# --- 6: what SQLite cannot store, text that is not UTF-8, a ruleset of no use (round four) -------------

def _item(at: int, value) -> list:
    item = list(GOOD_ITEM)
    item[at] = value
    return item


# Every position of a kept answer with what ``record`` never writes and SQLite cannot take: an integer
# beyond 64 bits, inf and nan (Python's json reads Infinity and NaN), a lone surrogate, a nesting.
SURROGATE = "\ud800"
UNSTORABLE = {
    "question-number-huge": _item(8, ["melds", 10 ** 29]),
    "question-number-negative": _item(8, ["melds", -1]),
    "question-number-float": _item(8, ["melds", 1.5]),
    "lesson-surrogate": _item(8, ["melds" + SURROGATE, 1]),
    "lesson-three": _item(8, ["melds", 1, 2]),
    "lesson-dict": _item(8, {"melds": 1}),
    "correct-huge": _item(5, 10 ** 29),
    "correct-one": _item(5, 1),
    "rating-huge": _item(7, 10 ** 29),
    "rating-bool": _item(7, True),
    "time-huge-int": _item(6, 10 ** 29),
    "time-inf": _item(6, float("inf")),
    "time-nan": _item(6, float("nan")),
    "time-text": _item(6, "2026-01-01"),
    "source-surrogate": _item(1, "quiz" + SURROGATE),
    "question-surrogate": _item(2, SURROGATE),
    "given-surrogate": _item(4, "y" + SURROGATE),
    "given-number": _item(4, 10 ** 29),
    "rule-surrogate": _item(3, [RULE + SURROGATE]),
    "rule-spaced": _item(3, [f"{RULE} {OTHER}"]),
    "rule-empty": _item(3, [""]),
    "rules-nested": _item(3, [[RULE]]),
    "rules-text": _item(3, RULE),
    "finished-surrogate": ["finished", "melds" + SURROGATE, START],
    "finished-huge-time": ["finished", "melds", 10 ** 29],
    "finished-nan": ["finished", "melds", float("nan")],
}


@pytest.mark.parametrize("item", UNSTORABLE.values(), ids=UNSTORABLE.keys())
def test_an_unsaved_answer_sqlite_cannot_store_is_set_aside(tmp_path, item):
    home = tmp_path / "home"
    db = seeded(home)
    side = home / "progress.db.unsaved-20260101-000000-1.json"
    content = json.dumps({"learner": "me", "pending": [GOOD_ITEM, item]}).encode()  # surrogates as \ud800
    side.write_bytes(content)
    p = Progress(db, now=lambda: START + 3600)
    p.close()
    assert "damaged or edited" in p.notice, p.notice
    assert (home / (side.name + ".damaged")).read_bytes() == content and not side.exists()
    assert rows(db, "SELECT count(*) FROM answers") == [(4,)]  # nothing of it added, not even its good answer


@pytest.mark.parametrize("learner", ["me" + SURROGATE, "\udcff", " "], ids=["surrogate", "escaped-byte", "blank"])
@pytest.mark.parametrize("args", TAKERS[:2], ids=["lesson", "quiz"])
def test_an_unsaved_answers_file_of_an_unstorable_learner_is_set_aside(tmp_path, learner, args):
    home = tmp_path / "home"
    db = seeded(home)
    side = home / "progress.db.unsaved-20260101-000000-1.json"
    side.write_text(json.dumps({"learner": learner, "pending": [GOOD_ITEM]}))
    result = cli(home, *args)
    assert result.exit_code == 0 and notices(result.stderr, side.name) == 1, result.stderr
    assert (home / (side.name + ".damaged")).exists() and rows(db, "SELECT count(*) FROM answers") == [(4,)]


def test_the_reviewers_unsaved_answer_with_a_huge_question_number(tmp_path):
    home = tmp_path / "home"
    db = seeded(home)
    side = home / "progress.db.unsaved-a.json"
    side.write_text('{"learner":"me","pending":[["answer","s","q",["meld.too-small"],"y",true,1772355600.0,3,'
                    '["melds",100000000000000000000000000000]]]}')
    for args in TAKERS:
        result = cli(home, *args)
        assert result.exit_code == 0, result.stderr
    assert (home / "progress.db.unsaved-a.json.damaged").exists() and rows(db, "SELECT count(*) FROM answers") == [(4,)]


NOT_UTF8 = "cast(x'ff41' as text)"
TEXT_DAMAGE = {  # (the edit, what the notice says)
    "card": (f"UPDATE cards SET card = {NOT_UTF8} WHERE rule = '{RULE}'", "damaged schedule"),
    "rule": (f"UPDATE cards SET rule = {NOT_UTF8} WHERE rule = '{RULE}'", "damaged schedule"),
    "lesson-place": (f"UPDATE lesson_answers SET lesson = {NOT_UTF8}", "damaged rows"),
    "finished-lesson": (f"UPDATE lessons SET lesson = {NOT_UTF8}", "damaged rows"),
    "ruleset": (f"UPDATE learners SET ruleset = {NOT_UTF8}", "damaged rows"),
}


@pytest.mark.parametrize("sql, said", TEXT_DAMAGE.values(), ids=TEXT_DAMAGE.keys())
def test_text_that_is_not_utf8_is_damage_repaired_like_any_other(tmp_path, sql, said):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, sql)
    damaged = db.read_bytes()
    for args in READERS:
        result = cli(home, *args)
        assert result.exit_code == 0, result.stderr
        assert notices(result.stderr, said) == 1 and "decode" not in result.stderr, result.stderr
    assert db.read_bytes() == damaged  # reading leaves the file alone
    data = json.loads(cli(home, "progress", "--json").stdout)
    assert {r["rule"]: (r["right"], r["wrong"]) for r in data["rules"] if r["seen"]} == {RULE: (2, 0), OTHER: (1, 1)}
    result = cli(home, *TAKERS[1])
    assert result.exit_code == 0 and notices(result.stderr, said) == 1, result.stderr
    for args in TAKERS + READERS:
        again = cli(home, *args)
        assert again.exit_code == 0 and "damaged" not in again.stderr, again.stderr
    conn = sqlite3.connect(db)  # every text decodes again: nothing not UTF-8 left but in the answers
    try:
        for table in ("cards", "lessons", "lesson_answers", "learners"):
            conn.execute(f"SELECT * FROM {table}").fetchall()
    finally:
        conn.close()
    assert rows(db, "SELECT count(*) FROM answers") == [(4,)]


def test_an_answer_with_text_that_is_not_utf8_is_kept_and_left_out(tmp_path):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, f"UPDATE answers SET learner = {NOT_UTF8} WHERE id = 1")
    edit(db, f"UPDATE answers SET rules = {NOT_UTF8}, question = {NOT_UTF8} WHERE id = 3")
    edit(db, f"UPDATE cards SET card = 'garbage{{' WHERE rule = '{OTHER}'")  # worked out again without answer 3
    for args in READERS + TAKERS:
        result = cli(home, *args)
        assert result.exit_code == 0 and "decode" not in result.stderr, result.stderr
    data = json.loads(cli(home, "progress", "--json").stdout)
    assert data["learners"] == ["me"] and data["answers"] == 3
    assert {r["rule"]: (r["right"], r["wrong"]) for r in data["rules"] if r["seen"]}[OTHER] == (1, 0)
    assert rows(db, "SELECT count(*) FROM answers") == [(4,)]  # all kept


@pytest.mark.parametrize("how", ["argument", "environment"])
def test_a_learner_name_that_is_not_utf8_is_a_usage_error(tmp_path, how):
    home = tmp_path / "home"
    seeded(home)
    for args in TAKERS + READERS:
        if how == "argument":
            result = cli(home, *args, "--learner", "\udcff")
        else:
            result = cli(home, *args, env={"CANASTA_LEARNER": "\udcff"})
        assert result.exit_code == 2 and "UTF-8" in result.stderr, (args, result.stderr)


def test_an_unknown_ruleset_kept_for_the_learner_is_forgotten_once(tmp_path):
    home = tmp_path / "home"
    db = seeded(home)
    edit(db, "INSERT OR REPLACE INTO learners (learner, ruleset) VALUES ('me', 'nope')")
    damaged = db.read_bytes()
    for args in READERS:
        result = cli(home, *args)
        assert result.exit_code == 0 and notices(result.stderr, "'nope'") == 1, result.stderr
        assert "progress database" in result.stderr
    assert json.loads(cli(home, "progress", "--json").stdout)["ruleset"] is None
    assert db.read_bytes() == damaged
    result = cli(home, *TAKERS[1], "--json")
    assert result.exit_code == 0, result.stderr
    assert notices(result.stderr, "'nope'") == 1 and "forgotten" in result.stderr, result.stderr
    assert json.loads(result.stdout)["ruleset"] == "classic"  # the default, as for one who never chose
    assert rows(db, "SELECT * FROM learners") == []
    for args in TAKERS + READERS:
        again = cli(home, *args)
        assert again.exit_code == 0 and "nope" not in again.stderr, again.stderr


@pytest.mark.parametrize("args", TAKERS[1:], ids=["quiz", "learn"])
@pytest.mark.parametrize("state", ["gone", "broken", "fine"])
def test_a_ruleset_file_kept_for_the_learner_is_forgotten_when_it_cannot_be_read(tmp_path, state, args):
    home = tmp_path / "home"
    db = seeded(home)
    ruleset = tmp_path / "house.yaml"
    if state != "gone":
        ruleset.write_text("id: house\nextends: classic\n" if state == "fine" else "id: house\nextends: [\n")
    edit(db, f"UPDATE learners SET ruleset = '{ruleset}'")
    result = cli(home, *args, "--json")
    assert result.exit_code == 0, result.stderr
    if state == "fine":
        assert "cannot be used" not in result.stderr and json.loads(result.stdout)["ruleset"] == str(ruleset)
        assert rows(db, "SELECT ruleset FROM learners") == [(str(ruleset),)]
    else:
        assert notices(result.stderr, "house.yaml") == 1 and "forgotten" in result.stderr, result.stderr
        assert json.loads(result.stdout)["ruleset"] == "classic" and rows(db, "SELECT * FROM learners") == []
