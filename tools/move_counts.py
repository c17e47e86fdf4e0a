"""Move counts for ``legal_moves`` on every scenario, as chess engines keep perft counts: how many moves
the listing gives of each kind, and how many concrete ways they stand for, on each scenario's table
and on the same table one phase on (draw and play). The counts are data (tests/data/move_counts.json);
tests/test_move_counts.py lists the moves again and fails on any difference, so a change to the
generator or to a rule that adds, drops or merges a move shows as a count that moved.

    python tools/move_counts.py           # check: exit 1 and name each table whose counts differ
    python tools/move_counts.py --write   # write the counts anew (after a change that means to move them)

A change to the counts is reviewed like a change to a ruling: the diff of the JSON says which tables
and which kinds of move it touched."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
COUNTS = ROOT / "tests" / "data" / "move_counts.json"


def counts_of(table: Any) -> dict[str, Any]:
    """The listing's counts for one table: moves and ways by kind, and whether the search stopped."""
    from canasta_tutor.play.moves import legal_moves

    listing = legal_moves(table)
    moves: Counter[str] = Counter(o.kind for o in listing.options)
    ways: Counter[str] = Counter()
    for option in listing.options:
        ways[option.kind] += option.ways
    return {"moves": dict(sorted(moves.items())), "ways": dict(sorted(ways.items())),
            "truncated": listing.truncated, "notes": sorted(listing.notes)}


def all_counts() -> dict[str, dict[str, Any]]:
    """Every scenario's counts, in both phases, by ``path#phase`` (path relative to scenarios/)."""
    from canasta_tutor.files.snapshot import load_table

    found = {}
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        table = load_table(path)
        twin = table.clone()
        twin.turn.phase = "play" if table.turn.phase == "draw" else "draw"
        for one in (table, twin):
            found[f"{path.relative_to(SCENARIOS).as_posix()}#{one.turn.phase}"] = counts_of(one)
    return found


def as_text(found: dict[str, dict[str, Any]]) -> str:
    """One table a line, so that a diff names the tables whose counts moved."""
    lines = [f"  {json.dumps(name)}: {json.dumps(found[name], sort_keys=True)}" for name in sorted(found)]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def stored() -> dict[str, dict[str, Any]]:
    counts: dict[str, dict[str, Any]] = json.loads(COUNTS.read_text(encoding="utf-8"))
    return counts


def differences(expected: dict[str, Any], found: dict[str, Any]) -> list[str]:
    """One line per table whose counts are not the stored ones (or that is new, or gone)."""
    lines = []
    for name in sorted(expected.keys() | found.keys()):
        if name not in found:
            lines.append(f"{name}: stored but no longer a scenario")
        elif name not in expected:
            lines.append(f"{name}: no stored counts (run tools/move_counts.py --write)")
        elif expected[name] != found[name]:
            lines.append(f"{name}: stored {json.dumps(expected[name])}, now {json.dumps(found[name])}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the counts anew")
    args = parser.parse_args(argv)
    found = all_counts()
    if args.write:
        COUNTS.parent.mkdir(parents=True, exist_ok=True)
        COUNTS.write_text(as_text(found), encoding="utf-8")
        print(f"wrote the counts of {len(found)} tables to {COUNTS.relative_to(ROOT)}")
        return 0
    lines = differences(stored(), found)
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
