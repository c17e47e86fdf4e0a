"""Self-play: random hands under every ruleset, every invariant checked on every move. The soak run
(thousands of hands) is `canasta selfplay --hands N`; here a few hands per ruleset keep the suite fast."""
from __future__ import annotations

from collections import Counter

import pytest

from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.play.selfplay import SelfPlayGame, play_hand


@pytest.mark.parametrize("ruleset", BUILTIN)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_hand_breaks_no_invariant(ruleset, seed):
    result = play_hand(ruleset, seed)
    assert not result.broken, "\n".join(str(b) for b in result.broken)
    assert result.ended in ("out", "stock", "red-three"), result.ended
    assert result.score is not None
    assert result.moves > 10


def test_the_same_seed_plays_the_same_hand():
    a, b = play_hand("classic", 7), play_hand("classic", 7)
    assert a.log == b.log and a.log


def test_without_checks_the_same_seed_plays_the_same_hand(monkeypatch):
    """The checks off (for speed) change nothing of the play, and are really off."""
    checked = play_hand("brazilian", 5)
    import canasta_tutor.play.selfplay as selfplay

    monkeypatch.setattr(selfplay, "_check_score", lambda *a: (_ for _ in ()).throw(AssertionError("checked")))
    monkeypatch.setattr(selfplay.SelfPlayGame, "where_cards_are", lambda *a: (_ for _ in ()).throw(AssertionError("checked")))
    fast = play_hand("brazilian", 5, checks=False)
    assert fast.log == checked.log and fast.ended == checked.ended and not fast.broken


def test_the_deal_uses_every_card_once():
    game = SelfPlayGame("danish", 3)
    t = game.table
    assert sorted(map(str, game.where_cards_are(t).elements())) == sorted(map(str, game.deck))
    assert len(game.deck) == 112
    assert all(p.count == 13 for p in t.players)


def test_a_lost_card_is_reported_with_its_seed(monkeypatch):
    """The invariant check itself must be able to fail: hide a card from the table after a move."""
    import canasta_tutor.play.selfplay as sp

    real = sp.SelfPlayGame.where_cards_are

    def lose_one(self, t):
        seen = real(self, t)
        seen[next(iter(seen))] -= 1
        return seen

    monkeypatch.setattr(sp.SelfPlayGame, "where_cards_are", lose_one)
    result = play_hand("classic", 5)
    assert result.broken and "lost or duplicated" in result.broken[0].what
    assert result.broken[0].seed == 5 and result.broken[0].table


def test_seating_matches_the_rulesets():
    from canasta_tutor.play.selfplay import seating

    assert seating("classic")[1] == [("S1", ["Ann", "Cas"]), ("S2", ["Bob", "Dee"])]
    assert seating("classic-6p")[1] == [("S1", ["Ann", "Dee"]), ("S2", ["Bob", "Eve"]), ("S3", ["Cas", "Fay"])]
    assert [m for _, m in seating("classic-3p")[1]] == [["Ann"], ["Bob"], ["Cas"]]
    assert Counter(len(m) for _, m in seating("danish")[1]) == {2: 2}
