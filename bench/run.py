"""Benchmarks (not tests): run with `python bench/run.py`. Prints the figures quoted in the README.

1. Whole-process start-up: `canasta check` on a small table against a bare two-command Typer app.
2. One ruling on an already-loaded table, through the library API.
3. Loading and linting many scenario files in one process.
4. Listing every legal move of a 15-card hand with a 40-card pile (bench/big_hand.yaml).
"""
from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "examples" / "table.yaml"


def once(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - t


def startup(runs: int = 41, extra: tuple[str, ...] = ()) -> None:
    # The installed `canasta` script, as users run it (`python -m` adds runpy's own start-up).
    script = Path(sys.executable).parent / "canasta"
    launcher = [str(script)] if script.exists() else [sys.executable, "-m", "canasta_tutor"]
    canasta = [*launcher, "check", str(TABLE), "draw; discard 4H", "--json", *extra]
    bare = [sys.executable, str(ROOT / "bench" / "bare_typer.py"), "check", str(TABLE), "draw"]
    once(canasta), once(bare)  # warm the file cache; not counted
    pairs = [(once(canasta), once(bare)) for _ in range(runs)]  # A B A B...: drift hits both alike
    a = statistics.median(p[0] for p in pairs)
    b = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[0] / p[1] for p in pairs)
    print(f"start-up  canasta check {' '.join(extra):<11} {a * 1000:6.1f} ms   bare Typer app {b * 1000:6.1f} ms   "
          f"ratio {ratio:.2f} (median of {runs} pairs)")


def per_ruling(number: int = 20000) -> None:
    from canasta_tutor.engine.judge import judge
    from canasta_tutor.engine.move import parse_move
    from canasta_tutor.files.snapshot import load_table

    table = load_table(TABLE)
    for move in ("draw; discard 4H", "take 9S 9D", "draw; meld 9S 9D 2C; discard 4H"):
        steps = parse_move(move)
        samples = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(number // 5):
                judge(table, steps)
            samples.append((time.perf_counter() - t) / (number // 5))
        print(f"ruling    {move:<36} median {statistics.median(samples) * 1e6:6.1f} µs")


def moves_listing(number: int = 20) -> None:
    from canasta_tutor.play.moves import legal_moves
    from canasta_tutor.files.snapshot import load_table

    for phase in ("play", "draw"):
        table = load_table(ROOT / "bench" / "big_hand.yaml")
        table.turn.phase = phase
        samples = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(number):
                listed = legal_moves(table)
            samples.append((time.perf_counter() - t) / number)
        print(f"moves     15-card hand, 40-card pile, {phase} phase: {len(listed.options)} entries "
              f"({listed.ways} ways)  median {statistics.median(samples) * 1000:5.1f} ms")


def lint_many(count: int = 1000) -> None:
    from canasta_tutor import api

    sources = sorted((ROOT / "scenarios").rglob("*.yaml"))
    tmp = Path(tempfile.mkdtemp())
    try:
        for i in range(count):
            src = sources[i % len(sources)]
            shutil.copy(src, tmp / f"{i:04d}-{src.name}")
        t = time.perf_counter()
        checked = problems = 0
        for f in api.scenario_files([str(tmp)]):
            n, ps = api.lint_file(f)
            checked += n
            problems += len(ps)
        elapsed = time.perf_counter() - t
        print(f"lint      {count} scenario files, {checked} stated answers, {problems} problems: {elapsed:.2f} s")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    startup()
    startup(extra=("--lang", "da"))  # a translated catalog is read too
    per_ruling()
    moves_listing()
    lint_many()
