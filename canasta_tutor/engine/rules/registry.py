"""The one registry of rules. Each rule is one unit, declared once with ``@rule`` beside its check: its
id, the steps it judges, the ruleset parameters it reads (the first decides the source a ruling
cites), its place in the decisive order, and its near-miss test (what a legal move came close to).
Its texts are the ``rules.ID`` entry of texts/en.yaml (title, text, message) and, for a near miss,
``feedback.legal.ID``; its scenario is scenarios/rules/ID.yaml. Tests hold every rule to all three."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canasta_tutor.engine.cards import Card
    from canasta_tutor.engine.judge import Verdict
    from canasta_tutor.engine.move import Step
    from canasta_tutor.engine.ruleset import Ruleset
    from canasta_tutor.engine.table import Meld, Side, Table

STAGES = ("draw", "take", "meld", "add", "discard", "ask", "out", "end")

# What a check finds: None when the step is fine, else the values its message names (and, for a rule
# of several parameters, ``param``: the one that decided; for a rule judged at the end of the move,
# ``step``: the step it belongs to).
Found = dict[str, Any]
# ``check(state, facts)``: the facts of the step (engine/facts.py), None for the end of the move.
Check = Callable[[Any, Any], "Found | None"]


class Near:
    """What a legal move did, for the near-miss tests: the table it started from, the ruling, and,
    for one step that lays cards (``meld``, ``add`` or ``take``), the rank it laid and the meld of that
    rank as the move leaves it. ``step`` is None for the tests of the whole move."""
    __slots__ = ("after", "before", "frozen_why", "meld", "rank", "ruleset", "step", "table", "top", "verdict")
    table: Table
    verdict: Verdict
    ruleset: Ruleset
    before: Side  # the mover's side as the move found it
    after: Side  # ... and as the move leaves it
    frozen_why: str  # why the pile was frozen for the mover's side ("" when it was not)
    step: Step | None
    top: Card | None  # the pile's top card, for a take
    rank: str | None
    meld: Meld | None

    def __init__(self, table: Table, verdict: Verdict, before: Side, after: Side, frozen_why: str) -> None:
        self.table, self.verdict, self.ruleset = table, verdict, table.ruleset
        self.before, self.after, self.frozen_why = before, after, frozen_why
        self.step = self.top = self.rank = self.meld = None


# ``near(n)``: None when the legal move was not close to breaking the rule, else the values the
# feedback words it with.
NearTest = Callable[[Near], "Found | None"]


class Rule:
    """A rule: its id, its check, the steps it judges, the parameters it reads, its place in the
    decisive order (``decides``: lower is named first within a step) and its near-miss test."""
    __slots__ = ("check", "decides", "id", "near", "on", "params")
    id: str
    check: Check
    on: tuple[str, ...]
    params: tuple[str, ...]  # the ruleset parameters it reads; the first one decides the source
    decides: int
    near: NearTest | None

    def __init__(self, id: str, check: Check, on: tuple[str, ...], params: tuple[str, ...], decides: int,
                 near: NearTest | None = None) -> None:
        self.id = id
        self.check = check
        self.on = on
        self.params = params
        self.decides = decides
        self.near = near

    @property
    def param(self) -> str | None:
        return self.params[0] if self.params else None

    @property
    def texts(self) -> tuple[str, ...]:
        """The keys of its texts in texts/en.yaml (and so in every catalog): its title, text and
        message, the hint the tutor gives, and the feedback on a legal move that came close."""
        family, name = self.id.split(".", 1)
        keys = (f"rules.{self.id}", f"learning.hint.{family}.{name}")
        return keys + ((f"learning.legal.{family}.{name}",) if self.near is not None else ())


RULES: dict[str, Rule] = {}  # in the order the rule modules register them (engine/rules/__init__.py)
BY_STAGE: dict[str, list[Rule]] = {s: [] for s in STAGES}
NEAR: list[Rule] = []  # the rules with a near-miss test, in the order the feedback names them


def rule(rule_id: str, on: tuple[str, ...] | str, params: tuple[str, ...] | str = (), *, decides: int,
         near: NearTest | None = None) -> Callable[[Check], Check]:
    """Register a rule: ``check(state, facts)`` returns None when the step is fine, else a dict of
    the numbers and cards its message names. ``decides`` places it in the decisive order (the bands
    are listed in engine/decisive.py); ``near`` is its near-miss test, if a legal move can come close."""
    stages = (on,) if isinstance(on, str) else tuple(on)
    names = (params,) if isinstance(params, str) else tuple(params)

    def register(fn: Check) -> Check:
        if rule_id in RULES:
            raise ValueError(f"rule id {rule_id} registered twice")
        unknown = set(stages) - set(STAGES)
        if unknown:
            raise ValueError(f"{rule_id}: unknown stage {unknown}")
        taken = [r.id for r in RULES.values() if r.decides == decides]
        if taken:
            raise ValueError(f"{rule_id}: decisive place {decides} is {taken[0]}'s")
        r = Rule(rule_id, fn, stages, names, decides, near)
        RULES[rule_id] = r
        for s in stages:
            BY_STAGE[s].append(r)
            BY_STAGE[s].sort(key=lambda x: x.decides)
        if near is not None:
            NEAR.append(r)
        return fn

    return register


def decisive() -> tuple[str, ...]:
    """Every rule id, the one named first within a step first."""
    return tuple(sorted(RULES, key=lambda rid: RULES[rid].decides))
