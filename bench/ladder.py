"""The coach's level ladder (a benchmark, not a test): `python bench/ladder.py [--deals N] [--jobs J]`.

Each pair of neighbouring levels plays N paired deals of classic (default 2,000: 4,000 hands): every
deal twice, the two levels swapping sides the second time, so each level holds both sides' cards
once and the luck of the deal cancels out. For each pair it prints the upper level's share of the
hands won (a side wins a hand when it scores more; a tie is won by neither) with a 95% interval
worked out per deal (the two hands of a deal are not independent), the points per hand of each, and
how long the run took. Then the time of one decision per level (listing the moves included), measured on the level's own play
against level 3: every decision (median, 95th percentile) and, for the searching level, the decisions
it searched.

A long pair (the searching level takes several seconds a deal) can be kept deal by deal in a record
(`--record FILE`): one line a deal as it ends (its seed, the hands of it the upper level won, each
level's points, the seconds it took), so a run stopped and started again (`--jobs`, on one machine or
several, each with a file of its own) goes on where it stopped, and `--report FILE...` sums the
records of one pair for any set of seeds: `python bench/ladder.py --pairs 4:3 --seed 60001 --deals 2000
--record l4.txt --jobs 2`, then `python bench/ladder.py --report l4.txt`.

The README quotes these figures.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAIRS = ((2, 1), (3, 2), (4, 3))


def interval(wins: list[int]) -> tuple[float, float]:
    """The mean share of hands won per deal (each deal 0, 1 or 2 hands of 2) and its 95% half-width."""
    shares = [w / 2 for w in wins]
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else float("nan")
    return mean, half


def pair(upper: int, lower: int, deals: int, jobs: int, seed: int, ruleset: str) -> dict:
    from canasta_tutor.play.selfplay import play_sides

    a, b = f"coach:{upper}", f"coach:{lower}"
    t = time.perf_counter()
    match = play_sides([ruleset], deals, {"NS": a, "EW": b}, seed, jobs, paired=True)
    elapsed = time.perf_counter() - t
    wins = [match.per_deal.get((ruleset, s), {}).get(a, 0) for s in range(seed, seed + deals)]
    share, half = interval(wins)
    players = match.by_player()
    line = (f"ladder  level {upper} vs level {lower}, {deals} paired deals ({match.hands} {ruleset} hands): "
            f"level {upper} won {100 * share:5.1f}% ± {100 * half:4.1f} of the hands "
            f"({players[a]['won']} to {players[b]['won']}, {match.hands - players[a]['won'] - players[b]['won']} tied); "
            f"points a hand {players[a]['points'] / players[a]['hands']:6.1f} to {players[b]['points'] / players[b]['hands']:6.1f}"
            f"   ({elapsed:.0f} s)")
    print(line, flush=True)
    return {"upper": upper, "lower": lower, "share": share, "half": half, "seconds": elapsed}


def paired_deal(job: tuple[str, int, int, int]) -> tuple[int, int, int, int, float]:
    """One deal played twice, ``upper`` holding each side's cards once: (seed, hands of it the upper
    level won, the upper level's points, the lower level's, seconds)."""
    from canasta_tutor.play.selfplay import side_hand, swapped

    ruleset, seed, upper, lower = job
    a, b = f"coach:{upper}", f"coach:{lower}"
    t = time.perf_counter()
    won, points = 0, [0, 0]
    for seats in ({"NS": a, "EW": b}, swapped({"NS": a, "EW": b})):
        _, _, _, _, scored = side_hand((ruleset, seed, tuple(seats.items())))
        mine = next(name for name, who in seats.items() if who == a)
        other = next(name for name, who in seats.items() if who == b)
        won += scored[mine] > scored[other]
        points[0] += scored[mine]
        points[1] += scored[other]
    return seed, won, points[0], points[1], time.perf_counter() - t


def recorded(upper: int, lower: int, deals: int, jobs: int, seed: int, ruleset: str, record: Path) -> None:
    """The pair's deals not in ``record`` yet, played and written to it one line a deal as each ends.
    A record of another pair or ruleset is left as it is: its seeds are no deals of this one."""
    pair_named = _pair_named(upper, lower, ruleset)
    kept = _pair_of(record)
    if kept is not None and kept != pair_named:
        raise SystemExit(f"ladder: {record} keeps {kept}, not {pair_named}: give this pair a record of its own")
    done = set(_deals(record))
    todo = [(ruleset, s, upper, lower) for s in range(seed, seed + deals) if s not in done]
    if not record.exists():
        record.write_text(f"# {pair_named}: seed, hands of the deal the upper level won, its points, the lower "
                          "level's, seconds\n")
    elif not record.read_text().endswith("\n"):
        with record.open("a") as out:  # a run stopped in the middle of a line: the next line starts afresh
            out.write("\n")
    with record.open("a") as out:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.Pool(jobs) as pool:
                for result in pool.imap_unordered(paired_deal, todo):
                    out.write(_line(result))
                    out.flush()
        else:
            for job in todo:
                out.write(_line(paired_deal(job)))
                out.flush()
    report([record])


def report(records: list[Path]) -> None:
    """The ladder line of one pair from its records: every deal in them, each seed once."""
    named = {record: _pair_of(record) for record in records}
    pairs = {kept for kept in named.values() if kept is not None}
    if len(pairs) > 1:
        raise SystemExit("ladder: the records keep different pairs: "
                         + "; ".join(f"{record}: {kept}" for record, kept in named.items()))
    head = next(iter(pairs), "")
    deals: dict[int, tuple[int, int, int, float]] = {}
    for record in records:
        deals.update(_deals(record))
    if not deals:
        print("ladder  no deal recorded yet")
        return
    wins = [d[0] for d in deals.values()]
    share, half = interval(wins)
    seeds = sorted(deals)
    blocks = _blocks(seeds)
    hands = 2 * len(deals)
    a_won = sum(wins)
    print(f"ladder  {head}: {len(deals)} paired deals ({hands} hands; seeds {blocks}): "
          f"the upper level won {100 * share:5.1f}% ± {100 * half:4.1f} of the hands ({a_won} of {hands}); "
          f"points a hand {sum(d[1] for d in deals.values()) / hands:6.1f} to "
          f"{sum(d[2] for d in deals.values()) / hands:6.1f}; median {statistics.median(d[3] for d in deals.values()):.1f} s a deal",
          flush=True)
    # A deal won on points: the upper level's two hands (one from each seat) scored more together than the
    # lower level's; a tie counts half.
    on_points = [2 if d[1] > d[2] else 1 if d[1] == d[2] else 0 for d in deals.values()]
    share, half = interval(on_points)
    print(f"ladder  {head}: the upper level won {100 * share:5.1f}% ± {100 * half:4.1f} of the paired deals on points "
          f"({on_points.count(2)} won, {on_points.count(1)} tied, {on_points.count(0)} lost)", flush=True)


def _blocks(seeds: list[int]) -> str:
    """Seeds as runs: "60001-62000, 70001-70123"."""
    runs: list[list[int]] = []
    for s in seeds:
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs)


def _pair_named(upper: int, lower: int, ruleset: str) -> str:
    return f"level {upper} vs level {lower}, {ruleset}, paired deals"


def _pair_of(record: Path) -> str | None:
    """The pair a record keeps, as its first line names it (None: no record yet, or no such line)."""
    if not record.exists():
        return None
    for line in record.read_text().splitlines():
        if line.startswith("# "):
            return line[2:].split(":")[0]
    return None


def _deals(record: Path) -> dict[int, tuple[int, int, int, float]]:
    """The deals of a record by seed: (hands the upper level won, its points, the lower level's,
    seconds). A line cut short (a run stopped while writing it) is no deal: it is played again."""
    deals: dict[int, tuple[int, int, int, float]] = {}
    if not record.exists():
        return deals
    for line in record.read_text().splitlines():
        words = line.split()
        if line.startswith("#") or len(words) != 5:
            continue
        try:
            seed, won, a, b, secs = int(words[0]), int(words[1]), int(words[2]), int(words[3]), float(words[4])
        except ValueError:
            continue
        deals[seed] = (won, a, b, secs)
    return deals


def _line(result: tuple[int, int, int, int, float]) -> str:
    seed, won, a, b, secs = result
    return f"{seed} {won} {a} {b} {secs:.1f}\n"


def decision_time(level: int, hands: int, seed: int, ruleset: str) -> None:
    """Every decision of the level's side in ``hands`` hands against level 3: median and 95th percentile;
    for the searching level also the decisions it searched (more than one candidate played out)."""
    from canasta_tutor.play import coach as coach_module
    from canasta_tutor.play import search
    from canasta_tutor.play.game import Game
    from canasta_tutor.play.moves import legal_moves

    times: list[float] = []
    searched: list[float] = []
    real_advise = coach_module.Coach.advise
    real_candidates = search._candidates
    found = [0]

    def counted_candidates(*args, **kwargs):
        picked = real_candidates(*args, **kwargs)
        found[0] = len(picked)
        return picked

    def timed(self, table, moves=None, memory=None):
        if self.level != level or table.side_of(table.turn.player).name != "NS":
            return real_advise(self, table, moves, memory)
        found[0] = 0
        t = time.perf_counter()
        legal_moves(table)  # the listing is part of a decision: counted, though the game has listed already
        advice = real_advise(self, table, moves, memory)
        spent = time.perf_counter() - t
        times.append(spent)
        if found[0] >= 2:
            searched.append(spent)
        return advice

    coach_module.Coach.advise = timed
    search._candidates = counted_candidates
    try:
        for s in range(seed, seed + hands):
            game = Game(ruleset, seed=s, hands=1, seats={"NS": ("coach", level), "EW": ("coach", 3)})
            game.run(until_human=False)
    finally:
        coach_module.Coach.advise = real_advise
        search._candidates = real_candidates

    def told(xs: list[float]) -> str:
        xs = sorted(xs)
        return (f"median {statistics.median(xs) * 1000:7.1f} ms, 95th percentile {xs[int(len(xs) * 0.95)] * 1000:7.1f} ms, "
                f"slowest {xs[-1] * 1000:7.1f} ms")

    print(f"decision  level {level}: {len(times)} decisions in {hands} {ruleset} hands: {told(times)}", flush=True)
    if searched:
        print(f"decision  level {level}, the {len(searched)} decisions it searched: {told(searched)}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="paired deals per pair of levels (default 2000)")
    parser.add_argument("--search-deals", type=int, default=None,
                        help="paired deals for the searching level's pair (default: --deals)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed (the others follow it)")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--pairs", default=",".join(f"{u}:{v}" for u, v in PAIRS),
                        help="pairs of levels, upper:lower, comma-separated (default 2:1,3:2,4:3)")
    parser.add_argument("--timing-hands", type=int, default=10, help="hands per level for the decision times")
    parser.add_argument("--record", type=Path, default=None,
                        help="keep the pair's deals in this file, one line a deal, and go on from it (one pair)")
    parser.add_argument("--report", type=Path, nargs="+", default=None,
                        help="sum the records of one pair (every seed once) and stop")
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return
    chosen = [tuple(int(x) for x in p.split(":")) for p in args.pairs.split(",") if p]
    if args.record and len(chosen) != 1:
        parser.error("--record keeps one pair: name it with --pairs (such as --pairs 4:3)")
    for upper, lower in chosen:
        deals = args.search_deals if upper == 4 and args.search_deals else args.deals
        if deals and args.record:
            recorded(upper, lower, deals, args.jobs, args.seed, args.ruleset, args.record)
        elif deals:
            pair(upper, lower, deals, args.jobs, args.seed, args.ruleset)
    if args.timing_hands:
        for level in sorted({lv for p in chosen for lv in p}):
            decision_time(level, args.timing_hands, args.seed, args.ruleset)


if __name__ == "__main__":
    main()
