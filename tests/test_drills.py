"""The quiz's drills read their rules from the rule registry: a rule added to a drilled family is
drilled without an edit to learning/quiz.py. Their feedback names no card the move did not play."""
from __future__ import annotations

import random
import re

import pytest

from canasta_tutor.engine.rules import RULES, Rule
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.learning.feedback import explain
from canasta_tutor.learning.quiz import DRILLS, drill_of, drillable, possible, question_for


def _never(state: object, facts: object) -> None:
    return None


@pytest.mark.parametrize("family, drill", [("meld", "melds"), ("pile", "taking the pile"),
                                           ("initial", "first meld"), ("out", "going out")])
def test_a_rule_added_to_a_family_is_drilled_with_it(monkeypatch, family, drill):
    rule_id = f"{family}.added-for-this-test"
    monkeypatch.setitem(RULES, rule_id, Rule(rule_id, _never, ("take",), (), decides=99_999))
    assert rule_id in drillable()
    found = drill_of(rule_id)
    assert found is not None and found.name == drill


def test_a_rule_a_drill_leaves_out_is_not_drilled():
    assert drill_of("pile.empty") is None and "pile.empty" not in drillable()


def test_every_rule_a_drill_leaves_out_is_a_rule_of_its_family():
    for d in DRILLS:
        for left_out in d.but:
            assert left_out in RULES and left_out.split(".", 1)[0] == d.family, (d.name, left_out)
            assert left_out not in d.rules


def test_the_drills_ask_every_rule_of_their_families_but_the_ones_they_leave_out():
    for d in DRILLS:
        if d.family:
            family = {r for r in RULES if r.startswith(d.family + ".")}
            assert set(d.rules) == (family - set(d.but)) | set(d.also), d.name


def test_a_rule_a_drill_asks_besides_its_family_is_a_rule_of_another_family():
    for d in DRILLS:
        for extra in d.also:
            assert extra in RULES and extra.split(".", 1)[0] != d.family, (d.name, extra)


CARD = re.compile(r"\b(?:10|[2-9JQKA])[HDCS]\b|\bJK\b")


def _named_outside_the_move(q) -> set[str]:
    """Cards the feedback names that the move did not play (a take plays the pile's top card too)."""
    played = set(CARD.findall(q.move))
    if q.table.discard and "take" in q.move:
        played.add(str(q.table.discard[-1]))
    return {c for line in explain(q) for c in CARD.findall(line)} - played


def test_drilled_feedback_names_no_card_the_move_did_not_play():
    asked = 0
    for d in DRILLS:
        if d.moves is None:
            continue
        rng = random.Random(11)
        for i in range(6):
            rule = d.rules[i % len(d.rules)]
            q = question_for(rule, rng, next(rs for rs in BUILTIN if possible(rule, rs)))
            if q is not None:
                asked += 1
                assert not _named_outside_the_move(q), (d.name, q.move, explain(q))
    assert asked >= 20


def test_a_lay_off_with_too_many_wild_cards_names_the_cards_laid_off_and_the_meld():
    for seed in range(60):
        q = question_for("meld.too-many-wilds", random.Random(seed))
        if q is not None and q.move.startswith("add") and not q.verdict().legal:
            break
    else:
        pytest.fail("no lay-off with too many wild cards came up")
    (line,) = explain(q)
    assert not _named_outside_the_move(q), line
    assert "on your side's meld of" in line and "too many wild cards" in line


def test_the_meld_a_lay_off_joins_is_named_by_its_rank_in_every_card_notation():
    """ "on your side's meld of 10s": the rank's name, never read as a card (10S, the ten of spades)."""
    from canasta_tutor import texts

    found = []
    for seed in range(200):
        for rule in ("meld.too-many-wilds", "meld.mixed-ranks", "meld.too-few-naturals"):
            q = question_for(rule, random.Random(seed))
            if q is not None and re.match(r"add .* to [2-9]|add .* to 10", q.move) and not q.verdict().legal \
                    and q.verdict().violations[0].rule == rule:
                found.append(q)
        if len(found) >= 3:
            break
    assert found, "no lay-off onto a meld of a number rank came up"
    try:
        for style in ("symbols", "local"):
            texts.use_cards(style)
            for q in found:
                rank = q.move.rsplit(" ", 1)[1]
                assert f"meld of {texts.rank_name(rank)}" in " ".join(explain(q)), (style, q.move, explain(q))
    finally:
        texts.use_cards("standard")


def test_a_red_three_named_as_the_last_stock_card_is_one_the_table_has_not_shown():
    """'Were the last card a red three': only a red three still out of sight may be that card. At the
    last card of a real hand the red threes are nearly always all laid out already, so such a question
    is seldom asked; before this was checked, these seeds asked it over all four red threes in sight."""
    for seed in range(2):
        q = question_for("hand.over", random.Random(seed), "classic")
        if q is None or not q.move.startswith("draw"):
            continue
        t = q.table
        seen = [str(c) for s in t.sides for c in s.red_threes] + [str(c) for c in t.discard]
        seen += [str(c) for c in t.player(t.turn.player).hand or []]
        for red in ("3H", "3D"):
            if q.move.startswith(f"draw {red}"):
                assert seen.count(red) < t.ruleset.decks, (seed, q.move)


def test_a_wild_card_laid_off_to_go_out_goes_on_the_sides_first_meld_in_every_process():
    """The going-out drill lays a wild card off on the first meld the table lists: a choice that
    followed a set's order changed from one process to the next (the interpreter hashes strings
    differently in each), and a learner's question with it. Both orders of the same two melds."""
    from types import SimpleNamespace

    from canasta_tutor import api
    from canasta_tutor.learning.quiz import out_moves

    for first, second in (("7S 7H 7D", "KS KH KD"), ("KS KH KD", "7S 7H 7D")):
        table = api.table_from_dict({
            "ruleset": "classic",
            "players": [{"name": "Ann", "hand": "2C 9D", "has_melded": True}, {"name": "Bob", "hand": 11}],
            "sides": [{"name": "A", "players": ["Ann"], "score": 0, "melds": [first, second]},
                      {"name": "B", "players": ["Bob"], "score": 0}],
            "discard": "5D", "stock": 40, "turn": {"player": "Ann", "phase": "play"}})
        moves = out_moves(SimpleNamespace(table=table), random.Random(1))  # type: ignore[arg-type]
        assert f"add 2C to {first.split()[0][0]}; discard 9D" in moves, moves
        assert f"add 2C to {second.split()[0][0]}; discard 9D" not in moves, moves
