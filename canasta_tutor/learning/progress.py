"""The learners' progress: every answer, an FSRS card per rule id per learner (scheduling lives in
``schedule.py``), the places in lessons and each learner's ruleset, in one SQLite file.

Each answer is written in its own transaction the moment it is given, so quitting, Ctrl-C or a
killed process loses nothing already answered. Opening the file, and everything that can go wrong
on the way (damage, another program's file, a read-only disk, another canasta), is ``store``'s.
"""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from datetime import UTC
from pathlib import Path

from canasta_tutor.learning.store import (  # noqa: F401
    database_path,
    home,
    lenient,
    odd,
    open_database,
    problem,
    run_script,
    set_aside,
    valid,
)
from canasta_tutor.reading.strict_yaml import Listed, Said, UsageError, brief

SCHEMA_VERSION = 3  # 2: answers, boxes and finished lessons per learner; 3: FSRS cards, lesson places, rulesets
DAY = 86400
UNSAVED_BYTES = 32 << 20  # the answers of a long quiz kept while the database was busy are well under a MiB
NAMED = 5  # damaged rules named in a notice; the others are counted
QUESTIONS = 1 << 31  # beyond any lesson's question number; an unsaved one outside is not ours

# Format 3, as a new file gets it.
SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    at REAL NOT NULL,
    source TEXT NOT NULL,        -- 'lesson:<id>' or 'quiz'
    question TEXT NOT NULL,      -- what was asked, for the record
    rules TEXT NOT NULL,         -- the rule ids the question exercised, space-separated
    given TEXT NOT NULL,
    correct INTEGER NOT NULL,
    rating INTEGER               -- the FSRS rating the answer gave; NULL when it settled nothing
);
CREATE TABLE IF NOT EXISTS cards (
    learner TEXT NOT NULL,
    rule TEXT NOT NULL,
    card TEXT NOT NULL,          -- the FSRS card, as JSON
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
CREATE TABLE IF NOT EXISTS lesson_answers (
    learner TEXT NOT NULL,
    lesson TEXT NOT NULL,
    question INTEGER NOT NULL,
    PRIMARY KEY (learner, lesson, question)
);
CREATE TABLE IF NOT EXISTS learners (
    learner TEXT PRIMARY KEY,
    ruleset TEXT
);
"""

# Format 2, which a file of format 1 passes through on its way up.
SCHEMA_2 = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    at REAL NOT NULL,
    source TEXT NOT NULL,
    question TEXT NOT NULL,
    rules TEXT NOT NULL,
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


def migrate(conn: sqlite3.Connection, found: int) -> None:
    """Bring a file of format ``found`` (0: a new file) up to SCHEMA_VERSION, inside the store's write
    transaction: every answer is kept, and the schedule is rebuilt from them."""
    if found == 0:
        run_script(conn, SCHEMA)
        return
    if found == 1:
        run_script(conn, FROM_1 + SCHEMA_2 + "INSERT INTO boxes SELECT 'me', * FROM boxes_1;"
                   "INSERT INTO lessons SELECT 'me', * FROM lessons_1; DROP TABLE boxes_1; DROP TABLE lessons_1;")
    if found < 3:
        run_script(conn, FROM_2)
    rebuild_schedule(conn)


def rebuild_schedule(conn: sqlite3.Connection, learner: str | None = None, rules: set[str] | None = None) -> None:
    """The cards worked out again from the answers, review by review, in order: every learner's (the
    migration), or one learner's ``rules`` (a damaged row). An answer edited by hand so that it is no
    review (its time, rules or rating not what we write, a name that is not UTF-8) is left out."""
    from canasta_tutor.learning.schedule import due_of, in_range, review

    cards: dict[tuple[str, str], list] = {}
    query = "SELECT learner, at, rules, rating FROM answers WHERE rating IS NOT NULL"
    for who, at, said, rating in conn.execute(query + (" AND learner = ?" if learner else "") + " ORDER BY at, id",
                                              (learner,) if learner else ()):
        if not (valid(who) and in_range(at) and valid(said) and rating in (1, 2, 3, 4)
                and type(rating) is int):
            continue
        for rule in said.split():
            if rules is not None and rule not in rules:
                continue
            card = cards.setdefault((who, rule), [None, 0, 0])
            card[0] = review(card[0], rating, at)
            card[1 if rating > 1 else 2] += 1
    if learner is None:
        conn.execute("DELETE FROM cards")
    conn.executemany("INSERT INTO cards (learner, rule, card, due, right, wrong) VALUES (?, ?, ?, ?, ?, ?)",
                     [(who, rule, c, due_of(c), right, wrong) for (who, rule), (c, right, wrong) in cards.items()])


def clock() -> float:
    """Now, in seconds since the epoch: $CANASTA_NOW (an ISO date-time; UTC unless it names an offset)
    when set, so that tests and the scheduling benchmark can live through weeks in a second. A value
    that is no date-time, or one outside the years a schedule can reach, is a usage error."""
    text = os.environ.get("CANASTA_NOW", "").strip()
    if not text:
        return time.time()
    from datetime import datetime

    from canasta_tutor.learning.schedule import in_range

    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        from canasta_tutor.texts import section

        raise UsageError(section("progress_file", "now", {"text": brief(text)})) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        at = when.timestamp()
    except (OverflowError, ValueError):  # 0001-01-01 west of UTC
        at = None
    if at is None or not in_range(at):
        raise UsageError(Said("progress-file.now-range", "CANASTA_NOW is '{text}', out of range; expected an ISO "
                              "date-time from 1970 to 2999 such as 2026-03-01T09:00", text=brief(text)))
    return at


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


# What a row of each table holds when canasta wrote it (besides its learner): its text column, which
# must be UTF-8 (checked in Python, ``valid``), and what the rest must be. A row edited by hand to hold
# anything else is damaged (see ``Progress._repair``). Cards are checked in Python, to the FSRS card.
DAMAGE = {
    "lessons": ("lesson", "typeof(lesson) = 'text' AND (finished IS NULL OR typeof(finished) IN ('integer', 'real'))"),
    "lesson_answers": ("lesson", "typeof(lesson) = 'text' AND typeof(question) = 'integer'"),
    "learners": ("ruleset", "ruleset IS NULL OR typeof(ruleset) = 'text'"),
}


def _read_unsaved(path: Path) -> tuple[str, list[tuple]] | None:
    """The learner and the answers ``close`` kept in ``path``; None when it holds anything else. Read
    without following a link or waiting on a pipe put there meanwhile (an OSError)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise OSError(f"{path} is not a regular file")
        data = fh.read(UNSAVED_BYTES + 1)
    if len(data) > UNSAVED_BYTES:
        return None
    try:
        kept = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested beyond reason
        return None
    if not (isinstance(kept, dict) and valid(kept.get("learner")) and kept["learner"].strip()
            and isinstance(kept.get("pending"), list) and all(map(_sound_item, kept["pending"]))):
        return None
    return kept["learner"], [tuple(i) for i in kept["pending"]]


def _sound_item(item) -> bool:
    """One write as ``Progress.pending`` holds it: ("answer", source, question, rules, given, correct,
    now, rating, lesson) or ("finished", lesson, now). Every value is one ``record`` could have made, so
    that writing it cannot fail: texts SQLite can store (no lone surrogate), rule ids without spaces,
    a time from EARLIEST to LATEST (never inf, nan or beyond), a rating 1-4, a question number in
    SQLite's range, ``correct`` true or false."""
    from canasta_tutor.learning.schedule import in_range

    if not isinstance(item, list) or not item:
        return False
    if item[0] == "finished":
        return len(item) == 3 and valid(item[1]) and in_range(item[2])
    if item[0] != "answer" or not 7 <= len(item) <= 9:
        return False
    source, question, rules, given, correct, now, rating, lesson = (item[1:] + [None, None])[:8]
    return (all(map(valid, (source, question, given))) and isinstance(rules, list)
            and all(valid(r) and r.split() == [r] for r in rules) and type(correct) is bool and in_range(now)
            and (rating is None or type(rating) is int and 1 <= rating <= 4)
            and (lesson is None or isinstance(lesson, list) and len(lesson) == 2 and valid(lesson[0])
                 and type(lesson[1]) is int and 0 <= lesson[1] < QUESTIONS))


def _unusable(ruleset: str) -> str:
    """Why the ruleset a learner chose cannot be used now (a name this version does not know, a ruleset
    file moved or broken since), or "" when it can."""
    from canasta_tutor.engine.ruleset import BUILTIN, load_ruleset
    from canasta_tutor.reading.strict_yaml import InputError

    if ruleset in BUILTIN:  # shipped with the tool: nothing to read
        return ""
    try:
        load_ruleset(ruleset)
    except InputError as exc:
        from canasta_tutor.texts import input_error

        return input_error(exc)
    except (OSError, RecursionError, ValueError) as exc:
        return str(getattr(exc, "strerror", None) or exc)
    return ""


class Busy(Exception):
    """Another canasta held the database past the store's wait."""


class Progress:
    def __init__(self, path: Path | None = None, now=clock, learner: str | None = None,
                 write: bool = True) -> None:
        """``write=False`` for the reading commands: no file or folder is created, and a read-only
        file is fine."""
        self.path = path or database_path()
        self.now = now
        self.learner = learner or default_learner()
        if not valid(self.learner):  # bytes of an argument or $CANASTA_LEARNER that are not UTF-8
            raise UsageError(Said("progress-file.learner-not-utf8", "the learner's name '{learner}' is not valid "
                                  "UTF-8; give it as UTF-8 text", learner=brief(self.learner)))
        self.notices: list[str] = []  # what happened to the file, for the learner to read
        self.pending: list[tuple] = []  # writes another canasta kept us from making yet, in order
        self.write = write
        self.conn, notice = open_database(self.path, SCHEMA_VERSION, SCHEMA, migrate, write, {2: SCHEMA_2})
        self.notice = notice
        try:
            self._repair(self.learner)
            if write:
                self._take_unsaved()
        except BaseException:
            self.conn.close()
            raise

    @property
    def notice(self) -> str:
        """What happened to the file, for the learner to read (``notices``: one a thing)."""
        return "\n".join(self.notices)

    @notice.setter
    def notice(self, text: str) -> None:
        self.notices = [text] if text else []

    def _tell(self, text: str) -> None:
        from canasta_tutor.texts import said

        self.notices.append(said(text))

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
    def record(self, source: str, question: str, rules: list[str], given: str, correct: bool,
               rating: int | None = None, lesson: tuple[str, int] | None = None) -> None:
        """One answer, in one transaction with what it settles: with a ``rating`` (an FSRS rating) it
        is a review of each of ``rules``; with ``lesson`` (id, question number) that question counts
        as answered, so the lesson resumes after it. When another canasta holds the database, the
        answer is kept and written with the next one (``pending``)."""
        self._write(("answer", source, question, list(rules), given, bool(correct), self.now(), rating,
                     list(lesson) if lesson else None))

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

    def _answer(self, source: str, question: str, rules: list[str], given: str, correct: bool, now: float,
                rating: int | None = None, lesson: list | None = None) -> None:
        from canasta_tutor.learning.schedule import due_of, review

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

    def _finished(self, lesson_id: str, now: float) -> None:
        self.conn.execute("INSERT INTO lessons (learner, lesson, finished) VALUES (?, ?, ?) "
                          "ON CONFLICT(learner, lesson) DO UPDATE SET finished = excluded.finished",
                          (self.learner, lesson_id, now))
    def _keep_unsaved(self) -> None:
        from canasta_tutor.files.writing import write_file

        aside = self.path.with_name(f"{self.path.name}.unsaved-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.json")
        write_file(aside, json.dumps({"learner": self.learner, "pending": self.pending}) + "\n")
        from canasta_tutor.texts import counted, section

        self._tell(section("progress_file", "busy", {"answers": counted("answer", len(self.pending)), "file": aside}))
        self.pending = []

    def _take_unsaved(self) -> None:
        """Add what an earlier run could not write (see ``close``), then remove its file. A file of that
        name that is not what ``close`` writes (damaged, edited, too large) is set aside under a name
        of its own, said once, and nothing of it is added; one that is not a regular file (a link, a
        folder, a pipe) is neither read nor moved, only said."""
        for kept in sorted(self.path.parent.glob(f"{self.path.name}.unsaved-*.json")):
            what = odd(kept)
            if what:
                self._tell(Said("progress-file.unsaved-odd", "{file} is {what}; canasta keeps unsaved answers only "
                                "in a regular file, so it was not read: move it away", file=str(kept), what=what))
                continue
            try:
                found = _read_unsaved(kept)
            except OSError:  # gone meanwhile (another canasta took it), or unreadable: left where it is
                continue
            if found is None:
                aside = set_aside(kept, kept.name + ".damaged")
                if aside:
                    self._tell(Said("progress-file.unsaved-damaged", "{file} is not a file of answers as canasta "
                                    "writes it (damaged or edited), so nothing of it was added; it was kept as "
                                    "{aside}", file=str(kept), aside=aside))
                continue
            learner, items = found
            self._repair(learner)
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

    def restart_lesson(self, lesson_id: str) -> None:
        """Forget which questions of the lesson were answered (the answers themselves stay)."""
        with _transaction(self.conn, self.path, busy_is_error=True):
            self.conn.execute("DELETE FROM lesson_answers WHERE learner = ? AND lesson = ?", (self.learner, lesson_id))

    def set_ruleset(self, ruleset: str) -> None:
        with _transaction(self.conn, self.path, busy_is_error=True):
            self.conn.execute("INSERT INTO learners (learner, ruleset) VALUES (?, ?) "
                              "ON CONFLICT(learner) DO UPDATE SET ruleset = excluded.ruleset", (self.learner, ruleset))

    def reset(self) -> None:
        """Forget this learner's answers (other learners keep theirs)."""
        with _transaction(self.conn, self.path, busy_is_error=True):
            for table in ("answers", "cards", "lessons", "lesson_answers", "learners"):
                self.conn.execute(f"DELETE FROM {table} WHERE learner = ?", (self.learner,))

    # -- rows edited by hand --------------------------------------------------------------------------
    def _repair(self, learner: str) -> None:
        """Put right the rows of ``learner`` that hold what canasta never writes (a card ``garbage{``,
        a due time ``abc``, a lesson named by a blob: edited by hand, or damaged where the integrity
        check does not look), said once. A card is worked out from the answers, so a damaged one is
        worked out again from them (a rule with no answer left starts again); a damaged place in a
        lesson, finished lesson or ruleset is forgotten, and so is a ruleset that cannot be used any
        more (unknown to this version, its file moved or broken): the default one is used, as for a
        learner who never chose one. Text that is not UTF-8 is damage like any other. Answers are
        never changed: a damaged one is only left out of the schedule. A reading command repairs a
        copy in memory, the file untouched (a lesson or quiz repairs it)."""
        from canasta_tutor.learning.schedule import REACH, in_range, sound

        cards, rules = [], set()
        for rowid, rule, card, due, right, wrong in self.conn.execute(
                "SELECT rowid, rule, card, due, right, wrong FROM cards WHERE learner = ?", (learner,)):
            if not (valid(rule) and valid(card) and sound(card) and in_range(due, REACH) and type(right) is int
                    and right >= 0 and type(wrong) is int and wrong >= 0):
                cards.append(rowid)
                rules.add(rule)
        others = {table: [rowid for rowid, value, sane in self.conn.execute(
                      f"SELECT rowid, {text}, {sane} FROM {table} WHERE learner = ?", (learner,))
                          if not sane or isinstance(value, str) and not valid(value)]
                  for table, (text, sane) in DAMAGE.items()}
        lost = None  # the learner's ruleset, sound but of no use now: (rowid, ruleset, why)
        for rowid, ruleset in self.conn.execute("SELECT rowid, ruleset FROM learners WHERE learner = ?", (learner,)):
            why = _unusable(ruleset) if valid(ruleset) and rowid not in others["learners"] else ""
            if why:
                lost = (rowid, ruleset, why)
        if not cards and not any(others.values()) and not lost:
            return
        if not self.write:
            copy = lenient(sqlite3.connect(":memory:", isolation_level=None))
            self.conn.backup(copy)
            self.conn.close()
            self.conn = copy
        with _transaction(self.conn, self.path, busy_is_error=True):
            if all(map(valid, rules)):
                self.conn.executemany("DELETE FROM cards WHERE rowid = ?", [(r,) for r in cards])
                rebuild_schedule(self.conn, learner, rules)
            else:  # which rule a card without a readable name was, only the answers tell: all worked out again
                self.conn.execute("DELETE FROM cards WHERE learner = ?", (learner,))
                rebuild_schedule(self.conn, learner)
            for table, rows in others.items():
                self.conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(r,) for r in rows])
            if lost:
                self.conn.execute("DELETE FROM learners WHERE rowid = ?", (lost[0],))
        if lost:
            name, who, why = brief(lost[1]), brief(learner), lost[2]
            self._tell(Said("progress-file.ruleset-forgotten", "the ruleset '{ruleset}' that {learner} chose, kept in "
                            "the progress database, cannot be used ({reason}): it was forgotten, and the default one "
                            "is used until --ruleset names another", ruleset=name, learner=who, reason=why)
                       if self.write else
                       Said("progress-file.ruleset-unusable", "the ruleset '{ruleset}' that {learner} chose, kept in "
                            "the progress database, cannot be used ({reason}): it is left out, and the file will be "
                            "repaired by the next lesson or quiz", ruleset=name, learner=who, reason=why))
        named = sorted(brief(r) for r in rules if isinstance(r, str))  # bytes not UTF-8 are shown as such
        if len(named) < len(rules):
            named.append(Said("progress-file.no-name", "a rule without a name"))
        if len(named) > NAMED:
            named = named[:NAMED] + [Said("progress-file.more", "{n} more", n=len(named) - NAMED)]
        if cards:
            self._tell(Said("progress-file.cards-repaired", "the progress database held a damaged schedule (edited by "
                            "hand?) for {rules}: it was worked out again from the answers given, and the rest is kept",
                            rules=Listed(named))
                       if self.write else
                       Said("progress-file.cards-damaged", "the progress database holds a damaged schedule (edited by "
                            "hand?) for {rules}: it is shown worked out again from the answers given, and the file "
                            "will be repaired by the next lesson or quiz", rules=Listed(named)))
        count = sum(map(len, others.values()))
        if count:
            self._tell(Said("progress-file.rows-forgotten", "the progress database held damaged rows (edited by hand?) "
                            "of finished lessons, places in lessons or rulesets, {n} in all: they were forgotten, and "
                            "the rest is kept", n=count)
                       if self.write else
                       Said("progress-file.rows-damaged", "the progress database holds damaged rows (edited by hand?) "
                            "of finished lessons, places in lessons or rulesets, {n} in all: they are left out, and "
                            "the file will be repaired by the next lesson or quiz", n=count))

    # -- reading -----------------------------------------------------------------------------------
    def rules(self) -> dict[str, RuleProgress]:
        now = self.now()
        rows = self.conn.execute("SELECT rule, card, due, right, wrong FROM cards WHERE learner = ?",
                                 (self.learner,)).fetchall()
        return {rule: RuleProgress(rule, card, due, right, wrong, now=now) for rule, card, due, right, wrong in rows}

    def due(self, candidates: list[str]) -> list[str]:
        """``candidates`` in the order to drill them: those due first (the longest overdue first), then
        those never seen, then the rest by due time (the drill is endless, so they are asked again,
        just sooner than planned)."""
        try:
            due = dict(self.conn.execute("SELECT rule, due FROM cards WHERE learner = ?", (self.learner,)).fetchall())
        except sqlite3.OperationalError:  # another canasta holds the file: drill in the given order
            due = {}
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

    def position_marks(self) -> set[str]:
        """The marks of the positions of every question the learner has answered (see
        ``tutor.position_mark``): a review never comes back to one of them."""
        marks = set()
        for (question,) in self.conn.execute("SELECT DISTINCT question FROM answers WHERE learner = ?", (self.learner,)):
            _, at, mark = str(question).rpartition(" @")
            if at and mark:
                marks.add(mark)
        return marks

    def finished_lessons(self) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT lesson FROM lessons WHERE learner = ? AND finished IS NOT NULL", (self.learner,))]

    def answered_questions(self, lesson_id: str) -> set[int]:
        return {r[0] for r in self.conn.execute(
            "SELECT question FROM lesson_answers WHERE learner = ? AND lesson = ?", (self.learner, lesson_id))}

    def lesson_score(self, lesson_id: str) -> tuple[int, int]:
        """(right at the first try, answered) over every sitting of the lesson since it was last
        started: each question answered gave one review, its first answer, and those are the
        lesson's latest reviews."""
        answered = len(self.answered_questions(lesson_id))
        if not answered:
            return 0, 0
        rows = self.conn.execute("SELECT correct FROM answers WHERE learner = ? AND source = ? AND rating IS NOT NULL "
                                 "ORDER BY id DESC LIMIT ?", (self.learner, f"lesson:{lesson_id}", answered))
        return sum(1 for (correct,) in rows if correct), answered

    def lesson_places(self) -> dict[str, int]:
        """How many questions of each lesson this learner has answered since last starting it."""
        return dict(self.conn.execute("SELECT lesson, count(*) FROM lesson_answers WHERE learner = ? GROUP BY lesson",
                                      (self.learner,)).fetchall())

    def ruleset(self) -> str | None:
        """The learner's own ruleset, as last chosen with --ruleset."""
        row = self.conn.execute("SELECT ruleset FROM learners WHERE learner = ?", (self.learner,)).fetchone()
        return row[0] if row else None

    def learners(self) -> list[str]:
        """The learners who answered; a name edited by hand into bytes that are not UTF-8 names nobody
        (their answers are kept)."""
        return [r[0] for r in self.conn.execute(
            "SELECT DISTINCT learner FROM answers WHERE typeof(learner) = 'text' ORDER BY learner") if valid(r[0])]


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
