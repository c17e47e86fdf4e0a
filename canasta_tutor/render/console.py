"""The one Rich console the drawing commands share. NO_COLOR means no escape codes at all, as in the
plain renderer, not only no colour."""
from __future__ import annotations

import os


def console():
    from rich.console import Console

    if os.environ.get("NO_COLOR"):
        return Console(highlight=False, color_system=None, no_color=True)
    return Console(highlight=False)
