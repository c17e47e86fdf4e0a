"""Teachers' tools: schemas, skeletons and lint."""
from __future__ import annotations

import os
from typing import List, Optional

import typer

from canasta_tutor.cli.common import (
    EXIT_ILLEGAL,
    EXIT_USAGE,
    app,
    RulesetOpt,
    JsonOpt,
    LangOpt,
    _emit_json,
    _fail,
    _guard,
    _style,
    _say,
)


@app.command()
def schema(
    kind: str = typer.Argument(..., metavar="snapshot|scenario|lesson", help="Which file format."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Accepted for uniformity; the schema is "
                                          "the same for every ruleset."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Print the JSON Schema of a file format, for editors (YAML language servers read it).

    Example:  canasta schema scenario > canasta-scenario.schema.json
    """
    def body():
        from canasta_tutor.teaching.schema import KINDS
        from canasta_tutor.teaching.schema import schema as build

        if kind not in KINDS:
            _fail(EXIT_USAGE, f"unknown format '{kind}'; expected one of: {', '.join(KINDS)}", as_json)
        _emit_json(build(kind))

    _guard(as_json, None, body)


@app.command()
def new(
    kind: str = typer.Argument(..., metavar="scenario|lesson", help="What to start."),
    file: str = typer.Argument(..., help="The file to write (never overwritten)."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r",
                                          help="The ruleset of the skeleton's table (a four-player one)."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Write a commented skeleton of a scenario or a lesson, with its JSON Schema beside it.

    The skeleton's first line points editors at the schema, so they check the file as you type.

    Example:  canasta new scenario my-dispute.yaml
    """
    def body():
        from canasta_tutor import api
        from canasta_tutor.teaching.skeleton import write_skeleton

        done = write_skeleton(kind, file, ruleset, lambda path: api.lint_file(path)[1])
        if as_json:
            _emit_json({"written": done.files, "kept": done.kept})
        else:
            for w in done.files:
                _say(f"wrote {w}")
            for k in done.kept:
                _say(f"kept {k}: it was not written by canasta-tutor, so it is left as it is")
            _say(f"next: edit {file}, then run: canasta lint {file}")

    _guard(as_json, None, body)


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
        from canasta_tutor import api
        from canasta_tutor.reading.strict_yaml import InputError

        missing = [p for p in paths if not os.path.exists(p)]
        if missing:
            raise InputError(f"{', '.join(missing)}: no such file or folder")
        unreadable: list = []
        files = api.scenario_files(paths, unreadable)
        if not files and not unreadable:
            raise InputError(f"no YAML files found in {', '.join(paths)}")
        results = [(p.file, 0, [p]) for p in unreadable]
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
            from canasta_tutor.render.safe import clean

            st = _style()
            for p in bad:
                print(st(clean(str(p)), "red" if p.kind == "invalid" else "yellow"))
            summary = f"{len(files)} file(s), {total_checked} stated answer(s) checked, {len(bad)} problem(s)"
            print(st(summary, "green" if not bad else "bold"))
        raise typer.Exit(EXIT_ILLEGAL if bad else 0)

    _guard(as_json, lang, body)
