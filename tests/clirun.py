"""Running the command line in tests, two ways with one interface (the fixtures of conftest.py hand
these out; a test module's own helper may import them).

- ``run_in_process`` runs it in this process, through ``cli.run`` (the very function the installed
  command is) inside Typer's ``CliRunner`` isolation of the standard streams and the environment. It is
  the default: a run costs milliseconds instead of the half second a Python process takes to start.
- ``run_process`` runs ``python -m canasta_tutor`` in a real process, for what only a process shows:
  start-up, signals, closed or full standard streams, arguments that are not UTF-8, terminals.

tests/test_cli_parity.py holds the two to the same output on a sample of commands."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Ran:
    """One run of the command line: what subprocess.run answers, whichever way it ran."""
    args: list[str]
    returncode: int
    stdout: Any  # str, or bytes with raw=True
    stderr: Any

    @property
    def exit_code(self) -> int:
        """The exit code under the name CliRunner's results give it."""
        return self.returncode

    @property
    def output(self) -> Any:
        """Both streams, standard output first (CliRunner's results interleave them)."""
        return self.stdout + self.stderr


def run_in_process(*args: str | os.PathLike[str], input: str | bytes | None = None,
                   env: Mapping[str, str | None] | None = None, cwd: str | os.PathLike[str] | None = None,
                   raw: bool = False, encoding: str = "utf-8") -> Ran:
    """``canasta ARGS`` in this process. ``env`` adds to the environment (None removes a variable) for
    the run only; ``cwd`` is the working folder for the run only; ``input`` is standard input (empty
    when None, as a closed one reads); ``encoding`` is the standard streams' (an ASCII terminal:
    "ascii"); ``raw`` gives the output as bytes."""
    from typer.testing import CliRunner

    from canasta_tutor.cli import run

    words = [os.fspath(a) for a in args]
    # The width a process whose output is a pipe draws to (Rich would ask this process's terminal).
    environ: dict[str, str | None] = {"COLUMNS": os.environ.get("COLUMNS", "80")}
    environ.update(env or {})
    runner = CliRunner(charset=encoding)
    here = os.getcwd()
    with runner.isolation(input=input, env=environ) as (out, err, _):
        _as_a_process_writes()
        try:
            if cwd is not None:
                os.chdir(cwd)
            code = run(words)
        finally:
            os.chdir(here)
            sys.stdout.flush()
            sys.stderr.flush()
            written: tuple[bytes, bytes] = (out.getvalue(), err.getvalue())
    if raw:
        return Ran(words, code, *written)
    stdout, stderr = (w.decode(encoding, "replace").replace("\r\n", "\n") for w in written)
    return Ran(words, code, stdout, stderr)


def _as_a_process_writes() -> None:
    """Undo what CliRunner's isolation does beyond the streams and the environment: Click's help drawn
    to a width of 80 whatever COLUMNS says, and typed answers echoed to standard output. A process
    whose standard input is a pipe does neither."""
    from typer._click import formatting, termui

    formatting.FORCED_WIDTH = None
    termui.visible_prompt_func = input


def run_process(*args: str | os.PathLike[str], input: str | bytes | None = None,
                env: Mapping[str, str | None] | None = None, cwd: str | os.PathLike[str] | None = None,
                raw: bool = False, encoding: str = "utf-8", timeout: float = 120, **how: Any) -> Ran:
    """``python -m canasta_tutor ARGS`` in a new process, with the same arguments as run_in_process;
    ``how`` goes to subprocess.run (stdout=, stderr=, preexec_fn=...)."""
    environ = dict(os.environ)
    for key, value in (env or {}).items():
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    environ["PYTHONIOENCODING"] = encoding
    if input is None and "stdin" not in how:
        how["stdin"] = subprocess.DEVNULL
    if isinstance(input, str):
        input = input.encode(encoding)
    how.setdefault("stdout", subprocess.PIPE)
    how.setdefault("stderr", subprocess.PIPE)
    command: Sequence[Any] = [sys.executable, "-m", "canasta_tutor", *args]
    proc = subprocess.run(command, input=input, env=environ, cwd=cwd, timeout=timeout, **how)
    stdout, stderr = proc.stdout, proc.stderr
    if not raw:
        stdout = stdout.decode(encoding, "replace") if stdout is not None else None
        stderr = stderr.decode(encoding, "replace") if stderr is not None else None
    return Ran([os.fspath(a) for a in args], proc.returncode, stdout, stderr)
