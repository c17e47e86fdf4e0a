"""The one Rich console the drawing commands share. NO_COLOR means no escape codes at all, as in the
plain renderer, not only no colour.

Where the output cannot encode the suit symbols and box lines (a terminal in ASCII or Latin-1, or
``--ascii``), every drawing is plain ASCII: ``KH`` for ``K♥``, ``+--+`` boxes."""
from __future__ import annotations

import os
import sys
from contextvars import ContextVar

# Every symbol a drawing may use; one that cannot be encoded means ASCII for all.
SYMBOLS = "♠♥♦♣★◀✓■□─│╭╮╰╯┏━"
# The widths drawn to, whatever COLUMNS or the terminal says: COLUMNS=0 would print nothing, and
# COLUMNS=99999999 make every line of a drawing that long (seconds of work, then no memory left).
MIN_WIDTH, MAX_WIDTH = 20, 1000


def clamped(width: int) -> int:
    return max(MIN_WIDTH, min(MAX_WIDTH, width))


def clamp_columns() -> None:
    """COLUMNS, as every reader of it sees it (Rich's consoles, the progress bar, prose wrapped to the
    terminal), brought into the range drawn to; a value that is not a number is left to be ignored."""
    text = os.environ.get("COLUMNS", "").strip()
    if text.isdigit() and int(text) != clamped(int(text)):
        os.environ["COLUMNS"] = str(clamped(int(text)))


# ``--ascii`` for this run of the command line: set in the run's own context (see texts.choose).
_ASKED: ContextVar[bool] = ContextVar("canasta_ascii", default=False)


def ask_ascii() -> None:
    """Draw in plain ASCII for the rest of the current context: the run of a command."""
    _ASKED.set(True)


def ascii_only(stream=None) -> bool:
    """Draw in plain ASCII: asked for (``--ascii``, ``CANASTA_ASCII``), or the output cannot encode
    the symbols."""
    if _ASKED.get() or os.environ.get("CANASTA_ASCII"):
        return True
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def console():
    from rich.console import Console

    class AsciiConsole(Console):
        """Rich draws ASCII boxes for an output that says it is ASCII."""

        @property
        def encoding(self) -> str:
            return "ascii"

    make = AsciiConsole if ascii_only() else Console
    if os.environ.get("NO_COLOR"):
        made = make(highlight=False, color_system=None, no_color=True)
    else:
        made = make(highlight=False)
    made.width = clamped(made.width)  # the terminal's own width, or COLUMNS, within the range drawn to
    return made
