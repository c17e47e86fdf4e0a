"""The library the command line is a thin layer over: check a move, score a table, compare rulesets,
lint teachers' files.

For programs, the stable entry points are ``table_from_dict`` (or ``load_table`` for a file),
``check``, ``legal_moves``, ``can_take`` and ``score``: they stay where they are when the package's
modules move."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from canasta_tutor.engine.bounds import Undecided as Undecided  # raised by can_take when its bound is reached
from canasta_tutor.engine.cards import Card, parse_cards
from canasta_tutor.engine.judge import Verdict, judge_scored
from canasta_tutor.engine.kernel import JUDGE, decide, take_on_counts, view
from canasta_tutor.engine.move import Step, parse_move, steps_of, verify_steps
from canasta_tutor.engine.plain import SealedTable, plain_table
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.engine.ruling import Finish, Ruling
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import load_scenario, read_scenario
from canasta_tutor.reading.strict_yaml import InputError, load

if TYPE_CHECKING:
    from canasta_tutor.engine.scoring import ScoreReport
    from canasta_tutor.play.moves import MoveList

House = dict[str, tuple[Any, str]]

# The table of the examples below (each one runs in CI, tests/test_api.py): Ann's side has melded
# kings, and a 9 lies on the pile.
EXAMPLE: dict[str, Any] = {
    "ruleset": "classic",
    "players": [{"name": "Ann", "hand": "9S 9D 2C 4H KS"}, {"name": "Bob", "hand": "5C 6C 7C"},
                {"name": "Cas", "hand": "JD QD"}, {"name": "Dee", "hand": "8H 8D 3S"}],
    "sides": [{"name": "NS", "players": ["Ann", "Cas"], "melds": ["KH KD KC"]},
              {"name": "EW", "players": ["Bob", "Dee"]}],
    "discard": "5D 8C 9H", "stock": 40, "turn": {"player": "Ann"},
}


def check(table: Table, move: str | list[Step]) -> Ruling:
    """The ruling on a move: legal or not and the deciding rule, every violation with its citation,
    the notes, whether the turn is over or can still be finished, and the hand's score when the move
    legally goes out. ``legal`` and ``decisive`` are given at once; the rest is worked out from the
    table when first read, so a program that changes the table afterwards reads them first (or checks
    a ``clone()``).

    >>> table = table_from_dict(EXAMPLE)
    >>> check(table, "take 9S 9D; discard 4H").legal
    True
    >>> check(table, "take 4H KS").rule_ids
    ['pile.no-match']
    >>> check(table, "take 4H KS").decisive
    'pile.no-match'
    """
    steps = steps_of(move) if isinstance(move, str) else verify_steps(tuple(move))
    decisive = decide(table, steps)  # the kernel: legal, and the deciding rule, on counts
    if decisive is JUDGE:  # a question the kernel leaves to the judge (its one constant)
        return Ruling.of(judge_scored(table, list(steps)), _finish)
    return Ruling(table, steps, decisive is None, decisive, _finish)


def _finish(v: Verdict) -> Finish:
    # The search for a way to finish the turn lives with the players' moves; only a ruling asked
    # whether it can be finished runs it.
    from canasta_tutor.play.finishing import finish

    return finish(v)


def table_from_dict(data: dict[str, Any], name: str = "<data>") -> Table:
    """A table from a mapping shaped like a table file: the same keys, cards as strings (``"7H 7D
    2C"``) or lists of them, a hand as a count. The same checks as a file, and the same InputError
    with the key path (``players[0].hand``); ``name`` stands for the file in messages.

    >>> table_from_dict(EXAMPLE).mover.hand[:2]
    [Card('9S'), Card('9D')]
    >>> table_from_dict(EXAMPLE | {"stock": "many"})
    Traceback (most recent call last):
    ...
    canasta_tutor.reading.strict_yaml.InputError: <data>: stock: found 'many', expected a whole number
    """
    return _table_from_dict()(data, name)


@cache
def _table_from_dict() -> Callable[[dict[str, Any], str], Table]:
    # Kept once imported, as ``_score_table`` is: an import statement per call cost a tenth of the
    # table itself.
    from canasta_tutor.files.from_data import table_from_dict as build

    return build


def table_from_cards(ruleset: str, hands: Sequence[Sequence[Card] | int],
                     melds: Sequence[Sequence[Sequence[Card]]] = (), discard: Sequence[Card] = (), stock: int = 0,
                     player: int = 0, phase: str = "draw", scores: Sequence[int] = (), first_round: bool = False,
                     permission: str = "none", has_melded: Sequence[bool] = ()) -> Table:
    """A table a program made itself, from cards (``Card`` objects, see ``cards``), trusted: nothing is
    checked. Seats are ``P1``, ``P2``...; ``melds`` and ``scores`` go by side, seated as the ruleset
    seats them (partners opposite: with four players, seats 0 and 2, then 1 and 3); ``player`` is the
    seat on turn. A position that breaks what a table file must hold gives rulings about a table no
    game can reach: for positions from outside the program, use the validating ``table_from_dict``.

    The lists are the table's from then on: it reads them when asked, and builds its players and
    sides from them only when something looks at those (``score`` never does; ``check`` and
    ``can_take`` do not where the verdict kernel answers, nor ``legal`` and ``decisive`` of a ruling;
    its full verdict does), so a program must not change them afterwards.

    >>> table = table_from_cards("classic", [cards("9S 9D 2C 4H"), 11, 11, 11], melds=[[cards("9H 9C 9S")]],
    ...                          discard=cards("5D 9H"), stock=40, scores=[1600, 0])
    >>> table.sides[0].players, check(table, "take 9S 9D").legal
    (['P1', 'P3'], True)
    """
    return plain_table(ruleset, hands, melds, discard, stock, player, phase, scores, first_round, permission,
                       has_melded)


def cards(text: str) -> list[Card]:
    """Cards from their codes (``"7H 7D 2C"``), for ``table_from_cards``.

    >>> cards("7H 2C JK")
    [Card('7H'), Card('2C'), Card('JK')]
    """
    return parse_cards(text)


def load_table(path: str, ruleset: str | None = None, house: House | None = None) -> Table:
    """A table from a table (or scenario) file, with every check of a file.

    Like ``table_from_dict``'s, the table keeps the verdict kernel's view of it after its first
    question, until something looks into it (``score`` and ``legal_moves`` do, as does reading any of
    its parts but ``ruleset``): a program asking many questions of one position read from a file reads
    it once.

    >>> table = load_table(str(Path(__file__).parent / "examples" / "table.yaml"))
    >>> check(table, "take 9S 9D; discard 4H").legal, check(table, "draw; discard 4H").legal
    (True, True)
    >>> table.turn.player, table.ruleset.id
    ('Ann', 'classic')
    """
    return SealedTable.make(load_scenario(path, ruleset, house).table)


def legal_moves(table: Table) -> MoveList:
    """Every legal move for the player on turn, as ``canasta moves`` lists them.

    >>> [option.move for option in legal_moves(table_from_dict(EXAMPLE)).options]
    ['draw', 'take 9S 2C', 'take 9S 9D', 'take 9S 9D 2C', 'ask']
    """
    from canasta_tutor.play.moves import legal_moves as listing

    return listing(table)


def can_take(table: Table) -> bool:
    """Whether the player on turn may take the discard pile: some take ``check`` accepts (one
    ``legal_moves`` lists, or leaves out only because the turn could not be finished after it);
    stops at the first legal take. The search is bounded by counted rulings: on a hand so large that
    it stops before finding a legal take or ruling every take out, it raises ``Undecided`` rather
    than answer "no".

    >>> can_take(table_from_dict(EXAMPLE))
    True
    """
    v = view(table)  # read without building a table a program made from cards
    if v is None:  # a corner the kernel leaves to the judge
        if table.turn.phase != "draw" or not table.discard:
            return False
    else:
        found = take_on_counts(v)
        if found is not None:
            return found
    from canasta_tutor.play.moves import can_take as any_take

    return any_take(table)


def score(table: Table, out: str | None = None, concealed: bool = False) -> ScoreReport:
    """The score of the hand as ``table`` stands: ``out`` is the player who went out (None when
    the hand ended otherwise), ``concealed`` whether they went out concealed.

    >>> [(side.name, side.hand_total) for side in score(table_from_dict(EXAMPLE)).sides]
    [('NS', -45), ('EW', -40)]
    """
    return _score_table()(table, out, concealed)


@cache
def _score_table() -> Callable[[Table, str | None, bool], ScoreReport]:
    # Imported on the first score, not with the library: a program that only checks moves never loads
    # it. Kept from then on: an import statement run on every call costs nearly as much as the table.
    from canasta_tutor.engine.scoring import score_table

    return score_table


def check_file(path: str, move: str, ruleset: str | None = None, house: House | None = None,
               reader: str | None = None) -> Ruling:
    """``check`` on the table of a file, under its ruleset or ``ruleset``, with ``house`` rules; the move as
    a reader of the language ``reader`` types it (``nl``: ``pak HS HH 2K`` is ``take KS KH 2C``; None: the
    English words, and the card letters every language shares).

    >>> check_file(str(Path(__file__).parent / "examples" / "table.yaml"), "take 9S 9D 2C; discard 4H").legal
    True
    >>> check_file(str(Path(__file__).parent / "examples" / "table.yaml"), "pak 9S 9R 2K; leg af 4H", reader="nl").move
    'take 9S 9D 2C; discard 4H'
    """
    steps = parse_move(move, reader)  # a bad move is a usage error, reported before the file is read
    return check(load_scenario(path, ruleset, house).table, steps)


class Compared:
    """One ruleset's ruling in a comparison, or why that ruleset cannot judge the table."""
    ruleset: str
    verdict: Ruling | None
    problem: str | None  # why this ruleset cannot judge the table (e.g. the number of players)

    def __init__(self, ruleset: str, verdict: Ruling | None, problem: str | None) -> None:
        self.ruleset = ruleset
        self.verdict = verdict
        self.problem = problem


def compare(path: str, move: str, house: House | None = None, reader: str | None = None) -> list[Compared]:
    """The move under every built-in ruleset; one that does not fit the table (its number of players)
    is listed with the reason instead of a verdict; ``reader`` as in ``check_file``.

    >>> rulings = compare(str(Path(__file__).parent / "examples" / "table.yaml"), "take 9S 9D 2C; discard 4H")
    >>> [(r.ruleset, r.verdict.legal) for r in rulings if r.verdict is not None]
    [('classic', True), ('official', True), ('brazilian', True), ('danish', True), ('dutch-house', True)]
    >>> rulings[1].problem
    'found 4 players, but classic-2p is played by 2'
    """
    steps = parse_move(move, reader)
    root = load(path)
    out = []
    judged: set[str] = set()
    for rid in BUILTIN:
        try:
            scenario = read_scenario(root, path, rid, house)
        except InputError as exc:
            out.append(Compared(rid, None, exc.message))
            continue
        if scenario.table.ruleset.id in judged:  # classic at 2, 3 or 6 players is its variant, judged once
            continue
        judged.add(scenario.table.ruleset.id)
        v = check(scenario.table, steps)
        out.append(Compared(v.ruleset.id, v, None))
    return out


def score_file(path: str, out: str | None = None, concealed: bool | None = None,
               ruleset: str | None = None, house: House | None = None) -> ScoreReport:
    """The score of a scenario file's hand, by its ``score`` section unless ``out`` is given.

    >>> report = score_file(str(Path(__file__).parent / "examples" / "out-with-two-canastas.yaml"))
    >>> [(side.name, side.hand_total) for side in report.sides]
    [('NS', 1020), ('EW', 80)]
    """
    from canasta_tutor.engine.scoring import ScoreError, score_table

    scenario = load_scenario(path, ruleset, house)
    if out is None and scenario.score is not None:
        out = scenario.score.out
        if concealed is None:
            concealed = scenario.score.concealed
    try:
        return score_table(scenario.table, out, bool(concealed))
    except ScoreError as exc:  # a hand given as a count: where it is in the file
        raise exc if exc.key == "out" else scenario.located(exc) from None


def scenario_files(paths: list[str], unreadable: list[Any] | None = None) -> list[Path]:
    """The YAML files of ``paths`` (folders searched through, packs standing for their lessons); a
    folder that cannot be read is added to ``unreadable`` as a problem, never skipped in silence.

    >>> [p.name for p in scenario_files([str(Path(__file__).parent / "examples")])][:2]
    ['d04-pile-natural-and-wild.yaml', 'd05-wild-on-wild.yaml']
    """
    from canasta_tutor.teaching.lint import scenario_files as found

    return found(paths, unreadable)


def lint_file(path: Path, ruleset: str | None = None) -> tuple[int, list[Any]]:
    """Lint one teacher's file: (the number of stated answers checked, the problems found).

    >>> lint_file(Path(__file__).parent / "examples" / "d05-wild-on-wild.yaml")
    (7, [])
    """
    from canasta_tutor.teaching.lint import lint_file as lint

    return lint(path, ruleset)
