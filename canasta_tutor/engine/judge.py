"""Judging a move: every step in order from the table, every rule that applies, every violation."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.citing import Citation, citation, legal_cite, note_cite
from canasta_tutor.engine.decisive import agreeing_notes, assumed_cards, decisive_order
from canasta_tutor.engine.facts import Facts, step_facts
from canasta_tutor.engine.move import Step, format_move, parse_move
from canasta_tutor.engine.record import Record
from canasta_tutor.engine.rules import BY_STAGE
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.state import TurnState
from canasta_tutor.engine.table import Player, Table, Turn

if TYPE_CHECKING:  # scoring is imported only when a move goes out (judge_scored)
    from canasta_tutor.engine.scoring import ScoreReport

_RED_THREES = frozenset((Card("3", "H"), Card("3", "D")))


class Finding(Record):
    """A violation or a note: its id, the step it belongs to, and the values its message names."""
    rule: str
    step: int
    params: dict[str, Any]
    source: str
    inherited: str | None
    param: str | None  # the ruleset parameter whose page the finding cites (None: the rule's own place)
    cite: Citation | None  # that page and where on it (``source`` and ``inherited`` are read from it)

    _fields = ("rule", "step", "params", "source", "inherited", "param")

    def __init__(self, rule: str, step: int, params: dict[str, Any], source: str = "", inherited: str | None = None,
                 param: str | None = None, cite: Citation | None = None) -> None:
        self.rule = rule
        self.step = step
        self.params = params
        self.source = source
        self.inherited = inherited
        self.param = param
        self.cite = cite


class Verdict:
    """The ruling on a move: every violation, the notes, and the state the move leaves."""
    ruleset: Ruleset
    steps: list[Step]
    violations: list[Finding]
    notes: list[Finding]
    state: TurnState
    went_out: bool
    concealed: bool
    score: ScoreReport | None
    _after: Table | None
    # Set by the judge: the notes made before the move's end, and the findings of its steps (before
    # its end was judged), which ``judge_further`` needs to carry a move on.
    _open_notes: int | None = None
    _steps_found: int | None = None

    def __init__(
        self,
        ruleset: Ruleset,
        steps: list[Step],
        violations: list[Finding],
        notes: list[Finding],
        state: TurnState,
        went_out: bool = False,
        concealed: bool = False,
        score: ScoreReport | None = None,
        _after: Table | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.steps = steps
        self.violations = violations
        self.notes = notes
        self.state = state
        self.went_out = went_out
        self.concealed = concealed
        self.score = score
        self._after = _after

    @property
    def move(self) -> str:
        return format_move(self.steps)

    @property
    def after(self) -> Table:
        """The table as the move leaves it; built on first use, since most rulings never need it."""
        if self._after is None:
            self._after = table_after(self.state)
        return self._after

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def rule_ids(self) -> list[str]:
        return [v.rule for v in self.violations]

    @property
    def cites(self) -> tuple[str | None, str | None]:
        """(parameter, rule id) the ruling as a whole cites: its decisive rule, or for a legal move
        the rule it rests on (going out, taking the pile, the first meld...)."""
        if self.violations:
            return self.violations[0].param, self.violations[0].rule
        s = self.state
        taken = next((n.param for n in self.notes if n.rule == "took-pile"), None)  # how the pile was taken
        return legal_cite(self.steps, self.went_out, taken, not s.side_melded_before and bool(s.new_melds))


# Each stage's rule functions, looked up once rather than on every step judged; the rule of a
# function is looked up only when it finds a violation.
_CHECKS = {stage: [r.check for r in rules] for stage, rules in BY_STAGE.items()}
_RULE_OF = {r.check: r for rules in BY_STAGE.values() for r in rules}


def _run(stage: str, s: TurnState, facts: Facts | None, step: int, found: list[Finding]) -> None:
    for check in _CHECKS[stage]:
        params = check(s, facts)
        if params is None:
            continue
        r = _RULE_OF[check]
        rs = s.ruleset
        params = dict(params)
        at = params.pop("step", step)
        param = params.pop("param", r.param)  # a rule of several parameters says which one decided
        c = citation(rs, param, r.id)
        found.append(Finding(r.id, at, params, c.id, c.inherited, param, c))


def judge(table: Table, move: str | list[Step]) -> Verdict:
    """Judge ``move`` (text or parsed steps) on ``table``; never changes ``table``."""
    steps = list(move) if isinstance(move, list) and move and isinstance(move[0], Step) \
        else parse_move(cast("str | list[str]", move))
    state = TurnState.start(table)
    if not _RED_THREES.isdisjoint(state.hand.own):  # a set look done in C; most hands hold none
        for c in state.hand.own:
            if c.is_red_three:
                state.note("red-three-in-hand", 0, card=c)
    found: list[Finding] = []
    _steps(state, steps, 1, found)
    return _conclude(table, steps, state, found)


def judge_further(verdict: Verdict, more: list[Step]) -> Verdict:
    """The ruling on ``verdict``'s move followed by the steps ``more``: the same ruling as judging the
    whole move from the table, without judging the first steps again. The search for a way to finish
    a turn asks this of many continuations of one legal move.

    Only a move whose steps broke no rule is continued (it may fall short at its end, of the first
    meld's minimum, say, which more steps may mend): the state its steps left is then all there is
    to carry on from, and what its end found and noted is left behind, to be judged anew."""
    if verdict._steps_found != 0 or verdict._open_notes is None:
        raise ValueError("only a move the judge ruled, whose steps broke no rule, is judged further")
    state = verdict.state.continued(verdict._open_notes)
    found: list[Finding] = []
    _steps(state, more, len(verdict.steps) + 1, found)
    return _conclude(state.table, verdict.steps + list(more), state, found)


def _steps(state: TurnState, steps: list[Step], first: int, found: list[Finding]) -> None:
    """Judge and apply ``steps`` in order, numbered from ``first``."""
    for i, step in enumerate(steps, first):
        state.last_step = i
        facts = step_facts(state, i, step)
        _run(step.kind, state, facts, i, found)
        before = facts.hand_before
        hand = state.hand  # the hand before this step
        if hand.unknown and step.cards and step.kind != "draw" and state.player.hand is not None:
            assumed = assumed_cards(hand, step.cards)
            if assumed:
                state.note("assumed-card", i, cards=assumed, n=len(assumed), unknown=hand.unknown)
        state.apply(facts)  # may put a new hand in place: read ``state.hand`` after it
        hand = state.hand
        if (state.out_step is None and before > 0 and step.kind != "draw"
                and not (hand.own or hand.pile or hand.unknown)):  # the hand is empty
            state.out_step = i
            state.concealed = state.concealed_out()
            _run("out", state, facts, i, found)


def _conclude(table: Table, steps: list[Step], state: TurnState, found: list[Finding]) -> Verdict:
    """The end of the move: the rules judged on the whole move, the closing notes, the ruling."""
    # Where a continuation of this move takes its findings and notes up again: before its end.
    steps_found, open_notes = len(found), len(state.notes)
    _run("end", state, None, state.last_step, found)
    _closing_notes(state)
    rs = table.ruleset
    notes = []
    for key, step, params in state.notes:
        param, rule = note_cite(key, params)
        c = citation(rs, param, rule)
        notes.append(Finding(key, step, params, c.id, c.inherited, param, c))
    found = decisive_order(found)
    notes = agreeing_notes(notes, legal=not found)
    verdict = Verdict(rs, steps, found, notes, state, went_out=state.out_step is not None,
                      concealed=state.concealed)
    verdict._open_notes, verdict._steps_found = open_notes, steps_found
    return verdict


def judge_scored(table: Table, move: str | list[Step]) -> Verdict:
    """Judge a move and, when it legally goes out, score the hand as the move leaves it."""
    verdict = judge(table, move)
    if verdict.went_out and verdict.legal:
        # Only a move that goes out is scored: scoring stays off the start-up of a plain check. After
        # a red three as the stock's last card, emptying the hand ends it with no going-out bonus.
        from canasta_tutor.engine.scoring import score_table

        out = None if verdict.state.ended_by_red_three else table.turn.player
        verdict.score = score_table(verdict.after, out, verdict.concealed and out is not None, strict=False)
    return verdict


def _closing_notes(s: TurnState) -> None:
    rs = s.ruleset
    if not s.side_melded_before and s.new_melds:
        if s.concealed:
            s.note("initial-concealed", s.last_step)
        else:
            tier = rs.threshold(s.side.score)
            if tier.need is not None:
                s.note("initial-counted", s.last_step, counted=s.counted, need=tier.need, score=s.side.score)
            elif any(m.is_canasta for m in s.side.melds if m.rank in s.new_melds):
                s.note("initial-canasta", s.last_step, score=s.side.score)
    if s.asked and s.table.turn.permission == "none" and s.partnered:
        s.note("ask-unknown", s.last_step)
    if s.table.turn.permission == "granted" and s.out_step is None and s.partnered and s.discarded:
        s.note("permission-binds", s.last_step)
    if s.out_step is not None:
        s.note("went-out-concealed" if s.concealed else "went-out", s.out_step)


class MoveMade:
    """A move known to be legal, made without being ruled on: the state its steps leave, and the table
    after it and how it ended as its verdict would give them (``make``)."""

    __slots__ = ("_after", "shared", "state")

    def __init__(self, state: TurnState, shared: bool = False) -> None:
        self.state = state
        self.shared = shared
        self._after: Table | None = None

    @property
    def after(self) -> Table:
        if self._after is None:
            self._after = table_after(self.state, self.shared)
        return self._after

    @property
    def went_out(self) -> bool:
        return self.state.out_step is not None

    @property
    def concealed(self) -> bool:
        return self.state.concealed


def make(table: Table, steps: list[Step], shared: bool = False) -> MoveMade:
    """A move the verdict kernel or the judge found legal on ``table``, made: each step's facts and
    effect exactly as ``judge`` works them out, in the same order, with no rule asked and nothing
    noted for a ruling (the rules only read the state, so leaving them out changes nothing it holds).
    For a program that plays many moves it has listed as legal (self-play), and needs the table each
    leaves, not why it is allowed. Never changes ``table``. On an illegal move the table it gives is
    whatever the steps' effects make: only the judge says what is wrong. ``shared``: see ``table_after``."""
    state = TurnState.start(table)
    for i, step in enumerate(steps, 1):
        state.last_step = i
        facts = step_facts(state, i, step)
        state.apply(facts)
        hand = state.hand
        if (state.out_step is None and facts.hand_before > 0 and step.kind != "draw"
                and not (hand.own or hand.pile or hand.unknown)):  # the hand is empty: gone out (``_steps``)
            state.out_step = i
            state.concealed = state.concealed_out()
    return MoveMade(state, shared)


def table_after(s: TurnState, shared: bool = False) -> Table:
    """The table as the move leaves it (the mover's unknown cards stay a count).

    ``shared``: the other players, the other sides and the house rules, which no move changes, are
    the table's own objects rather than copies, and so is the mover's side where the move left it as
    it was (and its melds that the move did not change): for a program that never changes a table in
    place but its turn, which stays the new table's own. Self-play makes a table so after every move."""
    table = s.table
    name = s.side.name
    turn = table.turn
    if shared:
        mover = turn.player
        players = [Player(p.name, None, p.count, p.has_melded) if p.name == mover else p for p in table.players]
        sides = [s.side if side.name == name else side for side in table.sides]
        house = table.house_rules
    else:
        # ``Table.clone`` with the mover's side copied from the turn's own (the only side a move
        # changes), the table's copy of it not made only to be replaced.
        players = [Player(p.name, list(p.hand) if p.hand is not None else None, p.count, p.has_melded)
                   for p in table.players]
        sides = [s.side.clone() if side.name == name else side.clone() for side in table.sides]
        house = dict(table.house_rules)
    t = Table(table.ruleset, players, sides, Turn(turn.player, turn.phase, turn.first_round, turn.permission,
                                                   turn.red_three_last),
              None, table.pile_frozen, table.stock, table.cut_bonus, table.ruleset_ref, house)
    p = t.mover
    if s.hand.unknown:
        p.hand, p.count = None, len(s.hand)
    else:
        p.hand = s.hand.cards()
        p.count = len(p.hand)
    if s.new_melds or s.side_melded_before:
        p.has_melded = p.has_melded or bool(s.new_melds) or s.laid_off_existing
    t.stock = s.stock
    t.discard = list(s.pile)
    t.pile_frozen = None
    if s.discarded:
        t.turn.phase = "draw"
    else:
        t.turn.phase = "play" if s.drawn else "draw"
    t.turn.red_three_last = (s.ended_by_red_three and not s.discarded and s.out_step is None
                             and s.ruleset.red_three_last == "no-discard")
    return t
