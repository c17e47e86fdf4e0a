"""Lint: teachers' files checked for their format, their card counts and every stated answer against
the engine, with every problem of a file reported at once wherever the reader can read on."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from canasta_tutor import texts
from canasta_tutor.engine.judge import Verdict, judge_scored
from canasta_tutor.engine.move import MoveError, parse_move
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import SCENARIO_KEYS, SNAPSHOT_KEYS, Scenario, read_scenario
from canasta_tutor.reading.strict_yaml import InputError, Map, Node, Said, load, not_ours

if TYPE_CHECKING:
    from canasta_tutor.engine.ruleset import Ruleset


class Problem:
    """One thing wrong with a teacher's file, with where it is."""
    file: str
    line: int
    column: int
    key: str
    message: str
    kind: str  # invalid | disagrees

    def __init__(self, file: str, line: int, column: int, key: str, message: str, kind: str) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
        self.kind = kind

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.key + ': ' if self.key else ''}{self.message}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column, "key": self.key,
                "message": self.message, "kind": self.kind}


def scenario_files(paths: list[str], unreadable: list[Problem] | None = None) -> list[Path]:
    """The YAML files of ``paths`` (folders searched through). A folder that cannot be read, and a link
    that leads out of the folder given (not read: a link in a repository must not make lint read, and
    quote, a file elsewhere), are added to ``unreadable`` as problems, never skipped in silence."""
    from canasta_tutor.teaching.packs import pack_files

    files: list[Path] = []

    for p in map(Path, paths):
        if p.is_dir():
            def refused(exc: OSError, p=p) -> None:
                if unreadable is not None:
                    unreadable.append(Problem(str(exc.filename or p), 0, 0, "", texts.section(
                        "teaching", "lint.folder-unreadable", {"reason": exc.strerror or exc}), "invalid"))

            def outside(link: Path, p=p) -> None:
                if unreadable is not None:
                    unreadable.append(Problem(str(link), 0, 0, "", texts.said(Said(
                        "lint.link-out", "is a link that leads out of {folder}, so it was not read: lint reads "
                        "only what lies inside the folder it is given", folder=str(p))), "invalid"))
            files.extend(pack_files(p, refused, outside))
        else:
            files.append(_whole_pack(p))
    return list(dict.fromkeys(files))  # a pack named by two of its files is linted once


def _whole_pack(path: Path) -> Path:
    """A lesson file of a pack stands for its pack, linted whole: a change to one file can break
    another (a lesson renamed, one the manifest lists deleted), and the pack's ruleset applies."""
    from canasta_tutor.teaching.packs import MANIFEST, enclosing_pack

    if path.name == MANIFEST or str(path) == "-":
        return path
    inside = enclosing_pack(path)
    return inside.place / MANIFEST if inside is not None else path


def pack_manifests(paths: list[str]) -> list[Path]:
    """``lint --packs``: every pack under the paths (a folder's packs, zipped or not), and nothing else."""
    from canasta_tutor.teaching.packs import MANIFEST, is_pack

    return [f for f in scenario_files(paths) if f.name == MANIFEST or (f.suffix == ".zip" and is_pack(f))]


def lint_file(path: Path, ruleset: str | None = None) -> tuple[int, list[Problem]]:
    """Returns (number of stated answers checked, problems). Every problem the reader can read on
    past is reported at once; ``note`` problems say what to look at without failing the file."""
    from canasta_tutor.files.snapshot import collecting
    from canasta_tutor.teaching import packs

    name = str(path)
    if packs.is_pack(path):
        checked, in_pack = packs.lint_pack(path)
        return checked, [Problem(*p) for p in in_pack]
    scenario = None
    with collecting() as found:
        try:
            root = load(path)  # parsed once: the lesson, the scenario and its tables under each ruleset
            refuse_foreign(root, name)
            if isinstance(root, Map) and "steps" in root.items:
                checked, lesson_found = _lint_lesson(path, root)
            else:
                scenario = read_scenario(root, name, ruleset)
        except InputError as exc:
            found.append(exc)
    if found:  # the stated answers are not checked on a table that was not read as written
        # the cards are not counted: a card the reader could not read is left out of its hand
        found_all = _invalid(found, name) + (_table_notes(scenario, root, name, False) + _bad_moves(scenario, name)
                                             if scenario else [])
        return 0, sorted(found_all, key=lambda p: (p.line, p.column))
    if scenario is None:
        return checked, lesson_found
    problems = _table_notes(scenario, root, name)
    checked = 0
    unreadable: dict[int, tuple] = {}  # a move that does not parse: reported once, with every ruleset it is stated under
    under = _tables(scenario, root, name)
    for check_, rid, expect in _expectations(scenario, ruleset):
        checked += 1
        try:
            parse_move(check_.move)
        except MoveError as exc:
            unreadable.setdefault(id(check_), (check_, exc, []))[2].append(rid or scenario.table.ruleset.id)
            continue
        try:
            table = under(rid)
        except InputError as exc:
            problems.append(Problem(name, expect.line, expect.column, f"{check_.key}.by_ruleset.{rid}",
                                    _say("unreadable-under", ruleset=rid, problem=texts.said(exc.message)),
                                    "invalid"))
            continue
        verdict = judge_scored(table, check_.move)
        problems.extend(_compare_expect(name, check_, rid or table.ruleset.id, expect, verdict,
                                        f"{check_.key}.{'expect' if rid is None else 'by_ruleset.' + rid}"))
    for check_, error, rulesets in unreadable.values():
        problems.append(Problem(name, check_.line, check_.column, f"{check_.key}.move",
                                _say("bad-move", problem=texts.said(error.args[0]), rulesets=texts.listed(rulesets)),
                                "invalid"))
    if scenario.score is not None:
        for rid, expected in [(None, scenario.score.expect), *scenario.score.by_ruleset.items()]:
            if not expected:
                continue
            checked += 1
            key = "score.expect" if rid is None else f"score.by_ruleset.{rid}"
            try:
                table = under(rid)
                from canasta_tutor.engine.scoring import score_table

                report = score_table(table, scenario.score.out, scenario.score.concealed)
            except InputError as exc:
                problems.append(Problem(name, scenario.score.line, scenario.score.column, key,
                                        texts.said(exc.message), "invalid"))
                continue
            got = {s.name: s.hand_total for s in report.sides}
            for side, points in expected.items():
                if got.get(side) != points:
                    problems.append(Problem(
                        name, scenario.score.line, scenario.score.column, f"{key}.{side}",
                        _say("score", stated=points, points=got.get(side), ruleset=report.ruleset),
                        "disagrees"))
    return checked, sorted(problems, key=lambda p: (p.line, p.column))  # in the order of the file


def _tables(scenario: Scenario, root, name: str):
    """The scenario's table under a ruleset (None: its own), read once per ruleset however many checks
    name it: read again for each, a file of a thousand checks took seconds, growing with their square."""
    from canasta_tutor.files.snapshot import read_table

    read: dict[str, Table | InputError] = {}

    def under(rid: str | None):
        if rid is None:
            return scenario.table
        if rid not in read:
            try:
                read[rid] = read_table(root, name, rid)
            except InputError as exc:
                read[rid] = exc
        got = read[rid]
        if isinstance(got, InputError):
            raise got
        return got

    return under


# The keys a table, scenario, lesson or pack has at its top: a mapping with none of them is another
# program's file, whose content no message quotes (not even its keys).
OUR_KEYS = frozenset(SNAPSHOT_KEYS + SCENARIO_KEYS + ("id", "steps", "lessons"))


def refuse_foreign(root, name: str) -> None:
    """Refuse, without quoting a word of it, a file that is not one of ours (lint and worksheet read
    whatever a folder or a command line holds)."""
    if isinstance(root, Map) and not OUR_KEYS.intersection(root.items):
        raise not_ours(name)


def _invalid(found: list[InputError], name: str) -> list[Problem]:
    """The reader's problems, once each, in the order of the file."""
    seen: dict[tuple, Problem] = {}
    for exc in found:  # worded in the user's language, as check words them
        p = Problem(exc.file or name, exc.line, exc.column, exc.key, texts.said(exc.message), "invalid")
        seen.setdefault((p.file, p.line, p.column, p.key, p.message), p)
    return sorted(seen.values(), key=lambda p: (p.file != name, p.line, p.column))


def _bad_moves(scenario: Scenario, name: str) -> list[Problem]:
    """Moves that do not parse, reported with the format problems (the checks are not run then)."""
    out = []
    for c in scenario.checks:
        try:
            parse_move(c.move)
        except MoveError as exc:
            out.append(Problem(name, c.line, c.column, f"{c.key}.move", texts.said(exc.args[0]), "invalid"))
    return out


def missing_cards(table: Table, root: Node, file: str) -> Problem | None:
    """A table that gives every hand (its cards or their number) and the stock must hold every card of
    its decks: the cards it leaves out are a mistake of the draft, said at the stock's line with their
    number. (More cards than the decks hold is refused by the reader already, at the same line.)"""
    from canasta_tutor.files.snapshot import value_of

    if not isinstance(root, Map):  # not a mapping: no stock and no players to count
        return None
    stock_node = value_of(root, "stock")
    players = value_of(root, "players")
    if stock_node is None or players is None:
        return None
    if any(isinstance(p, Map) and value_of(p, "hand") is None for p in getattr(players, "items", [])):
        return None  # a hand left out: the table says nothing of those cards
    # A scenario read under rulesets of different decks cannot be whole for each: it must hold at
    # least the smallest deck, which every ruleset it is read under has.
    deck = min(rs.decks * 52 + rs.jokers for rs in [table.ruleset, *_stated_rulesets(root, file)])
    total = (sum(p.count for p in table.players) + sum(len(m.cards) for s in table.sides for m in s.melds)
             + sum(len(s.red_threes) for s in table.sides) + len(table.discard) + table.stock)
    if total >= deck:
        return None
    return Problem(file, stock_node.line, stock_node.column, "stock",
                   _say("missing-cards", n=deck - total, total=total, deck=deck, stock=table.stock,
                        fits=table.stock + deck - total), "invalid")


def _stated_rulesets(root: Map, file: str) -> list[Ruleset]:
    """The rulesets a scenario states answers under (by_ruleset of its checks and score)."""
    from canasta_tutor.engine.ruleset import load_ruleset

    ids: set[str] = set()
    checks = root.items.get("checks")
    parts = list(checks[1].items) if checks and hasattr(checks[1], "items") and isinstance(checks[1].items, list) else []
    score = root.items.get("score")
    for part in [*parts, *([score[1]] if score else [])]:
        by = part.items.get("by_ruleset") if isinstance(part, Map) else None
        if by and isinstance(by[1], Map):
            ids.update(str(k) for k in by[1].items)
    found = []
    for rid in sorted(ids):
        try:
            found.append(load_ruleset(rid, file))
        except InputError:
            continue  # reported with the check that names it
    return found


def _table_notes(scenario: Scenario, root, name: str, count: bool = True) -> list[Problem]:
    """Moves that rely on drawing a card (a note), and cards the table leaves out (a problem); a table
    of more cards than its decks is refused by the reader already."""
    from canasta_tutor.teaching.lint_notes import cards_not_in_hand

    out: list[Problem] = []
    table = scenario.table
    missing = missing_cards(table, root, name) if count else None
    if missing is not None:
        out.append(missing)
    for c in scenario.checks:
        try:
            relied = cards_not_in_hand(table, c.move)
        except MoveError:
            continue  # reported with the check
        if relied:
            out.append(Problem(name, c.line, c.column, f"{c.key}.move",
                               texts.section("teaching", "lint.relies",
                                             {"move": c.move, "cards": " ".join(map(str, relied)),
                                              "player": table.turn.player, "n": len(relied)}), "note"))
    return out


def _lint_lesson(path: Path, root) -> tuple[int, list[Problem]]:
    """A lesson states no answers; its questions must be ones the engine can answer as asked."""
    from canasta_tutor.learning.lesson import deck_problems, read_lesson
    from canasta_tutor.learning.lesson import problems as lesson_problems
    from canasta_tutor.teaching.packs import enclosing_pack

    inside = enclosing_pack(path)  # a pack's lesson is checked as the pack asks it: under its ruleset
    lesson = inside.lesson() if inside is not None else read_lesson(path, root=root)
    found = [Problem(str(path), line, column, "", message, "disagrees")
             for line, column, message in lesson_problems(lesson)]
    found += [Problem(str(path), line, column, "table", message, "note")
              for line, column, message in deck_problems(lesson)]
    return len(lesson.questions), found


def _expectations(scenario: Scenario, ruleset: str | None):
    for c in scenario.checks:
        if ruleset is None or ruleset == scenario.table.ruleset.id:
            yield c, None, c.expect
        for rid, expect in c.by_ruleset.items():
            if ruleset is None or ruleset == rid:
                yield c, rid, expect


def _say(key: str, **params) -> str:
    """A lint report in the user's language (the ``teaching.lint`` section)."""
    return texts.section("teaching", f"lint.{key}", params)


def _compare_expect(file: str, check_, rid: str, expect, verdict: Verdict, key: str) -> list[Problem]:
    got = verdict.rule_ids
    problems = []
    if expect.legal != verdict.legal:
        if expect.legal:
            broken = "; ".join(_say("broken-rule", rule=v.rule, step=v.step) for v in verdict.violations)
            said = _say("stated-legal", move=check_.move, ruleset=rid, broken=broken)
        else:
            said = _say("stated-illegal", move=check_.move, ruleset=rid)
        problems.append(Problem(file, expect.line, expect.column, key, said, "disagrees"))
    missing = [r for r in expect.rules if r not in got]
    if missing:
        said = _say("not-found" if got else "not-found-none", move=check_.move, rules=texts.listed(missing),
                    ruleset=rid, found=", ".join(got), n=len(missing))
        problems.append(Problem(file, expect.line, expect.column, key, said, "disagrees"))
    return problems
