"""The one registry of rule ids. Each rule is one function, registered with its id, the steps it
judges and the ruleset parameter that governs it (which decides the source a ruling cites)."""
from __future__ import annotations

from collections.abc import Callable

STAGES = ("draw", "take", "meld", "add", "discard", "ask", "out", "end")


class Rule:
    """A rule id and the function that judges it."""
    id: str
    check: Callable
    on: tuple[str, ...]
    params: tuple[str, ...]  # the ruleset parameters it reads; the first one decides the source

    def __init__(self, id: str, check: Callable, on: tuple[str, ...], params: tuple[str, ...]) -> None:
        self.id = id
        self.check = check
        self.on = on
        self.params = params

    @property
    def param(self) -> str | None:
        return self.params[0] if self.params else None


RULES: dict[str, Rule] = {}
BY_STAGE: dict[str, list[Rule]] = {s: [] for s in STAGES}


def rule(rule_id: str, on: tuple[str, ...] | str, params: tuple[str, ...] | str = ()):
    """Register a rule: ``check(state, facts)`` returns None when the step is fine, else a dict of
    the numbers and cards its message names."""
    stages = (on,) if isinstance(on, str) else tuple(on)
    names = (params,) if isinstance(params, str) else tuple(params)

    def register(fn: Callable) -> Callable:
        if rule_id in RULES:
            raise ValueError(f"rule id {rule_id} registered twice")
        unknown = set(stages) - set(STAGES)
        if unknown:
            raise ValueError(f"{rule_id}: unknown stage {unknown}")
        r = Rule(rule_id, fn, stages, names)
        RULES[rule_id] = r
        for s in stages:
            BY_STAGE[s].append(r)
        return fn

    return register
