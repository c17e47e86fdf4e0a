"""The in-process runner every CLI test uses tells the truth: on a sample of commands that covers each
command, help, usage errors, bad files, other languages, ASCII drawing and typed answers, a run in
this process and a run of ``python -m canasta_tutor`` give the same exit code and the same standard
output and standard error, byte for byte. A difference means the in-process tests no longer check
what users run."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLE = "canasta_tutor/examples/table.yaml"

SAMPLE = [
    ([], None),
    (["--help"], None),
    (["--version"], None),
    (["check", TABLE, "draw"], None),
    (["check", TABLE, "take 9X"], None),
    (["check", TABLE, "meld 7S 7H"], None),
    (["check", TABLE, "draw", "--json", "--lang", "pt-BR"], None),
    (["--lang", "da", "check", TABLE, "draw"], None),
    (["check", TABLE, "draw", "--compare"], None),
    (["check", "no-such-table.yaml", "draw", "--json"], None),
    (["check", TABLE], None),
    (["check", TABLE, "draw", "--bogus"], None),
    (["check", TABLE, "draw", "--lang", "nl", "--bogus"], None),
    (["check", TABLE, "draw", "--lang", "xx"], None),
    (["check", TABLE, "draw", "--ruleset", "nope"], None),
    (["chek"], None),
    (["check", "--help"], None),
    (["check", "--help", "--lang", "da"], None),
    (["show", TABLE], None),
    (["show", TABLE, "--ascii", "--lang", "nl"], None),
    (["score", TABLE, "--json"], None),
    (["moves", TABLE], None),
    (["hint", TABLE, "--lang", "pt-BR"], None),
    (["rules"], None),
    (["rules", "classic", "--lang", "da"], None),
    (["explain", "pile.empty"], None),
    (["explain", "pile.frozen"], None),
    (["lesson", "list"], None),
    (["quiz", "--count", "2", "--seed", "4"], "1\n2\n"),
    (["schema", "table"], None),
    (["example"], None),
    (["--show-completion", "zsh"], None),
    (["--show-completion", "tcsh"], None),
]


@pytest.mark.parametrize("args,answers", SAMPLE, ids=[" ".join(a)[:60] or "(bare)" for a, _ in SAMPLE])
def test_a_run_in_process_says_what_a_process_says(canasta, canasta_process, tmp_path, args, answers):
    env = {"CANASTA_HOME": str(tmp_path / "in"), "NO_COLOR": "1"}
    inside = canasta(*args, input=answers, env=env, cwd=ROOT, raw=True)
    env["CANASTA_HOME"] = str(tmp_path / "out")  # the same progress to start from: none
    outside = canasta_process(*args, input=answers, env=env, cwd=ROOT, raw=True)
    assert (inside.returncode, inside.stdout.decode(), inside.stderr.decode()) == \
        (outside.returncode, outside.stdout.decode(), outside.stderr.decode())


def test_a_run_leaves_no_language_and_no_ascii_behind(canasta):
    """The language and the drawing style a run chooses end with it: the next run in the same process
    speaks the environment's language and draws with symbols again."""
    danish = canasta("show", TABLE, "--lang", "da", "--ascii", cwd=ROOT)
    after = canasta("show", TABLE, cwd=ROOT)
    assert "+--" in danish.stdout and "♥" not in danish.stdout
    assert "╭" in after.stdout and "♥" in after.stdout
    from canasta_tutor import texts
    from canasta_tutor.render.console import ascii_only

    assert texts.language() == "en" and "CANASTA_ASCII" not in os.environ
    assert not ascii_only(type("Utf8", (), {"encoding": "utf-8"})())


def test_a_run_leaves_no_help_in_its_language_behind(canasta, monkeypatch):
    """The command line is built once in a process and run again (cli._built): the help and the usage
    errors a run words in another language, of one command, of a group's command and of the whole app,
    are English again in the next run, as in a command line built anew."""
    from canasta_tutor import cli

    monkeypatch.setattr(cli, "_BUILT", {})  # English first, from commands built for it
    runs = (["check", "--help"], ["--help"], ["pack", "install", "--help"], ["check", TABLE, "draw", "--bogus"])
    english = [canasta(*args, cwd=ROOT) for args in runs]
    danish = [canasta(*args, "--lang", "da", cwd=ROOT) for args in runs]
    again = [canasta(*args, cwd=ROOT) for args in runs]
    assert [d.output for d in danish] != [e.output for e in english]
    for before, after in zip(english, again):
        assert (after.returncode, after.stdout, after.stderr) == (before.returncode, before.stdout, before.stderr)
    assert cli._built("check")[1] is cli._built("check")[1]  # built once: the runs above used it again


def test_the_app_invoked_directly_leaves_no_language_behind():
    """A program that runs the app itself (CliRunner().invoke(app, ...)) gets the same: the group
    gives the run a context of its own."""
    from typer.testing import CliRunner

    from canasta_tutor import texts
    from canasta_tutor.cli import app

    result = CliRunner().invoke(app, ["--lang", "nl", "explain", "pile.empty"])
    assert result.exit_code == 0, result.output
    assert texts.language() == "en" and os.environ.get("CANASTA_LANG") == "en"
