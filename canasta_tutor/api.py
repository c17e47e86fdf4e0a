"""The library the command line is a thin layer over: check a move, score a table, compare rulesets,
lint teachers' files.

For programs, the stable entry points are ``table_from_dict`` (or ``load_table`` for a file),
``check``, ``legal_moves``, ``can_take`` and ``score``: they stay where they are when the package's
modules move."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_tutor.engine.judge import Verdict, judge
from canasta_tutor.engine.move import MoveError, Step, parse_move
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.files.snapshot import Scenario, load_scenario, read_scenario
from canasta_tutor.reading.strict_yaml import InputError, Map, load
from canasta_tutor.engine.table import Table

if TYPE_CHECKING:
    from canasta_tutor.engine.scoring import ScoreReport
    from canasta_tutor.play.moves import MoveList

House = dict[str, tuple[Any, str]]


def check(table: Table, move: str | list[Step]) -> Verdict:
    """Judge a move and, when it legally goes out, score the hand as the move leaves it."""
    verdict = judge(table, move)
    if verdict.went_out and verdict.legal:
        from canasta_tutor.engine.scoring import score_table  # only a move that goes out is scored: keep it off check's start-up

        verdict.score = score_table(verdict.after, table.turn.player, verdict.concealed, strict=False)
    return verdict


def table_from_dict(data: dict, name: str = "<data>") -> Table:
    """A table from a mapping shaped like a table file: the same keys, cards as strings (``"7H 7D
    2C"``) or lists of them, a hand as a count. The same checks as a file, and the same InputError
    with the key path (``players[0].hand``); ``name`` stands for the file in messages."""
    from canasta_tutor.files.from_data import table_from_dict as build

    return build(data, name)


def load_table(path: str, ruleset: str | None = None, house: House | None = None) -> Table:
    """A table from a table (or scenario) file."""
    return load_scenario(path, ruleset, house).table


def legal_moves(table: Table) -> "MoveList":
    """Every legal move for the player on turn, as ``canasta moves`` lists them."""
    from canasta_tutor.play.moves import legal_moves as listing

    return listing(table)


def can_take(table: Table) -> bool:
    """Whether the player on turn may take the discard pile (in any way ``legal_moves`` lists);
    stops at the first legal take."""
    from canasta_tutor.play.moves import can_take as any_take

    return any_take(table)


def score(table: Table, out: str | None = None, concealed: bool = False) -> "ScoreReport":
    """The score of the hand as ``table`` stands: ``out`` is the player who went out (None when
    the hand ended otherwise), ``concealed`` whether they went out concealed."""
    from canasta_tutor.engine.scoring import score_table

    return score_table(table, out, concealed)


def check_file(path: str, move: str, ruleset: str | None = None, house: House | None = None) -> Verdict:
    steps = parse_move(move)  # a bad move is a usage error, reported before the file is read
    return check(load_scenario(path, ruleset, house).table, steps)


class Ruling:
    """One ruleset's ruling in a comparison, or why that ruleset cannot judge the table."""
    ruleset: str
    verdict: Verdict | None
    problem: str | None  # why this ruleset cannot judge the table (e.g. the number of players)

    def __init__(self, ruleset: str, verdict: Verdict | None, problem: str | None) -> None:
        self.ruleset = ruleset
        self.verdict = verdict
        self.problem = problem


def compare(path: str, move: str, house: House | None = None) -> list[Ruling]:
    """The move under every built-in ruleset; one that does not fit the table (its number of players)
    is listed with the reason instead of a verdict."""
    steps = parse_move(move)
    root = load(path)
    out = []
    judged: set[str] = set()
    for rid in BUILTIN:
        try:
            scenario = read_scenario(root, path, rid, house)
        except InputError as exc:
            out.append(Ruling(rid, None, exc.message))
            continue
        if scenario.table.ruleset.id in judged:  # classic at 2, 3 or 6 players is its variant, judged once
            continue
        judged.add(scenario.table.ruleset.id)
        v = check(scenario.table, steps)
        out.append(Ruling(v.ruleset.id, v, None))
    return out


def score_file(path: str, out: str | None = None, concealed: bool | None = None,
               ruleset: str | None = None, house: House | None = None) -> "ScoreReport":
    from canasta_tutor.engine.scoring import score_table

    scenario = load_scenario(path, ruleset, house)
    if out is None and scenario.score is not None:
        out = scenario.score.out
        if concealed is None:
            concealed = scenario.score.concealed
    return score_table(scenario.table, out, bool(concealed))


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


def scenario_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml") and q.is_file()))
        else:
            files.append(p)
    return files


def lint_file(path: Path, ruleset: str | None = None) -> tuple[int, list[Problem]]:
    """Returns (number of stated answers checked, problems)."""
    name = str(path)
    try:
        root = load(path)
        if isinstance(root, Map) and "steps" in root.items:
            return _lint_lesson(path)
        scenario = read_scenario(root, name, ruleset)
    except InputError as exc:
        return 0, [Problem(exc.file or name, exc.line, exc.column, exc.key, exc.message, "invalid")]
    problems: list[Problem] = []
    checked = 0
    for check_, rid, expect in _expectations(scenario, ruleset):
        checked += 1
        try:
            table = scenario.table if rid is None else read_scenario(root, name, rid).table
        except InputError as exc:
            problems.append(Problem(name, expect.line, expect.column, f"{check_.key}.by_ruleset.{rid}",
                                    f"the table cannot be read under {rid}: {exc.message}", "invalid"))
            continue
        try:
            verdict = check(table, check_.move)
        except MoveError as exc:
            problems.append(Problem(name, check_.line, check_.column, f"{check_.key}.move", str(exc), "invalid"))
            continue
        problems.extend(_compare_expect(name, check_, rid or table.ruleset.id, expect, verdict,
                                        f"{check_.key}.{'expect' if rid is None else 'by_ruleset.' + rid}"))
    if scenario.score is not None:
        for rid, expected in [(None, scenario.score.expect), *scenario.score.by_ruleset.items()]:
            if not expected:
                continue
            checked += 1
            key = "score.expect" if rid is None else f"score.by_ruleset.{rid}"
            try:
                table = scenario.table if rid is None else read_scenario(root, name, rid).table
                from canasta_tutor.engine.scoring import score_table

                report = score_table(table, scenario.score.out, scenario.score.concealed)
            except InputError as exc:
                problems.append(Problem(name, scenario.score.line, scenario.score.column, key, exc.message,
                                        "invalid"))
                continue
            got = {s.name: s.hand_total for s in report.sides}
            for side, points in expected.items():
                if got.get(side) != points:
                    problems.append(Problem(
                        name, scenario.score.line, scenario.score.column, f"{key}.{side}",
                        f"stated {points}, the engine scores {got.get(side)} under {report.ruleset}", "disagrees"))
    return checked, problems


def _lint_lesson(path: Path) -> tuple[int, list[Problem]]:
    """A lesson states no answers; its questions must be ones the engine can answer as asked."""
    from canasta_tutor.learning.lesson import problems as lesson_problems
    from canasta_tutor.learning.lesson import read_lesson

    lesson = read_lesson(path)
    found = [Problem(str(path), line, column, "", message, "disagrees")
             for line, column, message in lesson_problems(lesson)]
    return len(lesson.questions), found


def _expectations(scenario: Scenario, ruleset: str | None):
    for c in scenario.checks:
        if ruleset is None or ruleset == scenario.table.ruleset.id:
            yield c, None, c.expect
        for rid, expect in c.by_ruleset.items():
            if ruleset is None or ruleset == rid:
                yield c, rid, expect


def _compare_expect(file: str, check_, rid: str, expect, verdict: Verdict, key: str) -> list[Problem]:
    got = verdict.rule_ids
    problems = []
    if expect.legal != verdict.legal:
        why = "; ".join(f"{v.rule} (step {v.step})" for v in verdict.violations) or "no rule is broken"
        problems.append(Problem(file, expect.line, expect.column, key,
                                f"'{check_.move}': stated {'legal' if expect.legal else 'illegal'}, the engine "
                                f"rules it {'legal' if verdict.legal else 'illegal'} under {rid}: {why}",
                                "disagrees"))
    missing = [r for r in expect.rules if r not in got]
    if missing:
        problems.append(Problem(file, expect.line, expect.column, key,
                                f"'{check_.move}': stated rule(s) {', '.join(missing)} not among the engine's "
                                f"violations under {rid} ({', '.join(got) or 'none'})", "disagrees"))
    return problems
