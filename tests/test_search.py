"""The searching level's rollouts: a hand played on as the game plays it, the unseen cards dealt as the
player knows them, and a decision's work bounded by counts (never by a clock)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta_tutor import api
from canasta_tutor.engine.table import Table
from canasta_tutor.play import search
from canasta_tutor.play.coach import Coach, Memory
from canasta_tutor.play.dealing import cards_in_sight
from canasta_tutor.play.evaluate import canastas_made
from canasta_tutor.play.game import Game, make_coach
from canasta_tutor.play.moves import legal_moves
from canasta_tutor.play.rollout import Rollout
from canasta_tutor.play.selfplay import SelfPlayGame


@pytest.mark.parametrize(("ruleset", "seed"), [("classic", 1), ("classic", 4), ("classic", 7), ("classic", 20), ("classic", 92), ("danish", 6),
                                                ("official-3p", 2), ("dutch-house", 3), ("classic-2p", 5)])
def test_a_rollout_on_the_real_cards_plays_the_hand_as_the_game_does(ruleset, seed):
    game = Game(ruleset, seed=seed, hands=1)
    for name in game.names:
        game.seat_for(name, "coach", 3)
    everyone = {n: Memory() for n in game.names}
    rollout = Rollout(game.table.clone(), list(game.stock), everyone, Coach(3), first_round=len(game.names))
    deck = cards_in_sight(game.table) + Counter(game.stock)
    rollout.run(10 ** 6)
    game.run(until_human=False)
    last = game.history[-1]
    assert (rollout.ended, rollout.out) == (last.ended, last.out)
    assert rollout.turns == game.turns
    assert rollout.hand_points() == {s.name: s.hand_total for s in last.score.sides}
    assert cards_in_sight(rollout.table) + Counter(rollout.stock) == deck  # no card lost or made


def test_a_rollout_stops_after_the_turns_it_is_given():
    game = Game("classic", seed=2, hands=1, seats={"NS": ("coach", 3), "EW": ("coach", 3)})
    rollout = Rollout(game.table.clone(), list(game.stock), {n: Memory() for n in game.names}, Coach(3))
    rollout.run(3)
    assert rollout.turns == 3 and not rollout.ended


def searched_positions(seed: int, wanted: int):
    """Real positions (every card accounted for) where level 3's choice has an alternative to search,
    with the memory of the player on turn."""
    game = Game("classic", seed=seed, hands=1, seats={"NS": ("coach", 3), "EW": ("coach", 3)})
    found = []
    while not game.over and len(found) < wanted:
        t = game.table
        ml = legal_moves(t)
        memory = game.memory[t.turn.player]
        base = Coach(3).advise(t, ml, memory)
        if base.option is not None and len(search._candidates(Coach(3), t, ml, base, memory)) >= 2:
            found.append((t, memory))
        game.computer_turn()
    return found


def counted_rollouts(monkeypatch) -> list[str]:
    """The moves of every rollout the search plays from now on, in order."""
    played: list[str] = []
    real = search._rollout

    def counted(table, deal, option, memory):
        played.append(option.move)
        return real(table, deal, option, memory)

    monkeypatch.setattr(search, "_rollout", counted)
    return played


def test_a_decision_plays_no_more_rollouts_than_its_budget_and_the_same_ones_again(monkeypatch):
    played = counted_rollouts(monkeypatch)
    monkeypatch.setattr(search, "ROLLOUTS", 8)
    for t, memory in searched_positions(3, 3):
        played.clear()
        first = make_coach(4).advise(t, legal_moves(t), memory)
        once = list(played)
        played.clear()
        again = make_coach(4).advise(t.clone(), legal_moves(t), memory)
        assert 0 < len(once) <= search.ROLLOUTS and once == played
        assert first.option is not None and again.option is not None and first.option.move == again.option.move
        assert first.option.move in {o.move for o in legal_moves(t).options}
        assert api.check(t, first.option.steps).legal


def test_a_card_taken_with_the_pile_is_dealt_to_the_player_who_took_it():
    game = Game("classic", seed=5, hands=1, seats={"NS": ("coach", 3), "EW": ("coach", 3)})
    while not game.over:
        t = game.table
        me = t.turn.player
        memory = game.memory[me]
        held = {n: cards for n, cards in memory.took.items() if n != me and cards}
        if held:
            break
        game.computer_turn()
    else:
        raise AssertionError("nobody took the pile in this hand")
    hands, stock = search._deal_unseen(t, random.Random(1), memory)
    for name, cards in held.items():
        assert not Counter(cards) - Counter(hands[name]), (name, cards, hands[name])
    assert {n: len(h) for n, h in hands.items()} == {p.name: p.count for p in t.players if p.name != me}
    assert len(stock) == t.stock


def test_a_level_4_hand_plays_only_listed_legal_moves(monkeypatch):
    monkeypatch.setattr(search, "ROLLOUTS", 4)  # legality does not depend on how many deals are played
    game = Game("classic", seed=8, hands=1, seats={"NS": ("coach", 4), "EW": ("coach", 3)})
    told = game.run(until_human=False)  # a refused move would raise
    assert game.over and any(t.player in ("Ann", "Cas") for t in told)


def test_a_candidate_leaves_the_race_only_when_it_cannot_be_expected_to_win_it():
    assert search._clearly_worse([-50, -60, -40, -55])
    assert search._clearly_worse([0, 0, 0])  # the same outcome on every deal: never clearly better
    assert not search._clearly_worse([30, -10, 20, 5])
    assert not search._clearly_worse([-100, 400, -50, -20])  # behind, but within chance
    assert not search._clearly_worse([-5])  # one deal tells nothing
    assert search._clearly_better([30, 20, 40, 25]) and not search._clearly_better([300, -290, 10, -5])


def test_a_raced_decision_keeps_to_its_budget(monkeypatch):
    played = counted_rollouts(monkeypatch)
    monkeypatch.setattr(search, "ROLLOUTS", 12)
    monkeypatch.setattr(search, "BATCH", 2)
    for t, memory in searched_positions(6, 3):
        played.clear()
        advice = make_coach(4).advise(t, legal_moves(t), memory)
        assert 0 < len(played) <= search.ROLLOUTS
        assert advice.option is not None and api.check(t, advice.option.steps).legal


def test_the_search_never_looks_at_the_cards_it_cannot_see(monkeypatch):
    """The other hands' true cards, and the stock's, changed for others of the same number: the deals
    of the unseen cards and the searching player's choice stay the same."""
    monkeypatch.setattr(search, "ROLLOUTS", 8)
    checked = 0
    for t, memory in searched_positions(5, 2):
        me = t.turn.player
        others = [p for p in t.players if p.name != me]
        moved = t.clone()  # the other hands' cards dealt again among them: the same sizes, other cards
        pooled = [c for p in others for c in p.hand or []]
        random.Random(7).shuffle(pooled)
        for p in moved.players:
            if p.name != me:
                p.hand, pooled = pooled[:p.count], pooled[p.count:]
        assert [p.hand for p in moved.players] != [p.hand for p in t.players]
        assert search._deal_unseen(t, random.Random(3), memory) == search._deal_unseen(moved, random.Random(3), memory)
        ml, moved_ml = legal_moves(t), legal_moves(moved)
        assert search.search_advice(t, ml, memory).option.move == search.search_advice(moved, moved_ml, memory).option.move
        checked += 1
    assert checked


def test_every_discard_and_every_lay_down_of_a_melded_side_is_searched(monkeypatch):
    """A discard onto a pile not frozen is compared with the next ones of level 3's order (distinct
    ranks), however small the pile; a meld or lay-off that makes no canasta, by a side that has melded,
    with level 3's discard at once; an opening, a canasta or a discard onto a frozen pile is not searched."""
    monkeypatch.setattr(search, "ROLLOUTS", 4)
    seen = []
    real = search._candidates

    def recorded(heuristic, table, ml, base, memory):
        picked = real(heuristic, table, ml, base, memory)
        seen.append((table, ml, base.option, search._copy(memory), picked))  # the memory goes on changing
        return picked

    monkeypatch.setattr(search, "_candidates", recorded)
    Game("classic", seed=13, hands=1, seats={"NS": ("coach", 4), "EW": ("coach", 3)}).run(until_human=False)
    level3 = Coach(3)
    counted: Counter[str] = Counter()
    for table, ml, chosen, memory, picked in seen:
        discards = ml.of_kind("discard")
        if table.turn.phase != "play" or ml.of_kind("out"):
            continue
        moves = [o.move for o in picked]
        if chosen.kind == "discard" and not table.pile_content_frozen():
            order = level3.discard_order(table, discards, memory, table.mover.hand or [])
            ranks = [chosen.steps[0].cards[0].rank]
            wanted = [chosen.move]
            for o in order:  # level 3's order, one discard a rank, no wild card, up to DISCARDS in all
                c = o.steps[0].cards[0]
                if c.rank not in ranks and not c.is_wild and len(wanted) < search.DISCARDS:
                    ranks.append(c.rank)
                    wanted.append(o.move)
            assert picked[0] is chosen and moves == wanted
            counted["small pile"] += len(table.discard) < 6 and len(picked) > 1
        elif chosen.kind in ("meld", "add") and not canastas_made(chosen) and discards \
                and table.side_of(table.turn.player).has_melded:
            assert picked[0] is chosen and moves[1:] == [level3.choose_discard(table, discards, memory).option.move]
            counted["held back"] += 1
        else:
            assert picked == [], (chosen.move, moves)
            counted["frozen"] += chosen.kind == "discard"
            counted["canasta"] += bool(canastas_made(chosen))
            counted["opening"] += chosen.kind == "meld" and not table.side_of(table.turn.player).has_melded
    assert all(counted[k] for k in ("small pile", "held back", "frozen", "canasta", "opening")), counted


def cut_positions(hands: int, first: int = 1) -> list[tuple[Table, dict[str, int]]]:
    """Level 3 playing itself from self-play's deals (seeds ``first`` on): the table at the end of every
    turn, with the hand's final score."""
    found = []
    for seed in range(first, first + hands):
        game = SelfPlayGame("classic", seed)
        names = [p.name for p in game.table.players]
        hand = Rollout(game.table, list(game.stock), {n: Memory() for n in names}, Coach(3), first_round=len(names))
        tables = []
        while not hand.ended:
            hand.turn()
            if not hand.ended:
                tables.append(hand.table.clone())
        found += [(t, hand.hand_points()) for t in tables]
    return found


def test_a_rollout_cut_short_is_measured_on_the_scale_of_the_hands_score():
    """Where a rollout stops, the estimate foretells the hand's final difference better than the table
    with 2 points a card in hand did, and what it leaves unexplained no longer grows with the cards a side
    holds or has in melds short of a canasta: each such card is counted for what it is worth at the end."""
    rows = cut_positions(60, 9001)  # other hands than the 5,000 (seeds 1 to 5,000) the weights were fitted on
    finals = [final["S1"] - final["S2"] for _, final in rows]
    parts = [[a - b for a, b in zip(search.cut_parts(t, "S1"), search.cut_parts(t, "S2"))] for t, _ in rows]

    def explained(weights):
        mean = sum(finals) / len(finals)
        missed = sum((y - sum(w * x for w, x in zip(weights, p))) ** 2 for y, p in zip(finals, parts))
        return 1 - missed / sum((y - mean) ** 2 for y in finals)

    def trend(i):  # points a card left unexplained, by the difference in part i
        missed = [y - sum(w * x for w, x in zip(search.CUT_WEIGHTS, p)) for y, p in zip(finals, parts)]
        xs = [p[i] for p in parts]
        mx, mm = sum(xs) / len(xs), sum(missed) / len(missed)
        return sum((x - mx) * (m - mm) for x, m in zip(xs, missed)) / sum((x - mx) ** 2 for x in xs)

    assert explained(search.CUT_WEIGHTS) > explained((1, 2, 0, 0, 0)) + 0.05
    held, short = trend(1), trend(3)  # the table plus 2 a card leaves about 40 and 30 points a card
    assert abs(held) < 15 and abs(short) < 15, (held, short)


def test_a_rollout_that_goes_on_is_measured_by_the_estimate(monkeypatch):
    monkeypatch.setattr(search, "ROUNDS", 1)
    t, memory = searched_positions(3, 1)[0]
    deal = search._deal_unseen(t, random.Random(1), memory)
    option = Coach(3).advise(t, legal_moves(t), memory).option
    mine = t.side_of(t.turn.player).name
    monkeypatch.setattr(search, "_estimate", lambda table, side: 700 if side == mine else 250)
    assert search._rollout(t, deal, option, memory) == 450
