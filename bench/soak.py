"""The soaks: the tests marked ``slow``, which the default suite leaves out (pyproject.toml's addopts).
They try what the default suite samples more thinly: more positions of play for the move listing,
hundreds of seeds of quiz positions. Run them before a release, or after a change to the move
generator or the quiz, with

    python bench/soak.py            # every soak, on every core
    python bench/soak.py -k moves   # more arguments go to pytest
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "auto", "-m", "slow", *sys.argv[1:]]
    sys.exit(subprocess.call(command, cwd=ROOT))
