"""What every command shares: the app, the common options, and the guard that turns our errors into
exit codes and messages (never a traceback).

Only Typer and the standard library are imported here; the engine, YAML and Rich are imported
inside the commands that use them, so ``canasta check`` starts nearly as fast as an empty Typer app."""
from __future__ import annotations

import json
import os
import sys
from typing import List, Optional

import typer

EXIT_ILLEGAL, EXIT_USAGE, EXIT_INPUT, EXIT_INTERNAL = 1, 2, 3, 70

APP_SETTINGS = dict(
    name="canasta",
    help="Canasta rule tutor and move checker: judge a move on a table described in YAML, explain every "
         "ruling with its rule id and source, and score the hand.\n\n"
         "Example:  canasta check table.yaml \"take 9S 9D; meld 9S 9D 9H\"",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app = typer.Typer(**APP_SETTINGS)

RulesetOpt = typer.Option(None, "--ruleset", "-r", help="Ruleset id or ruleset file; overrides the table's.")
JsonOpt = typer.Option(False, "--json", help="Print JSON (the shapes of the command-line contract).")
HouseOpt = typer.Option(None, "--house", help="House rule KEY=VALUE, e.g. --house canasta_closed=true (repeatable).")
LangOpt = typer.Option(None, "--lang", help="Language of the messages (en; others where translated).")
LearnerOpt = typer.Option(None, "--learner", help="Whose progress this is (default: $CANASTA_LEARNER, else 'me').")
VerboseOpt = typer.Option(False, "--verbose", "-v", help="After each answer, also name the rule ids and their sources.")


def _emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _emit(data, as_json: bool, printer) -> None:
    """JSON on stdout with --json, else the human rendering."""
    if as_json:
        _emit_json(data)
    else:
        printer(data)


def _fail(code: int, message: str, as_json: bool, extra: dict | None = None) -> None:
    sys.stderr.write(f"canasta: {message}\n")
    if as_json:
        _emit_json({"error": {"code": code, "message": message, **(extra or {})}})
    raise typer.Exit(code)


def _guard(as_json: bool, lang: str | None, body):
    """Run a command body, turning our errors into exit codes and messages (never a traceback)."""
    if lang:
        from canasta_tutor import texts

        if lang.split("_")[0].lower() not in texts.available():
            sys.stderr.write(f"canasta: no messages in '{lang}' yet; English is used "
                             f"(available: {', '.join(texts.available())})\n")
        os.environ["CANASTA_LANG"] = lang
    from canasta_tutor.engine.move import MoveError
    from canasta_tutor.reading.strict_yaml import InputError

    try:
        return body()
    except typer.Exit:
        raise
    except MoveError as exc:
        _fail(EXIT_USAGE, f"bad move: {exc}", as_json)
    except InputError as exc:
        _fail(EXIT_INPUT, str(exc), as_json, exc.as_dict())
    except KeyboardInterrupt:
        raise typer.Exit(130)
    except BrokenPipeError:  # the reader (``| head``) went away: Click ends quietly (exit 1)
        raise
    except RecursionError:
        _fail(EXIT_INPUT, "the input is nested too deeply", as_json)
    except Exception as exc:  # a bug: short message, traceback only on request
        if os.environ.get("CANASTA_DEBUG"):
            raise
        _fail(EXIT_INTERNAL, f"internal error: {type(exc).__name__}: {exc} (set CANASTA_DEBUG=1 for the traceback)",
              as_json)


def _house(options: Optional[List[str]]):
    from canasta_tutor.files.snapshot import parse_house_option

    return dict(parse_house_option(o) for o in options or [])


def _print_plain(renderer: str, data: dict) -> None:
    """Print with one of the plain renderers (imported only when text, not JSON, is wanted)."""
    from canasta_tutor.render import plain

    print(getattr(plain, renderer)(data, _style()))


def _style():
    from canasta_tutor.render.plain import Style, colour_on

    return Style(colour_on())


def _ruleset_ref(ref: str) -> str:
    """A ruleset as the engine will look it up again later (in other processes too): a built-in id,
    or a ruleset file's absolute path. Loading it first reports a bad one at once."""
    from canasta_tutor.engine.ruleset import BUILTIN, load_ruleset

    load_ruleset(ref)
    return ref if ref in BUILTIN else os.path.abspath(ref)
