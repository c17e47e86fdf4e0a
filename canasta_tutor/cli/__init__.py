"""The ``canasta`` command: a thin layer over the library, one module per group of commands.

Only Typer is imported at start-up; the engine, YAML and Rich are imported inside the commands that
use them, so ``canasta check`` starts nearly as fast as an empty Typer app. The commands' help texts are
not written here but in the ``help`` section of texts/en.yaml, by command and option name (cli/help.py)."""
from __future__ import annotations

import contextvars
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import typer
import typer.main

from canasta_tutor.cli.common import APP_SETTINGS, AppSettings

if TYPE_CHECKING:
    from canasta_tutor.cli.typer_inside import Command

__all__ = ["app", "main"]

# The module that registers each command. Running one command imports only its own module, so the
# start-up of `check` does not grow with every command the tool gains (tests/test_command_line.py
# checks this table against the commands the modules register).
COMMAND_MODULES = {
    "check": "judging", "score": "judging", "show": "judging", "moves": "judging", "hint": "judging",
    "selfplay": "selfplay_cmd", "lesson": "learning", "quiz": "learning", "progress": "learning",
    "learn": "learn", "schema": "teaching", "new": "teaching", "lint": "teaching",
    "rules": "reference", "explain": "reference", "worksheet": "worksheet", "play": "play",
    "example": "examples", "pack": "packs_cmd",
}
MODULES = ("judging", "selfplay_cmd", "learning", "learn", "teaching", "reference", "worksheet", "play",
           "examples", "packs_cmd")


def _register(*modules: str) -> typer.Typer:
    """The app with the commands of ``modules`` (all of them when none is named) registered."""
    from importlib import import_module

    for m in modules or MODULES:
        import_module(f"canasta_tutor.cli.{m}")
    from canasta_tutor.cli.common import app

    return app


def __getattr__(name: str):
    if name == "app":  # the whole command line, for help, completion, the reference and tests
        return _register()
    raise AttributeError(name)


def _only(name: str) -> typer.Typer | None:
    """An app holding just the command being run. Typer works out every registered command's options
    when it starts, which costs more than a whole ruling; the full app is built only when the
    command name is not known (for the list of commands, or to suggest one)."""
    module = COMMAND_MODULES.get(name)
    if module is None:
        return None
    app = _register(module)
    chosen = [c for c in app.registered_commands if (c.name or getattr(c.callback, "__name__", None)) == name]
    if not chosen:
        return None
    # No completion options here: the shell asks for completions with no command on the line, so
    # completion always runs through the full app (see main), and `check` does not pay for it.
    settings: AppSettings = {**APP_SETTINGS, "add_completion": False}
    one = typer.Typer(**settings)
    one.registered_commands = chosen

    @one.callback()
    def group() -> None:  # a callback keeps `canasta NAME ...` a subcommand, as in the full app
        pass

    return one


def _never_fail_to_print() -> None:
    """A character the terminal cannot show is printed as an escape, never an encoding error; a
    byte of an argument that is not UTF-8 is never written back as invalid UTF-8; a byte of input
    that is not in the terminal's encoding is read as U+FFFD."""
    from io import TextIOWrapper  # loaded with the interpreter: costs no start-up time

    # A stream that is no text file of ours (a test's capture) is left as it is.
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", "strict") in ("strict", "surrogateescape") and isinstance(stream, TextIOWrapper):
            try:
                stream.reconfigure(errors="backslashreplace")
            except ValueError:
                pass
    if isinstance(sys.stdin, TextIOWrapper):
        try:  # an answer typed in another encoding is a wrong answer, not an internal error
            sys.stdin.reconfigure(errors="replace")
        except ValueError:
            pass


class _Shown:
    """stderr for a run whose arguments hold control characters: the usage errors the command-line
    parser prints quote the arguments, so every control character is shown as an escape there too."""

    def __init__(self, stream) -> None:
        from canasta_tutor.render.safe import clean

        self._stream, self._clean = stream, clean

    def write(self, text: str) -> int:
        return self._stream.write(self._clean(text, keep="\n"))

    def __getattr__(self, name):
        return getattr(self._stream, name)


COMPLETE_VAR = "_CANASTA_COMPLETE"  # set by the shell's completion script (canasta --show-completion)


def _lang_after_command(args: list[str]) -> list[str]:
    """`canasta --lang da check ...` is `canasta check --lang da ...`: the command's own option, so that
    it starts as fast, words a bad language in --json and lets --help win, as after the command. With no
    known command after it (`canasta --lang da --help`), the tool's own --lang takes it."""
    if args[:1] == ["--lang"] and len(args) > 1:
        lang, rest = args[:2], args[2:]
    elif args[:1] and args[0].startswith("--lang="):
        lang, rest = args[:1], args[1:]
    else:
        return args
    if rest and rest[0] in COMMAND_MODULES:
        return [rest[0], *lang, *rest[1:]]
    return args


def _completion_for_shell(args: list[str]) -> None:
    """`canasta --show-completion SHELL` prints that shell's script (Typer's own option takes no shell
    and guesses it); an unknown shell is a usage error naming the ones there are."""
    if args[:1] == ["--show-completion"] and len(args) == 2:
        shell = args[1]
    elif len(args) == 1 and args[0].startswith("--show-completion="):
        shell = args[0].partition("=")[2]
    else:
        return
    from typer.completion import Shells, get_completion_script

    shells = [s.value for s in Shells]
    if shell not in shells:
        sys.stderr.write(f"canasta: --show-completion: unknown shell '{shell}'; the shells are: {', '.join(shells)}\n")
        sys.exit(2)
    sys.stdout.write(get_completion_script(prog_name="canasta", complete_var=COMPLETE_VAR, shell=shell))
    sys.exit(0)


def _streams() -> None:
    """A closed standard error (``2>&-``) takes the messages nowhere, and the exit code still tells;
    a closed standard output means no answer can be given, so nothing is done (exit 3, one line).
    Standard output is watched, so that a failure to write it (``>/dev/full``) is said as such."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdin is None:  # a closed standard input (<&-) is one with nothing to read: the end at once
        sys.stdin = open(os.devnull, encoding="utf-8")
    from canasta_tutor.cli.common import Output, no_output

    if sys.stdout is None:
        no_output()
    sys.stdout = Output(sys.stdout)


def main() -> None:
    sys.exit(run(sys.argv[1:]))


def run(args: Sequence[str]) -> int:
    """One run of ``canasta`` with the arguments ``args`` (without the program's name): everything the
    command does, its output on the standard streams, and its exit code returned. The installed
    command is this and nothing more; the tests run it in-process too, so that what they check is
    what a user runs.

    The run has a context of its own (contextvars): the language and the drawing style it chooses
    end with it, as they would with a process, and the standard streams it wraps are given back."""
    from canasta_tutor.cli.help import typer_english

    streams = sys.stdin, sys.stdout, sys.stderr
    try:
        return contextvars.copy_context().run(_one_run, list(args))
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        typer_english()


def _one_run(args: list[str]) -> int:
    from canasta_tutor.cli.help import IN_RUN

    IN_RUN.set(True)
    _never_fail_to_print()
    _streams()
    from canasta_tutor.render.console import clamp_columns

    clamp_columns()
    from canasta_tutor.cli.common import finish_output, output_failure, output_lost

    code: object = 0
    try:
        _run(args)
    except KeyboardInterrupt:  # Ctrl-C before or after a command's own guard
        sys.stderr.write("\n")
        code = 130
    except SystemExit as done:
        code = done.code
    except OSError:  # outside a command's guard (Click's help, --version)
        if output_failure() is None:
            raise
        try:
            output_lost()
        except typer.Exit as lost:
            code = lost.exit_code
    return _exit_code(finish_output(code))


def _exit_code(code: object) -> int:
    """The number a process would exit with for ``sys.exit(code)``: None is 0; a message is 1 (printed
    to standard error, as Python does)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1


def _run(args: list[str]) -> None:
    _completion_for_shell(args)
    if any(not arg.replace("\n", "").replace("\t", "").isprintable() for arg in args):
        sys.stderr = _Shown(sys.stderr)
    args = _lang_after_command(args)
    named = len(args) > 0 and not args[0].startswith("-") and COMPLETE_VAR not in os.environ
    app, command, as_built = _built(args[0] if named and args[0] in COMMAND_MODULES else None)
    from canasta_tutor.cli.typer_inside import call

    try:
        # prog_name: the same name (and completion variable) under `python -m canasta_tutor`
        call(app, command, args, prog_name="canasta")
    finally:
        _as_built(as_built)


# What a run changes on a command and its parameters (help worded in the run's language, Click's help
# option made on demand): each attribute as built, lists and dicts copied, to be put back after the run.
_State = list[tuple[object, dict[str, object]]]
# The command line as Typer built it, by the command it holds (None: every command). Typer works out
# every option's type when it builds a command and again when a run first reads each option, which
# costs more than a whole ruling: a process pays it once, and so does a program (or a test) that runs
# the command line many times in one process. The shell-detection switch of Typer's completion options
# is read when they are built, so it is part of the key.
_BUILT: dict[tuple[str | None, str | None], tuple[typer.Typer, Command, _State]] = {}


def _built(name: str | None) -> tuple[typer.Typer, Command, _State]:
    """The app for command ``name`` (see _only; every command for None), its Click command, and that
    command's state as built."""
    key = (name, os.environ.get("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"))
    if key not in _BUILT:
        app = (_only(name) if name else None) or _register()
        command = typer.main.get_command(app)
        _BUILT[key] = app, command, _state_of(command)
    return _BUILT[key]


def _state_of(command: Command) -> _State:
    parts: list[object] = [command, *command.params]
    for sub in getattr(command, "commands", {}).values():  # a group's commands, and theirs
        parts += [part for part, _ in _state_of(sub)]
    return [(part, _copied(vars(part))) for part in parts]


def _copied(attrs: dict[str, object]) -> dict[str, object]:
    return {k: v.copy() if isinstance(v, (list, dict)) else v for k, v in attrs.items()}


def _as_built(state: _State) -> None:
    """Every command and parameter back as it was built: the next run starts as a new process's does.
    Typer's coercion of a parameter's value, made when first needed, is kept: it is worked out from the
    parameter's type alone, the same for every run."""
    for part, attrs in state:
        coercion = vars(part).get("_runtime_param")
        vars(part).clear()
        vars(part).update(_copied(attrs))
        if coercion is not None:
            vars(part)["_runtime_param"] = coercion
