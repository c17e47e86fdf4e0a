"""Judging a move further (``judge_further``: a move whose steps broke no rule, and more steps) rules
exactly as judging the whole move from the table: the same violations, notes, sources, verdict, score
and table after."""
from __future__ import annotations

from pathlib import Path

import pytest

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import Verdict, judge, judge_further
from canasta_tutor.engine.move import Step
from canasta_tutor.files.snapshot import load_table
from canasta_tutor.learning.positions import walk
from canasta_tutor.play.moves import legal_moves

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))


def ruling(v: Verdict) -> tuple:
    state = v.state
    return (v.legal, v.went_out, v.concealed, [str(s) for s in v.steps],
            [(f.rule, f.step, f.params, f.source, f.inherited) for f in v.violations],
            [(n.rule, n.step, n.params, n.source) for n in v.notes],
            state.counted, state.out_step, state.ended_by_red_three, v.after.to_data())


def continuations(v: Verdict) -> list[list[Step]]:
    """What may follow a move: a discard of each card held, the moves listed after it, and steps that
    break rules (a second draw, a discard of a card not held, a meld of one card)."""
    more = [[Step("discard", (c,))] for c in dict.fromkeys(v.state.hand.cards())]
    if not v.state.discarded and not v.went_out:
        after = v.after
        more += [o.steps for o in legal_moves(after, keep_dead_ends=True).options]
    more += [[Step("draw")], [Step("discard", (Card("JK"),))], [Step("meld", (Card("9", "S"),))],
             [Step("ask")], [Step("draw"), Step("discard", (Card("4", "H"),))],
             [Step("draw", (Card("3", "H"),))], [Step("draw", (Card("3", "D"), Card("9", "S")))]]  # red threes
    return more


def short_of_the_first_meld(table) -> list[Verdict]:
    """Moves whose steps break no rule but whose end does (a first meld short of its minimum): a
    meld of each rank's natural cards, and a take of the pile with them."""
    hand = table.mover.hand or []
    out = []
    for rank in dict.fromkeys(c.rank for c in hand if c.is_natural):
        cards = tuple(c for c in hand if c.rank == rank and c.is_natural)
        for steps in ([Step("meld", cards)], [Step("take", cards)], [Step("draw"), Step("meld", cards)]):
            v = judge(table, steps)
            if v.violations and all(f.rule.startswith("initial.") for f in v.violations):
                out.append(v)
    return out


def check_position(table) -> int:
    compared = 0
    moves = [o.verdict for o in legal_moves(table, keep_dead_ends=True).options]
    for v in moves + short_of_the_first_meld(table):
        for more in continuations(v)[:40]:
            whole = judge(table, v.steps + more)
            further = judge_further(v, more)
            assert ruling(further) == ruling(whole), (table.file, v.steps, more)
            compared += 1
            if further._steps_found == 0 and not further.state.discarded:  # carried on once more, as the search does
                for last in continuations(further)[:3]:
                    assert ruling(judge_further(further, last)) == ruling(judge(table, v.steps + more + last)), \
                        (table.file, v.steps, more, last)
                    compared += 1
        assert ruling(v) == ruling(judge(table, v.steps))  # the move judged further is left as it was
        compared += 1
    return compared


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_judging_further_is_judging_the_whole_move_on_every_scenario(path):
    table = load_table(str(path))
    check_position(table)
    if table.turn.phase == "draw":
        play = table.clone()
        play.turn.phase = "play"
        check_position(play)


def test_judging_further_is_judging_the_whole_move_in_play():
    """Positions of real play, every few turns of one hand of each ruleset, as the mover sees them."""
    compared = 0
    for ruleset in ("classic", "classic-3p", "brazilian", "danish", "dutch-house"):
        for i, position in enumerate(walk(ruleset, 11)):
            if i % 9 == 0:
                compared += check_position(position.seen())
                drawn = position._drawn()
                if drawn is not None:
                    compared += check_position(drawn.table)
    assert compared > 1000


def test_moves_short_of_the_first_meld_are_among_those_judged_further():
    assert sum(len(short_of_the_first_meld(load_table(str(p)))) for p in SCENARIOS) > 10


def test_a_verdict_the_judge_did_not_rule_is_not_judged_further():
    """Without the judge's record of where the move's end began, the notes to carry on are unknown."""
    from canasta_tutor.engine.state import TurnState

    table = load_table(str(ROOT / "canasta_tutor" / "examples" / "table.yaml"))
    made = Verdict(table.ruleset, [Step("draw")], [], [], TurnState.start(table))
    with pytest.raises(ValueError):
        judge_further(made, [Step("discard", (Card("4", "H"),))])


def test_only_a_move_whose_steps_broke_no_rule_is_judged_further():
    table = load_table(str(ROOT / "canasta_tutor" / "examples" / "table.yaml"))
    v = judge(table, [Step("discard", (Card("4", "H"),))])  # before the draw
    assert not v.legal
    with pytest.raises(ValueError):
        judge_further(v, [Step("draw")])
