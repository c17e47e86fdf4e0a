"""The move listing against a record of what it listed before it was made faster.

``tests/data/listings.json`` holds, for every position below, a digest of the listing as the
generator that judged every candidate with the judge gave it (run this file as a program to write
it again: ``python tests/test_listing_golden.py``). Each listing is written out in full (every
option's move, kind, ways, choices, shares, and its verdict as read: legal, went out, concealed,
deciding rule, notes; then the listing's notes, ``truncated`` and ``stopped``), so any change to any
of them changes the digest. The positions: every position a self-played hand lists in each built-in
ruleset, every scenario (in the phase it is in, and for a scenario in the draw phase, in the play
phase too), and ``bench/big_hand.yaml`` in both phases, also with so few rulings allowed that the
listing stops part way (where it stops must not move)."""
from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import load_table
from canasta_tutor.play.moves import RULING_LIMIT, MoveList, legal_moves

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "listings.json"
SEED = 5  # the self-played hands' seed


def written(ml: MoveList) -> str:
    """The listing in full, as text, with each option's verdict read."""
    lines = []
    for o in ml.options:
        v = o.verdict
        lines.append(json.dumps([o.move, o.kind, o.ways, [list(c) for c in o.choices], o.shares, v.legal,
                                 v.went_out, v.concealed, v.violations[0].rule if v.violations else None,
                                 [n.rule for n in v.notes]]))
    lines.append(json.dumps([ml.notes, ml.truncated, ml.stopped]))
    return "\n".join(lines)


def digest(ml: MoveList) -> str:
    return hashlib.sha256(written(ml).encode()).hexdigest()[:16]


def self_played(rid: str, seed: int) -> list[Table]:
    """Every position a self-played hand asks the listing about."""
    from canasta_tutor.play import selfplay

    seen: list[Table] = []
    listing = selfplay.legal_moves

    def recording(table: Table, *args: object, **kwargs: object) -> MoveList:
        seen.append(table.clone())
        return listing(table, *args, **kwargs)  # type: ignore[arg-type]

    selfplay.legal_moves = recording  # type: ignore[assignment]
    try:
        selfplay.play_hand(rid, seed, checks=False)
    finally:
        selfplay.legal_moves = listing
    return seen


def positions() -> Iterator[tuple[str, Table, int]]:
    """(name, table, rulings allowed) of every listing recorded."""
    for rid in BUILTIN:
        for i, table in enumerate(self_played(rid, SEED)):
            yield f"{rid}/{SEED}/{i}", table, RULING_LIMIT
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        table = load_table(path)
        yield str(path.relative_to(ROOT)), table, RULING_LIMIT
        if table.turn.phase == "draw":
            playing = table.clone()
            playing.turn.phase = "play"
            yield f"{path.relative_to(ROOT)}:play", playing, RULING_LIMIT
    for phase in ("draw", "play"):
        table = load_table(ROOT / "bench" / "big_hand.yaml")
        table.turn.phase = phase
        yield f"big_hand:{phase}", table, RULING_LIMIT
        for rulings in (5, 20, 40, 80, 130):
            yield f"big_hand:{phase}:rulings={rulings}", table, rulings


def test_every_listing_is_what_it_was():
    golden = json.loads(GOLDEN.read_text())
    got = {name: digest(legal_moves(table, rulings=rulings)) for name, table, rulings in positions()}
    assert list(got) == list(golden), "the positions themselves changed (the self-played hands went otherwise)"
    changed = [name for name in golden if got[name] != golden[name]]
    assert not changed, f"{len(changed)} listings changed, first: {changed[:5]}"


if __name__ == "__main__":
    record = {name: digest(legal_moves(table, rulings=rulings)) for name, table, rulings in positions()}
    GOLDEN.write_text(json.dumps(record, indent=0) + "\n")
    print(f"{len(record)} listings written to {GOLDEN}", file=sys.stderr)
