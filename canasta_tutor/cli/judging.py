"""Judging and showing a table: check (and --compare), score, show, moves, hint."""
from __future__ import annotations

from typing import Any

import typer

from canasta_tutor.cli.common import (
    EXIT_ILLEGAL,
    EXIT_INPUT,
    AsciiOpt,
    CardsOpt,
    HouseOpt,
    JsonOpt,
    LangOpt,
    RulesetOpt,
    app,
    emit,
    emit_json,
    guarded,
    house_rules,
    plain_style,
    print_plain,
    print_safe,
    reader,
    warn_doubts,
)


@app.command()
@guarded
def check(
    file: str = typer.Argument(..., metavar="FILE"),
    move: str = typer.Argument(..., metavar="MOVE"),
    compare: bool = typer.Option(False, "--compare"),
    ruleset: str | None = RulesetOpt,
    house: list[str] | None = HouseOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    cards: str | None = CardsOpt,
) -> None:
    from canasta_tutor import api, texts
    from canasta_tutor.render import report

    warn_doubts(move)
    if compare:
        return _compare(file, move, house, as_json)
    verdict = api.check_file(file, move, ruleset, house_rules(house), reader())
    data = report.verdict_dict(verdict)
    if as_json:
        emit_json(data)
    else:
        from canasta_tutor.render.plain import verdict_text
        from canasta_tutor.render.safe import clean, clean_data

        print(verdict_text(clean_data(data), plain_style(), clean(texts.ruleset_title(verdict.ruleset.id, verdict.ruleset.title))))
    raise typer.Exit(0 if verdict.legal else EXIT_ILLEGAL)


def _compare(file: str, move: str, house, as_json: bool) -> None:
    from canasta_tutor import api, texts
    from canasta_tutor.render import report

    rulings = api.compare(file, move, house_rules(house), reader())
    rows: list[dict[str, Any]] = []
    for r in rulings:
        if r.verdict is None:
            rows.append({"ruleset": r.ruleset, "move": move, "legal": None, "violations": [], "notes": [],
                         "score": None, "applicable": False, "problem": texts.said(r.problem)})
        else:
            rows.append(report.verdict_dict(r.verdict) | {"applicable": True})
    if as_json:
        from canasta_tutor.render.compare import summary

        emit_json({"rulings": rows, "summary": summary(rows)})
    else:
        from canasta_tutor.render.compare import compare_table
        from canasta_tutor.render.safe import clean, clean_data

        # the move as the rows show it: read, then in the reader's notation
        read = next((r["move"] for r in rows if r["applicable"]), None)
        compare_table(clean_data(rows), clean(texts.show_move(read) if read else move))
    judged = [r for r in rows if r["applicable"]]
    if not judged:  # the table fits no ruleset: a bad file for all of them, as the rows say
        raise typer.Exit(EXIT_INPUT)
    raise typer.Exit(0 if all(r["legal"] for r in judged) else EXIT_ILLEGAL)


@app.command()
@guarded
def score(
    file: str = typer.Argument(..., metavar="FILE"),
    out: str | None = typer.Option(None, "--out", metavar="NAME"),
    concealed: bool | None = typer.Option(None, "--concealed/--not-concealed"),
    ruleset: str | None = RulesetOpt,
    house: list[str] | None = HouseOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    cards: str | None = CardsOpt,
) -> None:
    from canasta_tutor import api
    from canasta_tutor.engine.scoring import ScoreError
    from canasta_tutor.reading.strict_yaml import InputError, Said
    from canasta_tutor.render import report

    try:
        scored = api.score_file(file, out, concealed, ruleset, house_rules(house))
    except ScoreError as exc:  # the player named by --out: the option is the command line's to name
        raise InputError(Said("score.option", "{option}: {problem}", option="--out", problem=exc.message)) from None
    data = report.score_dict(scored)
    emit(data, as_json, lambda d: print_plain("score_text", d))


@app.command()
@guarded
def show(
    file: str = typer.Argument(..., metavar="FILE"),
    ruleset: str | None = RulesetOpt,
    house: list[str] | None = HouseOpt,
    svg: str | None = typer.Option(None, "--svg", metavar="OUT"),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    cards: str | None = CardsOpt,
) -> None:
    from canasta_tutor.files.snapshot import load_table

    table = load_table(file, ruleset, house_rules(house))
    if svg is not None:
        return _write_svg(table, svg, as_json, file)
    if as_json:
        from canasta_tutor.render.table_view import table_data

        emit_json(table_data(table))
    else:
        from canasta_tutor.render.table_view import print_table

        print_table(table)


def _write_svg(table, out: str, as_json: bool, source: str) -> None:
    from canasta_tutor.render.svg import save_svg

    save_svg(table, out, source)
    if as_json:
        emit_json({"svg": out})
    else:
        from canasta_tutor import texts

        print_safe(texts.label("errors.svg-wrote", file=out))


@app.command()
@guarded
def moves(
    file: str = typer.Argument(..., metavar="FILE"),
    ruleset: str | None = RulesetOpt,
    house: list[str] | None = HouseOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    cards: str | None = CardsOpt,
) -> None:
    _table_report(file, ruleset, house, as_json, "moves")


@app.command()
@guarded
def hint(
    file: str = typer.Argument(..., metavar="FILE"),
    ruleset: str | None = RulesetOpt,
    house: list[str] | None = HouseOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
    cards: str | None = CardsOpt,
) -> None:
    _table_report(file, ruleset, house, as_json, "hint")


def _table_report(file: str, ruleset, house, as_json: bool, what: str) -> None:
    """``moves`` and ``hint``: load the table, ask the engine, print the answer or its JSON."""
    from canasta_tutor.files.snapshot import load_table
    from canasta_tutor.render import report

    table = load_table(file, ruleset, house_rules(house))
    if what == "moves":
        from canasta_tutor.play.moves import legal_moves

        data, printer = report.moves_dict(legal_moves(table)), "moves_text"
    else:
        from canasta_tutor.play.hint import hint as best

        data, printer = report.hint_dict(best(table)), "hint_text"
    emit(data, as_json, lambda d: print_plain(printer, d))
