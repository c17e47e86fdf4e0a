"""How the help reads: in the user's language, usage lines as people write them, no type labels on
flags, and the greeting of a bare ``canasta``.

Typer draws the help; these classes only give it its words and tidy them. Every command of the app
gets them (``CanastaApp.command`` makes them the default), so a new command reads like the others
without doing anything. A command's help and each of its arguments' and options' help come from the
``help`` section of en.yaml, by the command's name and the option's long name (``help.check.summary``,
``help.check.options.compare``, else ``help.options.json`` for an option many commands share): the code
gives none. English is read from ``texts/help_en.py`` (the sync writes it from en.yaml), so start-up
parses no YAML; another language is looked up in its compiled catalog only when help or a usage error
is printed, so a run that prints neither never opens a catalog for it.

The language of the help is the ``--lang`` on the command line (found before Click parses it: the
help option acts first), else ``CANASTA_LANG``, else the locale; an unknown ``--lang`` gives the
English help (``--help`` wins over a bad value, as it does in Click). The words Typer prints itself
(panel titles, "Usage:", the common usage errors) are given in the same language; other wording of
Typer's and Click's stays English. Only Typer and the standard library are imported here: ``check``
starts with it."""
from __future__ import annotations

import contextvars
import sys
from typing import TYPE_CHECKING

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from canasta_tutor.cli.typer_inside import CLICK_ENGLISH, TYPER_WORDS, UsageError, rich_words
from canasta_tutor.texts.help_en import HELP

if TYPE_CHECKING:  # what the mixin below is mixed into, for mypy only: at run time it stays a plain class
    from canasta_tutor.cli.typer_inside import Command as _Mixed
else:
    _Mixed = object

LANG_SEEN = "canasta.help-lang"  # ctx.meta: the --lang found on the command line
# True inside cli.run, which gives each run a context of its own; the group gives one itself to a run
# that did not come through it (a test's CliRunner().invoke(app, ...)).
IN_RUN: contextvars.ContextVar[bool] = contextvars.ContextVar("canasta_in_run", default=False)


def lang_on_line(args) -> str | None:
    """The language a ``--lang X`` or ``--lang=X`` among ``args`` names ("en" for an unknown one), or None."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg[len("--lang="):]
    if found is None:
        return None
    from canasta_tutor import texts

    return texts.normalise(found) or "en"


def help_language(ctx=None) -> str:
    seen = ctx.meta.get(LANG_SEEN) if ctx is not None else None
    if seen:
        return seen
    from canasta_tutor import texts

    return texts.language()


def _catalog(lang: str):
    """The compiled catalog of ``lang`` (read once), or None for English or a language without one."""
    from canasta_tutor import texts

    return texts.compiled(lang)


def say(key: str, lang: str = "en", **params) -> str | None:
    """The help text ``help.<key>`` in ``lang`` (English where the catalog lacks it), filled in."""
    english = HELP.get(key)
    if english is None:
        return None
    catalog = _catalog(lang) if lang != "en" else None
    if isinstance(english, dict):  # plural-aware: {one, other}, chosen by params["n"]
        n = params.get("n", 0)
        text = catalog.npgettext(f"help.{key}", english["one"], english["other"], n) if catalog else \
            english["one" if n == 1 else "other"]
    else:
        text = catalog.pgettext(f"help.{key}", english) if catalog else english
    return text.format(**params) if params else text


def command_help(name: str, lang: str = "en") -> str | None:
    """A command's whole help: its summary, more paragraphs if any, and its examples (never translated)."""
    summary = say(f"{name}.summary", lang)
    if summary is None:
        return None
    parts = [summary]
    more = say(f"{name}.text", lang)  # None when the command has no more than its summary
    if more is not None:
        parts.append(more)
    examples = HELP.get(f"{name}.examples")
    if examples:
        word = say("words.example", lang)
        parts.append("\n".join(f"{word}  {example}" for example in examples))
    return "\n\n".join(parts)


def param_help(command: str, param, lang: str = "en") -> str | None:
    """An argument's help (``help.<command>.arguments.<name>``) or an option's (by its long name: the
    command's own entry, else the shared one)."""
    if getattr(param, "param_type_name", "") == "argument":
        return say(f"{command}.arguments.{param.name}", lang)
    name = next((o[2:] for o in param.opts if o.startswith("--")), param.name)
    return say(f"{command}.options.{name}", lang) or say(f"options.{name}", lang)


_TYPER_ENGLISH: dict = {}  # Typer's own wording, kept when first replaced


def typer_english() -> None:
    """Typer's own words back in English at the end of a run (see _typer_speaks)."""
    if _TYPER_ENGLISH:
        _typer_speaks("en")


def _typer_speaks(lang: str) -> None:
    """Give Typer's own words (panel titles, "Try ... for help.") in ``lang``, or back in English after
    another language in the same process (a program or a test that runs the app twice). A Typer that
    names them otherwise keeps its English."""
    if lang == "en" and not _TYPER_ENGLISH:
        return  # nothing was replaced: English start-up does nothing here
    rich_utils = rich_words()
    words = TYPER_WORDS
    if not _TYPER_ENGLISH:
        _TYPER_ENGLISH.update({c: getattr(rich_utils, c) for c in words if hasattr(rich_utils, c)})
    for constant, key in words.items():
        if constant not in _TYPER_ENGLISH:
            continue
        if lang == "en":
            said = _TYPER_ENGLISH[constant]
        elif constant == "DEFAULT_STRING":
            said = say(f"words.{key}", lang, value="{}")
        elif constant == "RICH_HELP":
            said = say(f"words.{key}", lang, command="[blue]{command_path} {help_option}[/]")
        else:
            said = say(f"words.{key}", lang)
        setattr(rich_utils, constant, said)


def reworded(error, lang: str):
    """A usage error of Click's or Typer's in ``lang``: the same error (class, exit code, context),
    its message in our words where we know its English; else as it was."""
    _typer_speaks(lang)
    if lang == "en":
        return error
    import re

    message = error.format_message()
    for key, pattern in CLICK_ENGLISH:
        found = re.match(pattern, message, re.DOTALL)
        if found:
            params = found.groupdict()
            if key == "extra-arguments":
                params["n"] = len(params["arguments"].split())
            said = say(f"errors.{key}", lang, **params)
            error.format_message = lambda said=said: said  # what Typer prints; the class and exit code stay
            break
    return error


def word(key: str, lang: str) -> str:
    """One of the words the help is made of (``help.words.<key>``): every one is in en.yaml."""
    said = say(f"words.{key}", lang)
    if said is None:
        raise KeyError(f"help.words.{key}")
    return said


# The parameters that carry a help text: Typer makes every argument and option one of these.
_HELPED = (TyperArgument, TyperOption)


class _Speaking(_Mixed):
    """What commands and the group share: the help in the user's language, their usage errors too."""

    help_key = ""

    def _help_name(self) -> str:
        """The name the help section knows this command by (a registered command always has a name)."""
        return self.help_key or self.name or ""

    def _give_words(self) -> None:
        """The English help from en.yaml, for whatever the code left without."""
        if self.help is None:
            self.help = command_help(self._help_name())
        self.help = reflow(self.help)
        for param in self.params:
            if isinstance(param, _HELPED) and param.help is None:
                param.help = param_help(self._help_name(), param)

    def _speak(self, ctx, lang: str) -> None:
        """The help of this command and its parameters in ``lang``."""
        name = self._help_name()
        self.help = command_help(name, lang) or self.help
        for param in self.get_params(ctx):
            if isinstance(param, _HELPED):
                param.help = param_help(name, param, lang) or param.help

    def parse_args(self, ctx, args):
        seen = lang_on_line(args)
        if seen:
            ctx.meta[LANG_SEEN] = seen
        try:
            return super().parse_args(ctx, args)
        except UsageError as error:
            raise reworded(error, help_language(ctx)) from None

    def format_usage(self, ctx, formatter) -> None:
        lang = help_language(ctx)
        if lang == "en":
            return super().format_usage(ctx, formatter)
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)),
                              prefix=f"{word('usage', lang)} ")

    def format_help(self, ctx, formatter) -> None:
        lang = help_language(ctx)
        _typer_speaks(lang)
        if lang != "en":
            self._speak(ctx, lang)
        for param in self.get_params(ctx):
            _quiet(param)
        return super().format_help(ctx, formatter)


def reflow(text: str | None) -> str | None:
    """A docstring with its hard line breaks taken out, so that the terminal's width decides where a
    line ends. A paragraph that starts with "Example" or holds an indented line is kept as written:
    those are commands to copy, one to a line."""
    if not text:
        return text
    import inspect

    paragraphs = inspect.cleandoc(text).split("\n\n")
    kept = []
    for p in paragraphs:
        lines = p.split("\n")
        literal = p.startswith("Example") or any(line[:1].isspace() for line in lines[1:])
        kept.append(p if literal else " ".join(line.strip() for line in lines))
    return "\n\n".join(kept)


def _quiet(param) -> None:
    """No ``<bool>``, ``<str>`` or ``<list[str]>`` beside a parameter: a flag shows nothing, an option
    that takes a value shows its metavar (its name in capitals when none was given), an argument its
    name, once."""
    if getattr(param, "param_type_name", "") == "argument":
        if param.metavar is None:
            param.metavar = param.name.upper()
        param.display_type_rich = _nothing
    elif getattr(param, "is_flag", False) or getattr(param, "count", False):
        param.metavar = ""
    elif param.metavar is None:
        param.metavar = (param.name or "value").upper()


def _nothing(ctx=None) -> None:
    return None


def usage_pieces(command, ctx) -> list[str]:
    """``[OPTIONS] FILE MOVE``, ``[RULESET]``, ``PATH...``: the names as the help lists them."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        if getattr(param, "param_type_name", "") != "argument":
            continue
        _quiet(param)
        name = param.metavar
        if param.nargs != 1:
            name += "..."
        pieces.append(name if param.required else f"[{name}]")
    return pieces


class CanastaCommand(_Speaking, TyperCommand):
    """A Typer command whose help reads well (see the module's docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._give_words()

    def collect_usage_pieces(self, ctx) -> list[str]:
        return usage_pieces(self, ctx)


class CanastaGroup(_Speaking, TyperGroup):
    """The ``canasta`` group: the same words and tidying for its own options, and its list of commands
    in the same language as the rest."""

    help_key = "app"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._give_words()

    def _speak(self, ctx, lang: str) -> None:
        super()._speak(ctx, lang)
        for name, command in self.commands.items():
            command.help = command_help(name, lang) or command.help

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            raise reworded(error, help_language(ctx)) from None

    def main(self, *args, **kwargs):
        """A run that did not come through cli.run still ends with the language it chose."""
        if IN_RUN.get():
            return super().main(*args, **kwargs)
        try:
            return contextvars.copy_context().run(super().main, *args, **kwargs)
        finally:
            typer_english()


class CanastaApp(typer.Typer):
    """``typer.Typer`` whose commands are ``CanastaCommand`` unless they ask for another class."""

    def command(self, name: str | None = None, *, cls=None, **kwargs):
        return super().command(name, cls=cls or CanastaCommand, **kwargs)


def greet(ctx) -> None:
    """A bare ``canasta``: three lines on where to start, then the commands."""
    from canasta_tutor import texts

    for key in ("intro", "table", "lesson", "learn"):
        print(texts.section("command_line", f"greeting.{key}"))
    print()
    sys.stdout.flush()
    text = ctx.get_help()  # Typer prints its Rich help itself and hands back what is left
    if text:
        print(text)
