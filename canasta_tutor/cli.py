"""The ``canasta`` command: a thin layer over ``canasta_tutor.api``.

Only Typer is imported at start-up; the engine, YAML and Rich are imported inside the commands that
use them, so ``canasta check`` starts nearly as fast as an empty Typer app."""
from __future__ import annotations

import json
import os
import sys
from typing import List, Optional

import typer

EXIT_ILLEGAL, EXIT_USAGE, EXIT_INPUT, EXIT_INTERNAL = 1, 2, 3, 70

app = typer.Typer(
    name="canasta",
    help="Canasta rule tutor and move checker: judge a move on a table described in YAML, explain every "
         "ruling with its rule id and source, and score the hand.\n\n"
         "Example:  canasta check table.yaml \"take 9S 9D; meld 9S 9D 9H\"",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

RulesetOpt = typer.Option(None, "--ruleset", "-r", help="Ruleset id or ruleset file; overrides the table's.")
JsonOpt = typer.Option(False, "--json", help="Print JSON (the shapes of the command-line contract).")
HouseOpt = typer.Option(None, "--house", help="House rule KEY=VALUE, e.g. --house canasta_closed=true (repeatable).")
LangOpt = typer.Option(None, "--lang", help="Language of the messages (en; others where translated).")


def _emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _emit(data, as_json: bool, printer) -> None:
    """JSON on stdout with --json, else the human rendering."""
    if as_json:
        _emit_json(data)
    else:
        printer(data)


def _fail(code: int, message: str, as_json: bool, extra: dict | None = None) -> None:
    sys.stderr.write(f"canasta: {message}\n")
    if as_json:
        _emit_json({"error": {"code": code, "message": message, **(extra or {})}})
    raise typer.Exit(code)


def _guard(as_json: bool, lang: str | None, body):
    """Run a command body, turning our errors into exit codes and messages (never a traceback)."""
    if lang:
        os.environ["CANASTA_LANG"] = lang
    from .move import MoveError
    from .source import InputError

    try:
        return body()
    except typer.Exit:
        raise
    except MoveError as exc:
        _fail(EXIT_USAGE, f"bad move: {exc}", as_json)
    except InputError as exc:
        _fail(EXIT_INPUT, str(exc), as_json, exc.as_dict())
    except KeyboardInterrupt:
        raise typer.Exit(130)
    except RecursionError:
        _fail(EXIT_INPUT, "the input is nested too deeply", as_json)
    except Exception as exc:  # a bug: short message, traceback only on request
        if os.environ.get("CANASTA_DEBUG"):
            raise
        _fail(EXIT_INTERNAL, f"internal error: {type(exc).__name__}: {exc} (set CANASTA_DEBUG=1 for the traceback)",
              as_json)


def _house(options: Optional[List[str]]):
    from .snapshot import parse_house_option

    return dict(parse_house_option(o) for o in options or [])


def _style():
    from .render.plain import Style, colour_on

    return Style(colour_on())


@app.command()
def check(
    file: str = typer.Argument(..., help="A table snapshot or scenario file (YAML)."),
    move: str = typer.Argument(..., help="Steps separated by ';', e.g. \"draw; meld 7H 7D 2C; discard 5C\"."),
    compare: bool = typer.Option(False, "--compare", help="Judge the move under every built-in ruleset."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Judge MOVE on the table in FILE: legal or illegal, every reason with its rule id and source.

    Exit 0 when legal, 1 when illegal.

    Example:  canasta check table.yaml "take 9S 9D; meld 9S 9D 9H"
    """
    def body():
        from . import api, report

        if compare:
            return _compare(file, move, house, as_json)
        verdict = api.check_file(file, move, ruleset, _house(house))
        data = report.verdict_dict(verdict)
        if as_json:
            _emit_json(data)
        else:
            from .render.plain import verdict_text

            print(verdict_text(data, _style(), verdict.ruleset.title))
        raise typer.Exit(0 if verdict.legal else EXIT_ILLEGAL)

    _guard(as_json, lang, body)


def _compare(file: str, move: str, house, as_json: bool) -> None:
    from . import api, report

    rulings = api.compare(file, move, _house(house))
    rows = []
    for r in rulings:
        if r.verdict is None:
            rows.append({"ruleset": r.ruleset, "move": move, "legal": None, "violations": [], "notes": [],
                         "score": None, "applicable": False, "problem": r.problem})
        else:
            rows.append(report.verdict_dict(r.verdict) | {"applicable": True})
    if as_json:
        _emit_json({"rulings": rows})
    else:
        from .render.compare import compare_table

        compare_table(rows, move)
    judged = [r for r in rows if r["applicable"]]
    raise typer.Exit(0 if judged and all(r["legal"] for r in judged) else EXIT_ILLEGAL)


@app.command()
def score(
    file: str = typer.Argument(..., help="A table at the end of a hand (snapshot or scenario)."),
    out: Optional[str] = typer.Option(None, "--out", help="The player who went out (default: the scenario's score.out)."),
    concealed: Optional[bool] = typer.Option(None, "--concealed/--not-concealed", help="Whether they went out concealed."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Score the hand on the table, line by line with score ids, and each side's new total.

    Example:  canasta score end-of-hand.yaml --out Ann
    """
    def body():
        from . import api, report

        data = report.score_dict(api.score_file(file, out, concealed, ruleset, _house(house)))
        if as_json:
            _emit_json(data)
        else:
            from .render.plain import score_text

            print(score_text(data, _style()))

    _guard(as_json, lang, body)


@app.command()
def show(
    file: str = typer.Argument(..., help="A table snapshot or scenario file."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Draw the table: hands, melds, red threes, the pile and whose turn it is.

    Example:  canasta show table.yaml
    """
    def body():
        from .snapshot import load_table

        table = load_table(file, ruleset, _house(house))
        if as_json:
            from .render.table_view import table_data

            _emit_json(table_data(table))
        else:
            from .render.table_view import print_table

            print_table(table)

    _guard(as_json, lang, body)


@app.command()
def rules(
    ruleset_id: Optional[str] = typer.Argument(None, metavar="[RULESET]", help="A ruleset id or file."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """List the rulesets, or print one ruleset's parameters and what it inherits from classic.

    Example:  canasta rules danish
    """
    def body():
        from .render import rules_view

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
) -> None:
    """Explain one rule: what it says, how each ruleset treats it, and which source each follows.

    Example:  canasta explain pile.needs-natural-pair
    """
    def body():
        from .render import rules_view
        from .source import InputError

        data = rules_view.explain_data(rule_id)
        if data is None:
            from .rules import RULES

            close = [r for r in RULES if rule_id.split(".")[-1] in r or rule_id in r]
            raise InputError(f"unknown rule id '{rule_id}'"
                             + (f"; did you mean {', '.join(close)}?" if close else "; see 'canasta explain all'"))
        _emit(data, as_json, rules_view.print_explain)

    _guard(as_json, lang, body)


@app.command()
def lint(
    paths: List[str] = typer.Argument(..., help="Scenario files or folders of them."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Check teachers' files: the format, the card counts, and every stated answer against the engine.

    Exit 0 when everything agrees, 1 when a file has a problem.

    Example:  canasta lint scenarios/
    """
    def body():
        from . import api
        from .source import InputError

        files = api.scenario_files(paths)
        if not files:
            raise InputError(f"no YAML files found in {', '.join(paths)}")
        results = []
        total_checked = 0
        for f in files:
            checked, problems = api.lint_file(f, ruleset)
            total_checked += checked
            results.append((str(f), checked, problems))
        bad = [p for _, _, ps in results for p in ps]
        if as_json:
            _emit_json({"files": [{"file": f, "checked": n, "problems": [p.as_dict() for p in ps]}
                                  for f, n, ps in results],
                        "problems": len(bad), "checked": total_checked})
        else:
            st = _style()
            for p in bad:
                print(st(str(p), "red" if p.kind == "invalid" else "yellow"))
            summary = f"{len(files)} file(s), {total_checked} stated answer(s) checked, {len(bad)} problem(s)"
            print(st(summary, "green" if not bad else "bold"))
        raise typer.Exit(EXIT_ILLEGAL if bad else 0)

    _guard(as_json, lang, body)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
