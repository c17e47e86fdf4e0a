"""'May I go out?': the computer partner's answer, its reason, and the answer binding both ways."""
import pytest

from canasta_tutor.engine.cards import parse_card
from canasta_tutor.engine.move import parse_move
from canasta_tutor.files.snapshot import table_from_text
from canasta_tutor.learning.play_session import Session
from canasta_tutor.play.game import Game, NotNow
from canasta_tutor.play.partner import could_meld, decide

TABLE = """\
ruleset: {ruleset}
players:
  - {{name: Ann, hand: 8H 8D 8S 4C}}
  - {{name: Bob, hand: 5C 5D 6C 6D 7C 7D 9C 9D 10C}}
  - {{name: Cas, hand: {partner}}}
  - {{name: Dee, hand: 5H 5S 6H 6S 7H 7S 9H 9S 10S}}
sides:
  - {{name: NS, players: [Ann, Cas], score: {score}, melds: [KD KC KH KS KD KC KH]}}
  - {{name: EW, players: [Bob, Dee], score: 650, melds: [AS AH AD]}}
discard: 4D 6S
stock: 6
turn: {{player: Ann, phase: play}}
"""
STOCK = "JC JD QC QD 4H 4S"
# Queens and jacks three of a kind: 60 of the partner's 105 points could still be melded.
MELDS = "QH QD QS JH JD JS 10H 10D 9H 9C 7H"


def game(partner: str, score: int = 600, ruleset: str = "classic") -> Game:
    t = table_from_text(TABLE.format(ruleset=ruleset, partner=partner, score=score))
    return Game.from_table(t, {"stock": STOCK, "seats": {"Ann": "human"}})


def test_a_partner_with_a_hand_to_meld_says_no_and_the_no_forbids_going_out():
    g = game(MELDS)
    v = g.play(parse_move("ask"))
    assert v.legal and g.table.turn.permission == "refused"
    (a,) = g.answers
    assert (a.partner, a.yes, a.reason, a.params) == ("Cas", False, "meld", {"could": 60, "points": 105})
    out = g.play(parse_move("meld 8H 8D 8S; discard 4C"))
    assert not out.legal and out.rule_ids[0] == "out.permission"
    assert not any(o.kind == "out" for o in g.moves().options)
    with pytest.raises(NotNow):  # one answer a turn: no asking again
        g.play(parse_move("ask"))
    assert g.play(parse_move("discard 4C")).legal and g.table.turn.player == "Bob"


def test_a_partner_with_little_in_hand_says_yes_and_the_yes_binds_the_asker_to_go_out():
    g = game("4H 5D")
    g.play(parse_move("ask"))
    (a,) = g.answers
    assert a.yes and a.reason == "little" and a.params == {"points": 10, "bonus": 100}
    with pytest.raises(NotNow) as no:
        g.play(parse_move("discard 4C"))
    assert no.value.key == "bound-to-go-out"
    assert g.table.turn.player == "Ann" and not g.moves().of_kind("discard")
    v = g.play(parse_move("meld 8H 8D 8S; discard 4C"))
    assert v.legal and v.went_out and g.last is not None and g.last.out == "Ann"


def test_the_score_weighs_in_the_side_ahead_ends_the_hand_sooner():
    assert not decide(game(MELDS, score=600).table, "Ann").yes  # behind 650: keep going
    a = decide(game(MELDS, score=800).table, "Ann")  # ahead: 60 points to meld are not worth it
    assert a.yes and a.reason == "stuck" and a.params == {"points": 105, "could": 60}


def test_every_reason_states_the_partners_hand_truly():
    for hand in (MELDS, "4H 5D", "KS QH QD QS 2C", "JK 9H 9D 9S 7H"):
        t = game(hand).table
        a = decide(t, "Ann")
        cards = [parse_card(w) for w in hand.split()]
        if "points" in a.params:
            assert a.params["points"] == sum(c.value for c in cards)
        if "could" in a.params:
            assert a.params["could"] == could_meld(t, "Cas") <= a.params["points"]
        assert a.yes == (a.reason != "meld")


def test_a_move_that_asks_and_goes_out_at_once_stops_at_a_no():
    g = game(MELDS)
    v = g.play(parse_move("meld 8H 8D 8S; ask; discard 4C"))
    assert not v.legal and v.rule_ids[0] == "out.permission"
    assert [str(c) for c in g.table.player("Ann").hand] == ["4C"]  # the meld before the question stands


def test_brazilian_lets_a_player_ask_once_a_hand():
    g = game("4H 5D 6C 7C 8C 9C 10C JC QC", ruleset="brazilian")
    g.play(parse_move("ask"))
    assert g.answers[-1].yes is False or g.answers[-1].yes is True
    g.table.turn.permission = "none"  # a later turn of Ann's, in the same hand
    with pytest.raises(NotNow) as no:
        g.play(parse_move("ask"))
    assert no.value.key == "asked-this-hand"
    assert not g.moves().of_kind("ask")


def test_the_human_partner_is_asked_when_a_computer_player_asks():
    g = game(MELDS)
    g.seat_for("Ann", "coach")
    g.seat_for("Cas", "human")
    put: list[str] = []
    g.ask_human = lambda asker, partner: put.append(f"{asker}->{partner}") or False
    g.play(parse_move("ask"))
    assert put == ["Ann->Cas"] and g.table.turn.permission == "refused"
    assert g.answers[-1].reason == "human-no"


def _human_partner_answers(*typed: str):
    """Ann (the computer) asks Cas, the human, who types ``typed``: the game and what was written."""
    g = game("4H 5D")
    g.seat_for("Ann", "coach")
    g.seat_for("Cas", "human")
    lines: list[str] = []
    s = Session(g, iter(typed), lines.append, lambda text, *_: text)
    told = g.computer_turn()
    s._answers()
    return g, told, "\n".join(lines)


def test_in_a_session_the_computer_asks_the_human_and_the_no_binds():
    g, told, text = _human_partner_answers("maybe", "no")
    assert "Ann, your partner, asks: may I go out?" in text and "Answer yes or no." in text
    assert "Cas answers Ann: no." in text
    assert told.moves[-1].startswith("discard") and g.last is None  # Ann did not go out


def test_quit_at_the_partners_question_asks_for_the_answer_first():
    _, _, text = _human_partner_answers("quit", "no")
    assert "Answer yes or no first" in text and "Cas answers Ann: no." in text


def test_self_play_hands_run_with_the_partners_answers():
    from canasta_tutor.play.selfplay import play_hand

    for seed in range(1, 6):
        r = play_hand("classic", seed)
        assert not r.broken and r.ended in ("out", "stock", "red-three")


def test_a_player_whose_only_move_is_to_ask_is_not_stuck():
    """Ann holds one card: discarding it goes out, which needs Cas's yes first. The hand is not over:
    she asks, the yes lets her go out."""
    g = game("4H 5D")
    g.table.player("Ann").hand = [parse_card("4C")]
    assert [o.kind for o in g.moves().options] == ["ask"]
    assert not g.end_if_stuck() and not g.over
    g.play(parse_move("ask"))
    assert g.table.turn.permission == "granted"
    assert g.play(parse_move("discard 4C")).legal and g.last is not None
