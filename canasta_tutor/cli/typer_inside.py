"""What the command line takes from inside Typer, beyond its public API, all in this one module.

Typer gives no public way to word its help and its usage errors in another language, so the command
line leans on three things Typer does not promise to keep:

- ``UsageError``, the class of the usage errors Typer's copy of Click raises (not exported by Typer);
- ``rich_utils``' module constants, the words Typer draws around the help (panel titles, "Try ...");
- the English wording of Click's usage errors, matched by ``CLICK_ENGLISH`` to translate them;
- for the type checker only, ``Command``, the class Typer's commands and groups are made from;
- what ``Typer.__call__`` does around the Click command it builds (``call``), so that a command built
  once can be run again without building it anew.

tests/test_typer_inside.py makes each usage error happen and fails when Typer no longer raises this
class or words one of them otherwise, and when one of these constants is gone: a new Typer is then seen
to change what the command line relies on, instead of its errors silently staying English. Only
Typer and the standard library are imported here (``check`` starts with it)."""
from __future__ import annotations

import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

import typer
from typer._click.exceptions import UsageError  # Typer 0.29 on carries its own copy of Click

if TYPE_CHECKING:
    from typer._click.core import Command as Command

__all__ = ["CLICK_ENGLISH", "TYPER_WORDS", "UsageError", "call", "rich_words"]

# The words Typer draws itself (module constants of typer.rich_utils) and our keys for them (help.words.*).
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": "arguments", "OPTIONS_PANEL_TITLE": "options",
               "COMMANDS_PANEL_TITLE": "commands", "ERRORS_PANEL_TITLE": "error",
               "REQUIRED_LONG_STRING": "required", "ABORTED_TEXT": "aborted",
               "DEFAULT_STRING": "default", "RICH_HELP": "try-help"}

# The usage errors Click and Typer word in English, as they word them, and our keys for them
# (help.errors.*): the first pattern that matches a message gives its key and its parameters.
CLICK_ENGLISH = (
    ("missing-argument", r"Missing argument (?P<name>.+)\.$"),
    ("missing-option", r"Missing option (?P<name>.+)\.$"),
    ("no-such-option-offer", r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)$"),
    ("no-such-option-offer", r"No such option: (?P<name>\S+)\s+Did you mean (?P<options>.+)\?$"),
    ("no-such-option", r"No such option: (?P<name>\S+)$"),
    ("no-such-command-offer", r"No such command (?P<name>.+)\. Did you mean (?P<commands>.+)\?$"),
    ("no-such-command", r"No such command (?P<name>.+)\.$"),
    ("extra-arguments", r"Got unexpected extra arguments? \((?P<arguments>.*)\)$"),
    ("extra-arguments", r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)$"),
    ("needs-value", r"Option (?P<name>.+) requires an argument\.$"),
    ("takes-no-value", r"Option (?P<name>.+) does not take a value\.$"),
    ("invalid-value", r"Invalid value for (?P<name>.+?): (?P<problem>.+)$"),
)


def rich_words() -> ModuleType:
    """The module whose constants (TYPER_WORDS) are the words Typer draws; imported when first needed,
    since it imports Rich."""
    from typer import rich_utils

    return rich_utils


def call(app: typer.Typer, command: Command, args: Sequence[str], prog_name: str) -> None:
    """``app(args=args, prog_name=prog_name)`` with ``command``, the Click command Typer built from
    ``app``: Typer's hook for uncaught errors set, and an error on its way out marked with the app's
    settings for it, as ``Typer.__call__`` does before it builds the command again."""
    from typer import main

    if sys.excepthook != main.except_hook:
        sys.excepthook = main.except_hook
    try:
        command(args=args, prog_name=prog_name)
    except Exception as e:
        setattr(e, main._typer_developer_exception_attr_name, main.DeveloperExceptionConfig(
            pretty_exceptions_enable=app.pretty_exceptions_enable,
            pretty_exceptions_show_locals=app.pretty_exceptions_show_locals,
            pretty_exceptions_short=app.pretty_exceptions_short))
        raise
