"""The coach's level 4: a player that searches its decisions by determinized rollouts.

At each decision that has an alternative worth trying (take the pile or draw; go out or wait; which
card to discard onto a pile not frozen, level 3's and the next ones in its order; a meld or lay-off
that makes no canasta, of a side that has melded, or holding those cards back and discarding at once) the searching player takes level 3's
choice and those alternatives, deals the cards it cannot see at random in a way consistent with what
it knows (each hand's size, the melds, the pile, its own hand, and the cards another player took with
the pile and has not shown since: the stock and the rest of the other hands are the rest), plays each
candidate out on the same deals with level 3 at every seat for a few rounds (``rollout.py``: the
game's own play, without the game), and measures how far its side ends ahead on one scale, the
hand's score: the score itself when the hand ended within the rounds (about a third of the rollouts),
else the score the hand can be expected to end with (``_estimate``: the table as the score counts it,
the cards in hand and their points, the cards in melds short of a canasta, weighted as level 3's own
hands end). Before, a rollout that went on was measured by the table and 2 points a card in hand, which
is not the score's scale: a card held or laid toward a canasta is worth about 30 points by the hand's end,
and a candidate that let a side go out within the rounds was charged for it in full while one that
only put it off was not. A few rounds rather than the whole hand: a rollout costs a fraction of a
whole hand's, so every decision fits in the budget, and what a discard or a meld changes shows in the
next rounds (who takes the pile, what is laid down) while the rest of the hand adds mostly noise. The
deals are played in batches (``BATCH``): an alternative clearly behind level 3's choice leaves the
race, so the deals go where the choice is close. It keeps level 3's choice unless another candidate
does better on the same deals by more than chance would explain (``SURE``). Elsewhere (opening,
making a canasta, discarding onto a frozen pile) it plays as level 3.

The work is counted, never timed (``ROLLOUTS`` rollouts a decision at most, ``DEALS`` deals a
candidate, ``ROUNDS`` rounds a rollout), and the deals are drawn from a seed made of what the player
sees, so a game replays the same.
"""
from __future__ import annotations

import random
import zlib
from collections import Counter

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.table import Table
from canasta_tutor.play.coach import Coach, Memory
from canasta_tutor.play.dealing import full_deck
from canasta_tutor.play.evaluate import canastas_made
from canasta_tutor.play.moves import MoveList, Option
from canasta_tutor.play.rollout import Refused, Rollout
from canasta_tutor.play.rules_of_thumb import Advice

DEALS = 100  # deals of the unseen cards each candidate is played out on (the same deals for every candidate)
ROLLOUTS = 120  # rollouts a decision may play in all: fewer deals a candidate where there are many candidates
ROUNDS = 2  # rounds of the table a rollout plays after the candidate (then ``_estimate``): searching every
# discard and lay-down over 2 rounds won 55.0% ± 3.6 of the hands against level 3 (260 paired deals, seed
# 30001; median searched decision 215 ms), where searching a few decisions to the end of the hand had won
# about 52%
DISCARDS = 3  # discards compared: level 3's and the next ones in its order (distinct ranks)
ROLLOUT_LEVEL = 3
BATCH = 10  # deals played before the race is looked at again (0: all at once)
DROP = 1  # standard errors by which a candidate behind level 3's choice leaves the race
SURE = 1  # standard errors by which a candidate must beat level 3's choice
# The hand's final score estimated where a rollout stops, each side's (``_estimate``): the weights of
# ``cut_parts``, fitted by least squares to the final score of level 3 playing itself (the difference
# between the sides at every turn of 5,000 classic hands: ``bench/cut_estimate.py``). With it, in place
# of the table and 2 points a card in hand, level 4 won 63.2% ± 4.2 of the hands against level 3 (231
# paired deals never used while tuning, seed 60001), where it had won about 54.6%
CUT_WEIGHTS = (
    0.95,  # a point on the table (melds, canasta bonuses, red threes) as the score counts it
    29.0,  # a card in hand: the melds and canastas it will be part of, less the chance it is caught
    1.0,  # a point of the cards in hand (a wild card is worth keeping)
    33.0,  # a card in a meld that is not a canasta yet: a step toward the bonus
    -158.0,  # a side that has melded, beyond its melds (the cards it spent are counted above)
)


class Searcher:
    """Level 4's decision (``game.make_coach`` makes the coach with it)."""

    def __call__(self, table: Table, ml: MoveList, memory: Memory) -> Advice:
        return search_advice(table, ml, memory)


def search_advice(table: Table, ml: MoveList, memory: Memory) -> Advice:
    """Level 3's advice, or a better candidate found by rollouts (the reason then says so)."""
    heuristic = Coach(ROLLOUT_LEVEL)
    base = heuristic.advise(table, ml, memory)
    if base.option is None:
        return base
    candidates = _candidates(heuristic, table, ml, base, memory)
    if len(candidates) < 2:
        return base
    rng = random.Random(_seed(table))
    count = min(DEALS, ROLLOUTS // len(candidates))
    deals = [d for d in (_deal_unseen(table, rng, memory) for _ in range(count)) if d is not None]
    if not deals:
        return base
    # The deals are played in batches, level 3's choice and every alternative still in the race on
    # each; an alternative clearly worse than level 3's choice after a batch leaves the race, so the
    # deals go to the alternatives still close.
    base_results: list[int] = []
    racing: dict[int, list[int]] = {i: [] for i in range(1, len(candidates))}  # each one's gains, deal by deal
    for start in range(0, len(deals), BATCH or len(deals)):
        batch = deals[start:start + (BATCH or len(deals))]
        for deal in batch:
            b = _rollout(table, deal, base.option, memory)
            if b is None:
                return base
            base_results.append(b)
        for i in list(racing):
            results = [_rollout(table, deal, candidates[i], memory) for deal in batch]
            if any(r is None for r in results):
                del racing[i]
                continue
            racing[i] += [r - b for r, b in zip(results, base_results[start:]) if r is not None]
            if BATCH and _clearly_worse(racing[i]):
                del racing[i]
        if not racing:
            return base
    best, best_gain = None, 0
    for i, diffs in racing.items():
        gain = sum(diffs)
        if gain > best_gain and _clearly_better(diffs):
            best, best_gain = candidates[i], gain
    if best is None:
        return base
    return Advice(best, "coach.searched", {"move": best.move, "deals": len(deals), "gain": best_gain,
                                           "instead": base.option.move}, "play")


def _clearly_worse(diffs: list[int]) -> bool:
    """Whether a candidate did worse than level 3's choice by more than ``DROP`` standard errors
    (it cannot be expected to end clearly better: it leaves the race)."""
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean <= 0 and (var == 0 or mean * mean * n > DROP * DROP * var)


def _clearly_better(diffs: list[int]) -> bool:
    """Whether a candidate beat level 3's choice on the same deals by more than chance would explain:
    its mean gain over ``SURE`` standard errors (level 3's choice is right more often than not, so a
    candidate must earn the switch)."""
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > SURE * SURE * var


def _candidates(heuristic: Coach, table: Table, ml: MoveList, base: Advice, memory: Memory) -> list[Option]:
    """Level 3's choice first, then the alternatives worth searching at this decision (none: no search)."""
    chosen = base.option
    assert chosen is not None
    options = ml.options
    if table.turn.phase == "draw":
        takes = [o for o in options if o.kind == "take"]
        draws = [o for o in options if o.kind == "draw"]
        if not takes or not draws:
            return []
        other = draws[0] if chosen.kind == "take" else min(takes, key=lambda o: len(o.steps))
        return [chosen, other]
    outs = [o for o in options if o.kind == "out"]
    if outs:
        if chosen.kind == "out":
            rest = [o for o in options if o.kind != "out"]
            if not rest:
                return []
            stay = heuristic._build(table, rest, memory, table.side_of(table.turn.player), table.mover.hand or [],
                                    True)
            return [chosen, stay.option] if stay.option is not None else []
        return [chosen, min(outs, key=lambda o: len(o.steps))]
    discards = [o for o in options if o.kind == "discard"]
    if chosen.kind == "discard" and not table.pile_content_frozen():
        order = heuristic.discard_order(table, discards, memory, table.mover.hand or [])
        ranks = {chosen.steps[0].cards[0].rank}
        picked = [chosen]
        for o in order:
            c = o.steps[0].cards[0]
            if c.rank not in ranks and not c.is_wild and len(picked) < DISCARDS:
                ranks.add(c.rank)
                picked.append(o)
        return picked
    if chosen.kind in ("meld", "add") and discards and not canastas_made(chosen) \
            and table.side_of(table.turn.player).has_melded:
        hold = heuristic.choose_discard(table, discards, memory).option
        return [chosen, hold] if hold is not None else []
    return []


def _seed(table: Table) -> int:
    """A seed made of what the player on turn sees, so the same position searches the same deals."""
    parts = [table.ruleset.id, table.turn.player, table.turn.phase, " ".join(map(str, table.mover.hand or [])),
             " ".join(map(str, table.discard)), str(table.stock)]
    parts += [f"{p.name}:{p.count}" for p in table.players]
    parts += [f"{m.rank}:{len(m.cards)}" for s in table.sides for m in s.melds]
    return zlib.crc32("|".join(parts).encode())


def _deal_unseen(table: Table, rng: random.Random,
                 memory: Memory | None = None) -> tuple[dict[str, list[Card]], list[Card]] | None:
    """The cards the player on turn cannot see, dealt at random: the other hands (by their sizes) and the
    stock. A card another player took with the pile and has not shown since is in that hand (everyone
    saw it go there: ``memory``); red threes go to the stock only (a hand never keeps one). None when
    the table's counts do not add up to the decks (a position made by hand): no search then."""
    rs = table.ruleset
    me = table.turn.player
    seen: Counter[Card] = Counter(table.mover.hand or [])
    for s in table.sides:
        seen.update(s.red_threes)
        for m in s.melds:
            seen.update(m.cards)
    seen.update(table.discard)
    unseen = Counter(full_deck(rs.decks, rs.jokers))
    unseen.subtract(seen)
    if any(n < 0 for n in unseen.values()):
        return None
    others = [p for p in table.players if p.name != me]
    if sum(unseen.values()) != sum(p.count for p in others) + table.stock:
        return None
    hands: dict[str, list[Card]] = {}
    for p in others:
        known = _known_held(memory, p.name, unseen, p.count)
        unseen.subtract(known)
        hands[p.name] = known
    cards = sorted(unseen.elements(), key=Card.sort_key)
    reds = [c for c in cards if c.is_red_three]
    plain = [c for c in cards if not c.is_red_three]
    rng.shuffle(plain)
    for p in others:
        due = p.count - len(hands[p.name])
        if due > len(plain):
            return None
        hands[p.name] += plain[:due]
        plain = plain[due:]
    stock = plain + reds
    rng.shuffle(stock)
    return hands, stock


def _known_held(memory: Memory | None, player: str, unseen: Counter[Card], count: int) -> list[Card]:
    """The cards ``player`` is known to hold (taken with the pile, not shown since), as far as the
    unseen cards and the hand's size allow (a memory that no longer fits the table is not trusted)."""
    if memory is None:
        return []
    left = Counter(unseen)
    known: list[Card] = []
    for c in sorted(memory.took.get(player, []), key=Card.sort_key):
        if left[c] > 0 and len(known) < count:
            left[c] -= 1
            known.append(c)
    return known


def _rollout(table: Table, deal: tuple[dict[str, list[Card]], list[Card]], option: Option,
             memory: Memory) -> int | None:
    """The candidate played on one deal, then level 3 at every seat for ``ROUNDS`` rounds: how far the
    player's side ends ahead of the best other side. None when the candidate cannot be made there."""
    hands, stock = deal
    world = table.clone()
    for p in world.players:
        if p.name in hands:
            p.hand = list(hands[p.name])
            p.count = len(p.hand)
    seen = {p.name: _copy(memory) for p in world.players}  # what one saw, all saw: discards and takes
    game = Rollout(world, list(stock), seen, Coach(ROLLOUT_LEVEL), first_round=_first_round_left(table))
    me = table.turn.player
    try:
        game.play(option, here=False)
        if not game.ended and game.table.turn.player == me:
            game.turn()  # the rest of the candidate's turn
        game.run(ROUNDS * len(world.players))
    except Refused:
        return None
    mine = table.side_of(me).name
    if game.ended:
        points = game.hand_points()
    else:
        points = {s.name: _estimate(game.table, s.name) for s in game.table.sides}
    # Points rather than hands won: on 40 paired deals (seed 5001) the hands-won measure did worse.
    return points[mine] - max(p for n, p in points.items() if n != mine)


def _first_round_left(table: Table) -> int:
    """The turns of the first round still to end, the one in play included, as far as the table tells:
    the pile holds the card turned up and one discard a turn, until someone takes it."""
    if not table.turn.first_round:
        return 0
    return max(1, len(table.players) - len(table.discard) + 1)


def _copy(memory: Memory) -> Memory:
    return Memory({n: set(r) for n, r in memory.discarded.items()}, {n: list(c) for n, c in memory.took.items()})


def _estimate(table: Table, side_name: str) -> int:
    """A side's final score for the hand, estimated while it goes on, on the scale of the score itself,
    so a rollout cut short and one that ended are measured alike (``CUT_WEIGHTS``)."""
    return round(sum(w * x for w, x in zip(CUT_WEIGHTS, cut_parts(table, side_name))))


def cut_parts(table: Table, side_name: str) -> tuple[int, int, int, int, int]:
    """What ``_estimate`` weighs, every hand known: what lies on the table as the score counts it
    (melds, canasta bonuses, red threes), the cards in the side's hands and their points, the cards
    in its melds short of a canasta, and whether it has melded."""
    rs = table.ruleset
    side = next(s for s in table.sides if s.name == side_name)
    points = sum(c.value for m in side.melds for c in m.cards)
    points += sum(rs.canasta_bonus["natural" if m.is_natural_canasta else "mixed"] for m in side.melds if m.is_canasta)
    reds = len(side.red_threes) * rs.red_three_value
    points += reds if side.melds else -reds
    held = [c for n in side.players for c in table.player(n).hand or []]
    open_cards = sum(len(m.cards) for m in side.melds if not m.is_canasta)
    return points, len(held), sum(c.value for c in held), open_cards, int(bool(side.melds))
