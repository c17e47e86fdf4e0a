"""The learners' progress: every answer, and a Leitner box per rule id per learner, in one SQLite file.

Each answer is written in its own transaction the moment it is given, so quitting, Ctrl-C or a
killed process loses nothing already answered. A file that is not a database we can read is moved
aside (never overwritten) and a new one started; a file written by a newer version is left alone
and refused, with a message saying what to do.
"""
from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from canasta_tutor.reading.strict_yaml import InputError

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


def home() -> Path:
    """Where the tool keeps what it writes: $CANASTA_HOME, else the user data directory."""
    env = os.environ.get("CANASTA_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("canasta-tutor", appauthor=False))


def database_path() -> Path:
    return home() / "progress.db"


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


class Progress:
    def __init__(self, path: Path | None = None, now=time.time, learner: str | None = None) -> None:
        self.path = path or database_path()
        self.now = now
        self.learner = learner or default_learner()
        self.notice = ""  # what happened to a damaged file, for the learner to read
        self.conn = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot create the folder for the progress database: {exc}", str(self.path.parent))
        if self.path.is_dir():
            raise InputError("the progress database path is a folder, expected a file", str(self.path))
        try:
            conn = self._connect()
        except sqlite3.OperationalError as exc:  # locked by another canasta, or not openable: not damage
            raise InputError(f"the progress database cannot be opened ({exc}); if another canasta is "
                             "running, let it finish and try again. The file was not changed.", str(self.path))
        except sqlite3.DatabaseError:
            aside = self.path.with_name(f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            os.replace(self.path, aside)
            self.notice = f"the progress database could not be read; it was kept as {aside} and a new one started"
            conn = self._connect()
        return conn

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=15, isolation_level=None)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            # A damaged page shows up here, before any answer is written to the file, not halfway
            # through a lesson. (quick_check reads every page; a progress file is a few hundred KiB.)
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("database disk image is malformed")
            if version > SCHEMA_VERSION:
                conn.close()
                raise InputError(f"the progress database was written by a newer canasta-tutor (format {version}; "
                                 f"this one reads format {SCHEMA_VERSION}); upgrade canasta-tutor, or set "
                                 f"CANASTA_HOME to another folder. The file was not changed.", str(self.path))
            if version == 1:
                conn.executescript("BEGIN IMMEDIATE;" + FROM_1 + SCHEMA + "INSERT INTO boxes SELECT 'me', * FROM boxes_1;"
                                   "INSERT INTO lessons SELECT 'me', * FROM lessons_1; DROP TABLE boxes_1;"
                                   f"DROP TABLE lessons_1; PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            elif version < SCHEMA_VERSION:
                conn.executescript("BEGIN IMMEDIATE;" + SCHEMA + f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def close(self) -> None:
        self.conn.close()

    # -- writing -----------------------------------------------------------------------------------
    def record(self, source: str, question: str, rules: list[str], given: str, correct: bool) -> None:
        """One answer and its effect on the rule boxes, in one transaction."""
        now = self.now()
        with _transaction(self.conn):
            self.conn.execute("INSERT INTO answers (learner, at, source, question, rules, given, correct) "
                              "VALUES (?, ?, ?, ?, ?, ?, ?)",
                              (self.learner, now, source, question, " ".join(rules), given, int(correct)))
            for rule in rules:
                row = self.conn.execute("SELECT box FROM boxes WHERE learner = ? AND rule = ?",
                                        (self.learner, rule)).fetchone()
                box = row[0] if row else 1
                box = min(BOXES, box + 1) if correct else 1
                due = now + INTERVAL_DAYS[box] * DAY
                self.conn.execute(
                    "INSERT INTO boxes (learner, rule, box, due, right, wrong) VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(learner, rule) DO UPDATE SET box = excluded.box, due = excluded.due, "
                    "right = right + excluded.right, wrong = wrong + excluded.wrong",
                    (self.learner, rule, box, due, int(correct), int(not correct)))

    def finish_lesson(self, lesson_id: str) -> None:
        with _transaction(self.conn):
            self.conn.execute("INSERT INTO lessons (learner, lesson, finished) VALUES (?, ?, ?) "
                              "ON CONFLICT(learner, lesson) DO UPDATE SET finished = excluded.finished",
                              (self.learner, lesson_id, self.now()))

    def reset(self) -> None:
        """Forget this learner's answers (other learners keep theirs)."""
        with _transaction(self.conn):
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
        known = self.rules()
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
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error (autocommit mode, explicit transactions)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self):
        if not self.conn.in_transaction:
            self.conn.execute("BEGIN IMMEDIATE")
            self.owned = True
        else:
            self.owned = False
        return self.conn

    def __exit__(self, kind, exc, tb):
        if self.owned:
            self.conn.execute("ROLLBACK" if kind else "COMMIT")
        return False
