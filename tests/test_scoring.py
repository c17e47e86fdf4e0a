"""Scoring cases that scenario files cannot state directly: game end, winner, tie, incomplete hands."""
from pathlib import Path

import pytest

from canasta_tutor.api import check
from canasta_tutor.engine.scoring import score_table
from canasta_tutor.files.snapshot import table_from_text
from canasta_tutor.reading.strict_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent

END_OF_HAND = """
ruleset: {ruleset}
players:
  - {{name: Ann, hand: []}}
  - {{name: Bob, hand: [4C]}}
  - {{name: Cas, hand: [AS]}}
  - {{name: Dee, hand: [3S]}}
sides:
  - name: NS
    players: [Ann, Cas]
    score: {ns}
    melds: ["KH KS KD KC KH KS KD"]
  - name: EW
    players: [Bob, Dee]
    score: {ew}
    melds: ["8H 8D 8S"]
    red_threes: [3H]
turn: {{player: Ann}}
"""


def table(ruleset="classic", ns=0, ew=0):
    return table_from_text(END_OF_HAND.format(ruleset=ruleset, ns=ns, ew=ew))


def totals(report):
    return {s.name: (s.hand_total, s.total) for s in report.sides}


def test_classic_hand_lines_add_up():
    r = score_table(table(), out="Ann")
    # NS: 70 cards + 500 natural canasta + 100 out - 20 (Cas's ace); EW: 30 + 100 red three - 5 - 5
    assert totals(r) == {"NS": (650, 650), "EW": (120, 120)}
    assert {ln.rule for ln in r.sides[0].lines} == {"score.cards", "score.canasta-natural", "score.going-out",
                                                    "score.hand"}
    assert not r.game_over and r.winner is None


def test_dutch_house_black_three_in_hand_and_no_canasta():
    r = score_table(table("dutch-house"), out="Ann")
    # EW has no canasta: melds -30, red three -100, hand -5 (4C) -100 (black three)
    assert totals(r)["EW"][0] == -235
    assert totals(r)["NS"][0] == 70 + 500 - 20  # no going-out bonus in dutch-house


def test_game_over_and_winner_at_target():
    r = score_table(table(ns=4400, ew=4950), out="Ann")
    assert r.game_over and r.winner == "EW"  # 5050 + ... EW 5070 beats NS 5050
    assert totals(r) == {"NS": (650, 5050), "EW": (120, 5070)}


def test_tie_is_reported_as_a_tie():
    r = score_table(table(ns=4470, ew=5000), out="Ann")
    assert r.game_over and r.winner is None and r.tie == ["NS", "EW"]
    assert any(key == "tie" for key, _ in r.notes)


def test_brazilian_target_is_3000():
    r = score_table(table("brazilian", ns=2700), out="Ann")
    assert r.game_over and r.winner == "NS"
    assert totals(r)["NS"][0] == 70 + 200 + 100 - 20


def test_score_needs_known_hands_but_check_scores_what_it_can():
    t = table_from_text(END_OF_HAND.format(ruleset="classic", ns=0, ew=0).replace("hand: [4C]", "hand: 3"))
    with pytest.raises(InputError) as err:
        score_table(t, out="Ann")
    assert err.value.key == "players[1].hand"
    partial = score_table(t, out="Ann", strict=False)
    assert any(key == "hand-unknown" for key, _ in partial.notes)


def test_going_out_move_is_scored():
    t = table_from_text("""
players:
  - {name: Ann, hand: QH QD QS 5C}
  - {name: Bob, hand: [9C]}
  - {name: Cas, hand: [AS, AH, 4C]}
  - {name: Dee, hand: [9D]}
sides:
  - {name: NS, players: [Ann, Cas], melds: ["KH KS KD KC KH KS 2C"]}
  - {name: EW, players: [Bob, Dee]}
stock: 20
turn: {player: Ann}
""")
    v = check(t, "draw QC; ask; meld QH QD QS QC; discard 5C")  # the classic page: ask first
    assert v.legal and v.went_out and not v.concealed
    assert {s.name: s.hand_total for s in v.score.sides} == {"NS": 120 + 300 + 100 - 45, "EW": -20}


def test_the_engine_names_what_cannot_be_scored_and_the_reader_says_where():
    """A domain error from the engine (a key path, no file, no option name); the file's reader adds
    the file, line and column."""
    from canasta_tutor import api
    from canasta_tutor.engine.scoring import ScoreError

    table = api.table_from_dict(api.EXAMPLE)
    with pytest.raises(ScoreError) as err:
        score_table(table, out="Zed")
    assert (err.value.key, err.value.file) == ("out", "")
    assert not str(err.value.message).startswith("--out")
    with pytest.raises(ScoreError) as err:
        score_table(api.table_from_dict(api.EXAMPLE | {"players": [{"name": "Ann", "hand": 2}, *api.EXAMPLE["players"][1:]]}))
    assert (err.value.key, err.value.file, err.value.line) == ("players[0].hand", "", 0)
    assert not hasattr(table, "file") and not hasattr(table, "positions")
    path = str(ROOT / "canasta_tutor" / "examples" / "table.yaml")
    with pytest.raises(InputError) as located:
        api.score_file(path)
    assert (located.value.file, located.value.line, located.value.key) == (path, 10, "players[1].hand")


def test_a_canasta_is_mixed_by_any_wild_card_however_it_is_written():
    """The scorer tells a mixed canasta by a look in ``cards.WILDS``: that set must hold every card
    ``Card.is_wild`` says is wild, a 2 written without a suit (a program's table may hold one) as much
    as the cards of a deck; the one table, scored from its parts, once built and read from data, is
    scored alike."""
    from canasta_tutor import api
    from canasta_tutor.engine.cards import RANKS, SUITS, WILDS, Card

    made = []
    for rank in RANKS:
        for suit in (None, *SUITS):
            try:
                made.append(Card(rank, suit))
            except ValueError:  # a joker has no suit
                assert rank == "JK" and suit is not None
    assert WILDS == {card for card in made if card.is_wild}
    kings = api.cards("KH KS KD KC KH KS")
    for last, kind, bonus in ((Card("K"), "natural", 500), (Card("2"), "mixed", 300), (Card("2", "C"), "mixed", 300),
                              (Card("JK"), "mixed", 300)):
        tables = [api.table_from_cards("classic", [[], [], [], []], melds=[[[*kings, last]]]) for _ in range(2)]
        tables[1].players  # noqa: B018  # looked at: scored from its objects
        tables.append(api.table_from_dict(tables[0].to_data()))
        for t in tables:
            [line] = [ln for ln in score_table(t).sides[0].lines if ln.rule.startswith("score.canasta")]
            assert (line.rule, line.points) == (f"score.canasta-{kind}", bonus), (last, type(t).__name__)


def test_a_joker_has_no_suit():
    """A joker given a suit in code is no card: the judge matched it as the joker a move names and the
    kernel did not (``meld 9S 9D JK`` legal for one, ``turn.not-in-hand`` for the other)."""
    from canasta_tutor.engine.cards import SUITS, Card

    for suit in SUITS:
        with pytest.raises(ValueError, match="no such card"):
            Card("JK", suit)
    assert Card("JK").suit is None
