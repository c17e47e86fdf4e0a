"""A legal move made without its ruling (``judge.make``, which self-play uses) against the judge: on
every position self-played hands list, in every built-in ruleset, each listed move and each move the
hand made (draws with their cards named) leaves the table the judge's ruling gives, and ends the
turn the same way; so does every move listed on a scenario's table."""
from __future__ import annotations

import pytest

from canasta_tutor.engine.judge import judge, make
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.engine.table import Table
from canasta_tutor.play import selfplay
from canasta_tutor.play.candidates import _canastas_of_step
from canasta_tutor.play.moves import legal_moves


def played(rid: str, seed: int) -> list[tuple[Table, list[Step]]]:
    """Every move a self-played hand made without its ruling, with the table it was made on; and
    every option listed on the positions of the hand."""
    made: list[tuple[Table, list[Step]]] = []
    real_make, real_listing = selfplay.make, selfplay.legal_moves

    def recording_make(table, steps, shared=False):
        made.append((table.clone(), list(steps)))
        return real_make(table, steps, shared)

    def recording_listing(table, *args, **kwargs):
        ml = real_listing(table, *args, **kwargs)
        made.extend((table.clone(), list(o.steps)) for o in ml.options)
        return ml

    selfplay.make, selfplay.legal_moves = recording_make, recording_listing  # type: ignore[assignment]
    try:
        selfplay.play_hand(rid, seed, checks=False)
    finally:
        selfplay.make, selfplay.legal_moves = real_make, real_listing  # type: ignore[assignment]
    return made


@pytest.mark.parametrize("rid", BUILTIN)
def test_a_move_made_without_its_ruling_leaves_the_judges_table(rid):
    moves = [m for seed in (1, 2, 3) for m in played(rid, seed)]
    assert len(moves) > 200
    for table, steps in moves:
        v = judge(table, steps)
        if not v.legal:  # a move the listing offers after an ask the partner may refuse
            continue
        before = table.to_data()
        for shared in (False, True):
            m = make(table, steps, shared)
            assert m.after.to_data() == v.after.to_data(), (rid, steps, shared)
            assert (m.went_out, m.concealed, m.state.ended_by_red_three, m.state.discarded) == \
                (v.went_out, v.concealed, v.state.ended_by_red_three, v.state.discarded), (rid, steps)
            assert table.to_data() == before  # the table made on is never changed


def scenario_moves() -> list[tuple[Table, list[Step]]]:
    """Every move listed on every scenario's table, in its phase and (from the draw phase) in the
    play phase too: the corners self-play seldom reaches (going out concealed, red threes...)."""
    from pathlib import Path

    from canasta_tutor.files.snapshot import load_table

    moves = []
    for path in sorted((Path(__file__).resolve().parent.parent / "scenarios").rglob("*.yaml")):
        table = load_table(path)
        tables = [table]
        if table.turn.phase == "draw":
            playing = table.clone()
            playing.turn.phase = "play"
            tables.append(playing)
        moves += [(t, list(o.steps)) for t in tables for o in legal_moves(t).options]
    return moves


def test_a_move_made_without_its_ruling_leaves_the_judges_table_on_every_scenario():
    moves = scenario_moves()
    assert any(judge(t, s).concealed for t, s in moves)
    for table, steps in moves:
        v = judge(table, steps)
        m = make(table, steps)
        assert m.after.to_data() == v.after.to_data(), steps
        assert (m.went_out, m.concealed, m.state.ended_by_red_three) == \
            (v.went_out, v.concealed, v.state.ended_by_red_three), steps


def test_a_table_made_unshared_has_nothing_of_the_table_before():
    table, steps = next((t, s) for t, s in played("classic", 1) if s[0].kind == "meld")
    before = table.to_data()
    after = make(table, steps).after
    for p in after.players:
        if p.hand is not None:
            p.hand.clear()
    for side in after.sides:
        side.red_threes.clear()
        for m in side.melds:
            m.cards.clear()
        side.melds.clear()
    after.discard.clear()
    assert table.to_data() == before


def test_self_play_makes_its_moves_without_ruling_them(monkeypatch):
    """Self-play makes most of its moves without their rulings (so the test above covers what it does)."""
    made = []
    real_make = selfplay.make
    monkeypatch.setattr(selfplay, "make", lambda t, steps, shared=False: made.append(steps) or real_make(t, steps, shared))
    result = selfplay.play_hand("classic", 1, checks=False)
    assert len(made) > result.moves * 0.9


@pytest.mark.parametrize("rid", BUILTIN)
def test_the_canastas_an_option_completes_are_the_judges(rid):
    """``Option.canastas`` counts them for a plain step and makes the move for others, unjudged: on
    every option self-played hands list, the ranks (and their order) the judge's notes give."""
    listed = []
    real_listing = selfplay.legal_moves

    def recording_listing(table, *args, **kwargs):
        ml = real_listing(table, *args, **kwargs)
        listed.extend((table.clone(), o) for o in ml.options)
        return ml

    selfplay.legal_moves = recording_listing  # type: ignore[assignment]
    try:
        for seed in (1, 2, 3, 4):
            selfplay.play_hand(rid, seed, checks=False)
    finally:
        selfplay.legal_moves = real_listing  # type: ignore[assignment]
    completing = counted_ones = 0
    for table, o in listed:
        if o.listed_on is None:
            continue
        judged = [n.params["rank"] for n in judge(o.listed_on, o.steps).notes if n.rule == "canasta"]
        counted = _canastas_of_step(o.listed_on, o.steps)  # a plain step: counted, not made
        if counted is not None:
            assert counted == judged, (rid, o.move, table.to_data())
            counted_ones += bool(judged)
        assert o.canastas == judged, (rid, o.move, table.to_data())
        completing += bool(judged)
    assert completing > 0 and counted_ones > 0, rid


def test_a_computer_player_asks_first_as_the_judges_table_says():
    """``partner.asks_first`` counts the cards a listed meld or lay-off leaves in a known hand: on
    every option classic self-play lists (its partner must consent to going out), the same answer as
    the count on the table the judge's ruling leaves."""
    from canasta_tutor.play.partner import asks_first, partner_of

    listed = []
    real_listing = selfplay.legal_moves

    def recording_listing(table, *args, **kwargs):
        ml = real_listing(table, *args, **kwargs)
        listed.extend((table, o) for o in ml.options)
        return ml

    selfplay.legal_moves = recording_listing  # type: ignore[assignment]
    try:
        for seed in (1, 2, 3, 4, 5, 6):
            selfplay.play_hand("classic", seed, checks=False)
    finally:
        selfplay.legal_moves = real_listing  # type: ignore[assignment]
    asked = 0
    for table, o in listed:
        if o.kind not in ("meld", "add") or partner_of(table, table.turn.player) is None:
            continue
        judged = judge(table, o.steps).after.player(table.turn.player).count <= 1
        assert asks_first(table, o, True) == judged, (o.move, table.to_data())
        asked += judged
    assert asked > 0
