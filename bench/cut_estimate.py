"""The weights of the searching level's estimate where a rollout stops (``search.CUT_WEIGHTS``), fitted
again: `python bench/cut_estimate.py [--hands N] [--seed S]` (a benchmark, not a test).

Level 3 plays N classic hands against itself (default 5,000); at the end of every turn each side's
``search.cut_parts`` are kept, and when the hand ends, its score. The weights are fitted by least
squares to the difference between the two sides' final scores, from the difference between their
parts at each turn; the hand's score is what a rollout that ends is measured by, so the estimate puts
the rollouts cut short on the same scale. It prints the weights and how much of the final difference
they explain (R², on every fifth hand, kept out of the fit), beside the old measure of the table plus
2 points a card in hand.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def positions(hands: int, seed: int) -> list[tuple[int, list[float], float, float]]:
    """(hand, parts of side 1 less those of side 2, the old measure's difference, final difference) at
    every turn of every hand that ended."""
    from canasta_tutor.play.coach import Coach, Memory
    from canasta_tutor.play.rollout import Rollout
    from canasta_tutor.play.search import cut_parts
    from canasta_tutor.play.selfplay import SelfPlayGame

    rows = []
    for s in range(seed, seed + hands):
        game = SelfPlayGame("classic", s)
        names = [p.name for p in game.table.players]
        hand = Rollout(game.table, list(game.stock), {n: Memory() for n in names}, Coach(3), first_round=len(names))
        kept = []
        while not hand.ended and hand.turns < 400:
            hand.turn()
            if not hand.ended:
                one, two = (cut_parts(hand.table, side.name) for side in hand.table.sides)
                kept.append(([a - b for a, b in zip(one, two)], (one[0] + 2 * one[1]) - (two[0] + 2 * two[1])))
        if hand.ended:
            final = list(hand.hand_points().values())
            rows += [(s, parts, old, final[0] - final[1]) for parts, old in kept]
    return rows


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The weights w minimising the squared error of w·x against y (normal equations, no constant:
    the sides are alike, so a difference has none)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] + [sum(x[i] * y for x, y in zip(xs, ys))] for i in range(k)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(k):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                a[r] = [u - f * v for u, v in zip(a[r], a[c])]
    return [a[i][k] / a[i][i] for i in range(k)]


def explained(predicted: list[float], ys: list[float]) -> float:
    mean = sum(ys) / len(ys)
    return 1 - sum((y - p) ** 2 for y, p in zip(ys, predicted)) / sum((y - mean) ** 2 for y in ys)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = positions(args.hands, args.seed)
    fit = [r for r in rows if r[0] % 5]
    held = [r for r in rows if r[0] % 5 == 0]
    weights = least_squares([r[1] for r in fit], [r[3] for r in fit])
    ys = [r[3] for r in held]
    print(f"{len(rows)} positions of {args.hands} hands")
    print("weights (table, cards in hand, their points, cards in melds short of a canasta, melded):",
          ", ".join(f"{w:.2f}" for w in least_squares([r[1] for r in rows], [r[3] for r in rows])))
    print(f"R² on the hands kept out: the estimate {explained([sum(w * x for w, x in zip(weights, r[1])) for r in held], ys):.3f},"
          f" the table plus 2 a card {explained([r[2] for r in held], ys):.3f}")
