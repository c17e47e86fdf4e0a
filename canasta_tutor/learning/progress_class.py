"""A class's results, for the teacher: every learner of one progress database (a club computer, or a
shared data folder), per rule (answers, wrong first tries, memory, last seen) and per lesson (finished
or not); and one learner's progress handed in from another computer (export, import).

Everything is read from the database the learners' own commands write (progress.py): nothing is
kept twice. An import adds the answers and lesson places the other computer holds and works the
scheduler's cards out again from the answers, so a learner who answered on two computers has one
history.
"""
from __future__ import annotations

import csv
import io
import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

from canasta_tutor.learning.progress import Progress, rebuild_schedule, valid
from canasta_tutor.learning.schedule import AGAIN
from canasta_tutor.reading.strict_yaml import InputError, Said

EXPORT_FORMAT = "canasta-tutor progress export"
EXPORT_VERSION = 1
CSV_COLUMNS = ("learner", "kind", "item", "answers", "wrong_first_tries", "memory", "last_seen", "finished")


def _moment(stamp: float | None) -> str | None:
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds") if stamp else None


def learners(conn: sqlite3.Connection) -> list[str]:
    """Every learner the database knows: who answered, finished or started a lesson, or chose a ruleset."""
    found: set[str] = set()
    for table in ("answers", "cards", "lessons", "lesson_answers", "learners"):
        found.update(r[0] for r in conn.execute(f"SELECT DISTINCT learner FROM {table} WHERE typeof(learner) = 'text'")
                     if valid(r[0]))
    return sorted(found)


def class_data(store: Progress) -> dict[str, Any]:
    """Each learner's rules and lessons, read from ``store``'s database."""
    conn, now = store.conn, store.now()
    out = []
    for who in learners(conn):
        seen: dict[str, dict[str, Any]] = {}

        def row_of(rule: str, seen: dict[str, dict[str, Any]] = seen) -> dict[str, Any]:
            return seen.setdefault(rule, {"rule": rule, "answers": 0, "wrong_first_tries": 0, "last": 0.0})

        # A wrong first try is a first answer rated Again: the tutor rates the first answer to each
        # question (the review) and saves a retry after it unrated, so a retry is never counted.
        given = missed = 0  # the learner's answers, each once however many rules it tested (as `progress`)
        for rules, at, rating in conn.execute(
                "SELECT rules, at, rating FROM answers WHERE learner = ? ORDER BY at, id", (who,)):
            wrong_first = rating == AGAIN
            given += 1
            missed += int(wrong_first)
            for rule in str(rules or "").split():
                row = row_of(rule)
                row["answers"] += 1
                row["wrong_first_tries"] += int(wrong_first)
                row["last"] = max(row["last"], float(at))
        from canasta_tutor.learning.progress import RuleProgress

        for rule, card, due, right, wrong in conn.execute(
                "SELECT rule, card, due, right, wrong FROM cards WHERE learner = ?", (who,)):
            row = row_of(rule)
            try:
                row["memory"] = round(RuleProgress(rule, card, due, right, wrong, now).fsrs.retrievability, 3)
            except (ValueError, TypeError, KeyError):
                row["memory"] = None
        rules = [{"rule": r["rule"], "answers": r["answers"], "wrong_first_tries": r["wrong_first_tries"],
                  "memory": r.get("memory"), "last_seen": _moment(r["last"])} for r in sorted(seen.values(), key=lambda r: r["rule"])]
        lessons: dict[str, bool] = {}
        for lesson, finished in conn.execute("SELECT lesson, finished FROM lessons WHERE learner = ?", (who,)):
            lessons[str(lesson)] = finished is not None
        for (lesson,) in conn.execute("SELECT DISTINCT lesson FROM lesson_answers WHERE learner = ?", (who,)):
            lessons.setdefault(str(lesson), False)
        out.append({"learner": who, "answers": given, "wrong_first_tries": missed, "rules": rules,
                    "lessons": [{"lesson": k, "finished": v} for k, v in sorted(lessons.items())]})
    return {"database": str(store.path), "learners": out}


def class_csv(data: dict[str, Any]) -> str:
    """One row per learner and rule, and per learner and lesson; a learner who has done nothing yet
    still has a row, so every learner of the folder is listed."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for who in data["learners"]:
        if not who["rules"] and not who["lessons"]:
            w.writerow([who["learner"], "", "", 0, 0, "", "", ""])
        for r in who["rules"]:
            w.writerow([who["learner"], "rule", r["rule"], r["answers"], r["wrong_first_tries"],
                        "" if r["memory"] is None else r["memory"], r["last_seen"] or "", ""])
        for ls in who["lessons"]:
            w.writerow([who["learner"], "lesson", ls["lesson"], "", "", "", "", "yes" if ls["finished"] else "no"])
    return buf.getvalue()


# -- handing progress in ---------------------------------------------------------------------------

def export_data(store: Progress) -> dict[str, Any]:
    """One learner's answers and lesson places, as a file to carry to another computer."""
    conn, who = store.conn, store.learner
    answers = [list(r) for r in conn.execute(
        "SELECT at, source, question, rules, given, correct, rating FROM answers WHERE learner = ? ORDER BY at, id", (who,))]
    lessons = [list(r) for r in conn.execute("SELECT lesson, finished FROM lessons WHERE learner = ?", (who,))]
    places = [list(r) for r in conn.execute("SELECT lesson, question FROM lesson_answers WHERE learner = ?", (who,))]
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "learner": who, "ruleset": store.ruleset(),
            "answers": answers, "lessons": lessons, "lesson_answers": places}


def _bad(file: str) -> InputError:
    return InputError(Said("progress-file.not-export", "is not a progress file written by 'canasta progress "
                           "--export'"), file)


def read_export(text: str, file: str) -> dict[str, Any]:
    """An exported file, checked row by row before anything is written."""
    try:
        data = json.loads(text)
    except ValueError:
        raise _bad(file) from None
    if not (isinstance(data, dict) and data.get("format") == EXPORT_FORMAT and data.get("version") == EXPORT_VERSION
            and isinstance(data.get("learner"), str) and data["learner"].strip()):
        raise _bad(file)
    shapes = {"answers": (float, str, str, str, str, int, (int, type(None))),
              "lessons": (str, (float, type(None))), "lesson_answers": (str, int)}
    for key, shape in shapes.items():
        rows = data.get(key)
        if not isinstance(rows, list):
            raise _bad(file)
        for row in rows:
            ok = isinstance(row, list) and len(row) == len(shape) and all(
                isinstance(v, kind) and not isinstance(v, bool) or (kind is float and isinstance(v, int)
                                                                     and not isinstance(v, bool))
                for v, kind in zip(row, shape))
            if not ok:
                raise _bad(file)
    return data


def import_data(store: Progress, data: dict[str, Any], learner: str | None) -> dict[str, Any]:
    """Add what the file holds to the learner's progress (the file's learner, or ``learner``): answers
    already there are not added twice; the scheduler's cards are worked out again from all answers."""
    conn, who = store.conn, learner or data["learner"]
    added = 0
    conn.execute("BEGIN IMMEDIATE")
    try:
        for at, source, question, rules, given, correct, rating in data["answers"]:
            there = conn.execute("SELECT 1 FROM answers WHERE learner = ? AND at = ? AND source = ? AND question = ? "
                                 "AND given = ?", (who, at, source, question, given)).fetchone()
            if there is None:
                conn.execute("INSERT INTO answers (learner, at, source, question, rules, given, correct, rating) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (who, at, source, question, rules, given, correct, rating))
                added += 1
        for lesson, finished in data["lessons"]:
            conn.execute("INSERT INTO lessons (learner, lesson, finished) VALUES (?, ?, ?) ON CONFLICT (learner, lesson) "
                         "DO UPDATE SET finished = coalesce(lessons.finished, excluded.finished)", (who, lesson, finished))
        for lesson, question in data["lesson_answers"]:
            conn.execute("INSERT OR IGNORE INTO lesson_answers (learner, lesson, question) VALUES (?, ?, ?)",
                         (who, lesson, question))
        conn.execute("DELETE FROM cards WHERE learner = ?", (who,))  # worked out again from every answer
        rebuild_schedule(conn, who)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return {"learner": who, "answers_added": added, "answers_in_file": len(data["answers"])}


def export_text(store: Progress) -> str:
    return json.dumps(export_data(store), ensure_ascii=False, indent=1) + "\n"
