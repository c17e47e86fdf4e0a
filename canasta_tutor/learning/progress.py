"""The learners' progress: every answer, an FSRS card per rule id per learner (scheduling lives in
``schedule.py``), the places in lessons and each learner's ruleset, in one SQLite file.

Each answer is written in its own transaction the moment it is given, so quitting, Ctrl-C or a
killed process loses nothing already answered. A file that is not a database we can read is moved
aside (never overwritten) and a new one started; a file written by a newer version is left alone
and refused, with a message saying what to do.
"""
from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from canasta_tutor.reading.strict_yaml import InputError

SCHEMA_VERSION = 3  # 2: answers, boxes and finished lessons per learner; 3: FSRS cards, lesson places, rulesets
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

# Format 3: the review an answer gave (an FSRS rating; NULL for an answer that settled nothing, such
# as a first wrong try before the retry), one FSRS card per rule, the questions of a lesson already
# answered (so a lesson resumes), and each learner's own ruleset. The Leitner boxes go.
FROM_2 = """
ALTER TABLE answers ADD COLUMN rating INTEGER;
UPDATE answers SET rating = CASE WHEN correct THEN 3 ELSE 1 END WHERE rules != '';
CREATE TABLE cards (
    learner TEXT NOT NULL,
    rule TEXT NOT NULL,
    card TEXT NOT NULL,          -- the FSRS card, as JSON
    due REAL NOT NULL,
    right INTEGER NOT NULL DEFAULT 0,
    wrong INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner, rule)
);
CREATE TABLE lesson_answers (
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    question INTEGER NOT NULL,
    PRIMARY KEY (learner, lesson, question)
);
CREATE TABLE learners (
    learner TEXT PRIMARY KEY,
    ruleset TEXT
);
DROP TABLE boxes;
"""


# Format 1 had one learner: their answers, boxes and lessons become those of the learner "me".
FROM_1 = """
ALTER TABLE answers ADD COLUMN learner TEXT NOT NULL DEFAULT 'me';
ALTER TABLE boxes RENAME TO boxes_1;
ALTER TABLE lessons RENAME TO lessons_1;
"""


def upgrade(conn: sqlite3.Connection, version: int) -> None:
    """Bring a database of an older format (0: a new file) to this one, in one transaction: every
    answer is kept, and the schedule is rebuilt from them."""
    script = ""
    if version == 1:
        script += (FROM_1 + SCHEMA + "INSERT INTO boxes SELECT 'me', * FROM boxes_1;"
                   "INSERT INTO lessons SELECT 'me', * FROM lessons_1; DROP TABLE boxes_1; DROP TABLE lessons_1;")
    elif version < 2:
        script += SCHEMA
    if version < 3:
        script += FROM_2
    # One script from BEGIN on (executescript would commit an open transaction before it runs).
    try:
        conn.executescript("BEGIN IMMEDIATE;" + script)
        rebuild_schedule(conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def rebuild_schedule(conn: sqlite3.Connection) -> None:
    """Every learner's cards worked out again from their answers, review by review, in order."""
    from canasta_tutor.learning.schedule import due_of, review

    cards: dict[tuple[str, str], list] = {}
    for learner, at, rules, rating in conn.execute(
            "SELECT learner, at, rules, rating FROM answers WHERE rating IS NOT NULL ORDER BY at, id"):
        for rule in rules.split():
            card = cards.setdefault((learner, rule), [None, 0, 0])
            card[0] = review(card[0], rating, at)
            card[1 if rating > 1 else 2] += 1
    conn.execute("DELETE FROM cards")
    conn.executemany("INSERT INTO cards (learner, rule, card, due, right, wrong) VALUES (?, ?, ?, ?, ?, ?)",
                     [(learner, rule, c, due_of(c), right, wrong) for (learner, rule), (c, right, wrong) in cards.items()])


def clock() -> float:
    """Now, in seconds since the epoch: $CANASTA_NOW (an ISO date-time; UTC unless it names an offset)
    when set, so that tests and the scheduling benchmark can live through weeks in a second."""
    text = os.environ.get("CANASTA_NOW", "").strip()
    if not text:
        return time.time()
    from datetime import datetime, timezone

    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise InputError(f"CANASTA_NOW is '{text}', expected an ISO date-time such as 2026-03-01T09:00") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.timestamp()


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


class RuleProgress:
    """One rule's record for one learner: its answers and the scheduler's figures now."""

    def __init__(self, rule: str, card: str, due: float, right: int, wrong: int, now: float) -> None:
        from canasta_tutor.learning.schedule import Figures

        self.rule = rule
        self.due = due
        self.right = right
        self.wrong = wrong
        self.fsrs = Figures(card, now)

    @property
    def mastered(self) -> bool:
        return self.fsrs.mastered


class Progress:
    def __init__(self, path: Path | None = None, now=clock, learner: str | None = None) -> None:
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
            if version < SCHEMA_VERSION:
                upgrade(conn, version)
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def close(self) -> None:
        self.conn.close()

    # -- writing -----------------------------------------------------------------------------------
    def record(self, source: str, question: str, rules: list[str], given: str, correct: bool,
               rating: int | None = None, lesson: tuple[str, int] | None = None) -> None:
        """One answer, in one transaction with what it settles: with a ``rating`` (an FSRS rating) it
        is a review of each of ``rules``; with ``lesson`` (id, question number) that question counts
        as answered, so the lesson resumes after it."""
        from canasta_tutor.learning.schedule import due_of, review

        now = self.now()
        with _transaction(self.conn):
            self.conn.execute("INSERT INTO answers (learner, at, source, question, rules, given, correct, rating) "
                              "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                              (self.learner, now, source, question, " ".join(rules), given, int(correct), rating))
            if rating is not None:
                for rule in dict.fromkeys(rules):
                    row = self.conn.execute("SELECT card FROM cards WHERE learner = ? AND rule = ?",
                                            (self.learner, rule)).fetchone()
                    card = review(row[0] if row else None, rating, now)
                    self.conn.execute(
                        "INSERT INTO cards (learner, rule, card, due, right, wrong) VALUES (?, ?, ?, ?, ?, ?) "
                        "ON CONFLICT(learner, rule) DO UPDATE SET card = excluded.card, due = excluded.due, "
                        "right = right + excluded.right, wrong = wrong + excluded.wrong",
                        (self.learner, rule, card, due_of(card), int(rating > 1), int(rating == 1)))
            if lesson is not None:
                self.conn.execute("INSERT OR IGNORE INTO lesson_answers (learner, lesson, question) VALUES (?, ?, ?)",
                                  (self.learner, *lesson))

    def finish_lesson(self, lesson_id: str) -> None:
        with _transaction(self.conn):
            self.conn.execute("INSERT INTO lessons (learner, lesson, finished) VALUES (?, ?, ?) "
                              "ON CONFLICT(learner, lesson) DO UPDATE SET finished = excluded.finished",
                              (self.learner, lesson_id, self.now()))

    def restart_lesson(self, lesson_id: str) -> None:
        """Forget which questions of the lesson were answered (the answers themselves stay)."""
        with _transaction(self.conn):
            self.conn.execute("DELETE FROM lesson_answers WHERE learner = ? AND lesson = ?", (self.learner, lesson_id))

    def set_ruleset(self, ruleset: str) -> None:
        with _transaction(self.conn):
            self.conn.execute("INSERT INTO learners (learner, ruleset) VALUES (?, ?) "
                              "ON CONFLICT(learner) DO UPDATE SET ruleset = excluded.ruleset", (self.learner, ruleset))

    def reset(self) -> None:
        """Forget this learner's answers (other learners keep theirs)."""
        with _transaction(self.conn):
            for table in ("answers", "cards", "lessons", "lesson_answers", "learners"):
                self.conn.execute(f"DELETE FROM {table} WHERE learner = ?", (self.learner,))

    # -- reading -----------------------------------------------------------------------------------
    def rules(self) -> dict[str, RuleProgress]:
        now = self.now()
        rows = self.conn.execute("SELECT rule, card, due, right, wrong FROM cards WHERE learner = ?",
                                 (self.learner,)).fetchall()
        return {r[0]: RuleProgress(*r, now=now) for r in rows}

    def due(self, candidates: list[str]) -> list[str]:
        """``candidates`` in the order to drill them: those due first (the longest overdue first), then
        those never seen, then the rest by due time (the drill is endless, so they are asked again,
        just sooner than planned)."""
        due = dict(self.conn.execute("SELECT rule, due FROM cards WHERE learner = ?", (self.learner,)).fetchall())
        now = self.now()

        def order(rule: str):
            when = due.get(rule)
            if when is None:
                return (1, 0.0)
            return (0 if when <= now else 2, when)
        return sorted(candidates, key=order)

    def due_now(self) -> list[str]:
        """The rules whose review is due now, the longest overdue first."""
        return [r[0] for r in self.conn.execute("SELECT rule FROM cards WHERE learner = ? AND due <= ? ORDER BY due",
                                                (self.learner, self.now()))]

    def answers(self) -> int:
        return self.conn.execute("SELECT count(*) FROM answers WHERE learner = ?", (self.learner,)).fetchone()[0]

    def finished_lessons(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT lesson FROM lessons WHERE learner = ? AND finished IS NOT NULL", (self.learner,))]

    def answered_questions(self, lesson_id: str) -> set[int]:
        return {r[0] for r in self.conn.execute(
            "SELECT question FROM lesson_answers WHERE learner = ? AND lesson = ?", (self.learner, lesson_id))}

    def lesson_places(self) -> dict[str, int]:
        """How many questions of each lesson this learner has answered since last starting it."""
        return dict(self.conn.execute("SELECT lesson, count(*) FROM lesson_answers WHERE learner = ? GROUP BY lesson",
                                      (self.learner,)).fetchall())

    def ruleset(self) -> str | None:
        """The learner's own ruleset, as last chosen with --ruleset."""
        row = self.conn.execute("SELECT ruleset FROM learners WHERE learner = ?", (self.learner,)).fetchone()
        return row[0] if row else None

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
