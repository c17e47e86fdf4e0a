"""The rulebook: rulesets and the explanation of each rule."""
from __future__ import annotations

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import (
    AsciiOpt,
    JsonOpt,
    LangOpt,
    VerboseOpt,
    _emit,
    _guard,
    app,
)


@app.command()
def rules(
    ruleset_id: str | None = typer.Argument(None, metavar="RULESET", autocompletion=completion.ruleset_ids),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", hidden=True),  # the same as RULESET; kept for old scripts
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    verbose: bool = VerboseOpt,
) -> None:
    def body():
        from functools import partial

        from canasta_tutor.render import rules_view

        target = ruleset_id or ruleset
        data = rules_view.ruleset_data(target) if target else rules_view.rulesets_list()
        _emit(data, as_json, partial(rules_view.print_rules, verbose=verbose))

    _guard(as_json, lang, body)


@app.command()
def explain(
    # Several words are one search ("frozen pile"), so a player need not quote them.
    rule_id: list[str] = typer.Argument(..., metavar="ID_OR_WORD", autocompletion=completion.rule_ids),
    # Accepted, not offered: the explanation covers every ruleset at once.
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", hidden=True),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    words = rule_id

    def body():
        from canasta_tutor import texts
        from canasta_tutor.cli.common import EXIT_USAGE, _fail
        from canasta_tutor.render import rules_view

        rule_id = " ".join(words)
        data = rules_view.explain_data(rule_id)
        if data is None:
            close = rules_view.closest_ids(rule_id)
            message = texts.section("rulings", "explain.unknown", {"id": rule_id}) + "; " + (
                texts.section("rulings", "explain.closest", {"ids": ", ".join(close)}) if close
                else texts.section("rulings", "explain.see-all"))
            _fail(EXIT_USAGE, message, as_json, {"closest": close})
        _emit(data, as_json, rules_view.print_explain)

    _guard(as_json, lang, body)
