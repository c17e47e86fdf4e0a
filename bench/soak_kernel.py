"""The kernel against the judge, longer than CI runs it (not a test): `python bench/soak_kernel.py [HANDS]`.

Plays HANDS self-played hands in every ruleset (default 40) and, at every position a hand passes
through, asks both the kernel and the judge about every move the listing offers (its first step alone
and whole) and about the single steps and moves of several steps ``tests/test_kernel.py`` builds, on the
table, its trusted twin and its twin from data; then runs the generated-table property with 5,000
examples.
Prints each disagreement (the table and the move) and exits 1 when there is one."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
os.environ.setdefault("KERNEL_EXAMPLES", "5000")

import test_kernel as tk

from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.play.moves import legal_moves


def soak(hands: int) -> int:
    problems = asked = 0
    rng = random.Random(1)
    with pytest.MonkeyPatch.context() as mp:
        for rid in BUILTIN:
            for seed in range(hands):
                for table in tk.self_played_positions(mp, rid, seed):
                    listed = [o.steps for o in legal_moves(table).options]
                    moves = [[o[0]] for o in listed] + [[s] for s in tk.single_steps(table, rng, groups=6)]
                    for move in moves + listed + tk.several_steps(table, rng, 6):
                        asked += 1
                        for found in tk.every_disagreement(table, move):
                            problems += 1
                            print(rid, seed, found)
    print(f"self-play: {asked} moves asked, {problems} disagreements")
    try:
        tk.test_the_kernel_agrees_with_the_judge_on_generated_tables()
        print(f"generated tables: {os.environ['KERNEL_EXAMPLES']} examples, no disagreement")
    except AssertionError as exc:
        problems += 1
        print(exc)
    return problems


if __name__ == "__main__":
    sys.exit(1 if soak(int(sys.argv[1]) if sys.argv[1:] else 40) else 0)
