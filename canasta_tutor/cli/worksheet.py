"""`canasta worksheet`: printable questions from scenario and lesson files, and their answer key."""
from __future__ import annotations

import os

import typer

from canasta_tutor.cli.common import JsonOpt, LangOpt, RulesetOpt, _emit_json, _guard, app


@app.command()
def worksheet(
    files: list[str] = typer.Argument(...),
    out: str = typer.Option(..., "--out", "-o"),
    key: str | None = typer.Option(None, "--key", "-k"),
    title: str | None = typer.Option(None, "--title"),
    ruleset: str | None = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
) -> None:
    def body():
        from canasta_tutor import texts
        from canasta_tutor.files.writing import check_target, write_file
        from canasta_tutor.reading.strict_yaml import InputError
        from canasta_tutor.teaching.worksheet import key_html, questions, sheet_html

        targets = [t for t in (out, key) if t]
        if key and os.path.abspath(key) == os.path.abspath(out):
            raise InputError(texts.section("teaching", "worksheet.same-file"))
        for target in targets:
            # a new file or a sheet written before; never a folder, a link, a pipe or someone's file
            check_target(target, replace_own=True)
            if os.path.exists(target) and any(os.path.exists(f) and os.path.samefile(f, target)
                                              for f in files if f != "-"):
                raise InputError(texts.section("teaching", "worksheet.read-file", {"file": target}))
        qs = questions(files, ruleset)
        pages = {out: sheet_html(qs, title, lang)}
        if key:
            pages[key] = key_html(qs, title, lang)
        for target, text in pages.items():
            write_file(target, text, replace_own=True)
        if as_json:
            _emit_json({"written": list(pages), "questions": len(qs)})
        else:
            from canasta_tutor.render.safe import clean

            for target in pages:
                print(texts.section("teaching", "worksheet.wrote", {"file": clean(target), "n": len(qs)}, lang))

    _guard(as_json, lang, body)
