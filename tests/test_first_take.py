"""A take that must also make the side's first meld, decided on counts (``engine/kernel/first_take.py``),
against the listing's search (``play/candidates.py: can_take``), which asks the judge.

Whenever the counts answer (rather than hand the question to the search), the answer must be the
search's: on seeded random tables of every built-in ruleset (and some house rules), on tables made
to reach the corners (going out with the take, one card left, a canasta asked for, every card
needed), and on positions of self-play. Only tables where the side has not melded and no plain take
(``some_take``) is legal are asked: those are the ones the search is there for."""
from __future__ import annotations

import random
from typing import Any

import pytest
from test_kernel import self_played_positions  # every position a self-played hand lists

from canasta_tutor import api
from canasta_tutor.engine.bounds import Undecided
from canasta_tutor.engine.kernel import some_take, view
from canasta_tutor.engine.kernel.constants import constants
from canasta_tutor.engine.kernel.first_take import first_meld_take
from canasta_tutor.engine.ruleset import BUILTIN, load_ruleset
from canasta_tutor.engine.table import Table
from canasta_tutor.play.candidates import can_take

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
# Around each edge of the first-meld bands (and past the last, where Dutch house rules ask for a canasta).
SCORES = (-200, 0, 1499, 1500, 2999, 3000, 5000, 5001, 7000)
# House rules that change what a first meld may hold or what a take may leave.
HOUSE: list[dict[str, Any]] = [
    {"min_naturals": 3}, {"min_naturals": 1}, {"max_wilds": None}, {"wild_ratio": "naturals-at-least"},
    {"wild_ratio": "naturals-outnumber", "max_wilds": 2}, {"canastas_to_go_out": 0}, {"canastas_to_go_out": 2},
    {"final_discard": "optional", "partner_permission": "required"}, {"pile_take": "one-natural"},
    {"pile_frozen_by": ["wild"]}, {"initial_meld": [{"below": 1500, "need": 50}, {"need": "canasta"}]},
    {"initial_meld": [{"need": 120}]}, {"stock_out": "end"}, {"first_round_restricted": True},
]


def args(t: Table) -> dict[str, Any]:
    """What the caller hands the counts: plain values read off the table."""
    side = t.side_of(t.mover.name)
    return {"k": constants(t.ruleset), "hand": t.mover.hand, "pile": t.discard,
            "score": side.score, "partnered": len(side.players) > 1, "permission": t.turn.permission,
            "stock": t.stock, "pile_frozen": t.pile_content_frozen(), "first_round": t.turn.first_round,
            "red_three_last": t.turn.red_three_last}


def table(rid: str, hand: list[str], pile: list[str], score: int = 0, stock: int = 40, permission: str = "none",
          first_round: bool = False, frozen: bool | None = None, house: dict[str, Any] | None = None) -> Table:
    """A table in the draw phase where the first player's side has not melded."""
    rs = load_ruleset(rid)
    names = [f"P{i}" for i in range(rs.players)]
    count = rs.players // rs.side_size
    sides = [[names[i] for i in range(s, rs.players, count)] for s in range(count)]
    data: dict[str, Any] = {
        "ruleset": rid,
        "players": [{"name": names[0], "hand": " ".join(hand)}] + [{"name": n, "hand": 11} for n in names[1:]],
        "sides": [{"name": f"S{i}", "players": s, "score": score if i == 0 else 0, "melds": []}
                  for i, s in enumerate(sides)],
        "discard": " ".join(pile), "stock": stock,
        "turn": {"player": names[0], "phase": "draw", "first_round": first_round, "permission": permission}}
    if house:
        data["house_rules"] = house
    if frozen is not None:
        data["pile_frozen"] = frozen
    return api.table_from_dict(data)


def random_table(rng: random.Random, rid: str, house: dict[str, Any] | None) -> Table:
    """A hand of 1-20 cards drawn from the ruleset's decks, leaning to a few ranks and wild cards so
    that melds are in reach; a pile whose top is mostly of those ranks."""
    rs = load_ruleset(rid)
    deck = [f"{r}{s}" for r in (*RANKS, "2", "3") for s in "HDSC"] * rs.decks + ["JK"] * rs.jokers
    near = set(rng.sample(RANKS, rng.randint(1, 5)))

    def weight(c: str) -> float:
        if c == "JK" or c[0] == "2":
            return 3
        if c[0] == "3":  # black threes now and then; red threes, laid out at once in play, rarely
            return 0.5 if c[1] in "SC" else 0.03
        return 6 if c[:-1] in near else 1

    def draw(n: int) -> list[str]:
        out = []
        for _ in range(n):
            c = rng.choices(deck, weights=[weight(x) for x in deck])[0]
            deck.remove(c)
            out.append(c)
        return out

    small = rng.random() < 0.3  # small hands and piles: the take may use every card, or go out
    hand = draw(rng.randint(1, 6) if small else rng.randint(1, 20))
    tops = [c for c in deck if c[:-1] in near]
    top = rng.choice(tops) if tops and rng.random() < 0.85 else draw(1)[0]
    if top in deck:
        deck.remove(top)
    pile = draw(rng.choice([0, 0, 1]) if small else rng.choice([0, 1, 1, 2, 4, 8]))
    if rng.random() < 0.01:
        pile.append(rng.choice(["9", "5"]))  # a card written without its suit
    frozen = rng.choice([True, False]) if rng.random() < 0.1 else None
    return table(rid, hand, pile + [top], rng.choice(SCORES), rng.choice([0, 1, 30, 40]),
                 rng.choice(["none", "granted", "refused"]), rng.random() < 0.1, frozen, house)


def plain_take(t: Table) -> bool:
    """Whether a plain take is legal (then the search is not asked)."""
    v = view(t)
    return v is not None and some_take(v)


def differ(t: Table, tally: dict[str, int]) -> str | None:
    """None when the counts agree with the search or hand the table over; else what differs."""
    if t.side_of(t.mover.name).melds or plain_take(t):
        return None
    tally["asked"] += 1
    mine = first_meld_take(**args(t))
    if mine is None:
        tally["none"] += 1
        return None
    try:
        theirs = can_take(t)
    except Undecided:  # the search itself could not tell
        tally["undecided"] += 1
        return None
    tally["yes" if theirs else "no"] += 1
    return None if mine == theirs else f"counts {mine}, search {theirs}: {t.to_data()}"


def new_tally() -> dict[str, int]:
    return dict.fromkeys(("asked", "none", "undecided", "yes", "no"), 0)


def test_the_counts_agree_with_the_search_on_random_tables() -> None:
    rng = random.Random(2024)
    tally = new_tally()
    problems = []
    for i in range(1600):
        rid = BUILTIN[i % len(BUILTIN)]
        house = rng.choice(HOUSE) if rng.random() < 0.25 else None
        try:
            t = random_table(rng, rid, house)
        except api.InputError:  # a house rule no table of this ruleset may hold
            continue
        found = differ(t, tally)
        if found:
            problems.append(f"{rid} {house}: {found}")
    assert not problems, "\n".join(problems[:5])
    assert tally["asked"] > 1100, tally
    assert tally["none"] < tally["asked"] // 10, tally  # the counts answer nearly every table themselves
    assert tally["yes"] > 250 and tally["no"] > 250, tally
    print("random tables:", tally, f"handed over: {tally['none'] / tally['asked']:.1%}")


# The corners, each with the answer the rules give; the search must give it too.
CORNERS = [
    # The example: every nine and both wild cards reach 50 with the top card (9H 9D 9S 2C JK: 100).
    ("classic", "7H 7D 2C KS KH 5C 9D 9S 4H JK QD", "5D 8C 9H", 0, {}, True),
    # No wild card to add: 30 with the nines, and the kings' pair needs a wild card of its own.
    ("classic", "7H 7D KS KH 5C 9D 9S 4H QD", "5D 8C 9H", 0, {}, False),
    # Further melds make up the count: 9H 9D 9S (30) and KS KH KD (30).
    ("classic", "KS KH KD 5C 9D 9S 4H QD", "5D 8C 9H", 0, {}, True),
    # Only the top card of the pile counts: the aces below it do not.
    ("classic", "KS KH 9D 9S 4H QD", "AS AD AH 9H", 1500, {}, False),
    # Five nines reach 50, but a take that would empty the hand goes out: that needs a canasta.
    ("official", "9D 9S 9C 9C", "9H", 0, {}, False),
    # One card left after the take, without a canasta: no way to go on.
    ("official", "9D 9S 9C 9C 4C", "9H", 0, {}, False),
    # Two cards left: fine.
    ("official", "9D 9S 9C 9C 4C 5C", "9H", 0, {}, True),
    # A pile of two leaves its lower card in the hand.
    ("official", "9D 9S 9C 9C 4C", "5H 9H", 0, {}, True),
    # A red three in the pile goes to the side, not into the hand: one card left...
    ("official", "9D 9S 9C 9C 4C", "3D 9H", 0, {}, False),
    # ...or two, with a card of the pile beside it.
    ("official", "9D 9S 9C 9C 4C", "5H 3D 9H", 0, {}, True),
    # 90 to reach: only every card does it, in a canasta, going out, where no last discard is asked for...
    ("official", "9D 9S 9C 9C 2H 2D", "9H", 1500, {}, True),
    # ...unless the partner refused...
    ("official", "9D 9S 9C 9C 2H 2D", "9H", 1500, {"permission": "refused"}, False),
    # ...or the ruleset asks for the last discard.
    ("classic", "9D 9S 9C 9C 2H 2D", "9H", 1500, {"permission": "granted"}, False),
    # One card left is fine once the take makes a canasta...
    ("official", "9D 9S 9C 9C 2H 2D 4C", "9H", 1500, {}, True),
    # ...and not without one.
    ("official", "9D 9S 9C JK 4C", "9H", 1500, {}, False),
    # Dutch house rules past 5000 ask for a canasta: seven nines with the top card.
    ("dutch-house", "9D 9S 9C 9D 9S 9C 4C 5C", "9H", 5001, {}, True),
    ("dutch-house", "9D 9S 9C 9D 9S 4C 5C 2C", "9H", 5001, {}, True),
    ("dutch-house", "9D 9S 9C 9D 4C 5C 2C", "9H", 5001, {}, False),
    # A frozen pile asks for a natural pair: one nine and a joker will not do.
    ("official", "9D JK KS KH KD 4C", "5D 2C 9H", 1500, {}, False),
    # Brazilian rules freeze nothing: one nine and a joker (70), with the kings (30).
    ("brazilian", "9D JK KS KH KD 4C", "5D 9H", 1500, {}, True),
    # ...unless the table says the pile is frozen.
    ("brazilian", "9D JK KS KH KD 4C", "5D 9H", 1500, {"frozen": True}, False),
    # A meld holds three wild cards at most: 7H 7D 7S 2C 2D 2H make 75, short of 90.
    ("official", "7D 7S 2C 2D 2H 2S 4C 5C", "8C 7H", 1500, {}, False),
    # Dutch house rules: the naturals must outnumber the wild cards, so 9H 9D 9S take two twos (70).
    ("dutch-house", "9D 9S 2C 2D 2H 4C 5C", "8C 9H", 1500, {}, False),
    ("dutch-house", "9D 9S 9C 2C 2D 2H 4C 5C", "8C 9H", 1500, {}, True),
    # Danish rules leave no take in the first round, nor once the stock is out.
    ("danish", "9D 9S JK 2C KS KH KD", "5D 9H", 0, {"first_round": True}, False),
    ("danish", "9D 9S JK KS KH KD", "5D 9H", 0, {"stock": 0}, False),
    ("danish", "9D 9S JK KS KH KD", "5D 9H", 0, {}, True),
]


@pytest.mark.parametrize("rid, hand, pile, score, extra, expected", CORNERS)
def test_the_corners(rid: str, hand: str, pile: str, score: int, extra: dict[str, Any], expected: bool) -> None:
    t = table(rid, hand.split(), pile.split(), score, **extra)
    assert not plain_take(t)
    assert can_take(t) is expected
    assert first_meld_take(**args(t)) is expected


def test_the_judges_corners_are_handed_over() -> None:
    for hand, pile in (("9D 9 KS", "5D 9H"), ("9D 9S 3H", "5D 9H"), ("9D 9S JK", "9 9H")):
        t = table("classic", hand.split(), pile.split(), 1500)
        assert first_meld_take(**args(t)) is None


def test_the_counts_agree_with_the_search_on_self_played_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    tally = new_tally()
    problems = []
    for rid in BUILTIN:
        for seed in (26,):
            for t in self_played_positions(monkeypatch, rid, seed):
                if t.turn.phase == "draw" and t.discard and t.mover.hand is not None:
                    found = differ(t, tally)
                    if found:
                        problems.append(f"{rid}: {found}")
    assert not problems, "\n".join(problems[:5])
    assert tally["asked"] > 30, tally
    print("self-play:", tally)
