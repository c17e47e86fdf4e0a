"""What every command shares: the app, the common options, and the guard that turns our errors into
exit codes and messages (never a traceback).

Only Typer and the standard library are imported here; the engine, YAML and Rich are imported
inside the commands that use them, so ``canasta check`` starts nearly as fast as an empty Typer app."""
from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO, TypedDict

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.help import CanastaApp, CanastaGroup

EXIT_ILLEGAL, EXIT_USAGE, EXIT_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 1, 2, 3, 70, 130
# Standard output closed or full: the answer did not reach its reader, which a script must not take
# for a verdict (0 legal, 1 illegal). A full disk is a file that cannot be used, as in the README.
EXIT_OUTPUT = EXIT_INPUT

class AppSettings(TypedDict):
    """The keyword arguments of the Typer app, shared by the whole app and a one-command one."""

    name: str
    cls: type[CanastaGroup]
    add_completion: bool
    pretty_exceptions_enable: bool
    context_settings: dict[str, Any]


APP_SETTINGS = AppSettings(
    name="canasta",
    cls=CanastaGroup,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app = CanastaApp(**APP_SETTINGS)


def _show_version(value: bool) -> None:
    if value:
        import canasta_tutor

        print(f"canasta {canasta_tutor.__version__}")
        raise typer.Exit(0)


@app.callback(invoke_without_command=True)
def _start(ctx: typer.Context,
           # `canasta --lang da --help` and `canasta --lang da check ...` as well as after the command
           lang: str | None = typer.Option(None, "--lang", metavar="LANG"),
           version: bool = typer.Option(False, "--version", "-V", is_eager=True, callback=_show_version)) -> None:
    if lang and not ctx.resilient_parsing:
        choose_language(lang, False)
    # A bare `canasta` greets a newcomer instead of only printing the usage.
    if ctx.invoked_subcommand is None and not ctx.resilient_parsing:
        from canasta_tutor.cli.help import greet

        greet(ctx)
        raise typer.Exit(0)


RulesetOpt = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids)
JsonOpt = typer.Option(False, "--json")
HouseOpt = typer.Option(None, "--house", metavar="KEY=VALUE", autocompletion=completion.house_keys)
LangOpt = typer.Option(None, "--lang", metavar="LANG")
LearnerOpt = typer.Option(None, "--learner", metavar="NAME")


def _ascii_wanted(value: bool) -> bool:
    if value:  # read by every drawing of this run, however deep
        from canasta_tutor.render.console import ask_ascii

        ask_ascii()
    return value


AsciiOpt = typer.Option(False, "--ascii", callback=_ascii_wanted)


def _choose_cards(as_json: bool, chosen: str | None) -> None:
    """How this run's text output prints cards: as ``--cards`` (``chosen``) says; by default with the suit
    symbols on a terminal that shows them, else in the reader's letters (in English the standard ones a
    script reads). ``--json`` keeps the standard notation, in its messages too."""
    from canasta_tutor import texts
    from canasta_tutor.render.console import ascii_only

    style = "standard" if as_json else chosen or ("symbols" if _is_terminal() else "local")
    texts.use_cards("local" if style == "symbols" and ascii_only() else style)


def _is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def not_one_of(ctx: typer.Context, found: str, choices: Sequence[str]) -> str:
    """The problem of an option given a word that is none of its ``choices``, in the language of the
    run's help (an option's check runs before the run's ``--lang`` is chosen)."""
    from canasta_tutor import texts
    from canasta_tutor.cli.help import help_language

    return texts.section("command_line", "not-one-of", {"found": found, "choices": ", ".join(choices)},
                         lang=help_language(ctx))


def _cards_wanted(ctx: typer.Context, value: str | None) -> str | None:
    from canasta_tutor import texts

    if value is not None and value not in texts.CARD_STYLES:
        raise typer.BadParameter(not_one_of(ctx, value, texts.CARD_STYLES), param_hint="'--cards'")
    return value


CardsOpt = typer.Option(None, "--cards", metavar="standard|local|symbols", callback=_cards_wanted,
                        autocompletion=lambda: ["standard", "local", "symbols"])


def reader() -> str | None:
    """The language of the one typing moves (its move words and card letters are read), None for English."""
    from canasta_tutor import texts

    lang = texts.language()
    return None if lang == "en" else lang


def warn_doubts(move: str) -> None:
    """A card of a typed move that another notation reads as another card: said on stderr, both readings
    named (``AC`` under pt-BR: the ace of clubs, which a Brazilian's letters read as the ace of copas)."""
    from canasta_tutor import texts

    for warning in texts.doubt_warnings(move, reader()):
        tell(warning)


VerboseOpt = typer.Option(False, "--verbose", "-v")


def emit_json(data) -> None:
    from canasta_tutor.render.safe import json_text

    sys.stdout.write(json_text(data, getattr(sys.stdout, "encoding", None)) + "\n")


def emit(data, as_json: bool, printer) -> None:
    """JSON on stdout with --json, else the human rendering (of data with no control character left)."""
    if as_json:
        emit_json(data)
    else:
        from canasta_tutor.render.safe import clean_data

        printer(clean_data(data))


def fail(code: int, message: str, as_json: bool, extra: dict[str, Any] | None = None) -> NoReturn:
    from canasta_tutor.render.safe import clean

    tell(clean(message))
    if as_json:
        try:
            emit_json({"error": {"code": code, "message": message, **(extra or {})}})
        except (OSError, ValueError):  # standard output failing too: the line above says what went wrong,
            watched = _watched()
            if watched is not None and watched.failed is not None:  # and its code stays the run's
                watched.told = True
            _drop_output()
    raise typer.Exit(code)


def tell(line: str) -> None:
    """One line on standard error; nothing when that cannot be written either (the exit code tells)."""
    try:
        sys.stderr.write(f"canasta: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def no_output() -> None:
    """Standard output is closed (``>&-``): nothing is done, since no answer could be given."""
    from canasta_tutor import texts
    from canasta_tutor.reading.strict_yaml import Said

    tell(texts.said(Said("output.closed", "standard output is closed, so nothing was done; send the output "
                          "somewhere (> FILE, or > /dev/null to drop it)")))
    sys.exit(EXIT_OUTPUT)


class Output:
    """Standard output, remembering a failure to write it (a full disk, a failing device): Python drops
    what it could not write, so only the write itself can tell that failure from a file's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.failed: BaseException | None = None
        self.told = False  # the failure was said on stderr already

    def _attempt(self, do, *args):
        try:
            return do(*args)
        except (BrokenPipeError, UnicodeError):  # the reader went away (``| head``): Click's quiet ending
            raise
        except (OSError, ValueError) as exc:  # ValueError: closed under us
            self.failed = self.failed or exc
            raise

    def write(self, text: str) -> int:
        return self._attempt(self._stream.write, text)

    def flush(self) -> None:
        return self._attempt(self._stream.flush)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def output_failure() -> BaseException | None:
    return getattr(sys.stdout, "failed", None)


def _watched() -> Output | None:
    """Standard output as main watches it, or None where it is another stream (a test's capture)."""
    return sys.stdout if isinstance(sys.stdout, Output) else None


def _drop_output() -> None:
    """Point standard output at the null device, so that Python's own flush at exit does not fail
    once more (with a second message and its own exit code)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no file descriptor (a test's capture)
        pass


def output_lost() -> NoReturn:
    """Standard output could not be written: one line on stderr (once), and the exit code that says
    the answer did not arrive."""
    watched = _watched()
    failed = watched.failed if watched is not None else None
    if watched is not None and failed is not None and not watched.told:
        from canasta_tutor import texts
        from canasta_tutor.reading.strict_yaml import Said

        watched.told = True
        problem = getattr(failed, "strerror", None) or str(failed)
        tell(texts.said(Said("output.failed", "cannot write to standard output: {problem}; the answer was not "
                              "given", problem=problem)))
    _drop_output()
    raise typer.Exit(EXIT_OUTPUT)


def finish_output(code: object) -> object:
    """The exit code of a run once what is still buffered for standard output is written: a failure to
    write it, now or before, is said and gives EXIT_OUTPUT, never Python's 'Exception ignored' and 120."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away at the very end: quiet, as Click ends then
        _drop_output()
        return EXIT_ILLEGAL
    except (OSError, ValueError):
        pass
    watched = _watched()
    if watched is None or watched.failed is None or watched.told and code:  # said already, with the run's own code
        return code
    try:
        output_lost()
    except typer.Exit as lost:
        return lost.exit_code


def choose_language(lang: str, as_json: bool) -> None:
    """The language of every message of this run; an unknown one is a usage error naming those there are."""
    from canasta_tutor import texts

    chosen = texts.normalise(lang)
    if chosen is None:
        fail(EXIT_USAGE, texts.section("languages", "unknown", {
            "lang": lang, "languages": ", ".join(texts.available())}, lang="en"), as_json)
    texts.choose(chosen)


def guarded(command: Callable[..., Any]) -> Callable[..., Any]:
    """A command whose errors become exit codes and messages, never a traceback: its ``--lang`` is
    chosen first, and its ``--json`` (when it has one) says whether an error is also given as JSON.
    Put it under ``@app.command()``; Typer reads the command's own parameters through it."""

    @functools.wraps(command)
    def run_guarded(*args: Any, **kwargs: Any) -> Any:
        named = [kwargs.get(param) for param in ("ruleset", "ruleset_id")]
        return guard(bool(kwargs.get("as_json", False)), kwargs.get("lang"), lambda: command(*args, **kwargs),
                     named, kwargs.get("cards"))

    return run_guarded


def guard(as_json: bool, lang: str | None, body: Callable[[], Any], rulesets: list[Any] | None = None,
          cards: str | None = None) -> Any:
    """Run a command's body, turning our errors into exit codes and messages (never a traceback).
    ``rulesets``: the values of the command's ruleset parameters, checked by name first; ``cards``: its
    ``--cards``, when it has one."""
    if lang:
        choose_language(lang, as_json)
    _choose_cards(as_json, cards)
    try:
        return _run(as_json, body, rulesets)
    finally:  # the notation of cards is this run's: the library, and a next run in this process, start over
        from canasta_tutor import texts

        texts.use_cards("standard")


def _run(as_json: bool, body: Callable[[], Any], rulesets: list[Any] | None) -> Any:
    from canasta_tutor.engine.move import MoveError
    from canasta_tutor.reading.strict_yaml import InputError, UsageError

    try:
        _check_ruleset_names(rulesets or [])
        return body()
    except typer.Exit:
        raise
    except MoveError as exc:
        from canasta_tutor import texts

        fail(EXIT_USAGE, texts.label("errors.bad-move", problem=texts.said(exc.args[0])), as_json)
    except UsageError as exc:
        from canasta_tutor import texts

        fail(EXIT_USAGE, texts.said(exc.args[0]) if exc.args else str(exc), as_json)
    except InputError as exc:
        from canasta_tutor import texts

        fail(EXIT_INPUT, texts.input_error(exc), as_json, exc.as_dict() | {"message": texts.said(exc.message)})
    except (KeyboardInterrupt, typer.Abort):  # Ctrl-C, also at a yes/no prompt
        sys.stderr.write("\n")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except BrokenPipeError:  # the reader (``| head``) went away: Click ends quietly (exit 1)
        raise
    except RecursionError:
        from canasta_tutor import texts

        fail(EXIT_INPUT, texts.label("errors.nested"), as_json)
    except OSError as exc:  # a file or folder the system refuses (permissions, a full disk): the user's to fix
        if output_failure() is not None:  # standard output itself (>/dev/full), not a file
            output_lost()
        where = exc.filename if isinstance(exc.filename, str) else ""
        fail(EXIT_INPUT, f"{where + ': ' if where else ''}{exc.strerror or exc}", as_json)
    except Exception as exc:  # a bug: short message, traceback only on request
        if os.environ.get("CANASTA_DEBUG"):
            raise
        from canasta_tutor import texts

        if type(exc).__module__ == "sqlite3":  # the progress file, busy or changed under us: not a bug of ours
            fail(EXIT_INPUT, texts.label("errors.progress-db", error=str(exc)), as_json)

        fail(EXIT_INTERNAL, texts.label("errors.internal", error=f"{type(exc).__name__}: {exc}"), as_json)


def _check_ruleset_names(values: list[Any]) -> None:
    """Every ruleset the command line names (``--ruleset``, the RULESET of ``rules``), checked by name
    before the command reads anything: an unknown name is a usage mistake (exit 2), whichever command
    it is given to; a ruleset file it names is read by the command, and a broken one is a bad file."""
    from canasta_tutor.engine.ruleset import check_name

    for value in values:
        for ref in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(ref, str):
                check_name(ref)


def house_rules(options: list[str] | None):
    from canasta_tutor.files.snapshot import parse_house_option

    return dict(parse_house_option(o) for o in options or [])


def print_plain(renderer: str, data: dict) -> None:
    """Print with one of the plain renderers (imported only when text, not JSON, is wanted)."""
    from canasta_tutor.render import plain
    from canasta_tutor.render.safe import clean_data

    print(getattr(plain, renderer)(clean_data(data), plain_style()))


def print_safe(text: str) -> None:
    """Print a line made of names from files or arguments (a file name, a ruleset id) safely."""
    from canasta_tutor.render.safe import clean

    print(clean(text))


def plain_style():
    from canasta_tutor.render.plain import Style, colour_on

    return Style(colour_on())


def ruleset_ref(ref: str) -> str:
    """A ruleset as the engine will look it up again later (in other processes too): a built-in id,
    or a ruleset file's absolute path. Loading it first reports a bad one at once."""
    from canasta_tutor.engine.ruleset import BUILTIN, load_ruleset

    load_ruleset(ref)
    return ref if ref in BUILTIN else os.path.abspath(ref)
