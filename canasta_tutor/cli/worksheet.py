"""`canasta worksheet`: printable questions from scenario, lesson and pack files, and their answer key."""
from __future__ import annotations

import os

import typer

from canasta_tutor.cli.common import JsonOpt, LangOpt, RulesetOpt, app, emit_json, guarded


def _versioned(path: str, version: str) -> str:
    """sheet.html for version A is sheet-A.html: each version and its key have their own file."""
    if not version:
        return path
    stem, ext = os.path.splitext(path)
    return f"{stem}-{version}{ext}"


@app.command()
@guarded
def worksheet(
    files: list[str] = typer.Argument(...),
    out: str = typer.Option(..., "--out", "-o"),
    key: str | None = typer.Option(None, "--key", "-k"),
    title: str | None = typer.Option(None, "--title"),
    per_page: int | None = typer.Option(None, "--per-page", min=1, max=12, metavar="N"),
    shuffle: bool = typer.Option(False, "--shuffle"),
    seed: str = typer.Option("", "--seed", metavar="S"),
    versions: int = typer.Option(1, "--versions", min=1, max=26, metavar="K"),
    words: bool = typer.Option(False, "--words"),
    ruleset: str | None = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
) -> None:
    from canasta_tutor import texts
    from canasta_tutor.files.writing import check_target, write_file
    from canasta_tutor.reading.strict_yaml import InputError
    from canasta_tutor.teaching.answer_key import key_html
    from canasta_tutor.teaching.sheet import sheet_html
    from canasta_tutor.teaching.worksheet import ordered, questions, versions_named

    letters = versions_named(versions)
    targets = [_versioned(t, v) for v in letters for t in (out, key) if t]
    if key and os.path.abspath(key) == os.path.abspath(out):
        raise InputError(texts.section("teaching", "worksheet.same-file"))
    for target in targets:
        # a new file or a sheet written before; never a folder, a link, a pipe or someone's file
        check_target(target, replace_own=True)
        if os.path.exists(target) and any(os.path.exists(f) and os.path.samefile(f, target)
                                          for f in files if f != "-"):
            raise InputError(texts.section("teaching", "worksheet.read-file", {"file": target}))
    qs = questions(files, ruleset)
    pages: dict[str, str] = {}
    for v in letters:
        # versions differ in their order: each is shuffled by the seed and its letter
        these = ordered(qs, shuffle or len(letters) > 1, seed, v)
        pages[_versioned(out, v)] = sheet_html(these, title, lang, per_page, v, words)
        if key:
            pages[_versioned(key, v)] = key_html(these, title, lang, v, words)
    for target, text in pages.items():
        write_file(target, text, replace_own=True)
    if as_json:
        emit_json({"written": list(pages), "questions": len(qs)})
    else:
        from canasta_tutor.render.safe import clean

        for target in pages:
            print(texts.section("teaching", "worksheet.wrote", {"file": clean(target), "n": len(qs)}, lang))
