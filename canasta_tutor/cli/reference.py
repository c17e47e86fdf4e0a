"""The rulebook: rulesets and the explanation of each rule."""
from __future__ import annotations

from typing import Optional

import typer

from canasta_tutor.cli.common import (
    AsciiOpt,
    app,
    RulesetOpt,
    JsonOpt,
    LangOpt,
    _emit,
    _guard,
)


@app.command()
def rules(
    ruleset_id: Optional[str] = typer.Argument(None, metavar="[RULESET]", help="A ruleset id or file."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    """List the rulesets, or print one ruleset's parameters and what it inherits from classic.

    Example:  canasta rules danish
    """
    def body():
        from canasta_tutor.render import rules_view

        target = ruleset_id or ruleset
        data = rules_view.ruleset_data(target) if target else rules_view.rulesets_list()
        _emit(data, as_json, rules_view.print_rules)

    _guard(as_json, lang, body)


@app.command()
def explain(
    rule_id: str = typer.Argument(..., help="A rule id, e.g. pile.black-three-on-top (or 'all')."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    """Explain one rule: what it says, how each ruleset treats it, and which source each follows.

    Example:  canasta explain pile.needs-natural-pair
    """
    def body():
        from canasta_tutor.render import rules_view
        from canasta_tutor.reading.strict_yaml import UsageError

        data = rules_view.explain_data(rule_id)
        if data is None:
            from canasta_tutor.engine.rules import RULES

            close = [r for r in RULES if rule_id.split(".")[-1] in r or rule_id in r]
            raise UsageError(f"unknown rule id '{rule_id}'"
                             + (f"; did you mean {', '.join(close)}?" if close else "; see 'canasta explain all'"))
        _emit(data, as_json, rules_view.print_explain)

    _guard(as_json, lang, body)
