"""The move listing (and so `moves` and `hint`) answers in bounded time on any table, bounded by a
count of rulings, never by the clock, and says when it stopped early; `can_take` agrees with the
listing."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from canasta_tutor import api
from canasta_tutor.files.snapshot import load_table
from canasta_tutor.play.hint import hint
from canasta_tutor.play.moves import RULING_LIMIT, legal_moves
from canasta_tutor.render.report import moves_dict

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2"]


def huge_table(tmp_path: Path, decks: int, phase: str, melded: bool = False) -> Path:
    """A ruleset file of ``decks`` decks with no cap on wild cards, and nearly the whole deck in hand."""
    (tmp_path / "many.yaml").write_text(
        f"id: many\ntitle: {decks} decks\nextends: classic\n"
        f"set: {{players: 2, side_size: 1, decks: {decks}, jokers: {2 * decks}, max_wilds: null}}\n")
    hand = [f"{r}{s}" for _ in range(decks) for r in RANKS for s in "SHDC"] + ["JK"] * (2 * decks)
    hand += ["3S", "3C"] * decks
    hand.remove("9S")  # on the pile
    melds = "\n    melds: [QS QH QD]" if melded else ""
    if melded:
        hand.remove("QS"), hand.remove("QH"), hand.remove("QD")
    path = tmp_path / "table.yaml"
    path.write_text(
        "ruleset: many.yaml\nplayers:\n  - name: Ann\n    hand: " + " ".join(hand) + "\n  - {name: Bob, hand: 11}\n"
        "sides:\n  - name: Ann\n    players: [Ann]" + melds + "\n  - {name: Bob, players: [Bob]}\n"
        f"discard: 3H 9S\nstock: 0\nturn: {{player: Ann, phase: {phase}}}\n")
    return path


@pytest.mark.parametrize("phase,melded", [("play", False), ("play", True), ("draw", False)])
def test_a_listing_on_a_huge_table_stops_in_time_and_says_so(tmp_path, phase, melded):
    table = load_table(huge_table(tmp_path, 8, phase, melded))
    start = time.perf_counter()
    listed = legal_moves(table)
    elapsed = time.perf_counter() - start
    assert elapsed < 5  # a few thousand rulings on a 400-card hand
    assert listed.stopped == RULING_LIMIT and listed.truncated
    report = moves_dict(listed)
    assert report["stopped"] is True
    assert any(str(RULING_LIMIT) in n for n in report["notes"])
    # counted, not timed: the same listing however loaded the machine
    assert [o.move for o in legal_moves(table).options] == [o.move for o in listed.options]
    if phase == "play":  # the cheap moves come first, so even a stopped listing offers a discard
        assert listed.of_kind("discard")


def test_hint_on_a_huge_table_answers_in_time(tmp_path):
    table = load_table(huge_table(tmp_path, 20, "play"))
    start = time.perf_counter()
    h = hint(table)
    assert time.perf_counter() - start < 8
    assert h.option is not None


def test_an_ordinary_listing_is_not_stopped():
    listed = legal_moves(load_table(ROOT / "bench" / "big_hand.yaml"))
    assert listed.stopped is None


def test_a_tiny_ruling_limit_stops_the_listing():
    listed = legal_moves(load_table(ROOT / "bench" / "big_hand.yaml"), rulings=0)
    assert listed.stopped == 0 and not listed.options


def test_each_take_listed_costs_one_ruling_the_pile_taken_alone_too():
    """A listing allowed ``n`` rulings stops after the first ``n`` it asks for: the draw, then each take
    in turn. The pile taken alone (onto the side's meld of nines) is listed on the kernel's word, as
    the other takes are, and costs one ruling as the judge's ruling on it did, so that a listing
    stops where it always did."""
    data = api.EXAMPLE | {"sides": [{"name": "NS", "players": ["Ann", "Cas"], "melds": ["KH KD KC", "9C 9H 9D"]},
                                    {"name": "EW", "players": ["Bob", "Dee"]}]}
    full = ["draw", "take", "take 2C", "take 9S", "take 9S 2C", "take 9S 9D", "take 9S 9D 2C", "ask"]
    listed = legal_moves(api.table_from_dict(data))
    assert [o.move for o in listed.options] == full and listed.stopped is None
    for n in range(len(full)):
        listed = legal_moves(api.table_from_dict(data), rulings=n)
        assert [o.move for o in listed.options] == full[:n] and listed.stopped == n, n


def test_can_take_agrees_with_the_listing():
    seen = {True: 0, False: 0}
    for path in SCENARIOS:
        table = load_table(path)
        for phase in ("draw", "play"):
            table.turn.phase = phase
            listed = any(o.kind == "take" for o in legal_moves(table, keep_dead_ends=True).options)
            assert api.can_take(table) == listed, (path, phase)
            seen[listed] += 1
    assert seen[True] > 5 and seen[False] > 5


def _first_meld_takes():
    """Tables where a take of the pile must also make the side's first meld, which ``can_take`` looks
    for its own way: positions of real play before the mover's side has melded, and random hands of
    11 to 16 cards with a natural card on the pile that the hand holds at least once."""
    import random

    from canasta_tutor.learning.positions import SCORES, walk
    from canasta_tutor.play.dealing import full_deck
    from canasta_tutor.play.selfplay import seating

    for ruleset in ("classic", "classic-3p", "brazilian", "danish", "dutch-house"):
        for seed in range(1, 4):
            for position in walk(ruleset, seed):
                t = position.seen()
                if t.discard and t.discard[-1].is_natural and not t.side_of(t.turn.player).melds:
                    yield t
        rng = random.Random(ruleset)
        names, sides = seating(ruleset)
        for _ in range(120):
            deck = [c for c in full_deck(*_decks(ruleset)) if not c.is_red_three]
            rng.shuffle(deck)
            hand, deck = deck[:rng.randint(11, 16)], deck[16:]
            tops = [c for c in deck if c.is_natural and any(h.rank == c.rank for h in hand)]
            if not tops:
                continue
            top = tops[0]
            deck.remove(top)
            pile = deck[:rng.randint(0, 6)] + [top]
            yield api.table_from_dict({
                "ruleset": ruleset,
                "players": [{"name": n, "hand": " ".join(map(str, hand)) if n == names[0] else 11} for n in names],
                "sides": [{"name": s, "players": members, "score": rng.choice(SCORES)} for s, members in sides],
                "discard": " ".join(map(str, pile)), "stock": 20, "turn": {"player": names[0], "phase": "draw"}})


def _decks(ruleset: str) -> tuple[int, int]:
    from canasta_tutor.engine.ruleset import load_ruleset

    rs = load_ruleset(ruleset)
    return rs.decks, rs.jokers


@pytest.mark.parametrize("quick_steps", [None, 2])
def test_can_take_agrees_with_the_listing_when_the_take_makes_the_first_meld(monkeypatch, quick_steps):
    """With can_take's own search as it is, and with so few steps that it gives up and the listing's
    search decides (as on a huge hand): either way, yes exactly when the listing lists a take."""
    from canasta_tutor.play import candidates as moves  # where can_take searches

    if quick_steps is not None:
        monkeypatch.setattr(moves, "QUICK_STEPS", quick_steps)
    seen = {True: 0, False: 0}
    for table in _first_meld_takes():
        listed = any(o.kind == "take" for o in legal_moves(table, keep_dead_ends=True).options)
        assert api.can_take(table) == listed, table.to_data()
        seen[listed] += 1
    assert seen[True] > 40 and seen[False] > 40


def test_a_take_that_leaves_no_way_to_finish_the_turn_can_still_be_taken():
    """Danish: after taking with the pair, the hand holds only 2s, which may not be discarded, and going
    out needs two canastas. `moves` leaves the dead end out; the take itself is allowed."""
    from test_moves import ONTO_NINES

    from canasta_tutor.files.snapshot import table_from_text

    table = table_from_text(ONTO_NINES.replace("hand: 9S 9D 2C 2D 2H 2S 4C 5D 6H", "hand: 9S 9D 2C 2D")
                            .replace("discard: 5C 8D 9C", "discard: 9C"))
    assert api.check(table, "take 9S 9D").legal
    assert not legal_moves(table).of_kind("take")
    assert legal_moves(table, keep_dead_ends=True).of_kind("take")
    assert api.can_take(table)


@pytest.mark.parametrize("bound", ["rulings", "steps"])
def test_can_take_says_it_stopped_rather_than_answer_no(monkeypatch, bound):
    """Ann's side has not melded: taking the 9 with her pair counts 27 of the 50 she needs, so the take
    must also lay her 5s and 6s. With too few rulings (or search steps) to find those melds, the
    listing's search raises Undecided; with its usual bounds it finds them. ``api.can_take`` answers
    this one on counts and never needs the search."""
    from canasta_tutor.play import candidates

    table = api.table_from_dict({
        "ruleset": "classic",
        "players": [{"name": "Ann", "hand": "9S 9D 5S 5D 5H 6S 6D 6H KC"}, {"name": "Bob", "hand": 11},
                    {"name": "Cas", "hand": 11}, {"name": "Dee", "hand": 11}],
        "discard": "4C 9H", "stock": 40, "turn": {"player": "Ann"}})
    assert api.can_take(table) is True
    if bound == "rulings":
        monkeypatch.setattr(candidates, "RULING_LIMIT", 1)
    else:
        monkeypatch.setattr(candidates, "NODE_LIMIT", 2)
        monkeypatch.setattr(candidates, "QUICK_STEPS", 2)
    with pytest.raises(api.Undecided):
        candidates.can_take(table)
    assert api.can_take(table) is True
