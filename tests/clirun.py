"""Running the command line in tests, in this process or in a new one, with one interface (the fixtures
of conftest.py hand out the first two; a test module's own helper may import them).

- ``run_in_process`` runs it in this process, through ``cli.run`` (the very function the installed
  command is) inside Typer's ``CliRunner`` isolation of the standard streams and the environment. It is
  the default: a run costs milliseconds instead of the half second a Python process takes to start.
- ``run_process`` runs ``python -m canasta_tutor`` in a real process, for what only a process shows:
  start-up, signals, closed or full standard streams, arguments that are not UTF-8, terminals.
- ``run_in_process_elsewhere`` runs several commands as ``run_in_process`` does, one after another in
  one new process: for runs that might block for good (a FIFO where a file should be), which its
  timeout then ends, at the cost of one process start for them all.

tests/test_cli_parity.py holds the first two to the same output on a sample of commands.

A new process reads the package's bytecode where it lies beside the sources (as an installed package
has it) and compiles every module it imports where it does not: a checkout run with
PYTHONDONTWRITEBYTECODE never gets it, and each process would spend a good part of its start-up
compiling the package anew. So the bytecode is written once, when this module is imported; Python
checks it against each source's time and size before using it, so an edited source is compiled again
as always."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
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


def run_in_process_elsewhere(runs: Sequence[Sequence[str | os.PathLike[str]]], input: str | bytes | None = None,
                             env: Mapping[str, str | None] | None = None,
                             cwd: str | os.PathLike[str] | None = None, raw: bool = False,
                             encoding: str = "utf-8", timeout: float = 120) -> list[tuple[Ran, float]]:
    """Each of ``runs`` (the arguments of one command) as ``run_in_process`` runs it, with the same
    other arguments, one after another in one new process; each answered with the seconds it took. A
    run that blocks is ended by the timeout, an AssertionError that names it, instead of hanging the
    tests."""
    if isinstance(input, str):
        input = input.encode(encoding)
    job = {"runs": [[os.fspath(a) for a in args] for args in runs], "env": dict(env or {}), "encoding": encoding,
           "cwd": os.fspath(cwd) if cwd is not None else None,
           "input": input.decode("latin-1") if input is not None else None}  # bytes as they are, in JSON
    here = os.path.dirname(os.path.abspath(__file__))
    code = f"import sys; sys.path.insert(0, {here!r}); import clirun; clirun._run_the_job()"
    try:
        proc = subprocess.run([sys.executable, "-c", code], input=json.dumps(job).encode(), capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired as stopped:
        said = (stopped.stderr or b"").decode(errors="replace").strip().splitlines()
        raise AssertionError(f"still {said[-1] if said else 'starting'} after {timeout} seconds") from None
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    answers = []
    for args, (returncode, out, err, seconds) in zip(job["runs"], json.loads(proc.stdout)):
        written = out.encode("latin-1"), err.encode("latin-1")
        if not raw:
            written = tuple(w.decode(encoding, "replace").replace("\r\n", "\n") for w in written)
        answers.append((Ran(args, returncode, *written), seconds))
    return answers


def _run_the_job() -> None:
    """The new process of run_in_process_elsewhere: the job on standard input, the answers on output."""
    job = json.load(sys.stdin)
    given = job["input"].encode("latin-1") if job["input"] is not None else None
    answers = []
    for args in job["runs"]:
        print("running", args, file=sys.stderr, flush=True)  # what a timeout stopped, for its message
        started = time.monotonic()
        ran = run_in_process(*args, input=given, env=job["env"], cwd=job["cwd"], raw=True, encoding=job["encoding"])
        answers.append((ran.returncode, ran.stdout.decode("latin-1"), ran.stderr.decode("latin-1"),
                        time.monotonic() - started))
    json.dump(answers, sys.stdout)


def _write_the_package_bytecode() -> None:
    """The package's bytecode beside its sources (see the module); nothing where they cannot be written."""
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("canasta_tutor")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        try:
            compileall.compile_dir(folder, quiet=2)
        except OSError:
            pass  # a read-only installation: its processes compile as they always did


_write_the_package_bytecode()
