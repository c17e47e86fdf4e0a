"""The ruling on a move as one object, the one thing every reader of a ruling reads.

A ``Ruling`` answers at once whether the move is legal and which rule decides it. Everything else a
referee says (every violation in order, with its citation; the notes; whether the turn is over or can
still be finished; the score when the move goes out; the table the move leaves) is worked out on first
use and then kept: a program that only asks "legal?" never pays for the explanation, and a renderer
that asks for all of it gets each part computed once.

Whether a legal move can still be finished is a search over further moves, which belongs to the
players' layer above the engine: whoever makes a ruling hands that search in (``finisher``), so that
nothing reading a ruling ever runs it itself.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from canasta_tutor.engine.citing import Citation, citation
from canasta_tutor.engine.judge import Finding, Verdict, judge_scored
from canasta_tutor.engine.move import Step, format_move
from canasta_tutor.engine.near import near_misses
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.state import TurnState
from canasta_tutor.engine.table import Table

if TYPE_CHECKING:
    from canasta_tutor.engine.scoring import ScoreReport


def finished(v: Verdict) -> bool:
    """The move ends the turn: it discards, goes out, or the hand ended under it."""
    return bool(v.state.discarded or v.went_out or v.state.ended_by_red_three)


class Finish:
    """Whether a move can still be finished, and, for a dead end, the rules that stopped every way
    tried (first the discards, then the ways out)."""

    __slots__ = ("blocked", "possible")
    possible: bool | None
    blocked: list[tuple[str, str]]  # (move tried, first rule it broke)

    def __init__(self, possible: bool | None, blocked: list[tuple[str, str]] | None = None) -> None:
        self.possible = possible
        self.blocked = blocked or []

    @property
    def rules(self) -> list[str]:
        seen: list[str] = []
        for _, rule in self.blocked:
            if rule not in seen:
                seen.append(rule)
        return seen


Finisher = Callable[[Verdict], Finish]


class Ruling:
    """The ruling on ``steps`` played on ``table``. Frozen: its public parts are read-only, and the
    parts worked out on first use are kept in slots no one else writes.

    ``legal`` and ``decisive`` (the id of the deciding rule, None for a legal move) are given when the
    ruling is made; the rest is the judge's, asked once when first needed."""

    # Plain slots set once in ``__init__`` (a program asking millions of questions makes a ruling
    # each time; a guard on every write would cost more than the kernel's answer), read through
    # properties that have no setter.
    __slots__ = ("_decisive", "_finish", "_finisher", "_legal", "_steps", "_table", "_verdict")
    _table: Table
    _steps: tuple[Step, ...]
    _legal: bool
    _decisive: str | None
    _verdict: Verdict | None
    _finisher: Finisher | None
    _finish: Finish | None

    def __init__(self, table: Table, steps: tuple[Step, ...], legal: bool, decisive: str | None,
                 finisher: Finisher | None = None, verdict: Verdict | None = None) -> None:
        self._table = table
        self._steps = steps
        self._legal = legal
        self._decisive = decisive
        self._verdict = verdict
        self._finisher = finisher
        self._finish = None

    @classmethod
    def of(cls, verdict: Verdict, finisher: Finisher | None = None) -> Ruling:
        """The ruling the judge gave."""
        decisive = verdict.violations[0].rule if verdict.violations else None
        return cls(verdict.state.table, tuple(verdict.steps), verdict.legal, decisive, finisher, verdict)

    def __repr__(self) -> str:
        return f"Ruling({self.move!r}, legal={self.legal}, decisive={self.decisive!r})"

    @property
    def table(self) -> Table:
        return self._table

    @property
    def steps(self) -> tuple[Step, ...]:
        return self._steps

    @property
    def legal(self) -> bool:
        return self._legal

    @property
    def decisive(self) -> str | None:
        """The id of the deciding rule; None for a legal move."""
        return self._decisive

    # -- the judge's explanation, asked for once ---------------------------------------------------
    @property
    def verdict(self) -> Verdict:
        """The judge's full ruling (scored when the move legally goes out)."""
        v = self._verdict
        if v is None:
            v = self._verdict = judge_scored(self._table, list(self._steps))
        return v

    @property
    def ruleset(self) -> Ruleset:
        return self.table.ruleset

    @property
    def move(self) -> str:
        return format_move(list(self.steps))

    @property
    def violations(self) -> list[Finding]:
        """Every rule the move breaks, the deciding one first; each finding carries its citation."""
        return self.verdict.violations

    @property
    def rule_ids(self) -> list[str]:
        return [f.rule for f in self.verdict.violations]

    @property
    def notes(self) -> list[Finding]:
        return self.verdict.notes

    @property
    def state(self) -> TurnState:
        """The turn as the move leaves it."""
        return self.verdict.state

    @property
    def went_out(self) -> bool:
        return self.verdict.went_out

    @property
    def concealed(self) -> bool:
        return self.verdict.concealed

    @property
    def score(self) -> ScoreReport | None:
        """The hand's score when the move legally goes out (else None)."""
        return self.verdict.score

    @property
    def after(self) -> Table:
        return self.verdict.after

    @property
    def near_misses(self) -> list[tuple[str, dict[str, Any]]]:
        """(rule id, values) for every rule a legal move came close to breaking (empty for an illegal
        one, which breaks its rules instead)."""
        return near_misses(self.table, self.verdict) if self.legal else []

    @property
    def cite(self) -> Citation:
        """What the ruling as a whole cites: its deciding rule, or what a legal move rests on."""
        param, rule = self.verdict.cites
        return citation(self.ruleset, param, rule)

    # -- the end of the turn -----------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """The move ends the turn (a discard, going out, or the hand ended under it)."""
        return finished(self.verdict)

    @property
    def finish(self) -> Finish:
        """For a legal move that does not end the turn, whether it can still be finished (None:
        unknown cards leave it open); for a dead end, what stopped every way tried."""
        f = self._finish
        if f is None:
            if not self.legal:
                f = Finish(None)
            elif self.finished:
                f = Finish(True)
            elif self._finisher is None:
                raise ValueError("this ruling was made without the search for a finish")
            else:
                f = self._finisher(self.verdict)
            self._finish = f
        return f

    @property
    def can_finish(self) -> bool | None:
        return self.finish.possible

    @property
    def dead_end(self) -> list[tuple[str, str]]:
        """(move tried, the rule it broke) for every way out a dead end tried; empty otherwise."""
        f = self.finish
        return f.blocked if f.possible is False else []
