"""The trusted constructor for programs: a table from cards, unchecked, the same table the validating
``table_from_dict`` builds from the same position."""
from __future__ import annotations

from canasta_tutor import api

HAND = "7H 7D 2C KS KH 5C 9D 9S 4H JK QD"


def classic(**kw):
    c = api.cards
    return api.table_from_cards("classic", [c(HAND), 11, 9, 11], melds=[[c("KD KC KS 2S"), c("7S 7S 7C 7C 7D 7H JK")]],
                                discard=c("5D 8C 4S 9H"), stock=40, scores=[1450, 2300], **kw)


def test_a_trusted_table_is_the_table_its_data_describes():
    t = classic()
    assert api.table_from_dict(t.to_data()).to_data() == t.to_data()
    assert t.side_of("P1").players == ["P1", "P3"] and t.turn.player == "P1"


def test_a_trusted_table_is_ruled_as_its_checked_twin():
    for phase, moves in (("draw", ["take 9S 9D", "take", "draw", "meld 9S 9D 2C"]),
                         ("play", ["meld 9S 9D 2C", "meld 9S 9D", "add KH to K", "discard JK", "discard 4H"])):
        t = classic(phase=phase)
        twin = api.table_from_dict(t.to_data())
        for move in moves:
            a, b = api.check(t, move), api.check(twin, move)
            assert (a.legal, a.decisive, a.rule_ids) == (b.legal, b.decisive, b.rule_ids), move


def test_seats_sides_and_the_player_on_turn():
    c = api.cards
    t = api.table_from_cards("official-6p", [c("5C"), 3, 3, 3, 3, 3], melds=[[], [c("QH QS QD")]], player=1,
                             phase="play", has_melded=[False, True])
    assert [s.players for s in t.sides] == [["P1", "P4"], ["P2", "P5"], ["P3", "P6"]]  # three sides of two
    seated = api.table_from_dict(t.to_data() | {"sides": None})  # as a table file's sides are by default
    assert [s.players for s in seated.sides] == [s.players for s in t.sides]
    assert t.turn.player == "P2" and t.mover.has_melded and t.mover.hand is None
    assert t.side_of("P2").melds[0].rank == "Q"


def test_a_change_before_the_first_look_is_what_every_ruling_sees():
    t = classic(phase="draw")
    t.stock = 0  # changed before anything looked at the table: it is built first, and keeps the change
    assert api.check(t, "draw").decisive == "draw.stock-empty" and t.stock == 0
    t = classic(phase="draw")
    t.discard = []
    assert not api.can_take(t) and api.check(t, "take 9S 9D").decisive == "pile.empty"


def test_a_trusted_table_equals_and_prints_as_the_table_built_at_once():
    t, built = classic(), classic()
    assert built.players  # a look builds it
    assert t == built and built == t and repr(t) == repr(built) and repr(t).startswith("Table(")
