"""The coach's reasons on positions where a reason used to say what the table did not: a lay-off that
the ruleset never allows, the next opponent reckoned by every opponent's melds, a computer player's
hidden cards told to the human, a first meld counted by its first step only, a going-out bonus the
ruleset does not give, and the pile's top card counted twice."""
from __future__ import annotations

import re

import pytest

from canasta_tutor import texts
from canasta_tutor.engine.judge import judge
from canasta_tutor.files.snapshot import table_from_text
from canasta_tutor.learning.play_session import told_key
from canasta_tutor.play.coach import Coach, Memory
from canasta_tutor.play.evaluate import rate
from canasta_tutor.play.game import Game
from canasta_tutor.play.moves import legal_moves
from canasta_tutor.play.next_take import lays_off_and_takes
from canasta_tutor.play.rules_of_thumb import Advice, going_out_bonus

# Ann to discard, East-West have melded jacks; Bob holds three cards nobody sees.
BRAZILIAN = """\
ruleset: {ruleset}
players:
  - {{name: Ann, hand: 9S 9D JC JH, has_melded: true}}
  - {{name: Bob, hand: 3, has_melded: true}}
  - {{name: Cas, hand: 5, has_melded: true}}
  - {{name: Dee, hand: 5, has_melded: true}}
sides:
  - name: NS
    players: [Ann, Cas]
    melds: [AH AD 2S AS 2H 2D AH, 8C 8S 8D 8H 2H 8D JK, 4S 4H 4D, KS KH KD]
    red_threes: 3D 3H
  - name: EW
    players: [Bob, Dee]
    melds: [9D 9C JK 9H, 5D 5S 5D 5S 5H 2S JK, 7S 7H 7D 7C 7S, JS JD JC JS JD]
    red_threes: 3D
discard: 3S 3C QH QD 3C 6H QC 3S 6S 10S
stock: 37
turn: {{player: Ann, phase: play}}
"""

# Three players, each alone: Bob (next) has melded kings, sixes and jacks; Cas queens and eights.
THREE = """\
ruleset: classic-3p
players:
  - {name: Ann, hand: KS KH QS QH JH 8C 6H, has_melded: true}
  - {name: Bob, hand: 2, has_melded: true}
  - {name: Cas, hand: 10, has_melded: true}
sides:
  - {name: Ann, players: [Ann], melds: [AS AD AC JK, 4S 4D 4C]}
  - name: Bob
    players: [Bob]
    melds: [KS KD KC 2S, 6H 6C 6C, JS JD JK, 5S 5H 5D 5C, 9S 9H 9D 9D 9C 2S, 7S 7S 7C]
    red_threes: 3D
  - {name: Cas, players: [Cas], melds: [QS QH QC 2H 2C 2C, 8S 8S 8D]}
discard: 5H 7H 10C 3C
stock: 45
turn: {player: Ann, phase: play}
"""


def _discards(table):
    return [o for o in legal_moves(table).of_kind("discard") if not o.verdict.went_out]


@pytest.mark.parametrize("ruleset", ["brazilian", "danish", "classic"])
def test_a_discard_is_said_to_feed_the_pile_only_where_the_judge_lets_the_next_player_take_it(ruleset):
    """Brazilian asks a natural from the hand and Danish a natural pair: laying the top card off alone
    never takes the pile there, so no discard is said to give it away by a lay-off."""
    t = table_from_text(BRAZILIAN.format(ruleset=ruleset))
    for r in rate(t, _discards(t), Memory()):
        assert (r.reason == "discard-feeds") == lays_off_and_takes(t, r.option.steps), (ruleset, r.option.move)
    advice = Coach(3).advise(t, None, Memory())
    assert advice.option.move == "discard JH"  # the choice stays: only its reason was untrue
    assert (advice.reason == "coach.discard-feeds") == (ruleset == "classic")


def test_with_three_players_only_the_next_players_melds_make_a_discard_dangerous():
    t = table_from_text(THREE)
    advice = Coach(3).advise(t, None, Memory())
    assert not lays_off_and_takes(t, advice.option.steps), advice.option.move
    assert advice.reason != "coach.discard-feeds"
    # the 6H the coach used to choose does give Bob the pile, and says so when rated
    six = next(r for r in rate(t, _discards(t), Memory()) if r.option.move == "discard 6H")
    assert six.reason == "discard-feeds" and six.params["player"] == "Bob"


# What a reason's figures may say of a computer player's hand: nothing (its move shows the cards it plays).
HIDDEN = {"held", "unseen", "instead", "cheaper"}
# Reasons whose very key tells what the hand could take: a computer's draw is told without them.
HAND_DRAWS = ("draw-no-take", "draw-pile-tiny", "draw-pile-small", "draw-instead")


def _placeholders(entry) -> set[str]:
    text = " ".join(v for k, v in entry.items() if k != "count") if isinstance(entry, dict) else entry
    return set(re.findall(r"\{(\w+)", text))


def _entry(section: str, key: str):
    entry = texts.catalog("en")[section]
    for part in key.split("."):
        entry = entry[part]
    return entry


def test_a_computer_players_reason_tells_nothing_of_its_hidden_hand():
    english = texts.catalog("en")
    reasons = [Advice(None, "coach." + k, {}, "play") for k in english["play"]["coach"]]
    reasons += [Advice(None, k, {}, "hints") for k, v in english["hints"].items() if isinstance(v, (str, dict))]
    for advice in reasons:
        section, key = told_key(advice)
        said = _entry(section, key)
        assert not _placeholders(said) & HIDDEN, (advice.reason, said)
        if advice.reason.removeprefix("coach.") in HAND_DRAWS:
            assert "told" in key and "their hand" in said, (advice.reason, said)


def test_a_chatty_coach_never_counts_a_computer_players_cards():
    from canasta_tutor.learning.play_session import Session

    out: list[str] = []
    g = Game("brazilian", seed=3, hands=1)
    s = Session(g, iter([]), out.append, lambda text, *_: text, coach="chatty")
    s._computer_turns()  # every seat a computer player's: the whole hand is told
    told = "\n".join(out)
    assert "Discard" in told and "they hold" not in told and "their only card" not in told


def test_a_turn_told_by_its_first_meld_counts_every_meld_of_the_turn():
    for ruleset, seed in (("dutch-house", 4), ("classic", 1), ("official", 2), ("brazilian", 3)):
        g = Game(ruleset, seed=seed, hands=1)
        while not g.over:
            before = g.table.clone()
            side = before.side_of(before.turn.player)
            told = g.computer_turn()
            a = told.advice
            if a is None or "counted" not in a.params or g.table is None or g.over:
                continue
            melded = sum(c.value for m in g.table.side_of(told.player).melds for c in m.cards)
            assert not side.melds and a.params["counted"] == melded, (ruleset, seed, told.moves, a.params)


def test_going_out_names_its_bonus_only_where_the_ruleset_gives_one():
    seen = set()
    for ruleset, seed in (("dutch-house", 4), ("dutch-house", 5), ("classic", 1)):
        g = Game(ruleset, seed=seed, hands=1)
        while not g.over:
            told = g.computer_turn()
            for a in told.advices:
                if a is not None and a.option is not None and a.option.kind == "out":
                    bonus = going_out_bonus(a.option)
                    assert a.reason.endswith("out-bare") == (bonus == 0), (ruleset, a.reason, bonus)
                    seen.add(bonus == 0)
    assert seen == {True, False}


def test_taking_the_pile_counts_its_top_card_once():
    g = Game("classic", seed=5, hands=1)
    while not g.over:
        t = g.table.clone()
        told = g.computer_turn()
        a = told.advices[0] if told.advices else None
        if a is not None and a.reason == "coach.take":
            said = texts.section("play", "coach.take", a.params)
            assert a.params["under"] == len(t.discard) - 1 and f" {len(t.discard) - 1} card" in said, said
            assert f" {len(t.discard)} card" not in said and judge(t, a.option.steps).legal
            return
    pytest.fail("no pile was taken")


# Bob to draw, the JH on top: his side has melded jacks, and he holds a jack of each other colour.
ONTO = """\
ruleset: {ruleset}
{house}players:
  - {{name: Ann, hand: 9S 9D, has_melded: true}}
  - {{name: Bob, hand: JC JH 10D, has_melded: true}}
  - {{name: Cas, hand: 5, has_melded: true}}
  - {{name: Dee, hand: 5, has_melded: true}}
sides:
  - {{name: NS, players: [Ann, Cas], melds: [AH AD AS, KS KH KD]}}
  - {{name: EW, players: [Bob, Dee], melds: [JS JD JC JS JD]}}
discard: QH QD 6H QC 6S 10S JH
stock: 37
turn: {{player: Bob, phase: draw}}
"""


@pytest.mark.parametrize("ruleset", ["classic", "official", "brazilian", "danish", "dutch-house"])
def test_taking_the_pile_onto_the_sides_meld_is_what_the_rules_listing_says(ruleset):
    """pile_onto_meld: the top card may go onto the side's meld of its rank, with the cards from the hand
    that pile_take and pile_needs_natural_pair ask for: none under pagat's way, one natural under
    one-natural, a natural pair where one is always needed; a house rule may forbid it."""
    from canasta_tutor.engine.parameters import PARAMS

    assert "pile_take" in PARAMS["pile_onto_meld"].help and "pile_needs_natural_pair" in PARAMS["pile_onto_meld"].help
    t = table_from_text(ONTO.format(ruleset=ruleset, house=""))
    rs = t.ruleset
    asked = 2 if rs.pile_needs_natural_pair else 1 if rs.pile_take == "one-natural" else 0
    assert rs.pile_onto_meld
    for held in range(3):
        legal = judge(t, f"take {' '.join(['JC', 'JH'][:held])}".strip()).legal
        assert legal == (held >= asked), (ruleset, held)
    forbidden = table_from_text(ONTO.format(ruleset=ruleset, house="house_rules: {pile_onto_meld: false}\n"))
    assert not any(judge(forbidden, f"take {' '.join(['JC', 'JH'][:held])}".strip()).legal for held in range(3))


def test_a_computer_turn_that_draws_is_told_by_what_the_table_shows_not_by_its_draw():
    """A draw from the stock, told to the other players, can only say that it depends on the hand: the
    same sentence every turn. A turn that drew is told by a move the others saw, its discard at least."""
    told_by = []
    for ruleset, seed in (("classic", 1), ("official", 2), ("danish", 3)):
        g = Game(ruleset, seed=seed, hands=1)
        while not g.over:
            told = g.computer_turn()
            if told.advice is None or not told.moves or not told.moves[0].startswith("draw"):
                continue
            told_by.append(told.advice.reason.removeprefix("coach."))
    assert told_by and not [r for r in told_by if r in HAND_DRAWS or r == "draw"], told_by


def test_a_first_level_turn_that_draws_is_told_by_its_meld_or_discard_not_by_its_rule_of_drawing():
    """Level 1 always draws: "a level 1 player never takes the pile", said at each of its turns, hid
    the first meld of its side and every discard behind it."""
    g = Game("classic", seed=5, hands=1)
    for name in list(g.seats):
        g.seat_for(name, "coach", 1)
    told_by = []
    while not g.over:
        told = g.computer_turn()
        if told.advice is not None and told.moves and told.moves[0].startswith("draw"):
            told_by.append(told.advice.reason)
    assert told_by and "draw-always" not in told_by and "initial" in told_by, told_by
