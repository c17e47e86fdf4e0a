"""The ways to go out this turn: the whole hand put down (all of it melded, or all but a last
discard), each rank to its meld, black threes as a set of their own, the wild cards shared out.

A part of the move listing (``moves.py``): ``gen`` is its generator, whose side, ruleset, limits and
options these functions use."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from math import comb

from canasta_tutor.engine.cards import NATURAL_RANKS
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Meld
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
    melds = gen.side.melds
    melded: dict[str, Meld] = {}  # the side's meld of each rank (the first, as ``meld_of`` finds it)
    for m in melds:
        melded.setdefault(m.rank, m)
    min_naturals = gen.rs.min_naturals
    counts = pool.counts
    # Where the rules ask for no natural card, wild cards alone go to the side's meld of them (rank
    # "?") or make one: a target of its own, with no naturals, that a way out may leave out.
    alone = not min_naturals and wild_cap(gen.rs, 0) > 0 and bool(counts.get("2") or counts.get("JK"))
    # A rank with no meld to go to and fewer naturals than a new meld needs rules out every way below
    # that keeps a card of it; the last discard can take away one such rank at most. So with two of
    # them there is no way out, and the loop would find none (it asks nothing before it sees that).
    short = 0
    for r in NATURAL_RANKS:
        n = counts.get(r)
        if n and n < min_naturals and r not in melded:
            short += 1
    if short >= 2:
        return
    # Going out needs the side's canastas (``_Shares``). Each meld a way out below lays cards on (its
    # ``targets``) is a canasta at most when every card of its rank held and every wild card go to it;
    # where even that leaves the side short, no way out is there, and none is judged.
    need = gen.rs.canastas_to_go_out
    if need > 0:
        wild = counts.get("2", 0) + counts.get("JK", 0)
        could = sum(1 for m in melds if m.is_canasta and m.rank not in NATURAL_RANKS  # ``untouched``
                    and not (alone and m.rank == "?"))
        if alone:  # the meld of wild cards alone, made or grown by every wild card held
            could += (len(melded["?"].cards) + wild >= 7) if "?" in melded else (wild >= 7)
        of_rank = Counter(m.rank for m in melds)
        for r in NATURAL_RANKS:
            k = counts.get(r, 0)
            there = melded.get(r)
            size = len(there.cards) if there is not None else 0
            # A rank still held once the last card is out is one target, onto its meld if the side has
            # one; a rank not held (none of it, or its one card the last) is a target for each of its
            # melds, each as long as the rank's first meld
            held = 1 if k and k + size + wild >= 7 else 0
            not_held = of_rank[r] if k <= 1 and there is not None and size + wild >= 7 else 0
            could += max(held, not_held)
        if could < need:
            return
    allowed_of: dict[tuple[str, int, int, int], list[tuple[int, int]]] = {}
    for last in [None, *classes]:
        left = dict(counts)
        if last is not None:
            left[last] -= 1
        threes = left.pop("3b", 0)
        if threes not in (0, 3, 4):
            continue
        twos, jokers = left.pop("2", 0), left.pop("JK", 0)
        ranks = [r for r in NATURAL_RANKS if left.get(r)]
        if any(left[r] < min_naturals for r in ranks if r not in melded):
            continue  # a new meld short of naturals: no wild card can mend that
        targets = ranks + [m.rank for m in melds if m.rank not in ranks and m.rank in NATURAL_RANKS]
        if alone:
            targets.append("?")
        if not targets and (twos or jokers):
            continue
        # Each meld's allowed share of wild cards, (2s, jokers), judged once; then the ways to hand
        # out all of them that leave the side enough canastas to go out (``_Shares``).
        # A share beyond the wild cards the meld could ever hold (``wild_cap``, the bound the rest
        # of the listing tries within) is not judged at all.
        allowed = []
        for r in targets:
            k = left.get(r, 0)
            # The same meld's shares for another last card that leaves it the same naturals and the
            # same wild cards to share: worked out once.
            key = (r, k, twos, jokers)
            shares_of = allowed_of.get(key)
            if shares_of is None:
                meld: Meld | None = melded.get(r)
                cap = wild_cap(gen.rs, k) if meld is None else wild_cap(gen.rs, meld.naturals + k, meld.wilds)
                shares_of = allowed_of[key] = [
                    (t2, tj) for t2 in range(min(twos, cap) + 1) for tj in range(min(jokers, cap - t2) + 1)
                    if (k + t2 + tj == 0 and (meld is not None or r == "?"))
                    or (k + t2 + tj and _group_ok(gen, pool, Group(r, k, t2, tj)))]
            allowed.append(shares_of)
        untouched = sum(1 for m in gen.side.melds if m.is_canasta and m.rank not in targets)
        # Each target's rank, naturals and the cards its meld holds already: a share is weighed and
        # counted in plain numbers, and groups are made only for the shares the judge is asked about.
        base = [(r, left.get(r, 0), len(melded[r].cards) if r in melded else 0) for r in targets]
        steps = sum(1 for _, k, _ in base if k) + (threes > 0) + (last is not None)
        shares = _Shares(allowed, base, twos, jokers, gen.rs.canastas_to_go_out - untouched, steps)
        _out_entry(gen, pool, last, base, threes, shares)


def _out_entry(gen, pool: Pool, last: str | None, base: list[tuple[str, int, int]], threes: int,
               shares: _Shares) -> None:
    """The entry for the ways out that end with ``last`` (None: no discard): the shares of the wild
    cards among the melds of ``base``, one legal share standing for them all, with how many ways
    there are: the choice of the last card, then the choices of cards each class allows among the
    cards left, taken in turn as ``Pool.pick`` takes them. Groups are made only of the shares judged."""
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
    # The shares differ only in what ``_Shares`` weighs: each meld's share was judged on its own, and
    # the rest of the move (the naturals, the threes, the last card, the points laid) is the same for
    # all. So where the count stands (``count_stands``), the first share judged answers for every
    # one: legal, the count is the entry's; refused, there is no entry. Elsewhere every share is
    # judged, as it is when the count would take more steps than the listing allows, and for the
    # tests (``exhaustive``, which walks every share without the count's help).
    counted = None if gen.exhaustive else shares.count(gen.limit)
    stands = counted is not None and count_stands(gen, shares)
    budget = [gen.limit]
    found = None
    ways = n = 0
    for share in shares.walk(budget, gen.tick, pruned=counted is not None):
        groups = [Group(r, k, t2, tj) for (r, k, _), (t2, tj) in zip(base, share) if k + t2 + tj]
        if threes:
            groups.append(Group("3b", threes))
        picked, _, partial = pool.pick(groups)
        steps = [_laying(gen, g, cards) for g, cards in zip(groups, picked)]
        if last is not None:
            steps.append(Step("discard", (pool.cards[last][-1],)))
        legal, v = gen.legal_out(steps)
        if not legal:
            if stands:
                return  # what refused it refuses every share: no last discard, a wild one...
            continue
        if found is None:
            found = (steps, v, partial)
            if stands and counted is not None:  # (stands only where there is a count)
                ways, n = counted
                break
        ways += shares.weight(share)
        n += 1
    if budget[0] < 0:  # very many wild cards: list the ways found so far and say so
        gen.truncated = True
    if found is not None:
        steps, v, partial = found
        gen.add_out(steps, v, ways * fixed, partial, n)


def count_stands(gen, shares: _Shares) -> bool:
    """Whether nothing but the numbers ``_Shares`` counts by can tell two shares apart, so that
    the first share judged answers for all. Not so for a side that has not melded and needs no
    canasta to go out (only a house rule says so): there a new meld that is a canasta may be what
    its first meld needs, or what makes the move concealed (which spares it the first meld's
    minimum), and a share that makes none may be refused where another is not."""
    return gen.side.has_melded or shares.need >= 1


class _Shares:
    """The ways to hand out all the wild cards (``twos`` 2s, ``jokers`` jokers) among the melds of a
    way out, one allowed (2s, jokers) share per meld of ``base``, that leave the side ``need``
    canastas and make the move more than one step (``steps`` without the melds the wild cards alone
    make): a single step is listed with the melds or discards already.

    ``walk`` gives them in order; ``count`` counts them and adds up their weights without walking
    them one by one (a share's weight: the ways to choose its 2s and jokers among those left, meld
    by meld in turn, as ``Pool.pick`` takes them)."""

    def __init__(self, allowed: list[list[tuple[int, int]]], base: list[tuple[str, int, int]], twos: int,
                 jokers: int, need: int, steps: int) -> None:
        self.twos, self.jokers = twos, jokers
        self.need = max(need, 0)
        self.steps = steps
        # Per meld, each allowed share with what it adds: a canasta (the meld's cards before the
        # share are those it holds and the naturals laid), and a step (a meld that gets no naturals
        # is one only with a share). Each is counted only where it matters: while canastas are
        # needed, and while the move is short of two steps.
        self.shares = [[(t2, tj, self.need > 0 and k + there + t2 + tj >= 7, steps < 2 and not k and t2 + tj > 0)
                        for t2, tj in options] for options, (_, k, there) in zip(allowed, base)]
        self.memo: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}

    def _done(self, twos: int, jokers: int, made: int, steps: int) -> bool:
        return not twos and not jokers and made >= self.need and self.steps + steps >= 2

    def count(self, limit: int) -> tuple[int, int] | None:
        """(the shares' weights added up, how many shares), or None when that takes more than
        ``limit`` steps."""
        budget = [limit]
        try:
            return self._from(0, self.twos, self.jokers, 0, 0, budget)
        except _TooMany:
            return None

    def _from(self, i: int, twos: int, jokers: int, made: int, steps: int, budget: list[int]) -> tuple[int, int]:
        key = (i, twos, jokers, made, steps)
        known = self.memo.get(key)
        if known is not None:
            return known
        if i == len(self.shares):
            total = (1, 1) if self._done(twos, jokers, made, steps) else (0, 0)
        else:
            options = self.shares[i]
            budget[0] -= len(options) + 1
            if budget[0] < 0:
                raise _TooMany
            weight = n = 0
            need = self.need
            for t2, tj, canasta, step in options:
                if t2 <= twos and tj <= jokers:
                    w, c = self._from(i + 1, twos - t2, jokers - tj, made + (canasta and made < need),
                                      steps + (step and steps < 2), budget)
                    if c:
                        weight += comb(twos, t2) * comb(jokers, tj) * w
                        n += c
            total = (weight, n)
        self.memo[key] = total
        return total

    def weight(self, share: list[tuple[int, int]]) -> int:
        twos, jokers, w = self.twos, self.jokers, 1
        for t2, tj in share:
            w *= comb(twos, t2) * comb(jokers, tj)
            twos -= t2
            jokers -= tj
        return w

    def walk(self, budget: list[int], tick, pruned: bool) -> Iterator[list[tuple[int, int]]]:
        """The shares in order, each meld's allowed shares in turn; with ``pruned`` (after
        ``count``), only into shares that lead to one. Every step costs one of ``budget``, and the
        walk stops when it runs out; ``tick`` is called on every step and stops the walk when the
        listing's rulings are used up."""
        share: list[tuple[int, int]] = []
        last = len(self.shares)
        need = self.need

        def from_meld(i: int, twos: int, jokers: int, made: int, steps: int) -> Iterator[list[tuple[int, int]]]:
            budget[0] -= 1
            if budget[0] < 0:
                return
            tick()
            if i == last:
                if self._done(twos, jokers, made, steps):
                    yield list(share)
                return
            for t2, tj, canasta, step in self.shares[i]:
                if t2 <= twos and tj <= jokers:
                    after = (i + 1, twos - t2, jokers - tj, made + (canasta and made < need),
                             steps + (step and steps < 2))
                    if pruned and not self.memo[after][1]:
                        continue
                    share.append((t2, tj))
                    yield from from_meld(*after)
                    share.pop()

        return from_meld(0, self.twos, self.jokers, 0, 0)


class _TooMany(Exception):
    """Counting the shares would take more steps than the listing allows."""


def _group_ok(gen, pool: Pool, g: Group) -> bool:
    """Whether one meld of a way out is fine on its own (only going-out and first-meld rules,
    which are judged on the whole move, may object)."""
    key = (g.rank, g.k, g.twos, g.jokers)
    if key in gen.group_ok:
        return gen.group_ok[key]
    cards = pool.first(g)
    ok = gen.fine_but_for(gen.play_table, _laying(gen, g, cards), ("initial.", "out."))
    gen.group_ok[key] = ok
    return ok


def _laying(gen, g: Group, cards: list) -> Step:
    """The step that lays ``cards`` for the group ``g``: onto the side's meld of its rank, or a new meld
    (wild cards alone are a meld step either way, as the listing writes their lay-off)."""
    if g.rank != "?" and gen.side.meld_of(g.rank) is not None:
        return Step("add", tuple(cards), g.rank)
    return Step("meld", tuple(cards))
