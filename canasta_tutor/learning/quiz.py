"""Quiz questions made from random deals: melds, first-meld arithmetic, taking the pile, going out,
and counting a score. The engine answers each; spaced repetition picks which rule to drill next.

A drill builds a position around the player on turn from a shuffled deck (so every table is a valid
snapshot), proposes a move a learner might make, and keeps the question when the engine's ruling
touches the rule being drilled. Some legal moves are kept as well: knowing what is allowed is half
of knowing a rule.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import judge
from canasta_tutor.learning.lesson import Question
from canasta_tutor.engine.ruleset import BUILTIN
from canasta_tutor.play.selfplay import Game, play_hand
from canasta_tutor.engine.table import Meld, Table

FOUR_PLAYERS = ("classic", "brazilian", "danish", "dutch-house")


@dataclass(frozen=True)
class Drill:
    name: str
    rules: tuple[str, ...]
    make: Callable[[random.Random, str], Question | None]
    rulesets: tuple[str, ...] = FOUR_PLAYERS
    tries: int = 400  # positions to try before giving up on a rule


def _deal(rng: random.Random, ruleset: str) -> Game:
    game = Game(ruleset, rng.randrange(1 << 30))
    for s in game.table.sides:  # a fresh deal: no red threes on the table, so every side starts even
        game.stock.extend(s.red_threes)
        s.red_threes.clear()
    return game


def _take(game: Game, want: Callable[[Card], bool], n: int) -> list[Card]:
    """Up to ``n`` cards from the stock that satisfy ``want`` (the stock keeps the rest)."""
    got = [c for c in game.stock if want(c)][:n]
    for c in got:
        game.stock.remove(c)
    return got


def _give_meld(game: Game, side, rank: str, size: int = 3) -> None:
    cards = _take(game, lambda c: c.rank == rank, size)
    if len(cards) >= 3:
        side.melds.append(Meld(rank, cards))


def _finish(game: Game, hide_others: bool = True) -> Table:
    """The table as the learner sees it: the other players' hands face down (a count)."""
    t = game.table
    t.stock = len(game.stock)
    for p in t.players:
        p.count = len(p.hand)
        if hide_others and p.name != t.turn.player:
            p.hand = None
    return t


def _mover(game: Game):
    t = game.table
    return t.mover, t.side_of(t.turn.player)


def meld_drill(rng: random.Random, ruleset: str) -> Question | None:
    game = _deal(rng, ruleset)
    t = game.table
    player, side = _mover(game)
    _give_meld(game, side, rng.choice(["A", "K", "Q"]))
    player.has_melded = True
    t.turn.phase = "play"
    hand = player.hand
    naturals = [c for c in hand if c.is_natural]
    if not naturals:
        return None
    rank = rng.choice(naturals).rank
    pick = [c for c in hand if c.rank == rank][: rng.randint(1, 3)]
    pick += [c for c in hand if c.is_wild][: rng.choice([0, 0, 1, 2, 3, 4])]
    if rng.random() < 0.25:
        pick += [c for c in hand if c.rank not in (rank, "2", "JK")][:1]
    if rng.random() < 0.1:  # a three from the stock, put in the hand: may it join a meld?
        three = _take(game, lambda c: c.rank == "3", 1)
        pick += three
        hand.extend(three)
    if len(pick) < 2:
        return None
    return Question("legal", _finish(game), 0, 0, move="meld " + " ".join(map(str, pick)))


def initial_drill(rng: random.Random, ruleset: str) -> Question | None:
    game = _deal(rng, ruleset)
    t = game.table
    player, side = _mover(game)
    side.score = rng.choice([-150, 0, 700, 1450, 1600, 2950, 3100, 4000] + ([5200] if ruleset == "dutch-house" else []))
    t.turn.phase = "play"
    groups: dict[str, list[Card]] = {}
    for c in player.hand:
        groups.setdefault(c.rank, []).append(c)
    wilds = groups.pop("2", []) + groups.pop("JK", [])
    groups.pop("3", None)
    ranks = [r for r, cs in groups.items() if len(cs) >= 2]
    if not ranks:
        return None
    steps = []
    for r in rng.sample(ranks, k=min(len(ranks), rng.randint(1, 2))):
        cards = groups[r][:3] if len(groups[r]) >= 3 else groups[r][:2] + wilds[:1]
        wilds = wilds[1:] if len(cards) == 3 and cards[-1].is_wild else wilds
        if len(cards) >= 3:
            steps.append("meld " + " ".join(map(str, cards)))
    if not steps:
        return None
    return Question("legal", _finish(game), 0, 0, move="; ".join(steps))


def pile_drill(rng: random.Random, ruleset: str) -> Question | None:
    game = _deal(rng, ruleset)
    t = game.table
    player, side = _mover(game)
    if rng.random() < 0.6:
        _give_meld(game, side, rng.choice(["A", "K", "Q", "J"]))
        player.has_melded = True
    pile = [game.stock.pop() for _ in range(rng.randint(0, 7))]
    if pile and rng.random() < 0.2:  # a wild card under the top freezes the pile
        pile[:0] = _take(game, lambda c: c.is_wild, 1)
    roll = rng.random()
    top_kind = "3b" if roll < 0.12 else "wild" if roll < 0.22 else "natural"
    if top_kind == "3b":
        pile += _take(game, lambda c: c.is_black_three, 1)
    elif top_kind == "wild":
        pile += _take(game, lambda c: c.is_wild, 1)
    else:
        mine = [c.rank for c in player.hand if c.is_natural]
        wanted = rng.choice(mine) if mine and rng.random() < 0.8 else rng.choice(["8", "9", "10"])
        pile += _take(game, lambda c: c.rank == wanted, 1)
    if not pile:
        t.discard = []
        return Question("legal", _finish(game), 0, 0, move="take")
    t.discard = pile
    top = pile[-1]
    cards = [c for c in player.hand if c.rank == top.rank][: rng.choice([0, 1, 2, 2])]
    cards += [c for c in player.hand if c.is_wild][: rng.choice([0, 0, 1])]
    if rng.random() < 0.1:  # one card left in hand: may it take a one-card pile?
        player.hand = (cards or player.hand)[:1]
        cards = cards[:1]
    move = "take " + " ".join(map(str, cards)) if cards else "take"
    return Question("legal", _finish(game), 0, 0, move=move.strip())


def out_drill(rng: random.Random, ruleset: str) -> Question | None:
    game = _deal(rng, ruleset)
    t = game.table
    player, side = _mover(game)
    game.stock.extend(player.hand)
    player.hand = []
    player.has_melded = True
    t.turn.phase = "play"
    canasta = rng.random() < 0.6
    _give_meld(game, side, "K", 7 if canasta else 5)
    if ruleset in ("danish",) and canasta and rng.random() < 0.7:
        _give_meld(game, side, "Q", 7)
    _give_meld(game, side, "9", 3)
    rank = rng.choice(["5", "6", "7", "8"])
    player.hand = _take(game, lambda c: c.rank == rank, 3) + _take(game, lambda c: c.rank in ("K", "9"), rng.randint(0, 1))
    last = _take(game, lambda c: c.rank == "4" or (c.is_wild and rng.random() < 0.3), 1)
    player.hand += last
    if len(side.players) > 1:
        t.turn.permission = rng.choice(["none", "none", "granted", "refused"])
    steps = ["meld " + " ".join(str(c) for c in player.hand if c.rank == rank)]
    for c in player.hand:
        if c.rank in ("K", "9"):
            steps.append(f"add {c} to {c.rank}")
    if last and rng.random() < 0.8:
        steps.append(f"discard {last[0]}")
    elif last and last[0].is_wild:  # no last discard: the wild card goes into the new meld instead
        steps[0] += f" {last[0]}"
    return Question("legal", _finish(game), 0, 0, move="; ".join(steps))


def score_drill(rng: random.Random, ruleset: str) -> Question | None:
    result = play_hand(ruleset, rng.randrange(1 << 30), roundtrip=False)
    if result.final is None or result.broken:
        return None
    t = result.final
    side = rng.choice(t.sides).name
    return Question("score", t, 0, 0, side=side, out=result.out, concealed=result.concealed)


DRILLS = (
    Drill("melds", ("meld.too-small", "meld.mixed-ranks", "meld.too-few-naturals", "meld.too-many-wilds",
                    "three.red-three", "meld.black-threes"), meld_drill),
    Drill("first meld", ("initial.below-minimum", "initial.canasta-required"), initial_drill),
    Drill("taking the pile", ("pile.empty", "pile.black-three-on-top", "pile.wild-on-top", "pile.one-card",
                              "pile.needs-natural-pair", "pile.no-match"), pile_drill),
    Drill("going out", ("out.canastas-needed", "out.permission", "out.must-discard"), out_drill),
    Drill("counting a score", ("score.cards", "score.canasta-natural", "score.canasta-mixed", "score.red-threes",
                               "score.going-out", "score.hand", "score.no-canasta"),
          score_drill, tuple(BUILTIN), tries=30),
)


def drillable() -> list[str]:
    return [r for d in DRILLS for r in d.rules]


def drill_of(rule: str) -> Drill | None:
    return next((d for d in DRILLS if rule in d.rules), None)


def question_for(rule: str, rng: random.Random, ruleset: str | None = None) -> Question | None:
    """A question whose answer turns on ``rule``: an illegal move that breaks it, or now and then a
    legal move of the same kind; None if the random positions never produce one."""
    drill = drill_of(rule)
    if drill is None:
        return None
    choices = [ruleset] if ruleset else list(drill.rulesets)
    legal_ok = rng.random() < 0.3
    for _ in range(drill.tries):
        rid = rng.choice(choices)
        q = drill.make(rng, rid)
        if q is None:
            continue
        if q.kind == "score":
            if rule in q.rule_ids():
                q.topics = [rule]
                return q
            continue
        v = judge(q.table, q.move)
        if rule in v.rule_ids or (legal_ok and v.legal):
            q.topics = [rule]
            return q
    return None
