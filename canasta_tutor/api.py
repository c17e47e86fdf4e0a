"""The library the command line is a thin layer over: check a move, score a table, compare rulesets,
lint teachers' files.

For programs, the stable entry points are ``table_from_dict`` (or ``load_table`` for a file),
``check``, ``legal_moves``, ``can_take`` and ``score``: they stay where they are when the package's
modules move."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_tutor.engine.judge import Verdict, judge_scored
from canasta_tutor.engine.move import Step, parse_move
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import load_scenario, read_scenario
from canasta_tutor.reading.strict_yaml import InputError, load

if TYPE_CHECKING:
    from canasta_tutor.engine.scoring import ScoreReport
    from canasta_tutor.play.moves import MoveList

House = dict[str, tuple[Any, str]]


def check(table: Table, move: str | list[Step]) -> Verdict:
    """Judge a move and, when it legally goes out, score the hand as the move leaves it."""
    return judge_scored(table, move)


def table_from_dict(data: dict, name: str = "<data>") -> Table:
    """A table from a mapping shaped like a table file: the same keys, cards as strings (``"7H 7D
    2C"``) or lists of them, a hand as a count. The same checks as a file, and the same InputError
    with the key path (``players[0].hand``); ``name`` stands for the file in messages."""
    from canasta_tutor.files.from_data import table_from_dict as build

    return build(data, name)


def load_table(path: str, ruleset: str | None = None, house: House | None = None) -> Table:
    """A table from a table (or scenario) file."""
    return load_scenario(path, ruleset, house).table


def legal_moves(table: Table) -> MoveList:
    """Every legal move for the player on turn, as ``canasta moves`` lists them."""
    from canasta_tutor.play.moves import legal_moves as listing

    return listing(table)


def can_take(table: Table) -> bool:
    """Whether the player on turn may take the discard pile: some take ``check`` accepts (one
    ``legal_moves`` lists, or leaves out only because the turn could not be finished after it);
    stops at the first legal take."""
    from canasta_tutor.play.moves import can_take as any_take

    return any_take(table)


def score(table: Table, out: str | None = None, concealed: bool = False) -> ScoreReport:
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
               ruleset: str | None = None, house: House | None = None) -> ScoreReport:
    from canasta_tutor.engine.scoring import score_table

    scenario = load_scenario(path, ruleset, house)
    if out is None and scenario.score is not None:
        out = scenario.score.out
        if concealed is None:
            concealed = scenario.score.concealed
    return score_table(scenario.table, out, bool(concealed))


def scenario_files(paths: list[str], unreadable: list | None = None) -> list[Path]:
    """The YAML files of ``paths`` (folders searched through, packs standing for their lessons); a
    folder that cannot be read is added to ``unreadable`` as a problem, never skipped in silence."""
    from canasta_tutor.teaching.lint import scenario_files as found

    return found(paths, unreadable)


def lint_file(path: Path, ruleset: str | None = None) -> tuple[int, list]:
    """Lint one teacher's file: (the number of stated answers checked, the problems found)."""
    from canasta_tutor.teaching.lint import lint_file as lint

    return lint(path, ruleset)
