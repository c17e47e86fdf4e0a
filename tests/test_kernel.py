"""Differential tests: the verdict kernel against the judge, which is the specification.

Whenever the kernel answers (rather than handing the question to the judge), its verdict and its
deciding rule id must be the judge's: on every scenario, on generated tables in every ruleset and
house-rule combination, and on positions of self-play. A disagreement names the table and the move.
The longer soak is ``bench/soak_kernel.py``.
"""
from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
import yaml

from canasta_tutor import api
from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.kernel import JUDGE, decide, decide_after, no_take, some_take, take_on_counts, view
from canasta_tutor.engine.move import Step, parse_move
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS, load_ruleset
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import load_scenario

try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    pytest.skip("hypothesis is not installed (pip install -e .[test])", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))


def judged(table: Table, steps: list[Step]) -> str | None:
    v = judge(table, steps)
    return v.violations[0].rule if v.violations else None


def trusted_twin(table: Table) -> Table | None:
    """The same position through the trusted constructor (kept as its parts until looked at), when the
    table can be said that way: a built-in ruleset, no house rule, the sides seated as by default, the
    pile's state left to its cards. A fresh one per question: the judge's look builds it."""
    from canasta_tutor.engine.table import partners

    seats = [p.name for p in table.players]
    if (table.house_rules or table.ruleset_ref not in BUILTIN or table.pile_frozen is not None or table.cut_bonus
            or table.turn.red_three_last or any(s.red_threes for s in table.sides)
            or [s.players for s in table.sides] != partners(seats, table.ruleset.side_size)):
        return None
    return api.table_from_cards(
        table.ruleset_ref, [list(p.hand) if p.hand is not None else p.count for p in table.players],
        # a meld's wild cards first, as a program may list them: its rank is still its natural cards'
        melds=[[sorted(m.cards, key=lambda c: not c.is_wild) for m in s.melds] for s in table.sides],
        discard=list(table.discard),
        stock=table.stock, player=seats.index(table.turn.player), phase=table.turn.phase,
        scores=[s.score for s in table.sides], first_round=table.turn.first_round,
        permission=table.turn.permission, has_melded=[p.has_melded for p in table.players])


def compared(twin: Table | None, table: Table, steps: list[Step], what: str = "",
             ruled: Callable[[], str | None] | None = None) -> str | None:
    """None when the kernel reading ``twin`` agrees with the judge on ``table`` (the same position), or
    hands the move over; else what differs. A twin other than the table itself is the position kept as
    its parts, which the kernel must leave unbuilt. ``ruled``: the judge's deciding rule, when the
    caller asks it once for several twins."""
    if twin is None:
        return None
    mine = decide(twin, steps)
    if twin is not table:
        assert twin.parts is not None, "the kernel built the table it was asked about"  # type: ignore[attr-defined]
    if mine == JUDGE:
        return None
    theirs = ruled() if ruled is not None else judged(table, steps)
    if mine == theirs:
        return None
    on = f"the {what} " if what else ""
    return f"{'; '.join(map(str, steps))!r} on {on}{table.to_data()}: kernel {mine or 'legal'}, judge {theirs or 'legal'}"


def disagreement(table: Table, steps: list[Step]) -> str | None:
    """None when the kernel agrees with the judge or hands the move over; else what differs."""
    return compared(table, table, steps)


def twin_disagreement(twin: Table | None, table: Table, steps: list[Step], what: str) -> str | None:
    """``disagreement`` for the kernel reading ``twin`` (the table's position kept as its parts, which
    the kernel must leave unbuilt), against the judge on the table itself."""
    return compared(twin, table, steps, what)


def trusted_disagreement(table: Table, steps: list[Step]) -> str | None:
    return twin_disagreement(trusted_twin(table), table, steps, "trusted")


def data_twin(table: Table) -> Table | None:
    """The same position through ``table_from_dict``, when it takes the direct way: a checked table
    kept as its parts, which the kernel reads unbuilt. A fresh one per question."""
    from canasta_tutor.engine.plain import DataTable
    from canasta_tutor.files.from_data import _Decline, _direct

    # ``table_from_dict``'s direct way alone: where it declines, the reader's table (which the kernel
    # reads as the judge's) would be built only to be thrown away, at ten times the cost.
    try:
        twin = _direct(table.to_data())
    except _Decline:
        return None
    return twin if type(twin) is DataTable else None


def sealed_twin(table: Table) -> Table:
    """The same position as ``api.load_table`` gives it: the reader's table sealed, its view kept from
    the first question until something looks into it. One per table, asked every question in turn."""
    from canasta_tutor.engine.plain import SealedTable

    return SealedTable.make(table.clone())


def data_disagreement(table: Table, steps: list[Step]) -> str | None:
    return twin_disagreement(data_twin(table), table, steps, "checked")


def every_disagreement(table: Table, steps: list[Step], kept: Sequence[tuple[Table | None, str]] = ()) -> list[str]:
    """``disagreement`` on the table, on a fresh trusted twin and a fresh checked twin of it, and on
    each table of ``kept`` (with what it is), the judge asked once for all of them rather than once
    for each: the same comparisons as each on its own. The kernel reads the table before its twins
    are made: making one looks into the table, which builds a table kept as its parts, and the
    kernel's reading of those parts is one of the comparisons."""
    theirs: list[str | None] = []  # the judge's deciding rule, once asked

    def ruled() -> str | None:
        if not theirs:
            theirs.append(judged(table, steps))
        return theirs[0]

    def twins() -> Iterator[tuple[Table | None, str]]:
        yield table, ""
        yield trusted_twin(table), "trusted"  # made only once the kernel has read the table
        yield data_twin(table), "checked"
        yield from kept

    return [found for twin, what in twins() if (found := compared(twin, table, steps, what, ruled))]


def single_steps(table: Table, rng: random.Random, groups: int = 40) -> list[Step]:
    """Every kind of single step, with the hand's cards: each discard, groups of one to four cards
    melded, laid off on each meld and taken with the pile; some cards the hand does not hold."""
    steps = [Step("draw"), Step("take"), Step("ask"), Step("draw", (Card("9", "H"),)),
             Step("draw", (Card("9", "H"), Card("5", "C")))]
    hand = list(table.mover.hand or [])
    pool = hand + [Card("2", "C"), Card("JK"), Card("K", "H"), Card("7", "S"), Card("3", "H")]
    if rng.random() < 0.25:  # now and then a card written without a suit: the judge's to match
        pool.append(Card(rng.choice(hand).rank if hand else "9"))
    ranks = [m.rank for m in table.side_of(table.turn.player).melds] + ["K", "Q"]
    for c in dict.fromkeys(pool):
        steps.append(Step("discard", (c,)))
    if hand:  # the whole hand at once: going out
        steps += [Step("meld", tuple(hand)), Step("take", tuple(hand))]
        steps += [Step("add", tuple(hand), rank) for rank in ranks]
    for _ in range(groups):
        source = hand if hand and rng.random() < 0.8 else pool
        cards = tuple(rng.sample(source, min(rng.randint(1, 4), len(source))))
        if rng.random() < 0.5 and hand:  # a group of one rank, as real melds are
            rank = rng.choice(hand).rank
            cards = tuple(c for c in hand + pool if c.rank == rank or c.is_wild)[: rng.randint(1, 5)]
        steps += [Step("meld", cards), Step("take", cards), Step("add", cards, rng.choice(ranks))]
    return steps


def several_steps(table: Table, rng: random.Random, count: int = 12) -> list[list[Step]]:
    """Moves of two to five steps: a draw, a take or an ask first (or not: a meld before the draw),
    then melds, lay-offs and a discard made of the steps ``single_steps`` builds, in any order (a
    step after the discard, a second draw...), and the whole hand laid down."""
    singles = single_steps(table, rng, groups=8)
    plays = [s for s in singles if s.kind in ("meld", "add", "discard")]
    firsts = [Step("draw"), Step("ask")] + [s for s in singles if s.kind == "take"][:6]
    moves = []
    for _ in range(count):
        move = [rng.choice(firsts)] if rng.random() < 0.85 else []
        move += rng.sample(plays, min(len(plays), rng.randint(1, 3)))
        if rng.random() < 0.15:
            move.insert(rng.randint(0, len(move)), rng.choice(firsts))
        moves.append(move if len(move) > 1 else [Step("draw"), *move])
    hand = list(table.mover.hand or [])
    if hand:  # all of it down after the draw, and with the last card discarded
        moves.append([Step("draw"), Step("meld", tuple(hand))])
    if len(hand) > 1:
        moves.append([Step("draw"), Step("meld", tuple(hand[:-1])), Step("discard", (hand[-1],))])
    return moves


def scenario_tables():
    for path in SCENARIOS:
        scenario = load_scenario(path)
        t = scenario.table
        twin = t.clone()
        twin.turn.phase = "play" if t.turn.phase == "draw" else "draw"
        yield path, t, [c.move for c in scenario.checks], twin


def test_the_kernel_agrees_with_the_judge_on_every_scenario():
    rng = random.Random(26)
    problems: list[str] = []
    answered = asked = trusted = checked = 0
    for path, table, moves, twin in scenario_tables():
        for t in (table, twin):
            candidates = [parse_move(m) for m in moves] + [[s] for s in single_steps(t, rng)]
            sealed = sealed_twin(t)
            for steps in candidates:
                asked += 1
                answered += decide(t, steps) != JUDGE
                for found in every_disagreement(t, steps, [(sealed, "sealed, asked before")]):
                    problems.append(f"{path.name}: {found}")
            trusted += (trusted_twin(t) is not None) * len(candidates)  # the same for every question
            checked += (data_twin(t) is not None) * len(candidates)
    assert not problems, "\n".join(problems[:10])
    assert answered > asked // 2, (answered, asked)  # the kernel answers most single steps itself
    assert trusted > asked // 2, (trusted, asked)  # most positions are asked of their trusted twin too
    assert checked > asked // 2, (checked, asked)  # and of their unbuilt table_from_dict twin


# -- generated tables ----------------------------------------------------------------------------------

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
NATURALS = [Card(r, s) for r in RANKS for s in "HDSC"]
WILDS = [Card("2", s) for s in "HDSC"] + [Card("JK")]
THREES = [Card("3", s) for s in "HDSC"]
HOUSE = {name: p for name, p in PARAMS.items() if p.house}
# The tables below seat four players: a ruleset for other seats would only be refused (and redrawn).
SEATING_FOUR = [rid for rid in BUILTIN if load_ruleset(rid).players == 4]
SETTINGS = settings(database=None, derandomize=True, deadline=None, max_examples=int(os.environ.get("KERNEL_EXAMPLES", "150")),  # bench/soak_kernel.py asks for more
                    
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def house_values() -> st.SearchStrategy[dict]:
    """House rules over the parameters that change a verdict, each with a value it may take."""
    tiers = st.lists(st.sampled_from([0, 50, 90, 120, "canasta"]), min_size=1, max_size=2).map(
        lambda needs: [{"below": 1500 * (i + 1), "need": n} for i, n in enumerate(needs[:-1])] + [{"need": needs[-1]}])
    values = {
        "draw_count": st.integers(1, 2), "first_round_restricted": st.booleans(), "min_naturals": st.integers(0, 3),
        "max_wilds": st.sampled_from([None, 1, 2, 3]),
        "wild_ratio": st.sampled_from(HOUSE["wild_ratio"].choices), "discard_wild": st.booleans(),
        "pile_needs_natural_pair": st.booleans(),
        "pile_frozen_by": st.lists(st.sampled_from(HOUSE["pile_frozen_by"].choices), unique=True),
        "pile_take": st.sampled_from(HOUSE["pile_take"].choices), "canasta_closed": st.booleans(),
        "canastas_to_go_out": st.integers(0, 2), "final_discard": st.sampled_from(HOUSE["final_discard"].choices),
        "partner_permission": st.sampled_from(HOUSE["partner_permission"].choices),
        "black_threes_meld": st.sampled_from(HOUSE["black_threes_meld"].choices),
        "stock_out": st.sampled_from(HOUSE["stock_out"].choices), "initial_meld": tiers,
        "pile_onto_meld": st.booleans(),
    }
    return st.lists(st.sampled_from(sorted(values)), unique=True, max_size=6).flatmap(
        lambda names: st.fixed_dictionaries({n: values[n] for n in names}))


@st.composite
def tables(draw: st.DrawFn) -> Table:
    rank_pool = draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=3, unique=True))
    near = [c for c in NATURALS if c.rank in rank_pool]  # few ranks, so melds and takes match

    def cards(lo: int, hi: int) -> list[str]:
        pick = st.one_of(st.sampled_from(near), st.sampled_from(near), st.sampled_from(WILDS),
                         st.sampled_from(NATURALS), st.sampled_from(THREES[2:]))
        return [str(c) for c in draw(st.lists(pick, min_size=lo, max_size=hi))]

    def pile(cards: list[str]) -> list[str]:
        """Now and then a red three in the pile (turned up at the deal: a take gives it to the side)."""
        if cards and draw(st.integers(0, 3)) == 0:
            cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(["3H", "3D"])))
        return cards

    # Now and then a card in the hand written without a suit (``9`` for any nine): the judge's to match.
    suitless = draw(st.sampled_from([[]] * 5 + [[rank_pool[0]]]))
    melds = []
    for rank in draw(st.lists(st.sampled_from(RANKS), max_size=3, unique=True)):
        naturals = draw(st.integers(2, 8))
        wilds = draw(st.integers(0, min(3, naturals - 1)))
        melds.append(" ".join([f"{rank}{'HDSC'[i % 4]}" for i in range(naturals)] + ["JK"] * wilds))
    if draw(st.integers(0, 3)) == 0:  # wild cards alone: a table file holds them where no natural card is asked for
        melds.append(" ".join(["2H", "2C", "JK", "2D", "2S", "JK"][:draw(st.integers(3, 6))]))
    data = {
        "ruleset": draw(st.sampled_from(SEATING_FOUR)),
        "house_rules": draw(house_values()),
        "players": [{"name": "Ann", "hand": " ".join(cards(0, draw(st.sampled_from([2, 4, 9]))) + suitless)},
                    {"name": "Bob", "hand": 11},
                    {"name": "Cas", "hand": 11}, {"name": "Dee", "hand": 11}],
        "sides": [{"name": "NS", "players": ["Ann", "Cas"], "score": draw(st.sampled_from([0, 1600, 3100])),
                   "melds": melds},
                  {"name": "EW", "players": ["Bob", "Dee"], "score": 0}],
        "discard": " ".join(pile(cards(0, 4))),
        "stock": draw(st.sampled_from([0, 1, 30])),
        "turn": {"player": "Ann", "phase": draw(st.sampled_from(["draw", "play"])),
                 "first_round": draw(st.booleans()),
                 "permission": draw(st.sampled_from(["none", "granted", "refused"]))},
    }
    try:
        return api.table_from_dict(data)
    except api.InputError:  # a combination no table may hold (a ruleset for other seats...): another
        from hypothesis import reject

        reject()
        raise


@SETTINGS
@given(tables(), st.randoms(use_true_random=False))
def test_the_kernel_agrees_with_the_judge_on_generated_tables(table, rng):
    moves = [[s] for s in single_steps(table, rng, groups=8)] + several_steps(table, rng, 6)
    rng.shuffle(moves)
    kept = [(trusted_twin(table), "trusted, asked before"), (data_twin(table), "checked, asked before"),
            (sealed_twin(table), "sealed, asked before")]
    # ``kept``: one table asked every question in turn, the view kept from the first
    problems = [found for move in moves for found in every_disagreement(table, move, kept)]
    assert not problems, "\n".join(problems[:5])
    if table.turn.phase == "draw" and table.discard:
        v = view(table)
        assert v is not None
        assert not some_take(v) or listed_take(table), f"can_take on counts says yes: {table.to_data()}"
        assert not no_take(v) or not listed_take(table), f"can_take on counts says no: {table.to_data()}"
        found = take_on_counts(v)
        assert found is None or found == listed_take(table), f"can_take on counts says {found}: {table.to_data()}"


def listed_take(table: Table) -> bool:
    """``can_take`` as the listing's search answers it, without the kernel's plain takes."""
    from canasta_tutor.play.moves import can_take

    return can_take(table)


def test_can_take_on_counts_agrees_with_the_search():
    yes = no = 0
    for path, table, _, twin in scenario_tables():
        for t in (table, twin):
            v = view(t)
            if v is not None and some_take(v):
                yes += 1
                assert listed_take(t), path.name
            if v is not None and not v.drawn and v.pile and no_take(v):
                no += 1
                assert not listed_take(t), path.name
            assert api.can_take(t) == listed_take(t), path.name
            twin = trusted_twin(t)
            if twin is not None:
                assert api.can_take(twin) == listed_take(t), path.name
    assert yes > 5 and no > 5


def test_a_take_that_needs_another_wild_card_than_the_first_held_is_not_refused_on_counts():
    """The plain takes try one natural with the first wild card the hand holds. Where that one leaves
    the first meld short (Brazilian: a two counts 20, a joker 50) and another wild card makes the take
    legal, the counts must not say no. A red three in the hand leaves the first meld's search to the
    listing, so only the plain takes are asked on counts."""
    t = api.table_from_cards("brazilian", [api.cards("7D 2C JK 3H 9S 4C"), 11, 11, 11], discard=api.cards("5S 7H"),
                             stock=30, scores=[0, 0])
    assert api.check(t, "take 7D 2C").decisive == "initial.below-minimum"
    assert api.check(t, "take 7D JK").legal
    v = view(t)
    assert v is not None and take_on_counts(v) is not False
    assert api.can_take(t) and listed_take(t)


# -- self-play -----------------------------------------------------------------------------------------

def self_played_positions(monkeypatch: pytest.MonkeyPatch, rid: str, seed: int) -> list[Table]:
    """Every position a self-played hand asks the listing about (each draw and each play phase)."""
    from canasta_tutor.play import selfplay

    seen: list[Table] = []
    listing = selfplay.legal_moves

    def recording(table: Table, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        seen.append(table.clone())
        return listing(table, *args, **kwargs)

    monkeypatch.setattr(selfplay, "legal_moves", recording)
    selfplay.play_hand(rid, seed, checks=False)
    monkeypatch.setattr(selfplay, "legal_moves", listing)
    return seen


def test_the_kernel_agrees_with_the_judge_on_self_played_positions(monkeypatch):
    """Positions of a self-played hand in every ruleset, with every move listed there and more."""
    from canasta_tutor.play.moves import legal_moves

    rng = random.Random(7)
    problems: list[str] = []
    seen = answered = several = 0
    for rid in BUILTIN:
        for table in self_played_positions(monkeypatch, rid, 26)[::4]:
            seen += 1
            listed = [o.steps for o in legal_moves(table).options]
            moves = [[o[0]] for o in listed] + [[s] for s in single_steps(table, rng, groups=6)]
            for move in moves + listed + several_steps(table, rng, 6):
                answered += len(move) > 1 and decide(table, move) != JUDGE
                several += len(move) > 1
                for found in every_disagreement(table, move):
                    problems.append(f"{rid}: {found}")
    assert seen > 20
    assert not problems, "\n".join(problems[:5])
    assert answered > several // 3, (answered, several)  # the kernel answers many moves of several steps


def test_a_step_found_legal_then_a_discard_agrees_with_the_judge(monkeypatch):
    """``decide_after``, which does not ask a legal step's own rules again, on every step a listing
    of a self-played position found legal with the kernel (a draw, a meld, a lay-off, a take),
    followed by the discard of each card held after it: the judge's answer on the whole move."""
    from canasta_tutor.play.candidates import every_move

    problems: list[str] = []
    answered = asked = 0
    for rid in BUILTIN:
        for seed in (3, 26):
            for table in self_played_positions(monkeypatch, rid, seed):
                v = view(table)
                for o in every_move(table).options:
                    if o.listed_on is None or o.kind not in ("draw", "meld", "add", "take") or v is None:
                        continue
                    step = o.steps[0]
                    held = list(table.mover.hand or ())
                    for c in step.cards:
                        held.remove(c)
                    if o.kind == "take":
                        held += table.discard[:-1]
                    for card in dict.fromkeys(held):
                        more = [Step("discard", (card,))]
                        said = decide_after(v, step, more)
                        asked += 1
                        if said is JUDGE:
                            continue
                        answered += 1
                        ruled = judged(table, [step, *more])
                        if said != ruled:
                            problems.append(f"{rid} seed {seed}: {o.move}; {more[0]}: kernel {said}, judge {ruled}")
    assert not problems, "\n".join(problems[:5])
    assert answered > asked * 0.9 and answered > 5000, (answered, asked)


def test_a_meld_then_the_discard_of_a_card_it_laid_agrees_with_the_judge(monkeypatch):
    """``decide_after`` of a meld or a lay-off a listing found legal, then the discard of a card that
    step laid: legal only where the hand holds another copy (a hand of two decks often does)."""
    from canasta_tutor.play.candidates import every_move

    problems: list[str] = []
    answered = held = 0
    for rid in BUILTIN:
        for table in self_played_positions(monkeypatch, rid, 3):
            v = view(table)
            for o in every_move(table).options:
                if o.listed_on is None or o.kind not in ("meld", "add") or v is None:
                    continue
                step = o.steps[0]
                for card in dict.fromkeys(c for c in step.cards if c.is_natural):
                    more = [Step("discard", (card,))]
                    said = decide_after(v, step, more)
                    if said is JUDGE:
                        continue
                    answered += 1
                    held += said is None
                    ruled = judged(table, [step, *more])
                    if said != ruled:
                        problems.append(f"{rid}: {o.move}; {more[0]}: kernel {said}, judge {ruled}")
    assert not problems, "\n".join(problems[:5])
    assert answered > 500 and 0 < held < answered, (answered, held)


def test_a_take_then_a_discard_on_a_trusted_tables_first_view_agrees_with_the_judge():
    """``decide_after`` on the view a listing reads first of a trusted table, whose melds' ranks are not
    worked out yet (the turn works them out as it starts): a take onto the side's meld of its rank or
    as a new meld, then the discard of a card held, of one the pile gave (the last card: going out), or
    of one not held."""
    from canasta_tutor.engine.kernel import decide_step, step_view

    cards = api.cards

    def table(hand: str, pile: str) -> Table:  # a fresh one per question: the judge's look builds it
        return api.table_from_cards("classic", [cards(hand), 11, 11, 11],
                                    melds=[[cards("2C KH KD KS KC KH KD"), cards("9C 9S 9H")]], discard=cards(pile),
                                    stock=40, scores=[1600, 0])

    asked = 0
    for hand, pile, take in (("9S 9D 4H 7C", "8C 9H", "take 9S 9D"), ("5S 5D 4H", "8C 6D 5H", "take 5S 5D"),
                             ("5S 5D", "8C 5H", "take 5S 5D")):
        for discard in ("4H", "8C", "6D", "7C", "QS"):
            steps = parse_move(f"{take}; discard {discard}")
            v = step_view(table(hand, pile))
            assert v is not None and v.ranks is None  # the first read leaves the ranks to a turn
            assert decide_step(v, steps[0]) is None
            said = decide_after(v, steps[0], steps[1:])
            assert said is not JUDGE and said == judged(table(hand, pile), steps), (take, discard, said)
            asked += 1
    assert asked == 15


def test_a_step_found_legal_then_anything_but_one_plain_discard_is_asked_as_the_whole_move(monkeypatch):
    """``decide_after`` settles a step, then the discard of one natural card held, without a turn; that
    and every other continuation (two discards, a discard of two cards made in code, a meld of one
    card, the discard after cards drawn by name, a card written without its suit, a three, cards drawn
    by name after the step) must be answered as the kernel answers the whole move asked afresh (which
    hands the last three over), and as the judge where the kernel answers."""
    from canasta_tutor.engine.kernel import decide_step
    from canasta_tutor.play.candidates import every_move

    problems: list[str] = []
    asked = named = 0
    for rid in BUILTIN:
        for table in self_played_positions(monkeypatch, rid, 3)[::3]:
            v = view(table)
            if v is None or v.hand is None:
                continue
            for o in every_move(table).options:
                if o.listed_on is None or o.kind not in ("draw", "meld", "add"):
                    continue
                step = o.steps[0]
                held = list(v.hand)
                for c in step.cards:
                    held.remove(c)
                a, b, *_ = [c for c in held if c.is_natural] + [None, None]
                if a is None:
                    continue
                moves = [[Step("discard", (a,))], [Step("meld", (a,))], [Step("discard", (Card(a.rank),))],
                         [Step("discard", (Card("3", "C"),))], [Step("meld", (a,)), Step("discard", (Card("3", "H"),))],
                         [Step("draw", (a,)), Step("discard", (a,))]]
                if b is not None:
                    moves += [[Step("discard", (a,)), Step("discard", (b,))], [Step("discard", (a, b))]]
                firsts = [step]
                if step.kind == "draw":  # the same draw with its cards named: not unseen, the judge's
                    drawn = Step("draw", (a,) * min(v.k.draw_count, v.stock))
                    if decide_step(v, drawn) is None:
                        firsts.append(drawn)
                for first in firsts:
                    for more in moves:
                        said = decide_after(v, first, more)
                        whole = decide(table, [first, *more])
                        asked += 1
                        named += first is not step
                        ruled = whole if whole is JUDGE else judged(table, [first, *more])
                        if not (said == whole == ruled):
                            problems.append(f"{rid}: {first}; {'; '.join(map(str, more))}: "
                                            f"kernel {said}, whole move {whole}, judge {ruled}")
    assert not problems, "\n".join(problems[:5])
    assert asked > 1000 and named > 20, (asked, named)


def test_check_takes_its_verdict_from_the_kernel_and_its_words_from_the_judge():
    for path, table, moves, _ in scenario_tables():
        for move in moves:
            r = api.check(table, move)
            v = judge(table, move)
            assert (r.legal, r.decisive) == (v.legal, judged(table, parse_move(move))), (path.name, move)
            assert r.rule_ids == v.rule_ids and r.verdict.legal == r.legal


def test_the_kernel_agrees_with_the_judge_on_every_way_of_going_out():
    """Going out in one step is rare at random: every ruleset, partner's answer and going-out rule on a
    side holding one canasta, going out by a discard, a meld and a lay-off."""
    problems: list[str] = []
    for rid, answer, ask, last, need, melded in itertools.product(
            BUILTIN, ("none", "granted", "refused"), HOUSE["partner_permission"].choices,
            HOUSE["final_discard"].choices, (1, 2), (False, True)):
        for hand, move in (("5C", "discard 5C"), ("5C 5D 5H", "meld 5C 5D 5H"), ("KH", "add KH to K"),
                           ("5C 5D 5H 5S 5C 5D 5H", "meld 5C 5D 5H 5S 5C 5D 5H")):
            data = {"ruleset": rid, "house_rules": {"partner_permission": ask, "final_discard": last,
                                                    "canastas_to_go_out": need},
                    "players": [{"name": "Ann", "hand": hand, "has_melded": melded}, {"name": "Bob", "hand": 11},
                                {"name": "Cas", "hand": 11}, {"name": "Dee", "hand": 11}],
                    "sides": [{"name": "NS", "players": ["Ann", "Cas"], "score": 0,
                               "melds": ["KH KD KS KC KH KD KS"] if melded else []},
                              {"name": "EW", "players": ["Bob", "Dee"], "score": 0}],
                    "discard": "4C", "stock": 30, "turn": {"player": "Ann", "phase": "play", "permission": answer}}
            try:
                table = api.table_from_dict(data)
            except api.InputError:
                continue
            found = disagreement(table, parse_move(move))
            if found:
                problems.append(f"{rid}: {found}")
            if (ask, last, need) == ("optional", "optional", 1):  # once per ruleset, answer and hand, as
                # its page plays it (no house rule), through the trusted constructor too
                data.pop("house_rules")
                found = trusted_disagreement(api.table_from_dict(data), parse_move(move))
                if found:
                    problems.append(f"{rid}, trusted: {found}")
    assert not problems, "\n".join(problems[:5])


def test_the_kernel_agrees_with_the_judge_on_moves_of_several_steps_that_end_a_turn():
    """The ends of a turn of several steps, in every ruleset: stopping with one card (the one drawn),
    going out after taking the pile (never concealed), after laying off onto the partner's meld (not
    concealed either), concealed, by the discard, and by the discard of a card the pile gave."""
    problems: list[str] = []
    asked = answered = 0
    cases = (("draw", "5C 5D 5H", "8C 5H", "draw; meld 5C 5D 5H"),
             ("draw", "5C 5D 5H 5S 5C 5D", "5H", "take 5C 5D; add 5H 5S 5C 5D to 5"),
             ("play", "KH 5C 5D 5H 5S 5C 5D 5H", "8C", "add KH to K; meld 5C 5D 5H 5S 5C 5D 5H"),
             ("play", "5C 5D 5H 5S 5C 5D 5H 4C", "8C", "meld 5C 5D 5H 5S; add 5C 5D 5H to 5; discard 4C"),
             ("draw", "5C 5D 5H 5S 4C", "8C", "draw; ask; meld 5C 5D 5H 5S; discard 4C"),
             ("draw", "5C 5D", "4D 5H", "take 5C 5D; discard 4D"))
    for rid, answer, last, melded in itertools.product(BUILTIN, ("none", "granted", "refused"),
                                                       HOUSE["final_discard"].choices, (False, True)):
        for phase, hand, pile, move in cases:
            data = {"ruleset": rid, "house_rules": {"final_discard": last},
                    "players": [{"name": "Ann", "hand": hand, "has_melded": melded}, {"name": "Bob", "hand": 11},
                                {"name": "Cas", "hand": 11}, {"name": "Dee", "hand": 11}],
                    "sides": [{"name": "NS", "players": ["Ann", "Cas"], "score": 0,
                               "melds": ["KH KD KS KC KH KD KS"] if melded else ["KD KC KS"]},
                              {"name": "EW", "players": ["Bob", "Dee"], "score": 0}],
                    "discard": pile, "stock": 30, "turn": {"player": "Ann", "phase": phase, "permission": answer}}
            try:
                table = api.table_from_dict(data)
            except api.InputError:
                continue
            steps = parse_move(move)
            asked += 1
            answered += decide(table, steps) != JUDGE
            found = disagreement(table, steps)
            if found:
                problems.append(f"{rid}: {found}")
    assert not problems, "\n".join(problems[:5])
    assert answered > asked * 3 // 4, (answered, asked)  # the kernel answers nearly all of them itself


def test_the_kernel_mirrors_every_rule_of_the_judge_or_hands_it_over():
    from canasta_tutor.engine.kernel.ids import unmirrored
    from canasta_tutor.engine.rules import RULES

    assert not unmirrored(set(RULES)), "mirror these rules in engine/kernel/ (or list them in ids.JUDGED)"
    assert unmirrored(set(RULES) | {"meld.added-for-this-test"}) == {"meld.added-for-this-test"}


def test_a_kernel_behind_the_judge_hands_every_question_over(monkeypatch):
    import canasta_tutor.engine.kernel as kernel

    scenario = load_scenario(str(ROOT / "scenarios" / "rules" / "meld.too-small.yaml"))
    steps = parse_move("meld 7H 7D")
    assert decide(scenario.table, steps) not in (None, JUDGE)
    monkeypatch.setattr(kernel, "_BEHIND", True)
    assert decide(scenario.table, steps) == JUDGE
    assert api.check(scenario.table, steps).legal == judge(scenario.table, steps).legal


def test_a_view_copied_into_a_turn_carries_every_value_it_holds():
    from canasta_tutor.engine.kernel.view import View
    from canasta_tutor.engine.kernel.whole import Turn

    v = view(api.table_from_dict(api.EXAMPLE))
    assert v is not None
    t = Turn()
    v.copy_into(t)
    assert all(getattr(t, name) is getattr(v, name) for name in View.__slots__)  # a slot added is copied too
    for name in View.__slots__:  # each a value of its own, so a slot given another's or a constant shows
        setattr(v, name, object())
    v.copy_into(t)
    assert all(getattr(t, name) is getattr(v, name) for name in View.__slots__)


def test_a_trusted_table_of_any_size_is_seated_as_it_is_built():
    """``table_from_cards`` seats the hands it is given, whatever number the ruleset names: the kernel
    reads the side of the player on turn as the built table seats it (the same seating for every count
    of hands that fills whole sides)."""
    c = api.cards
    problems: list[str] = []
    for rid in BUILTIN:
        for count in (2, 3, 4, 6):
            for seat in range(count):
                hands: list[list[Card] | int] = [11] * count
                hands[seat] = c("KH KD 4C 5C 9S 9D")
                args = {"melds": [[c("KS KC KH")], [c("9H 9C 9S")]], "discard": c("7D 9H"), "stock": 30,
                        "player": seat, "scores": [1600, 0]}
                for phase, moves in (("play", ("add KD to K", "add 9S 9D to 9", "meld 9S 9D 2C", "discard 4C")),
                                     ("draw", ("take 9S 9D", "draw; add KD to K; discard 4C"))):
                    for move in moves:
                        try:
                            built = api.table_from_cards(rid, hands, phase=phase, **args)  # type: ignore[arg-type]
                            built.players  # noqa: B018  # looked at: built as the judge reads it
                            found = twin_disagreement(api.table_from_cards(rid, hands, phase=phase, **args),  # type: ignore[arg-type]
                                                      built, parse_move(move), "trusted")
                        except KeyError:  # a seat on no side (hands that fill no whole side): no table
                            continue
                        if found:
                            problems.append(f"{rid}, {count} hands, seat {seat}: {found}")
    assert not problems, "\n".join(problems[:5])


def test_a_trusted_table_whose_player_on_turn_sits_on_no_side_is_the_judges():
    """Hands that fill no whole side leave the last seats on no side: the kernel, reading the parts,
    hands every question about such a seat to the judge (which says what becomes of it), and answers
    for the seats that do sit on a side."""
    c = api.cards
    for rid, count in (("classic", 5), ("brazilian", 3), ("danish", 5)):
        for seat in range(count):
            hands: list[list[Card] | int] = [11] * count
            hands[seat] = c("KH KD 4C 5C 9S 9D")
            for phase, move in (("play", "add KD to K"), ("play", "discard 4C"), ("draw", "draw")):
                t = api.table_from_cards(rid, hands, melds=[[c("KS KC KH")], [c("9H 9C 9S")]], discard=c("7D 9H"),
                                         stock=30, player=seat, phase=phase, scores=[1600, 0])
                on_a_side = seat < count // 2 * 2
                assert (decide(t, parse_move(move)) != JUDGE) == on_a_side, (rid, count, seat, move)


def test_the_kernel_seats_a_table_from_cards_as_partners_does_for_every_side_size():
    """The kernel reads the side of the player on turn from a table's parts as ``partners`` seats the
    built table (side i holds seats i, i + count...; a seat past the last whole side sits on no side,
    and the judge answers), for sides of one, two and three (no built-in ruleset plays in threes: a
    program sets one), any count of hands, and the hand on turn as cards, as a count, or with a card
    written without a suit (which the kernel leaves to the judge)."""
    from canasta_tutor.engine.table import partners

    c = api.cards
    six = api.table_from_cards("official-6p", [11] * 6).ruleset
    for size in (1, 2, 3):
        rs = six.with_house({"side_size": (size, "the test")})
        for count in range(1, 8):
            names = [f"P{i + 1}" for i in range(count)]
            seating = partners(names, size)
            for seat in range(count):
                side = next((i for i, players in enumerate(seating) if names[seat] in players), None)
                for hand in (c("KH KD 4C 5C"), 11, c("KH 9 4C")):
                    hands: list[list[Card] | int] = [11] * count
                    hands[seat] = hand
                    args = {"melds": [[c("9H 9C 9S")] * (i + 1) for i in range(count)], "discard": c("7D"),
                            "stock": 30, "player": seat, "phase": "play", "scores": [100 * i for i in range(count)],
                            "has_melded": [i % 2 == 0 for i in range(count)]}
                    mine = api.table_from_cards("official-6p", hands, **args)  # type: ignore[arg-type]
                    built = api.table_from_cards("official-6p", hands, **args)  # type: ignore[arg-type]
                    mine.ruleset = built.ruleset = rs
                    where = (size, count, seat, hand)
                    read = view(mine)
                    if side is None:
                        assert read is None, where
                        continue
                    built.players  # noqa: B018  # looked at: read through its objects
                    theirs = view(built)
                    assert read is not None and theirs is not None, where
                    assert read.score == 100 * side and len(read.melds) == side + 1, where
                    assert read.partnered == (size > 1) and read.melded == (seat % 2 == 0), where
                    assert ([list(m) for m in read.melds], read.score, read.partnered, read.melded, read.hand,
                            read.held) == ([list(m) for m in theirs.melds], theirs.score, theirs.partnered,
                                           theirs.melded, theirs.hand, theirs.held), where
                    assert (read.held is not None) == (hand == c("KH KD 4C 5C")), where


def test_a_checked_table_is_ruled_under_the_ruleset_set_on_it_before_the_first_look():
    from canasta_tutor.engine.ruleset import load_ruleset, resolve_for_players

    for rid in BUILTIN:
        data = api.EXAMPLE | {"turn": {"player": "Ann", "first_round": True}}
        for move in ("take 9S 9D", "draw", "take 9S 9D; meld KS 2C KH"):
            t = api.table_from_dict(data)
            t.ruleset = resolve_for_players(load_ruleset(rid), 4)
            steps = parse_move(move)
            mine = decide(t, steps)
            assert mine == JUDGE or mine == judged(t, steps), (rid, move)


def test_steps_made_in_code_with_no_cards_are_the_judges():
    t = api.table_from_cards("classic-2p", [api.cards("5C"), 11], discard=api.cards("7D"), stock=30, phase="play")
    for steps in ([Step("meld")], [Step("meld"), Step("discard", (Card("5", "C"),))], [Step("add", (), "K")],
                  [Step("discard")], [Step("discard", ()), Step("discard", (Card("5", "C"),))]):
        assert decide(t, steps) == JUDGE


def test_a_field_deleted_from_a_table_not_yet_looked_at_is_gone_as_from_any_table():
    t = api.table_from_cards("classic", [api.cards("5C"), 11, 11, 11], stock=30)
    del t.stock
    with pytest.raises(AttributeError):
        t.stock  # noqa: B018
    assert t.players[0].hand == api.cards("5C")  # the rest was built first


def test_a_view_kept_with_its_table_is_never_changed_by_a_question():
    from canasta_tutor.engine.kernel.view import View

    t = api.table_from_dict(api.EXAMPLE | {"turn": {"player": "Ann", "phase": "play"}})
    first = view(t)
    assert first is view(t)  # kept: read once
    before = {name: getattr(first, name) for name in View.__slots__}
    copies = {name: list(value) for name, value in before.items() if isinstance(value, list)}
    for move in ("meld 9S 9D 2C; discard 4H", "add KS 2C to K; discard 4H", "discard 4H", "meld 9S 9D 2C"):
        decide(t, parse_move(move))
    assert {name: getattr(first, name) for name in View.__slots__} == before
    assert {name: list(getattr(first, name)) for name in copies} == copies
    assert t.parts is not None  # type: ignore[attr-defined]


def test_a_kept_view_is_read_again_under_a_ruleset_set_after_the_first_question(tmp_path):
    from canasta_tutor.engine.ruleset import load_ruleset, resolve_for_players

    data = api.EXAMPLE | {"turn": {"player": "Ann", "first_round": True}}
    sealed = tmp_path / "t.yaml"
    sealed.write_text(yaml.safe_dump(data), encoding="utf-8")
    for make in (lambda: api.table_from_dict(data), lambda: api.load_table(str(sealed)),
                 lambda: api.table_from_cards("classic", [api.cards("9S 9D 2C 4H KS"), 3, 2, 3],
                                              melds=[[api.cards("KH KD KC")]], discard=api.cards("5D 8C 9H"),
                                              stock=40, first_round=True)):
        t = make()
        assert decide(t, parse_move("take 9S 9D")) is None  # classic lets a first round take
        t.ruleset = resolve_for_players(load_ruleset("danish"), 4)  # no take in the first round
        steps = parse_move("take 9S 9D")
        assert decide(t, steps) == judged(t, steps) is not None


def test_every_disagreement_reads_a_table_kept_as_its_parts_before_making_its_twins(monkeypatch):
    """The kernel is asked about the table as it was given: a table kept as its parts
    (``table_from_dict``) is read from its parts, as a program's first question reads it, and not
    built first by the making of its trusted and checked twins (which look into it)."""
    real = decide
    read: list[bool] = []

    def reading(t: Table, steps: list[Step]) -> str | None:
        if t is table:
            read.append(t.parts is not None)  # type: ignore[attr-defined]
        return real(t, steps)

    monkeypatch.setitem(globals(), "decide", reading)
    table = api.table_from_dict(api.EXAMPLE)
    assert data_twin(api.table_from_dict(api.EXAMPLE)) is not None  # kept as its parts
    assert not every_disagreement(table, parse_move("take 9S 9D"))
    assert read == [True]


def test_cards_written_without_a_suit_are_matched_as_the_judge_matches_them():
    """A hand or a step with a card written without a suit (``9`` for any nine): the kernel hands it
    over, or agrees with the judge, whether the move is one step or several, on the table and its
    twins."""
    moves = ["meld 9S 9H 2C", "meld 9S 9H 2C; discard 4H", "discard 9H", "discard 4H", "add 9H to 9",
             "meld 9 9S 2C", "draw; meld 9S 9H 2C; discard 4H", "take 9S 9H", "take 9 9S", "add 9 to 9",
             "meld 9 9H 2C; discard 4H", "add 9 to 9; discard 4H"]
    checked = 0
    for hand, phase, melds in (("9 9S 2C 4H 5H", "play", []), ("9 9S 2C 4H 5H", "draw", []),
                               ("9S 9H 2C 4H 5H", "play", ["9D 9C 9S"]), ("9 9 2C 4H", "play", ["9D 9C 9S"])):
        data = api.EXAMPLE | {"players": [{"name": "Ann", "hand": hand}, *api.EXAMPLE["players"][1:]],
                              "turn": {"player": "Ann", "phase": phase}}
        data["sides"] = [dict(api.EXAMPLE["sides"][0], melds=["KH KD KC", *melds]), api.EXAMPLE["sides"][1]]
        table = api.table_from_dict(data)
        for move in moves:
            steps = parse_move(move)
            problems = every_disagreement(table, steps)
            assert not problems, problems
            checked += 1
    assert checked == 48


def test_threes_in_a_move_of_several_steps_are_ruled_as_the_judge_rules_them():
    """A red three held (a position a program made) and black threes, in moves of several steps in
    every ruleset: discarded, melded, melded going out, laid off; the kernel hands them over or agrees."""
    moves = ["meld 9S 9H 2C; discard 3H", "draw; discard 3H", "meld 9S 9H 2C; discard 3C", "draw; discard 3C",
             "meld 3C 3S 3C; discard 3H", "meld 9S 9H 2C; meld 3C 3S 3C; discard 3H", "add 3C to K; discard 3H",
             "meld 9S 9H 2C; meld 3C 3S 3C 3H", "draw; meld 3C 3S 3C"]
    problems: list[str] = []
    asked = 0
    for rid, hand, move in itertools.product(BUILTIN, ("9S 9H 2C 3C 3S 3C 3H", "3C 3S 3C 3H", "9S 9H 2C 3C 3S 3C"),
                                             moves):
        data = {"ruleset": rid,
                "players": [{"name": "Ann", "hand": hand, "has_melded": True}, {"name": "Bob", "hand": 11},
                            {"name": "Cas", "hand": 11}, {"name": "Dee", "hand": 11}],
                "sides": [{"name": "NS", "players": ["Ann", "Cas"], "score": 0, "melds": ["KH KD KS KC KH KD KS"]},
                          {"name": "EW", "players": ["Bob", "Dee"], "score": 0}],
                "discard": "4C", "stock": 30,
                "turn": {"player": "Ann", "phase": "draw" if move.startswith("draw") else "play"}}
        try:
            table = api.table_from_dict(data)
        except api.InputError:  # a ruleset seating other than four
            continue
        asked += 1
        problems += [f"{rid}, {hand}: {found}" for found in every_disagreement(table, parse_move(move))]
    assert not problems, "\n".join(problems[:5])
    assert asked >= 3 * len(moves) * 4, asked  # four rulesets of four players at least


def test_a_step_made_without_its_init_is_looked_at_in_a_move_of_several_steps():
    """Whether the kernel reads a step of several on counts is kept on the step (``Step.plain``); a step
    made without ``Step.__init__`` (a program's subclass, say) holds nothing there and is looked at as
    any other, by ``decide`` and ``decide_after`` alike: a plain discard answered, a three and a card
    written without its suit handed over."""
    table = api.table_from_dict(api.EXAMPLE)

    def bare(kind: str, cards: tuple[Card, ...]) -> Step:
        step = Step.__new__(Step)
        for name, value in (("kind", kind), ("cards", cards), ("to", None)):
            object.__setattr__(step, name, value)
        return step

    take = Step("take", (Card("9", "S"), Card("9", "D")))
    for card, plain in ((Card("4", "H"), True), (Card("3", "S"), False), (Card("4"), False)):
        said = decide(table, [bare("take", take.cards), bare("discard", (card,))])
        assert said == (judged(table, [take, Step("discard", (card,))]) if plain else JUDGE), (card, said)
        v = view(table)
        assert v is not None
        after = decide_after(v, take, [bare("discard", (card,))])
        assert after == said, (card, after, said)


def test_melds_a_program_made_with_strays_or_threes_are_counted_card_by_card():
    # The kernel counts a meld by its shape (the one rank of its natural cards) only where it has one;
    # a trusted meld holding a card of another rank or a three is counted card by card, as the judge
    # counts it, and a red three laid is refused by the kernel itself.
    c = api.cards
    hand = c("KD 7H 9D 9C 3H 2C QS QH")
    melds = [[c("KS KH 9S"), c("7S 7D 3C 2D"), c("2H JK QD QC")], []]
    for phase, moves in (("play", ("add KD to K", "add 7H to 7", "add 2C to K", "add QS to Q", "meld 9D 9C 3H",
                                   "meld QS QH 2C", "meld 9D 9C KD", "meld 9D 9C 2C", "add 9D to Q", "add 9D 2C to Q")),
                         ("draw", ("take KD", "take KD 2C", "take KD 9D"))):
        for move in moves:
            table = api.table_from_cards("classic", [hand, 11, 11, 11], melds=melds, discard=c("5D 8C KC"),
                                         stock=30, phase=phase)
            steps = parse_move(move)
            mine = decide(table, steps)
            assert mine != JUDGE, move
            assert mine == judged(api.table_from_cards("classic", [hand, 11, 11, 11], melds=melds,
                                                       discard=c("5D 8C KC"), stock=30, phase=phase), steps), move


def test_wild_cards_alone_laid_off_onto_any_meld_are_counted_as_the_judge_counts_them():
    """A lay-off of wild cards alone is counted with the meld's own counts where the meld is of one
    natural rank, else card by card: onto a meld of naturals, of naturals and wild cards, a canasta,
    a meld a program made with a three or a card of another rank, a meld of wild cards alone and one
    of black threes, under every limit on wild cards, on naturals and on closed canastas, alone and
    with a discard after it, from a hand they leave cards in, one card or none (going out). The kernel
    on the table kept as its parts, against the judge."""
    from canasta_tutor.engine.ruleset import load_ruleset

    c = api.cards
    hands = [c("2C 2S JK JK 5H 6D"), c("2C JK 5H"), c("2C JK")]
    melds = [c("KS KH KD"), c("QS QH QD QC 2H"), c("9S 9H 9D 9C 9S 9H 2D"), c("7S 7D 3C 2D"), c("JS JH 5S"),
             c("2H JK 2D"), c("3S 3C 3S")]
    laid = [c(x) for x in ("2C", "JK", "2C JK", "2C 2S", "JK JK", "2C 2S JK", "2C 2S JK JK")]
    houses: list[dict[str, object]] = [{}, {"max_wilds": 1}, {"max_wilds": 2, "canasta_closed": False},
                                       {"canasta_closed": True}, {"wild_ratio": "naturals-outnumber"},
                                       {"wild_ratio": "naturals-at-least", "max_wilds": None},
                                       {"min_naturals": 0, "max_wilds": None, "wild_ratio": "pagat"},
                                       {"min_naturals": 4, "black_threes_meld": "never"}]
    problems: list[str] = []
    answered = asked = 0
    for rid, house in itertools.product(("classic", "brazilian", "danish"), houses):
        rs = load_ruleset(rid).with_house({k: (v, "test") for k, v in house.items()})
        for hand, cards, to in itertools.product(hands, laid, ("K", "Q", "9", "7", "J", "?", "3")):
            for steps in ([Step("add", tuple(cards), to)], [Step("add", tuple(cards), to), Step("discard", (hand[-1],))]):
                tables = [api.table_from_cards(rid, [hand, 11, 11, 11], melds=[melds, []], discard=c("5D 8C"),
                                               stock=30, phase="play", has_melded=[True, False, False, False])
                          for _ in range(2)]
                for t in tables:
                    t.ruleset = rs  # set before the first look: the kernel reads the parts under it
                mine = decide(tables[0], steps)
                asked += 1
                if mine == JUDGE:
                    continue
                answered += 1
                theirs = judged(tables[1], steps)
                if mine != theirs:
                    problems.append(f"{rid} {house}, hand {hand}, {'; '.join(map(str, steps))}: kernel {mine}, "
                                    f"judge {theirs}")
    assert not problems, "\n".join(problems[:5])
    assert answered > asked * 3 // 4, (answered, asked)  # the kernel answers nearly all of them itself


def test_a_natural_card_laid_off_onto_a_meld_of_wild_cards_alone_is_a_rank_of_its_own():
    # Under house rules that ask for no natural card the side's meld of wild cards alone has rank "?",
    # which a lay-off made in code may name. A natural card there would make a meld that no table
    # file reads as the judge left it (the reader gives it the natural card's rank): mixed ranks.
    from canasta_tutor.files.snapshot import table_from_text

    table = table_from_text("""\
ruleset: official
house_rules: {min_naturals: 0, max_wilds: 7}
players: [{name: Ann, hand: 5C 6D 2S JK 9H}, {name: Bob, hand: 11}, {name: Cas, hand: 11}, {name: Dee, hand: 11}]
sides:
  - {name: NS, players: [Ann, Cas], melds: [2H 2C JK]}
  - {name: EW, players: [Bob, Dee]}
discard: 4C
stock: 40
turn: {player: Ann, phase: play}
""", "wild.yaml")
    c = api.cards
    for cards, rule in (("5C", "meld.mixed-ranks"), ("2S 5C", "meld.mixed-ranks"), ("5C 6D", "meld.mixed-ranks"),
                        ("2S JK", None)):
        steps = [Step("add", tuple(c(cards)), "?")]
        assert judged(table, steps) == rule, cards
        assert decide(table, steps) == rule, cards
    assert judged(table, [Step("add", tuple(c("2S JK")), "?"), Step("discard", (Card("9", "H"),))]) is None


def test_the_kept_shapes_of_card_groups_stay_bounded(monkeypatch):
    from canasta_tutor.engine.kernel import meld

    monkeypatch.setattr(meld, "_KEPT", 4)
    monkeypatch.setattr(meld, "_SHAPES", {})
    groups = [tuple(api.cards(f"{r}S {r}D {r}H")) for r in ("4", "5", "6", "7", "8", "9", "10")]
    for g in groups:
        assert meld.shape_of(g) == (g[0].rank, 3, 0, sum(c.value for c in g), 0)
        assert len(meld._SHAPES) <= 4
    meld._SHAPES.clear()
    assert meld.shape_of(list(groups[0])) == meld.shape_of(tuple(groups[0]))  # a list is counted, never kept
    assert list(meld._SHAPES) == [tuple(groups[0])]
    assert meld.shape_of(()) == (None, 0, 0, 0, 0) and () not in meld._SHAPES  # nor the empty group
    mixed = tuple(api.cards("9S 2C 3H"))  # two ranks, a wild card and a red three
    assert meld.shape_of(mixed) == (None, 2, 1, sum(c.value for c in mixed), 1)


def test_a_step_without_cards_is_the_judges_after_an_empty_meld_was_counted():
    # A program's table may hold an empty meld, whose shape is counted; a step made in code with no
    # cards must still go to the judge, not be counted as that empty group.
    t = api.table_from_cards("classic-2p", [api.cards("5C 6D 7H"), 11], melds=[[(), api.cards("KS KH KD")], []],
                             discard=api.cards("7D"), stock=30, phase="play")
    decide(t, parse_move("add KC to K"))
    decide(t, [Step("add", (Card("K", "C"),), "")])
    for steps in ([Step("meld")], [Step("meld", ())], [Step("add", (), "K")]):
        assert decide(t, steps) == JUDGE


def test_a_table_read_from_a_file_keeps_its_view_until_it_is_looked_into(tmp_path):
    """``api.load_table`` seals the reader's table: asked many questions, its view is read once; the
    first look into it (or a change) opens it, and a change made then is what the next ruling sees."""
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(api.EXAMPLE | {"turn": {"player": "Ann", "phase": "play"}}), encoding="utf-8")
    t = api.load_table(str(path))
    assert api.check(t, "meld 9S 9D 2C").legal and view(t) is view(t)  # kept: read once
    assert t.parts is not None  # type: ignore[attr-defined]
    t.players[0].hand.remove(api.cards("2C")[0])  # a look, then a change
    assert t.parts is None and view(t) is not view(t)  # type: ignore[attr-defined]
    assert api.check(t, "meld 9S 9D 2C").decisive == "turn.not-in-hand"
    fresh = api.load_table(str(path))
    assert api.check(fresh, "meld 9S 9D 2C").legal  # another read of the file: its own objects
    assert fresh == api.table_from_dict(api.EXAMPLE | {"turn": {"player": "Ann", "phase": "play"}})


def test_a_take_of_a_pile_with_a_red_three_in_it_is_ruled_as_the_judge_rules_it():
    # The red three goes to the side's red threes, not into the hand: it decides between going out,
    # stopping short and neither. The kernel answers a take, alone or followed by more steps (one on
    # top is the judge's); can_take on counts likewise.
    asked = counted = 0
    ruled: set[str | None] = set()
    kings, queens = api.cards("KS KH KD KC 2C KS KH"), api.cards("QS QH QD QC QS QH QD")
    for rid in ("classic", "official", "danish", "brazilian"):
        for melds in ([], [kings], [kings, api.cards("QS QH QD")], [kings, queens]):
            for hand in ("9S 9D", "9S 9D 4C", "9S 2C", "9S 9D 9C", "9S", "9S 9D 9C 5C 5C 2H", "9S 9D KC 4C"):
                for pile in ("3H 9H", "3D 5C 3H 9H", "5C 3H 9H", "3H 9H 3D"):
                    t = api.table_from_cards(rid, [api.cards(hand), 11, 11, 11], melds=[melds], discard=api.cards(pile),
                                             stock=30, scores=[1600, 0])
                    # Then a discard, a meld, a lay-off onto the new meld or the side's, going out.
                    for move in ("take", f"take {hand}", "take 9S 9D", "take 9S", "take 9S 9D; discard 4C",
                                 "take 9S 9D; discard 5C", "take 9S 9D 9C; meld 3H", "take 9S 2C; discard 9H",
                                 "take 9S 9D; meld 5C 5C 2H", "take 9S 9D; add 9C to 9", "take 9S 9D; add KC to K",
                                 "take 9S 9D; add KC to K; discard 4C", "take 9S 9D 9C; meld 5C 5C 2H; discard 5C",
                                 "take 9S 9D; add 9C 5C to 9", "take 9S 2C; add 9D to 9; discard 4C"):
                        steps = parse_move(move)
                        said = decide(t, steps)
                        if pile.endswith("9H"):  # a red three inside the pile: the kernel's
                            assert said != JUDGE or len(steps) > 1, (rid, hand, pile, move)
                            asked += len(steps) > 1 and said != JUDGE  # a move that goes on, answered
                        assert said == JUDGE or said == judged(t, steps), (rid, [str(m) for m in melds], hand, pile, move)
                        ruled.add(said)
                    v = view(t)
                    assert v is not None
                    found = take_on_counts(v)
                    assert found is None or found == listed_take(t), (rid, hand, pile)
                    counted += found is not None
    assert asked > 2500  # most moves that go on after the take too (one that empties the hand first is the judge's)
    assert counted > 400  # can_take answered on counts nearly everywhere
    # The moves reach going out and stopping short, and legal ones.
    assert {None, "out.canastas-needed", "out.permission", "out.must-discard", "initial.below-minimum"} <= ruled, ruled
    # A red three on top (turned up at the deal, not yet covered): no take at all, said on counts.
    for rid in ("classic", "official", "danish"):
        t = api.table_from_cards(rid, [api.cards("3S 3C 3S 9D"), 11, 11, 11], melds=[[api.cards("KS KH KD")]],
                                 discard=api.cards("3D"), stock=30, scores=[1600, 0])
        v = view(t)
        assert v is not None and take_on_counts(v) is False and not listed_take(t), rid


def test_a_take_found_legal_then_a_discard_keeps_the_red_threes_of_the_pile_out_of_the_hand():
    # ``decide_after`` carries a move on from a take the kernel found legal alone. The red threes the
    # take gave the side are not in the hand: the discard of the last card held goes out (and with the
    # partner's answer refused, or not asked where it is required, is refused for that), where a hand
    # that still held them would not.
    said: list[str | None] = []
    take = parse_move("take 9S 9D")[0]
    for rid in ("classic", "official", "danish", "brazilian"):
        canastas = [api.cards("KS KH KD KC 2C KS KH"), api.cards("QS QH QD QC QS QH QD")]
        for permission in ("none", "granted", "refused"):
            for hand, pile in (("9S 9D 4C", "3H 9H"), ("9S 9D 4C", "3D 5C 3H 9H"), ("9S 9D 4C 5S", "3H 3D 9H")):
                t = api.table_from_cards(rid, [api.cards(hand), 11, 11, 11], melds=[canastas], discard=api.cards(pile),
                                         stock=30, scores=[1600, 0], permission=permission)
                v = view(t)
                assert v is not None and decide(t, [take]) is None, (rid, hand, pile)
                for card in dict.fromkeys(api.cards(hand)[2:] + [c for c in t.discard[:-1] if c.is_natural]):
                    more = [Step("discard", (card,))]
                    mine = decide_after(v, take, more)
                    assert mine == judged(t, [take, *more]), (rid, permission, hand, pile, str(card))
                    said.append(mine)
    assert "out.permission" in said and None in said
