"""The coach's levels: paired deals, legal and reproducible play at every level, the searching level's
choice, and the levels as the help tells them. The ladder's strength is measured by bench/ladder.py."""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from clirun import run_in_process

from canasta_tutor import api
from canasta_tutor.play import search
from canasta_tutor.play.coach import LEVELS, SEARCH_LEVEL, Coach
from canasta_tutor.play.dealing import cards_in_sight
from canasta_tutor.play.game import Game, make_coach
from canasta_tutor.play.moves import legal_moves
from canasta_tutor.play.selfplay import play_sides, side_hand, swapped


def canasta(*args: str, cwd: Path):
    env = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "COLUMNS": "200",
           "CANASTA_HOME": str(cwd / ".canasta-home")}
    proc = run_in_process(*args, cwd=cwd, env=env)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def dealt(seed: int, players: dict[str, str]) -> dict[str, list[str]]:
    from canasta_tutor.play.game import parse_player

    game = Game("classic", seed=seed, hands=1, deal=False)
    for name, player in players.items():
        game.seat_for(name, *parse_player(player))
    game.deal({name: 0 for name, _ in game.sides})
    return {p.name: [str(c) for c in p.hand or []] for p in game.table.players} | {
        "pile": [str(c) for c in game.table.discard], "seats": [game.seats[n].label for n in game.names]}


# -- paired deals ----------------------------------------------------------------------------------

def test_a_paired_deal_deals_the_same_cards_with_the_players_swapped():
    players = {"NS": "coach:3", "EW": "coach:2"}
    assert swapped(players) == {"NS": "coach:2", "EW": "coach:3"}
    first, second = dealt(5, players), dealt(5, swapped(players))
    assert first.pop("seats") == ["coach:3", "coach:2", "coach:3", "coach:2"]
    assert second.pop("seats") == ["coach:2", "coach:3", "coach:2", "coach:3"]
    assert first == second and first["Ann"]


def test_paired_play_counts_each_player_over_both_seatings():
    players = {"NS": "coach:3", "EW": "coach:1"}
    match = play_sides(["classic"], 2, players, seed=3, paired=True)
    assert match.hands == 4
    tally = match.by_player()
    assert tally["coach:3"]["hands"] == tally["coach:1"]["hands"] == 4
    # the same as the four hands played one by one, each player on each side once
    won: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for seed in (3, 4):
        for seats in (players, swapped(players)):
            _, _, _, _, scored = side_hand(("classic", seed, tuple(seats.items())))
            for side, p in scored.items():
                points[seats[side]] += p
            best = max(scored.values())
            leaders = [s for s, p in scored.items() if p == best]
            if len(leaders) == 1:
                won[seats[leaders[0]]] += 1
    assert {p: t["won"] for p, t in tally.items()} == {p: won[p] for p in tally}
    assert {p: t["points"] for p, t in tally.items()} == {p: points[p] for p in tally}
    assert sum(sum(c.values()) for c in match.per_deal.values()) == sum(won.values())


def test_selfplay_paired_reports_the_players_and_needs_both_sides(tmp_path):
    proc = canasta("selfplay", "--hands", "1", "--paired", "--side", "NS=coach:3", "--side", "EW=coach:1",
                   "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["hands"] == 2 and data["deals"] == 1
    assert {p: t["hands"] for p, t in data["players"].items()} == {"coach:3": 2, "coach:1": 2}
    assert canasta("selfplay", "--paired", cwd=tmp_path).returncode == 2
    assert canasta("selfplay", "--paired", "--side", "NS=coach", cwd=tmp_path).returncode == 2
    text = canasta("selfplay", "--hands", "1", "--paired", "--side", "NS=coach:3", "--side", "EW=coach:1",
                   cwd=tmp_path).stdout
    assert "coach:3: won" in text and "over both seatings" in text


def test_selfplay_by_sides_plays_the_ruleset_chosen_and_says_so(tmp_path):
    proc = canasta("selfplay", "--hands", "1", "--side", "NS=coach", "--side", "EW=random", "--ruleset", "danish",
                   "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["rulesets"]) == ["danish"]


# -- every level plays legal moves, and the same ones for a seed ----------------------------------

def moves_of(level: int, seed: int) -> list[list[str]]:
    game = Game("classic", seed=seed, hands=1, seats={"NS": ("coach", level), "EW": ("coach", 3)})
    told = game.run(until_human=False)  # a refused move would raise: every move is a listed, judged one
    return [t.moves for t in told] + [[str(s.hand_total) for s in game.history[-1].score.sides]]


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != SEARCH_LEVEL])
def test_every_quick_level_plays_a_hand_the_same_way_twice(level):
    first = moves_of(level, 11)
    assert first == moves_of(level, 11) and len(first) > 10


def test_the_beginner_never_takes_the_pile():
    game = Game("classic", seed=2, hands=1, seats={"NS": ("coach", 1), "EW": ("coach", 3)})
    beginners = {"Ann", "Cas"}
    for told in game.run(until_human=False):
        if told.player in beginners and told.moves:
            assert not told.moves[0].startswith("take"), told.moves


def a_choice_to_search(seed: int = 1):
    """A real position (so every card is accounted for) where the player on turn may take the pile or draw."""
    game = Game("classic", seed=seed, hands=1, seats={"NS": ("coach", 3), "EW": ("coach", 3)})
    while not game.over:
        t = game.table
        if t.turn.phase == "draw":
            kinds = {o.kind for o in legal_moves(t).options}
            if {"take", "draw"} <= kinds:
                return game
        game.computer_turn()
    raise AssertionError("no take to search in this hand")


def test_the_searching_level_chooses_a_legal_move_and_the_same_one_for_a_position():
    game = a_choice_to_search()
    t = game.table
    memory = game.memory[t.turn.player]
    ml = legal_moves(t)
    base = Coach(3).advise(t, ml, memory)
    assert len(search._candidates(Coach(3), t, ml, base, memory)) == 2  # a search really runs here
    first = make_coach(4).advise(t, ml, memory)
    again = make_coach(4).advise(t.clone(), legal_moves(t), memory)
    assert first.option is not None and first.option.move == again.option.move
    assert first.option.move in {o.move for o in ml.options}
    assert api.check(t, first.option.steps).legal
    assert first.reason in ("coach.searched", base.reason)


def test_the_unseen_cards_are_dealt_consistently_with_what_the_player_knows():
    game = a_choice_to_search(2)
    t = game.table
    me = t.turn.player
    hands, stock = search._deal_unseen(t, random.Random(1))
    assert {n: len(h) for n, h in hands.items()} == {p.name: p.count for p in t.players if p.name != me}
    assert len(stock) == t.stock
    known = Counter(t.mover.hand or [])
    for s in t.sides:
        known.update(s.red_threes)
        for m in s.melds:
            known.update(m.cards)
    known.update(t.discard)
    everything = known + Counter(c for h in hands.values() for c in h) + Counter(stock)
    real = cards_in_sight(t) + Counter(game.stock)
    assert everything == real  # the same cards in all, the player's own where they are
    assert not any(c.is_red_three for h in hands.values() for c in h)


# -- the levels as the help tells them -------------------------------------------------------------

def test_the_levels_are_told_in_the_help(tmp_path):
    def words(command: str) -> str:  # the help's text, without the frame drawn around it
        text = canasta(command, "--help", cwd=tmp_path).stdout
        return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())

    selfplay, play = words("selfplay"), words("play")
    for text in (selfplay, play):
        assert "beginner who never takes the pile" in text and "rules of thumb" in text
    assert "--paired" in selfplay and "coach:LEVEL (1 to 4)" in selfplay
    assert "4 a plan that plays its main choices out" in play


def test_the_ladder_record_goes_on_where_it_stopped_and_sums_every_seed_once(tmp_path, capsys):
    import importlib.util

    spec = importlib.util.spec_from_file_location("ladder", Path(__file__).parent.parent / "bench" / "ladder.py")
    ladder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ladder)
    record = tmp_path / "l2.txt"
    ladder.recorded(2, 1, 2, 1, 501, "classic", record)
    first = record.read_text().splitlines()
    assert first[0].startswith("# level 2 vs level 1") and [line.split()[0] for line in first[1:]] == ["501", "502"]
    ladder.recorded(2, 1, 3, 1, 501, "classic", record)  # two done: only the third is played
    lines = record.read_text().splitlines()
    assert lines[:3] == first and [line.split()[0] for line in lines[1:]] == ["501", "502", "503"]
    # each line is the deal as play_sides counts it: hands won by level 2, and points, over both seatings
    match = play_sides(["classic"], 3, {"NS": "coach:2", "EW": "coach:1"}, 501, paired=True)
    for line in lines[1:]:
        seed, won, *_ = line.split()
        assert int(won) == match.per_deal.get(("classic", int(seed)), {}).get("coach:2", 0)
    points = sum(int(line.split()[2]) for line in lines[1:])
    assert points == match.by_player()["coach:2"]["points"]
    again = tmp_path / "again.txt"
    again.write_text(lines[0] + "\n" + lines[3] + "\n")  # a seed in two records counts once
    capsys.readouterr()
    ladder.report([record, again])
    said = capsys.readouterr().out
    assert "3 paired deals (6 hands; seeds 501-503)" in said
    # and each deal on points: level 2's two hands together against level 1's
    kept = {int(line.split()[0]): line.split() for line in lines[1:]}
    won = sum(int(a) > int(b) for _, _, a, b, _ in kept.values())
    tied = sum(int(a) == int(b) for _, _, a, b, _ in kept.values())
    assert f"of the paired deals on points ({won} won, {tied} tied, {3 - won - tied} lost)" in said, said
