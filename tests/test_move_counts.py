"""Perft for the move listing: the number of moves of each kind ``legal_moves`` gives, and the ways they
stand for, on every scenario in both phases, are the stored ones (tests/data/move_counts.json). A
change that means to move them rewrites the file with ``python tools/move_counts.py --write``, and the
diff shows which tables and kinds it touched."""
from __future__ import annotations

import json

import move_counts  # tools/, on the path from conftest.py


def test_every_scenario_lists_the_stored_number_of_moves():
    expected, found = move_counts.stored(), move_counts.all_counts()
    assert len(expected) > 150  # every scenario, twice
    wrong = move_counts.differences(expected, found)
    assert not wrong, "\n".join(wrong[:20])


def test_a_moved_count_and_a_new_table_are_named():
    expected = move_counts.stored()
    name = next(iter(expected))
    changed = json.loads(json.dumps(expected))
    changed[name]["ways"] = {kind: n + 1 for kind, n in changed[name]["ways"].items()}
    changed["new.yaml#draw"] = changed[name]
    lines = move_counts.differences(expected, changed)
    assert [line.split(":")[0] for line in lines] == sorted([name, "new.yaml#draw"])


def test_the_stored_file_is_as_the_tool_writes_it():
    assert move_counts.COUNTS.read_text(encoding="utf-8") == move_counts.as_text(move_counts.stored())
