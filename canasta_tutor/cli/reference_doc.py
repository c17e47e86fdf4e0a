"""The command reference in Markdown, written from the Typer app itself, so it cannot drift from the
code: ``python -m canasta_tutor.cli.reference_doc > docs/commands.md``.

Only what a user sees is written: commands, usage lines, help paragraphs, arguments and options
(hidden ones left out), in the order of ``canasta --help``."""
from __future__ import annotations

import sys

from canasta_tutor.cli.help import reflow, usage_pieces

HEADER = """\
# Command reference

Every command, argument and option of `canasta`, as `canasta COMMAND --help` shows them (every
command also takes `-h`/`--help`). This file is generated from the command line itself; after
changing a command, regenerate it with

    python -m canasta_tutor.cli.reference_doc > docs/commands.md
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _paragraphs(help_text: str | None) -> list[str]:
    """Prose as paragraphs; "Example:" lines as one block of commands to copy."""
    out = []
    for p in (reflow(help_text) or "").split("\n\n"):
        if p.startswith("Example"):
            lines = [line.split(":", 1)[1].strip() if line.startswith("Example") else line.strip()
                     for line in p.split("\n")]
            out.append("```\n" + "\n".join(line for line in lines if line) + "\n```")
        elif p.strip():
            out.append(p.strip())
    return out


def _param_rows(command, ctx) -> tuple[list[str], list[str]]:
    arguments, options = [], []
    helps = set(ctx.help_option_names)
    for param in command.get_params(ctx):
        if getattr(param, "hidden", False) or (ctx.parent and helps & set(param.opts)):
            continue  # -h/--help is said once, for `canasta` itself
        kind = getattr(param, "param_type_name", "")
        text = _cell(param.help or "")
        if kind == "argument":
            name = (param.metavar or param.name.upper()) + ("..." if param.nargs != 1 else "")
            arguments.append(f"| `{_cell(name)}` | {text}{'' if param.required else ' (optional)'} |")
        else:
            # Long names first; sorted, because Click keeps the help option's names in a set.
            ordered = sorted(param.opts, key=lambda o: (not o.startswith("--"), o)) + list(param.secondary_opts)
            names = ", ".join(f"`{o}`" for o in ordered)
            takes_value = not (getattr(param, "is_flag", False) or getattr(param, "count", False))
            value = f" `{_cell(param.metavar or param.name.upper())}`" if takes_value else ""
            default = param.default if takes_value and param.default not in (None, (), []) else None
            shown = f" (default: {default})" if default is not None and getattr(param, "show_default", True) else ""
            options.append(f"| {names}{value} | {text}{shown} |")
    return arguments, options


def reference() -> str:
    """The whole reference, as Markdown."""
    import typer.main
    from typer.core import TyperGroup

    from canasta_tutor.cli import app

    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)  # an app with a callback and many commands is always a group
    parts = [HEADER]
    with group.make_context("canasta", [], resilient_parsing=True) as ctx:
        parts.append("## `canasta`\n")
        parts.append(f"`canasta {' '.join(group.collect_usage_pieces(ctx))}`\n")
        parts += [p + "\n" for p in _paragraphs(group.help)]
        parts += _tables(group, ctx)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            with command.make_context(name, [], parent=ctx, resilient_parsing=True) as sub:
                parts.append(f"## `canasta {name}`\n")
                parts.append(f"`canasta {name} {' '.join(usage_pieces(command, sub))}`\n")
                parts += [p + "\n" for p in _paragraphs(command.help)]
                parts += _tables(command, sub)
    return "\n".join(parts).rstrip("\n") + "\n"


def _tables(command, ctx) -> list[str]:
    arguments, options = _param_rows(command, ctx)
    out = []
    if arguments:
        out.append("| argument | meaning |\n|---|---|\n" + "\n".join(arguments) + "\n")
    if options:
        out.append("| option | meaning |\n|---|---|\n" + "\n".join(options) + "\n")
    return out


if __name__ == "__main__":
    sys.stdout.write(reference())
