"""A progress bar for long work (self-play, lint of many files, worksheets, drill banks): counts and
an estimate of the time left.

It is drawn on stderr, and only when stderr is a terminal: piped or redirected output, and ``--json``
(the caller passes ``shown=False``), get nothing at all, not even a carriage return. The bar is
transient: once the work is done it disappears, so what stays on the screen is what a pipe gets."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager


class Bar:
    """What the work reports to: ``advance()`` after each piece, or ``to(done)`` with a count."""

    def __init__(self, progress=None, task=None) -> None:
        self._progress, self._task = progress, task

    def advance(self, n: int = 1) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, n)

    def to(self, done: int, total: int | None = None) -> None:
        if self._progress is not None:
            self._progress.update(self._task, completed=done, **({"total": total} if total else {}))


def wanted(shown: bool = True) -> bool:
    """Whether a bar would be drawn: asked for, and stderr is a terminal."""
    try:
        return shown and sys.stderr.isatty()
    except (AttributeError, ValueError):  # stderr closed or replaced by something without a terminal
        return False


@contextmanager
def progress_bar(total: int, label: str, shown: bool = True) -> Iterator[Bar]:
    """``with progress_bar(len(files), label) as bar: ... bar.advance()``. Outside a terminal, or with
    ``shown=False``, the bar does nothing."""
    if not wanted(shown):
        yield Bar()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    # The time column is the estimate of the time left.
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        yield Bar(progress, progress.add_task(label, total=total))
