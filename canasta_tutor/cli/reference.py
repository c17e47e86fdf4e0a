"""The rulebook: rulesets and the explanation of each rule."""
from __future__ import annotations

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import (
    AsciiOpt,
    JsonOpt,
    LangOpt,
    VerboseOpt,
    app,
    emit,
    guarded,
)


@app.command()
@guarded
def rules(
    ruleset_id: str | None = typer.Argument(None, metavar="RULESET", autocompletion=completion.ruleset_ids),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", hidden=True),  # the same as RULESET; kept for old scripts
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    verbose: bool = VerboseOpt,
) -> None:
    from functools import partial

    from canasta_tutor.render import rules_view

    target = ruleset_id or ruleset
    data = rules_view.ruleset_data(target) if target else rules_view.rulesets_list()
    emit(data, as_json, partial(rules_view.print_rules, verbose=verbose))


@app.command()
@guarded
def explain(
    # Several words are one search ("frozen pile"), so a player need not quote them.
    rule_id: list[str] = typer.Argument(..., metavar="ID_OR_WORD", autocompletion=completion.rule_ids),
    # Accepted, not offered: the explanation covers every ruleset at once.
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", hidden=True),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    from canasta_tutor import texts
    from canasta_tutor.cli.common import EXIT_USAGE, fail
    from canasta_tutor.render import rules_view

    search = " ".join(rule_id)
    data = rules_view.explain_data(search)
    if data is None:
        close = rules_view.closest_ids(search)
        message = texts.section("rulings", "explain.unknown", {"id": search}) + "; " + (
            texts.section("rulings", "explain.closest", {"ids": ", ".join(close)}) if close
            else texts.section("rulings", "explain.see-all"))
        fail(EXIT_USAGE, message, as_json, {"closest": close})
    emit(data, as_json, rules_view.print_explain)
