"""What every test shares.

Nothing a test runs may touch the real user's progress: every test writes under a temporary
CANASTA_HOME (tests that need their own set it again). The tests expect English whatever the machine's
locale: CANASTA_LANG says so (the language tests set their own). A text with a placeholder left
without a value is an error (CANASTA_STRICT_TEXTS), not the template shown. The catalog tool of ``tools/`` is
importable, for the tests that keep the catalogs in step.

The command line is run by one of two fixtures, both called as ``canasta(*args, input=..., env=...,
cwd=...)`` and both answering with the exit code, standard output and standard error of the run:
``canasta`` runs it in this process (the default: milliseconds a run), ``canasta_process`` in a real
process, for start-up, signals, closed streams and terminals (see clirun.py)."""
from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

# Ctrl-C as a person at a terminal has it: a suite started in the background by a shell without job
# control (``pytest &`` in a script, some CI runners) inherits SIGINT ignored, and so would every process
# a test starts, so the tests of Ctrl-C would wait on a process that never stops. A handler set here is
# undone at exec, so those processes start with the default, as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

from clirun import run_in_process, run_process  # noqa: E402 (tests/ is on the path from here)


@pytest.fixture(autouse=True, scope="session")
def _private_home(tmp_path_factory):
    old = os.environ.get("CANASTA_HOME")
    os.environ["CANASTA_HOME"] = str(tmp_path_factory.mktemp("canasta-home"))
    os.environ["CANASTA_LANG"] = "en"
    os.environ["CANASTA_STRICT_TEXTS"] = "1"  # a placeholder left without a value fails the test (texts._fill)
    yield
    if old is None:
        os.environ.pop("CANASTA_HOME", None)
    else:
        os.environ["CANASTA_HOME"] = old


@pytest.fixture(scope="session")
def canasta():
    """``canasta(*args, input=, env=, cwd=)``: the command line run in this process (see the module)."""
    return run_in_process


@pytest.fixture(scope="session")
def canasta_process():
    """``canasta_process(*args, input=, env=, cwd=)``: the command line run in a real process."""
    return run_process
