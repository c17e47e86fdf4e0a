"""The command line leans on a few things inside Typer (cli/typer_inside.py). These tests fail when a
new Typer changes one of them: the class of its usage errors, the English words of each error the
help translates, and the constants it draws its own words from."""
from __future__ import annotations

import re

import pytest
import typer
import typer.main

from canasta_tutor.cli import app
from canasta_tutor.cli.typer_inside import CLICK_ENGLISH, TYPER_WORDS, UsageError, rich_words

TABLE = "canasta_tutor/examples/table.yaml"

# A command line for each usage error the help translates, and the key its English must match.
MISTAKES = [
    (["check"], "missing-argument"),
    (["check", TABLE, "draw", "--jsn"], "no-such-option-offer"),
    (["explain", "--zzzzzzzz"], "no-such-option"),
    (["chek"], "no-such-command-offer"),
    (["zzzzzzzz"], "no-such-command"),
    (["check", TABLE, "draw", "more", "words"], "extra-arguments"),
    (["check", TABLE, "draw", "--ruleset"], "needs-value"),
    (["check", TABLE, "draw", "--json=yes"], "takes-no-value"),
    (["quiz", "--count", "many"], "invalid-value"),
]


def _english_key(message: str) -> str | None:
    return next((key for key, pattern in CLICK_ENGLISH if re.match(pattern, message, re.DOTALL)), None)


def _usage_error(command, args: list[str]) -> BaseException:
    with pytest.raises(Exception) as raised:
        command.main(args, prog_name="canasta", standalone_mode=False)
    return raised.value


@pytest.mark.parametrize("args,key", MISTAKES, ids=[k for _, k in MISTAKES])
def test_each_usage_error_is_of_the_class_and_words_the_help_translates(args, key):
    error = _usage_error(typer.main.get_command(app), args)
    assert isinstance(error, UsageError), type(error)
    assert _english_key(error.format_message()) == key, error.format_message()


def test_a_missing_option_too():
    """No command of ours has a required option; a made-up one shows the wording all the same."""
    one = typer.Typer()

    @one.command()
    def needs(name: str = typer.Option(..., "--name")) -> None:
        pass

    error = _usage_error(typer.main.get_command(one), [])
    assert isinstance(error, UsageError) and _english_key(error.format_message()) == "missing-option"


def test_every_word_typer_draws_is_still_where_the_help_replaces_it():
    words = rich_words()
    assert [c for c in TYPER_WORDS if not isinstance(getattr(words, c, None), str)] == []
    assert "{command_path}" in words.RICH_HELP and "{}" in words.DEFAULT_STRING


def test_no_other_module_reaches_inside_typer():
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "canasta_tutor"
    inside = [p.relative_to(package).as_posix() for p in package.rglob("*.py")
              if re.search(r"typer\._click|\bimport click\b|from click\b|typer import rich_utils", p.read_text())]
    assert inside == ["cli/typer_inside.py"]
