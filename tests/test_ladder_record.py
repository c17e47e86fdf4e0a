"""bench/ladder.py's record of a long pair: one line a deal, a run goes on where the last one stopped,
and a record is of one pair only. The deals are stood in for (a level-4 deal takes seconds)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def ladder(monkeypatch):
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "bench" / "ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    played = []

    def paired_deal(job):
        _, seed, upper, lower = job
        played.append((upper, lower, seed))
        return seed, seed % 3, 100 * upper, 100 * lower, 1.0

    monkeypatch.setattr(module, "paired_deal", paired_deal)
    module.played = played
    return module


def test_a_record_goes_on_where_it_stopped(ladder, tmp_path, capsys):
    record = tmp_path / "l4.txt"
    ladder.recorded(4, 3, 3, 1, 10, "classic", record)
    ladder.recorded(4, 3, 5, 1, 10, "classic", record)
    assert ladder.played == [(4, 3, s) for s in (10, 11, 12, 13, 14)]
    assert "5 paired deals (10 hands; seeds 10-14)" in capsys.readouterr().out.splitlines()[-2]  # the hands; the deals on points last


def test_a_line_cut_short_is_played_again(ladder, tmp_path, capsys):
    record = tmp_path / "l4.txt"
    ladder.recorded(4, 3, 2, 1, 10, "classic", record)
    record.write_text(record.read_text() + "12 1 40")  # the run stopped while writing seed 12's line
    ladder.recorded(4, 3, 3, 1, 10, "classic", record)
    assert ladder.played == [(4, 3, 10), (4, 3, 11), (4, 3, 12)]
    assert "3 paired deals (6 hands; seeds 10-12)" in capsys.readouterr().out.splitlines()[-2]  # the hands; the deals on points last


def test_a_record_keeps_one_pair(ladder, tmp_path, capsys):
    record = tmp_path / "l4.txt"
    ladder.recorded(2, 1, 2, 1, 10, "classic", record)
    with pytest.raises(SystemExit, match="keeps level 2 vs level 1, classic"):
        ladder.recorded(3, 2, 2, 1, 10, "classic", record)  # the seeds are there, but of another pair
    with pytest.raises(SystemExit, match="keeps level 2 vs level 1, classic"):
        ladder.recorded(2, 1, 2, 1, 10, "official", record)
    other = tmp_path / "l3.txt"
    ladder.recorded(3, 2, 2, 1, 12, "classic", other)
    with pytest.raises(SystemExit, match="different pairs"):
        ladder.report([record, other])
    with pytest.raises(SystemExit):  # the usage error: several pairs into one record
        ladder.main(["--record", str(tmp_path / "all.txt"), "--deals", "1", "--timing-hands", "0"])
    assert ladder.played == [(2, 1, 10), (2, 1, 11), (3, 2, 12), (3, 2, 13)]
    assert "one pair" in capsys.readouterr().err
