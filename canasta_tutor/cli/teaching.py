"""Teachers' tools: schemas, skeletons and lint."""
from __future__ import annotations

import os
import sys

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import (
    EXIT_ILLEGAL,
    EXIT_USAGE,
    JsonOpt,
    LangOpt,
    RulesetOpt,
    app,
    emit_json,
    fail,
    guarded,
    plain_style,
    print_safe,
)


@app.command()
@guarded
def schema(
    kind: str = typer.Argument(..., metavar="snapshot|scenario|lesson|pack",
                               autocompletion=completion.schema_kinds),
    # Still accepted so that old scripts keep working, no longer offered: the schema is the same for every
    # ruleset. Its messages (an unknown kind) follow --lang; the schema itself is English, like its keys.
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", hidden=True),
    as_json: bool = typer.Option(False, "--json"),
    lang: str | None = LangOpt,
) -> None:
    from canasta_tutor.teaching.schema import KINDS
    from canasta_tutor.teaching.schema import schema as build

    if kind not in KINDS:
        from canasta_tutor.texts import section

        fail(EXIT_USAGE, section("teaching", "skeleton.unknown-format", {"kind": kind, "kinds": ", ".join(KINDS)}),
              as_json)
    emit_json(build(kind))


@app.command()
@guarded
def new(
    kind: str = typer.Argument(..., metavar="scenario|lesson|table",
                               autocompletion=completion.skeleton_kinds),
    file: str = typer.Argument(..., metavar="FILE"),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids),
    schema_ref: str | None = typer.Option(None, "--schema", metavar="URL"),
    as_json: bool = JsonOpt,
    # The messages and the table wizard's questions follow it; the skeleton's comments stay English, like its keys.
    lang: str | None = LangOpt,
) -> None:
    if kind == "table":
        return new_table(file, ruleset, as_json)

    from canasta_tutor import api
    from canasta_tutor.teaching.skeleton import write_skeleton

    done = write_skeleton(kind, file, ruleset, lambda path: api.lint_file(path)[1], schema_ref)
    if as_json:
        emit_json({"written": done.files, "kept": done.kept})
    else:
        from canasta_tutor.texts import section

        for w in done.files:
            print_safe(section("teaching", "skeleton.wrote", {"file": w}))
        for k in done.kept:
            print_safe(section("teaching", "skeleton.kept", {"file": k}))
        print_safe(section("teaching", "skeleton.next", {"file": file}))


@app.command()
@guarded
def lint(
    paths: list[str] = typer.Argument(..., metavar="PATH"),
    ruleset: str | None = RulesetOpt,
    packs_only: bool = typer.Option(False, "--packs"),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
) -> None:
    from canasta_tutor import api, texts
    from canasta_tutor.reading.strict_yaml import InputError

    missing = [p for p in paths if p != "-" and not os.path.exists(p)]
    if missing:
        raise InputError(texts.label("errors.no-such-path", paths=", ".join(missing)))
    unreadable: list = []
    if packs_only:  # the commit hook's: every pack whole, whatever changed or went
        from canasta_tutor.teaching.lint import pack_manifests

        files = pack_manifests(paths)
    else:
        files = api.scenario_files(paths, unreadable)
    if not files and not unreadable and not packs_only:  # a repository without packs has nothing to lint whole
        raise InputError(texts.label("errors.no-yaml", paths=", ".join(paths)))
    results = [(p.file, 0, [p]) for p in unreadable]
    stopped = _lint_all(files, ruleset, as_json, results)
    total_checked = sum(n for _, n, _ in results)
    # notes say what to look at; they do not fail the file
    bad = [p for _, _, ps in results for p in ps if p.kind != "note"]
    notes = [p for _, _, ps in results for p in ps if p.kind == "note"]
    if as_json:
        emit_json({"files": [{"file": f, "checked": n,
                               "problems": [p.as_dict() for p in ps if p.kind != "note"],
                               "notes": [p.as_dict() for p in ps if p.kind == "note"]}
                              for f, n, ps in results],
                    "problems": len(bad), "notes": len(notes), "checked": total_checked})
    else:
        from canasta_tutor.render.safe import clean

        st = plain_style()
        for p in bad + notes:
            print(st(clean(str(p)), {"invalid": "red", "disagrees": "yellow"}.get(p.kind, "cyan")))
        from canasta_tutor import texts
        from canasta_tutor.texts import counted

        summary = texts.section("teaching", "lint.summary", {
            "files": counted("file", len(results)), "answers": counted("stated-answer", total_checked),
            "problems": counted("problem", len(bad))})
        if notes:
            summary += texts.section("teaching", "lint.notes", {"n": len(notes)})
        print(st(summary, "green" if not bad else "bold"))
    if stopped:
        from canasta_tutor import texts

        sys.stderr.write(f"canasta: {texts.section('command_line', 'stopped')}\n")
        raise typer.Exit(130)
    raise typer.Exit(EXIT_ILLEGAL if bad else 0)


def _lint_all(files, ruleset, as_json: bool, results: list) -> bool:
    """Lint each file into ``results``, with a progress bar in a terminal; True when Ctrl-C stopped it
    (the files checked so far are in ``results``)."""
    from canasta_tutor import api, texts
    from canasta_tutor.render.progress_bar import progress_bar

    try:
        with progress_bar(len(files), texts.section("command_line", "progress.lint"), shown=not as_json) as bar:
            for f in files:
                checked, problems = api.lint_file(f, ruleset)
                results.append((str(f), checked, problems))
                bar.advance()
    except KeyboardInterrupt:
        return True
    return False


def new_table(file: str, ruleset: str | None, as_json: bool) -> None:
    """``canasta new table FILE``: the table asked for step by step ('-' writes it to standard output)."""
    import sys

    from canasta_tutor import texts
    from canasta_tutor.reading.strict_yaml import UsageError
    from canasta_tutor.teaching.new_table import write_new_table

    # The name is the command line's, answered before the first question: a usage mistake (exit 2)
    if file != "-" and not file.strip():
        raise UsageError(texts.section("teaching", "wizard.no-file"))
    if not file.isprintable():
        raise UsageError(texts.section("teaching", "skeleton.control"))

    written = write_new_table(file, ruleset, sys.stdin, sys.stderr if file == "-" or as_json else sys.stdout)
    if as_json:
        emit_json({"written": [written] if written else []})
