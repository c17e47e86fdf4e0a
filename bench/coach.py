"""The coach's strength and speed (a benchmark, not a test): `python bench/coach.py [--hands N] [--jobs J]`.

1. Seeded classic hands, the coach's side against a random side: hands won (a side wins a hand when
   it scores more) and points per hand. Then the coach against its earlier levels.
2. The time of one coach decision on a 15-card hand: every decision of the coach in two-player
   classic hands (15 cards dealt) while the hand holds 15 cards or more, and the heavy table of
   bench/big_hand.yaml (15 cards with five wild cards, a 40-card pile).

The README quotes these figures.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def strength(hands: int, jobs: int, seed: int = 1) -> None:
    from canasta_tutor.play.selfplay import play_sides

    pairs = [({"NS": "coach", "EW": "random"}, hands), ({"NS": "coach:3", "EW": "coach:1"}, hands // 4),
             ({"NS": "coach:3", "EW": "coach:2"}, hands // 4)]
    for players, n in pairs:
        t = time.perf_counter()
        match = play_sides(["classic"], n, players, seed, jobs)
        elapsed = time.perf_counter() - t
        parts = []
        for name, s in match.sides().items():
            parts.append(f"{name} {s['player']:<8} won {s['won']:4d} ({100 * s['won'] / n:5.1f}%)  "
                         f"{s['points'] / n:7.1f} points a hand")
        print(f"strength  {n} classic hands: " + "   ".join(parts) + f"   ({elapsed:.0f} s)")


def decision_time(hands: int = 40) -> None:
    from canasta_tutor.files.snapshot import load_table
    from canasta_tutor.play.coach import Coach
    from canasta_tutor.play.game import Game

    samples: dict[str, list[float]] = {"draw": [], "play": []}
    coach = Coach()
    for seed in range(1, hands + 1):
        game = Game("classic", players=2, seed=seed, hands=1)
        while not game.over and game.turns <= 12:  # the hands hold 15 cards or more only early on
            table = game.table
            if len(table.mover.hand or []) >= 15:
                t = time.perf_counter()
                coach.advise(table, None, game.memory[table.turn.player])
                samples[table.turn.phase].append(time.perf_counter() - t)
            game.play(coach.advise(game.table).option.steps)
    for phase, times in samples.items():
        times.sort()
        print(f"decision  {len(times)} coach decisions on 15-card hands or more (classic, 2 players, {phase} phase): "
              f"median {statistics.median(times) * 1000:5.1f} ms, 95th percentile "
              f"{times[int(len(times) * 0.95)] * 1000:5.1f} ms, slowest {times[-1] * 1000:5.1f} ms")
    for phase in ("play", "draw"):
        table = load_table(ROOT / "bench" / "big_hand.yaml")
        table.turn.phase = phase
        times = []
        for _ in range(20):
            t = time.perf_counter()
            coach.advise(table)
            times.append(time.perf_counter() - t)
        print(f"decision  bench/big_hand.yaml ({phase} phase): median {statistics.median(times) * 1000:5.1f} ms, "
              f"slowest {max(times) * 1000:5.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="the first hand's seed (the others follow it)")
    args = parser.parse_args()
    decision_time()
    strength(args.hands, args.jobs, args.seed)
