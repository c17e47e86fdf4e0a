"""How the help reads: docstrings reflowed to the terminal, usage lines as people write them, no type
labels on flags, and the greeting of a bare ``canasta``.

Typer draws the help; these classes only tidy what it is given. Every command of the app gets them
(``CanastaApp.command`` makes them the default), so a new command reads like the others without
doing anything. Only Typer and the standard library are imported here: ``check`` starts with it."""
from __future__ import annotations

import sys

import typer
from typer.core import TyperCommand, TyperGroup


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


class CanastaCommand(TyperCommand):
    """A Typer command whose help reads well (see the module's docstring)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.help = reflow(self.help)

    def collect_usage_pieces(self, ctx) -> list[str]:
        return usage_pieces(self, ctx)

    def format_help(self, ctx, formatter) -> None:
        for param in self.get_params(ctx):
            _quiet(param)
        return super().format_help(ctx, formatter)


class CanastaGroup(TyperGroup):
    """The ``canasta`` group: the same tidying for its own options."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.help = reflow(self.help)

    def format_help(self, ctx, formatter) -> None:
        for param in self.get_params(ctx):
            _quiet(param)
        return super().format_help(ctx, formatter)


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
