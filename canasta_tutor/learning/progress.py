"""The learners' progress: every answer, and a Leitner box per rule id per learner, in one SQLite file.

Each answer is written in its own transaction the moment it is given, so quitting, Ctrl-C or a
killed process loses nothing already answered. Opening the file, and everything that can go wrong
on the way (damage, another program's file, a read-only disk, another canasta), is ``store``'s.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from canasta_tutor.learning.store import database_path, home, open_database, problem, run_script  # noqa: F401

SCHEMA_VERSION = 2  # 2: answers, boxes and finished lessons per learner
BOXES = 5
# Days until a rule is due again, by box: box 1 is due at once, box 5 after two weeks.
INTERVAL_DAYS = {1: 0, 2: 1, 3: 3, 4: 7, 5: 14}
DAY = 86400

SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    at REAL NOT NULL,
    source TEXT NOT NULL,        -- 'lesson:<id>' or 'quiz'
    question TEXT NOT NULL,      -- what was asked, for the record
    rules TEXT NOT NULL,         -- the rule ids the question exercised, space-separated
    given TEXT NOT NULL,
    correct INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS boxes (
    learner TEXT NOT NULL,
    rule TEXT NOT NULL,
    box INTEGER NOT NULL,
    due REAL NOT NULL,
    right INTEGER NOT NULL DEFAULT 0,
    wrong INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner, rule)
);
CREATE TABLE IF NOT EXISTS lessons (
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    finished REAL,
    PRIMARY KEY (learner, lesson)
);
"""


# Format 1 had one learner: their answers, boxes and lessons become those of the learner "me".
FROM_1 = """
ALTER TABLE answers ADD COLUMN learner TEXT NOT NULL DEFAULT 'me';
ALTER TABLE boxes RENAME TO boxes_1;
ALTER TABLE lessons RENAME TO lessons_1;
"""


def default_learner() -> str:
    """Whose progress it is: $CANASTA_LEARNER, else "me" (several people may share one database)."""
    return os.environ.get("CANASTA_LEARNER", "").strip() or "me"


@dataclass
class RuleProgress:
    rule: str
    box: int
    due: float
    right: int
    wrong: int

    @property
    def mastered(self) -> bool:
        return self.box >= 4


def migrate(conn: sqlite3.Connection, found: int) -> None:
    """Bring a file of format ``found`` up to SCHEMA_VERSION (inside the store's write transaction)."""
    if found == 1:
        run_script(conn, FROM_1 + SCHEMA + "INSERT INTO boxes SELECT 'me', * FROM boxes_1;"
                   "INSERT INTO lessons SELECT 'me', * FROM lessons_1; DROP TABLE boxes_1; DROP TABLE lessons_1;")
    else:
        run_script(conn, SCHEMA)


class Busy(Exception):
    """Another canasta held the database past the store's wait."""


class Progress:
    def __init__(self, path: Path | None = None, now=time.time, learner: str | None = None,
                 write: bool = True) -> None:
        """``write=False`` for the reading commands: no file or folder is created, and a read-only
        file is fine."""
        self.path = path or database_path()
        self.now = now
        self.learner = learner or default_learner()
        self.notice = ""  # what happened to the file, for the learner to read
        self.pending: list[tuple] = []  # writes another canasta kept us from making yet, in order
        self.conn, self.notice = open_database(self.path, SCHEMA_VERSION, SCHEMA, migrate, write)
        if write:
            self._take_unsaved()

    def close(self) -> None:
        """Write what is still pending; what cannot be written (the database stayed busy) is kept in
        a file beside it, added the next time, and the notice says so."""
        try:
            if self.pending:
                try:
                    self._flush()
                except Busy:
                    self._keep_unsaved()
        finally:
            self.conn.close()

    # -- writing -----------------------------------------------------------------------------------
    def record(self, source: str, question: str, rules: list[str], given: str, correct: bool) -> None:
        """One answer and its effect on the rule boxes, in one transaction. When another canasta holds
        the database, the answer is kept and written with the next one (``pending``)."""
        self._write(("answer", source, question, list(rules), given, bool(correct), self.now()))

    def _write(self, item: tuple) -> None:
        self.pending.append(item)
        try:
            self._flush()
        except Busy:
            pass

    def _flush(self) -> None:
        with _transaction(self.conn, self.path):
            for item in self.pending:
                if item[0] == "answer":
                    self._answer(*item[1:])
                else:
                    self._finished(*item[1:])
        self.pending.clear()

    def _answer(self, source: str, question: str, rules: list[str], given: str, correct: bool, now: float) -> None:
        self.conn.execute("INSERT INTO answers (learner, at, source, question, rules, given, correct) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)",
                          (self.learner, now, source, question, " ".join(rules), given, int(correct)))
        for rule in rules:
            row = self.conn.execute("SELECT box FROM boxes WHERE learner = ? AND rule = ?",
                                    (self.learner, rule)).fetchone()
            box = row[0] if row and isinstance(row[0], int) and 1 <= row[0] <= BOXES else 1
            box = min(BOXES, box + 1) if correct else 1
            due = now + INTERVAL_DAYS[box] * DAY
            self.conn.execute(
                "INSERT INTO boxes (learner, rule, box, due, right, wrong) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(learner, rule) DO UPDATE SET box = excluded.box, due = excluded.due, "
                "right = right + excluded.right, wrong = wrong + excluded.wrong",
                (self.learner, rule, box, due, int(correct), int(not correct)))

    def _finished(self, lesson_id: str, now: float) -> None:
        self.conn.execute("INSERT INTO lessons (learner, lesson, finished) VALUES (?, ?, ?) "
                          "ON CONFLICT(learner, lesson) DO UPDATE SET finished = excluded.finished",
                          (self.learner, lesson_id, now))

    def _keep_unsaved(self) -> None:
        from canasta_tutor.files.writing import write_file

        aside = self.path.with_name(f"{self.path.name}.unsaved-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.json")
        write_file(aside, json.dumps({"learner": self.learner, "pending": self.pending}) + "\n")
        self.notice = (f"another canasta kept the progress database busy: {len(self.pending)} answer(s) are kept "
                       f"in {aside} and will be added to it the next time")
        self.pending = []

    def _take_unsaved(self) -> None:
        """Add what an earlier run could not write (see ``close``), then remove its file."""
        for kept in sorted(self.path.parent.glob(f"{self.path.name}.unsaved-*.json")):
            try:
                data = json.loads(kept.read_text(encoding="utf-8"))
                items = [tuple(i) for i in data["pending"]]
                learner = data["learner"]
            except (OSError, ValueError, KeyError, TypeError):
                continue  # not ours to judge: left where it is
            mine, self.learner, self.pending = self.learner, learner, items
            try:
                self._flush()
            except Busy:
                self.pending = []
                continue
            finally:
                self.learner = mine
            kept.unlink()

    def finish_lesson(self, lesson_id: str) -> None:
        self._write(("finished", lesson_id, self.now()))

    def reset(self) -> None:
        """Forget this learner's answers (other learners keep theirs)."""
        with _transaction(self.conn, self.path, busy_is_error=True):
            for table in ("answers", "boxes", "lessons"):
                self.conn.execute(f"DELETE FROM {table} WHERE learner = ?", (self.learner,))

    # -- reading -----------------------------------------------------------------------------------
    def rules(self) -> dict[str, RuleProgress]:
        rows = self.conn.execute("SELECT rule, box, due, right, wrong FROM boxes WHERE learner = ?",
                                 (self.learner,)).fetchall()
        return {r[0]: RuleProgress(*r) for r in rows}

    def due(self, candidates: list[str]) -> list[str]:
        """``candidates`` in the order to drill them: never seen first, then by due time; rules not
        yet due come last (the drill is endless, so they are asked again, just later)."""
        try:
            known = self.rules()
        except sqlite3.OperationalError:  # another canasta holds the file: drill in the given order
            known = {}
        now = self.now()

        def order(rule: str):
            p = known.get(rule)
            if p is None:
                return (0, 0.0)
            return (1 if p.due <= now else 2, p.due)
        return sorted(candidates, key=order)

    def answers(self) -> int:
        return self.conn.execute("SELECT count(*) FROM answers WHERE learner = ?", (self.learner,)).fetchone()[0]

    def finished_lessons(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT lesson FROM lessons WHERE learner = ? AND finished IS NOT NULL", (self.learner,))]

    def learners(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT DISTINCT learner FROM answers ORDER BY learner")]


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error (autocommit mode, explicit transactions).
    A database held by another canasta is ``Busy``; any other database error is the learner's to
    fix (a full disk, a read-only file) and says so, never hidden by a failed rollback."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None = None, busy_is_error: bool = False) -> None:
        self.conn = conn
        self.path = path
        self.busy_is_error = busy_is_error

    def __enter__(self):
        self.owned = not self.conn.in_transaction
        if self.owned:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                self._raise(exc)
        return self.conn

    def __exit__(self, kind, exc, tb):
        if not self.owned:
            return False
        if kind is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except sqlite3.Error as error:
                exc = error
        if self.conn.in_transaction:  # a full disk may have ended the transaction already
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        if isinstance(exc, sqlite3.Error):
            self._raise(exc)
        return False

    def _raise(self, exc: sqlite3.Error):
        text = str(exc)
        if ("locked" in text or "busy" in text) and not self.busy_is_error:
            raise Busy(text) from None
        raise problem(exc, self.path or Path("progress.db"), "written") from None
