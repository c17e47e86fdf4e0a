"""The ``canasta`` command: a thin layer over the library, one module per group of commands.

Only Typer is imported at start-up; the engine, YAML and Rich are imported inside the commands that
use them, so ``canasta check`` starts nearly as fast as an empty Typer app."""
from __future__ import annotations

import sys

import typer

from canasta_tutor.cli import judging, learn, learning, reference, selfplay_cmd, teaching  # noqa: F401  (registration)
from canasta_tutor.cli.common import APP_SETTINGS, app

__all__ = ["app", "main"]


def _only(name: str) -> typer.Typer | None:
    """An app holding just the command being run. Typer works out every registered command's options
    when it starts, which costs more than a whole ruling; the full app is built only when the
    command name is not known (for the list of commands, or to suggest one)."""
    chosen = [c for c in app.registered_commands if (c.name or c.callback.__name__) == name]
    if not chosen:
        return None
    one = typer.Typer(**APP_SETTINGS)
    one.registered_commands = chosen

    @one.callback()
    def group() -> None:  # a callback keeps `canasta NAME ...` a subcommand, as in the full app
        pass

    return one


def main() -> None:
    target = _only(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None
    try:
        (target or app)()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
