"""Printable worksheets: the questions of scenario, lesson and pack files, several to a page, each with
its table drawn as an inline SVG, and an answer key apart.

The sheet states the position and asks; it never shows a ruling, a rule id, a score, the file's title
(it usually names the point being taught) or a word of the drawing that gives the answer away (the
pile is not labelled frozen). The key holds, for each question, the answer on its own line, the
engine's ruling under the file's ruleset and every ruleset the file states an answer for, with the
rule ids, the engine's explanation, the sources and a small drawing. Nothing in the key is copied from
the file's stated answers: the engine works each one out.

The layout is in sheet.py (the question pages) and answer_key.py (the key).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from canasta_tutor import texts
from canasta_tutor.engine.move import parse_move
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import read_scenario, read_table
from canasta_tutor.reading.strict_yaml import InputError, Map, Node, load

GENERATOR = "canasta-tutor worksheet"  # the page's generator; the MARKER comment lets a later run replace it


@dataclass
class Question:
    """One question of the sheet: a table and what is asked about it."""
    kind: str  # move (is it allowed?), rule, which, best (the coach grades), score, play
    title: str  # the file's title: for the key only, never the sheet
    table: Table
    source: str
    move: str = ""
    moves: list[str] = field(default_factory=list)
    side: str = ""
    out: str | None = None
    concealed: bool = False
    # the same question under the other rulesets the file states an answer for: (ruleset id, table)
    also: list[tuple[str, Table | str]] = field(default_factory=list)  # a str: why it cannot be read
    explanation: str = ""  # a lesson's own words, for the key
    asked: str = ""  # the teacher's wording of the question (a check's ``question:``)
    # a rule question's offered rule ids, in an order the seed fixes (the lesson's own options)
    options: Callable[[str], list[str]] | None = None
    seed: str = ""  # the version's seed: the order of a rule question's options

    def choices(self) -> list[str]:
        return self.options(self.seed) if self.options else []


def questions(paths: list[str], ruleset: str | None = None) -> list[Question]:
    """Every question of the files, in order: a scenario's checks and score, a lesson's questions, a
    pack's lessons (folder or zip) under the pack's ruleset, a folder's files, and for a bare table,
    "what would you play?"."""
    from canasta_tutor.teaching import packs
    from canasta_tutor.teaching.lint import refuse_foreign, scenario_files

    out: list[Question] = []
    for given in paths:
        files = [Path(given)] if given == "-" or not Path(given).is_dir() or packs.is_pack(given) else \
            scenario_files([given])
        for path in files:
            if str(path) != "-" and packs.is_pack(path):
                out.extend(_pack_questions(path, ruleset))
                continue
            root = load(str(path))  # parsed once: the lesson, or the scenario and its tables under each ruleset
            refuse_foreign(root, str(path))
            if isinstance(root, Map) and "steps" in root.items:
                out.extend(_lesson_questions(str(path), root, ruleset))
            else:
                out.extend(_scenario_questions(root, str(path), ruleset))
    if not out:
        raise InputError(texts.section("teaching", "worksheet.no-questions"))
    return out


def ordered(qs: list[Question], shuffle: bool, seed: str, version: str = "") -> list[Question]:
    """The questions of one version of the sheet: in the files' order, or shuffled by the seed (each
    version its own order, the same every time for the same seed)."""
    from dataclasses import replace

    picked = [replace(q, seed=f"{seed}:{version}") for q in qs]
    if shuffle:
        random.Random(f"{seed}:{version}").shuffle(picked)
    return picked


def _pack_questions(path: Path, ruleset: str | None) -> list[Question]:
    from canasta_tutor.teaching.packs import lessons_of, opened

    with opened(path) as pack:
        return [q for lesson in lessons_of(pack, ruleset) for q in _from_lesson(lesson)]


def _scenario_questions(root: Node, path: str, ruleset: str | None) -> list[Question]:
    scenario = read_scenario(root, path, ruleset)
    table = scenario.table
    title = scenario.title

    read: dict[str, Table | str] = {}  # each ruleset's table read once, however many checks name it

    def under(rids: object) -> list[tuple[str, Table | str]]:
        """The table under each other ruleset stated, or why that ruleset cannot read it."""
        if ruleset:  # the teacher asked for one ruleset
            return []
        out: list[tuple[str, Table | str]] = []
        for rid in dict.fromkeys(rids):  # type: ignore[call-overload]
            if rid not in read:
                try:
                    read[rid] = read_table(root, path, rid)
                except InputError as exc:
                    read[rid] = exc.message
            other = read[rid]
            if isinstance(other, str) or other.ruleset.id != table.ruleset.id:
                out.append((rid, other))
        return out

    out = [Question("move", title, table, path, move=c.move, also=under(c.by_ruleset), asked=c.question)
           for c in scenario.checks]
    if scenario.score is not None:
        out.append(Question("score", title, table, path, out=scenario.score.out, concealed=scenario.score.concealed,
                            also=under(scenario.score.by_ruleset)))
    if not out:
        out.append(Question("play", title, table, path))
    return out


def _lesson_questions(path: str, root: Node, ruleset: str | None) -> list[Question]:
    from canasta_tutor.learning.lesson import read_lesson
    from canasta_tutor.teaching.packs import enclosing_pack

    inside = enclosing_pack(path)
    if inside is not None:  # a lesson of a pack is asked as the pack asks it: under the pack's ruleset
        return _from_lesson(inside.lesson(ruleset))
    return _from_lesson(read_lesson(path, ruleset, root=root))


def _from_lesson(lesson: object) -> list[Question]:
    kinds = {"legal": "move", "rule": "rule", "which": "which", "best": "best", "score": "score"}
    return [Question(kinds[q.kind], lesson.title, q.table, lesson.file, move=q.move,  # type: ignore[attr-defined]
                     moves=list(q.moves), side=q.side, out=q.out, concealed=q.concealed,
                     explanation=q.explanation, options=q.options if q.kind == "rule" else None)
            for q in lesson.questions]  # type: ignore[attr-defined]


def pile_matters(q: Question) -> bool:
    """The pile's cards are drawn when the question is about taking it, or when what lies in it (a
    wild card, a three) decides whether it can be taken."""
    steps = [s for m in ([q.move] if q.move else []) + q.moves for s in parse_move(m)]
    if any(s.kind == "take" for s in steps):
        return True
    return any(c.is_wild or c.rank == "3" for c in q.table.discard[:-1])


def versions_named(count: int) -> list[str]:
    """The versions' letters: A, B, ... ("" for a single sheet)."""
    return [chr(ord("A") + i) for i in range(count)] if count > 1 else [""]
