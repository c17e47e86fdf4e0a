"""The ways to go out this turn: the whole hand put down (all of it melded, or all but a last
discard), each rank to its meld, black threes as a set of their own, the wild cards shared out.

A part of the move listing (``moves.py``): ``gen`` is its generator, whose side, ruleset, limits and
options these functions use."""
from __future__ import annotations

from math import comb

from canasta_tutor.engine.cards import NATURAL_RANKS
from canasta_tutor.engine.move import Step
from canasta_tutor.play.pool import Group, Pool, wild_cap


def ways_out(gen, pool: Pool) -> None:
    """Every way to put the whole hand down this turn (all of it melded, or all but a last
    discard): each rank goes to its meld, black threes as a set of their own, wilds shared out.

    One entry per choice of last card: the ways to share out the wild cards differ only meld by
    meld, so each meld is judged once on its own, and the whole move once for a representative;
    the entry says how many ways there are. (``exhaustive`` judges every way, for the tests.)"""
    if pool.n("3r"):
        return
    classes = list(pool.cards)
    for last in [None, *classes]:
        left = dict(pool.counts)
        if last is not None:
            left[last] -= 1
        threes = left.pop("3b", 0)
        if threes not in (0, 3, 4):
            continue
        twos, jokers = left.pop("2", 0), left.pop("JK", 0)
        ranks = [r for r in NATURAL_RANKS if left.get(r)]
        new = [r for r in ranks if gen.side.meld_of(r) is None]
        if any(left[r] < gen.rs.min_naturals for r in new):
            continue  # a new meld short of naturals: no wild card can mend that
        targets = ranks + [m.rank for m in gen.side.melds if m.rank not in ranks and m.rank in NATURAL_RANKS]
        if not targets and (twos or jokers):
            continue
        candidates: list[list[tuple[int, int]]] = []  # shares of the wild cards, (2s, jokers) per target
        # Each meld's allowed share of wild cards, judged once; then every way to hand out all of
        # them, keeping those that leave the side enough canastas to go out.
        # A share beyond the wild cards the meld could ever hold (``wild_cap``, the bound the rest
        # of the listing tries within) is not judged at all.
        allowed = []
        for r in targets:
            k = left.get(r, 0)
            meld = gen.side.meld_of(r)
            cap = wild_cap(gen.rs, k) if meld is None else wild_cap(gen.rs, meld.naturals + k, meld.wilds)
            allowed.append([(t2, tj) for t2 in range(min(twos, cap) + 1) for tj in range(min(jokers, cap - t2) + 1)
                            if (k + t2 + tj == 0 and meld is not None)
                            or (k + t2 + tj and _group_ok(gen, pool, Group(r, k, t2, tj)))])
        untouched = sum(1 for m in gen.side.melds if m.is_canasta and m.rank not in targets)
        need = gen.rs.canastas_to_go_out - untouched
        # Each target's rank, naturals and the cards its meld holds already: a share is weighed and
        # counted in plain numbers, and groups are made only for the shares the judge is asked about.
        base = [(r, left.get(r, 0), _meld_size(gen, r)) for r in targets]
        budget = [gen.limit]
        for share in _fits(allowed, twos, jokers, budget, gen.tick):
            made = 0  # the canastas the side holds after the move, those it had already among them
            for (r, k, there), (t2, tj) in zip(base, share):
                if k + t2 + tj + there >= 7:
                    made += 1
            if made < need:
                continue  # not enough canastas to go out: no need to ask the judge
            candidates.append(share)
        if budget[0] <= 0:  # very many wild cards: list the ways found so far and say so
            gen.truncated = True
        _out_entry(gen, pool, last, base, threes, candidates)


def _out_entry(gen, pool: Pool, last: str | None, base: list[tuple[str, int, int]], threes: int,
               candidates: list[list[tuple[int, int]]]) -> None:
    """One entry for the ways out that end with ``last`` (None: no discard): each candidate is a share
    of the wild cards among the melds of ``base``. The first legal one stands for them all; the
    others are counted in plain numbers: the choice of the last card, then the choices of cards
    each class allows among the cards left, taken in turn as ``Pool.pick`` takes them. Groups are
    made only of the shares judged."""
    found = None
    ways = shares = 0
    counts = dict(pool.counts)
    fixed = 1  # the ways to choose the last card, the naturals and the black threes
    if last is not None:
        fixed = counts[last]
        counts[last] -= 1  # the card discarded is not among those laid down
    for r, k, _ in base:
        if k:
            fixed *= comb(counts[r], k)
    if threes:
        fixed *= comb(counts["3b"], threes)
    steps_fixed = sum(1 for _, k, _ in base if k) + (threes > 0) + (last is not None)
    for share in candidates:
        if steps_fixed + sum(1 for (_, k, _), (t2, tj) in zip(base, share) if not k and t2 + tj) < 2:
            continue  # a single step is listed with the melds or discards already
        n = fixed
        twos, jokers = counts.get("2", 0), counts.get("JK", 0)
        for t2, tj in share:
            if t2:
                n *= comb(twos, t2)
                twos -= t2
            if tj:
                n *= comb(jokers, tj)
                jokers -= tj
        if found is None or gen.exhaustive:
            groups = [Group(r, k, t2, tj) for (r, k, _), (t2, tj) in zip(base, share) if k + t2 + tj]
            if threes:
                groups.append(Group("3b", threes))
            picked, _, partial = pool.pick(groups)
            steps = [Step("add", tuple(cards), g.rank) if gen.side.meld_of(g.rank) is not None
                     else Step("meld", tuple(cards)) for g, cards in zip(groups, picked)]
            if last is not None:
                steps.append(Step("discard", (pool.cards[last][-1],)))
            v = gen.judge(gen.table, steps)
            if not v.legal:
                continue
            if found is None:
                found = (steps, v, partial)
        ways += n
        shares += 1
    if found is not None:
        steps, v, partial = found
        gen.add("out", steps, v, ways, partial, shares)


def _group_ok(gen, pool: Pool, g: Group) -> bool:
    """Whether one meld of a way out is fine on its own (only going-out and first-meld rules,
    which are judged on the whole move, may object)."""
    key = (g.rank, g.k, g.twos, g.jokers)
    if key in gen.group_ok:
        return gen.group_ok[key]
    cards = pool.first(g)
    step = Step("add", tuple(cards), g.rank) if gen.side.meld_of(g.rank) is not None else Step("meld", tuple(cards))
    v = gen.judge(gen.play_table, [step])
    ok = all(f.rule.startswith(("initial.", "out.")) for f in v.violations)
    gen.group_ok[key] = ok
    return ok


def _meld_size(gen, rank: str) -> int:
    m = gen.side.meld_of(rank)
    return len(m.cards) if m else 0


def _fits(allowed: list[list[tuple[int, int]]], twos: int, jokers: int, budget: list[int],
          tick) -> list[list[tuple[int, int]]]:
    """Every choice of one allowed (twos, jokers) share per meld that uses up all the wild cards,
    until ``budget`` (search steps, shared with the caller) runs out; ``tick`` is called on every
    step and stops the search when the listing's time is up."""
    found: list[list[tuple[int, int]]] = []
    share: list[tuple[int, int]] = []
    last = len(allowed)

    def walk(i: int, twos: int, jokers: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        tick()
        if i == last:
            if not twos and not jokers:
                found.append(list(share))
            return
        for t2, tj in allowed[i]:
            if t2 <= twos and tj <= jokers:
                share.append((t2, tj))
                walk(i + 1, twos - t2, jokers - tj)
                share.pop()

    walk(0, twos, jokers)
    return found
