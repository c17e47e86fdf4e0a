"""``canasta new``: a commented skeleton of a scenario or a lesson, with its JSON Schema beside it.

The skeleton never replaces a file, and is checked before it takes its name: a skeleton that
``lint`` would reject (a ruleset path that does not resolve from the skeleton's folder, a name
YAML would misread) is not written. The schema beside it carries the tool's marker, so a later
``new`` may bring it up to date, but a file of that name written by someone else is left alone.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import stat
from pathlib import Path

from canasta_tutor.files.writing import MARKER, write_file, written_by_us
from canasta_tutor.reading.strict_yaml import InputError, Listed, Said, UsageError, brief
from canasta_tutor.teaching.schema import schema as build

KINDS = ("scenario", "lesson")
TEMPLATES = Path(__file__).parent / "templates"


class Written:
    """What ``new`` wrote, and what it left alone."""

    def __init__(self, files: list[str], kept: list[str]) -> None:
        self.files = files
        self.kept = kept


def skeleton_text(kind: str, target: Path, schema_name: str, ruleset: str | None) -> str:
    text = (TEMPLATES / f"{kind}.yaml").read_text(encoding="utf-8")
    # The name appears in comments: quoted as a shell would need it, so a copied command works.
    text = text.replace("{schema}", schema_name).replace("{name}", shlex.quote(str(target)))
    if ruleset:
        text = text.replace("ruleset: classic", f"ruleset: {_scalar(_ruleset_from(target, ruleset))}", 1)
        text = re.sub(r"(?m)^(\s*stock: )58\b", lambda m: m.group(1) + str(_stock_for(ruleset)), text, count=1)
    return text


def _stock_for(ruleset: str) -> int:
    """The skeleton's stock under a ruleset of other decks: the table stays whole (lint counts every card)."""
    from canasta_tutor.engine.ruleset import load_ruleset

    rs = load_ruleset(ruleset)
    return 58 + rs.decks * 52 + rs.jokers - 108


def _scalar(text: str) -> str:
    """A value as YAML reads it back unchanged: plain when it is a simple word or path, else quoted
    (a '#' would start a comment, a ': ' a mapping)."""
    return text if re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_./-]*", text) else json.dumps(text)


def _ruleset_from(target: Path, ruleset: str) -> str:
    """The ruleset as the skeleton must name it: a file's path relative to the skeleton's folder
    (where the reader looks for it), a built-in id as it is."""
    from canasta_tutor.engine.ruleset import BUILTIN

    if ruleset in BUILTIN:
        return ruleset
    folder = os.path.abspath(target.parent)
    try:
        return os.path.relpath(os.path.abspath(ruleset), folder)
    except ValueError:  # another drive (Windows): the absolute path
        return os.path.abspath(ruleset)


def _say(key: str, **params) -> str:
    """A message of ``canasta new`` in the user's language (the ``teaching.skeleton`` section)."""
    from canasta_tutor import texts

    return texts.section("teaching", f"skeleton.{key}", params)


def write_skeleton(kind: str, file: str, ruleset: str | None = None, lint=None,
                   schema_ref: str | None = None) -> Written:
    """Write the skeleton ``file`` of ``kind`` and its schema beside it. ``lint(path)`` returns the
    problems lint finds in a file; a skeleton with any is not written."""
    if kind not in KINDS:  # `new table` is the wizard's (teaching/new_table.py), named here all the same
        raise UsageError(Said("skeleton.unknown-kind", "unknown kind '{kind}'; expected {kinds}", kind=brief(kind),
                              kinds=Listed((*KINDS, "table"), "or")))
    # The name is the command line's: a usage mistake (exit 2), like any bad argument
    if not file.strip():
        raise UsageError(_say("no-file"))
    if not file.isprintable():
        raise UsageError(_say("control"))
    if ruleset:
        from canasta_tutor.engine.ruleset import load_ruleset

        if load_ruleset(ruleset).players != 4:
            raise InputError(_say("four-players", ruleset=ruleset))
    target = Path(file)
    schema_file = target.parent / f"canasta-{kind}.schema.json"
    if schema_file.name == target.name:
        raise InputError(_say("schema-name", file=file))

    def check(temp: str) -> None:
        found = lint(Path(temp)) if lint else []
        if found:
            raise InputError(_say("fails-lint", problem=found[0].message), file)

    # An absolute file URL, not the bare name: a copy of the file elsewhere still finds its schema. A
    # teacher who publishes the schema gives its address instead (--schema).
    text = skeleton_text(kind, target, schema_ref or schema_file.resolve().as_uri(), ruleset)
    write_file(target, text, check=check)
    try:
        return _with_schema(kind, target, schema_file)
    except InputError as exc:  # a full disk, a file-size limit: the skeleton is taken back, so that
        if not _take_back(target, text):  # "nothing was written" is true, or what was written is said
            why = getattr(exc.message, "params", {}).get("why", exc.message)
            raise InputError(Said("skeleton.half-written", "{file} was written, but not its schema {schema}: {problem}",
                                  file=brief(file, 80), schema=schema_file.name, problem=why), exc.file) from None
        raise


def _take_back(target: Path, text: str) -> bool:
    """Remove the skeleton just written, if it is still the one written; whether it is gone."""
    try:  # a regular file only: never a pipe put there meanwhile, which a read would wait on
        if stat.S_ISREG(os.lstat(target).st_mode) and target.read_text(encoding="utf-8") == text:
            target.unlink()
    except (OSError, UnicodeError):
        pass
    return not os.path.lexists(target)


def _with_schema(kind: str, target: Path, schema_file: Path) -> Written:
    """The schema beside the skeleton just written: written, brought up to date, or someone's own kept."""
    written, kept = [str(target)], []
    body = build(kind)
    schema = {"$schema": body.pop("$schema"),  # the marker near the start, where it is looked for
              "$comment": f"{MARKER} ('canasta new'); a later 'canasta new' may bring it up to date"} | body
    schema_text = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    if not os.path.lexists(schema_file):
        write_file(schema_file, schema_text)
        written.append(str(schema_file))
    elif written_by_us(schema_file):
        if schema_file.read_text(encoding="utf-8") != schema_text:
            write_file(schema_file, schema_text, replace_own=True)
            written.append(str(schema_file))
    else:  # someone's own file of that name: theirs, untouched
        kept.append(str(schema_file))
    return Written(written, kept)
