"""Canasta rule tutor and move checker."""
from __future__ import annotations


def __getattr__(name: str) -> str:
    # The version is written once, in pyproject.toml; the installed metadata carries it (read only
    # when asked, so that no command pays for it at start-up).
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("canasta-tutor")
        except PackageNotFoundError:  # run from a source tree that was never installed
            return "unknown"
    raise AttributeError(name)
