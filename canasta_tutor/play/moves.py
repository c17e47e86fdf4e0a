"""Every legal move from a table, for the player on turn, listed compactly.

The generator only decides what to try; the judge decides what is legal. Every candidate is judged
by the same ``judge`` that ``check`` uses, and only legal ones are listed, so the listing can never
disagree with ``check``.

Candidates are built per card class (the rank, and red or black for threes): the suit of a card
never changes a ruling except on threes, so "meld 9S 9D 9H" and "meld 9C 9D 9H" are one entry that
says how many ways the player has to make it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from math import comb

from canasta_tutor.engine.cards import NATURAL_RANKS, Card
from canasta_tutor.engine.judge import Verdict, judge
from canasta_tutor.engine.move import Step, format_move
from canasta_tutor.engine.table import Table

KINDS = ("draw", "take", "meld", "add", "discard", "out", "ask")
NODE_LIMIT = 20000  # search steps for first-meld combinations and for ways out, so any hand answers at once


def card_class(c: Card) -> str:
    if c.rank == "3":
        return "3r" if c.is_red_three else "3b"
    return c.rank


@dataclass
class Option:
    kind: str
    steps: list[Step]
    verdict: Verdict
    ways: int = 1  # concrete choices of cards this entry stands for
    choices: list[tuple[int, int, str]] = field(default_factory=list)  # (used, held, class), partly used
    shares: int = 1  # ways to share out the wild cards among the melds (going out)

    @property
    def move(self) -> str:
        return format_move(self.steps)


@dataclass
class MoveList:
    table: Table
    options: list[Option]
    truncated: bool = False  # a search for combinations (first melds, ways out) stopped at its limit
    notes: list[str] = field(default_factory=list)

    def of_kind(self, kind: str) -> list[Option]:
        return [o for o in self.options if o.kind == kind]

    @property
    def ways(self) -> int:
        return sum(o.ways for o in self.options)


@dataclass(frozen=True)
class Group:
    """One meld's worth of cards by class: ``k`` naturals of ``rank``, ``twos`` 2s and ``jokers``."""
    rank: str
    k: int
    twos: int = 0
    jokers: int = 0

    @property
    def size(self) -> int:
        return self.k + self.twos + self.jokers


class Pool:
    """The hand as classes of interchangeable cards."""

    def __init__(self, cards: list[Card]) -> None:
        self.cards: dict[str, list[Card]] = {}
        for c in sorted(cards, key=Card.sort_key):
            self.cards.setdefault(card_class(c), []).append(c)

    def n(self, cls: str) -> int:
        return len(self.cards.get(cls, ()))

    def ways(self, groups: list[Group]) -> int:
        """How many choices of real cards ``groups`` stand for (the count ``pick`` works out)."""
        left: dict[str, int] = {}
        ways = 1
        for g in groups:
            for cls, count in ((g.rank, g.k), ("2", g.twos), ("JK", g.jokers)):
                if count:
                    avail = left.get(cls, self.n(cls))
                    ways *= comb(avail, count)
                    left[cls] = avail - count
        return ways

    def pick(self, groups: list[Group]) -> tuple[list[list[Card]], int, list[tuple[int, int, str]]]:
        """Cards for each group (the first of each class), the number of ways to choose them, and
        the classes only partly used."""
        left = {cls: list(cs) for cls, cs in self.cards.items()}
        used: dict[str, int] = {}
        out = []
        ways = 1
        for g in groups:
            cards = []
            for cls, count in ((g.rank, g.k), ("2", g.twos), ("JK", g.jokers)):
                if count:
                    avail = left[cls]
                    ways *= comb(len(avail), count)
                    cards += avail[:count]
                    left[cls] = avail[count:]
                    used[cls] = used.get(cls, 0) + count
            out.append(cards)
        partial = [(u, self.n(cls), cls) for cls, u in used.items() if u < self.n(cls)]
        return out, ways, partial


def wild_cap(rs, naturals: int, wilds_there: int = 0) -> int:
    """The most wild cards worth trying beside ``naturals`` (a loose bound: the judge decides)."""
    cap = 99 if rs.max_wilds is None else rs.max_wilds
    if rs.wild_ratio != "pagat":
        cap = min(cap, naturals)
    return max(0, cap - wilds_there)


def legal_moves(table: Table, limit: int = NODE_LIMIT, exhaustive: bool = False,
                keep_dead_ends: bool = False) -> MoveList:
    """Every legal move for the player on turn: draw or take in the draw phase; melds, lay-offs,
    discards and ways to go out in the play phase; ``ask`` where a partner can answer.

    A move after which no legal way remains to finish the turn is left out while another move exists
    (``keep_dead_ends`` keeps it); when no move can finish the turn, all are kept and a note says so."""
    gen = _Generator(table, limit, exhaustive)
    gen.run()
    options = gen.options
    if not keep_dead_ends:
        from canasta_tutor.play.finishing import keep_finishable

        options, can_finish = keep_finishable(options)
        if not can_finish:
            gen.notes.append("dead-end")
    return MoveList(table, options, gen.truncated, gen.notes)


class _Generator:
    def __init__(self, table: Table, limit: int, exhaustive: bool = False) -> None:
        self.table = table
        self.rs = table.ruleset
        self.player = table.mover
        self.side = table.side_of(self.player.name)
        self.options: list[Option] = []
        self.seen: set[str] = set()
        self.truncated = False
        self.limit = limit
        self.notes: list[str] = []
        self.groups_cache: dict = {}
        self.group_ok: dict = {}
        self.exhaustive = exhaustive
        self.play_table = table
        if table.turn.phase != "play":
            self.play_table = table.clone()
            self.play_table.turn.phase = "play"

    def try_move(self, kind: str, steps: list[Step], ways: int = 1, choices=(), on: Table | None = None):
        text = format_move(steps)
        if text in self.seen:
            return None
        self.seen.add(text)
        v = judge(on or self.table, steps)
        if v.legal:
            self.options.append(Option("out" if v.went_out else kind, steps, v, ways, list(choices)))
        return v

    # -- the whole listing ------------------------------------------------------------------------
    def run(self) -> None:
        t = self.table
        if self.player.hand is None:
            self.notes.append("unknown-hand")
        if t.turn.phase == "draw":
            self.try_move("draw", [Step("draw")])
            self.takes()
        else:
            self.plays()
        self.try_move("ask", [Step("ask")])

    def takes(self) -> None:
        t = self.table
        if not t.discard:
            return
        self.try_move("take", [Step("take")])
        top = t.discard[-1]
        if self.player.hand is None or not top.is_natural:
            return
        pool = Pool(self.player.hand)
        r = top.rank
        for k, twos, jokers in product(range(pool.n(r) + 1), range(pool.n("2") + 1), range(pool.n("JK") + 1)):
            if k + twos + jokers == 0 or twos + jokers > wild_cap(self.rs, k + 1):
                continue
            g = Group(r, k, twos, jokers)
            (cards,), ways, partial = pool.pick([g])
            v = self.try_move("take", [Step("take", tuple(cards))], ways, partial)
            if v is None or v.legal or not _only_initial(v):
                continue
            # The take is fine but the side's first meld is short: list the ways to make it up
            # from the hand in the same move.
            rest = _without(pool, [g])
            need = self.rs.threshold(self.side.score).need
            short = None if need is None else need - v.state.counted
            after = v.after
            for combo in self.initial_combos(rest, short, exclude={r}, probe=after):
                groups = [g, *combo]
                picked, ways, partial = pool.pick(groups)
                steps = [Step("take", tuple(picked[0]))] + [Step("meld", tuple(cs)) for cs in picked[1:]]
                self.try_move("take", steps, ways, partial)

    def plays(self) -> None:
        hand = self.player.hand
        if hand is None:
            return
        pool = Pool(hand)
        melded = self.side.has_melded
        if melded:
            for r in NATURAL_RANKS:
                if pool.n(r) and self.side.meld_of(r) is None:
                    for g in self.meld_groups(pool, r):
                        (cards,), ways, partial = pool.pick([g])
                        self.try_move("meld", [Step("meld", tuple(cards))], ways, partial)
            self.lay_offs(pool)
        else:
            # Any single meld that reaches the threshold alone, then the smallest combinations.
            for g, _ in self.valid_groups(pool, set(), self.table):
                (cards,), ways, partial = pool.pick([g])
                self.try_move("meld", [Step("meld", tuple(cards))], ways, partial)
            need = self.rs.threshold(self.side.score).need
            for combo in self.initial_combos(pool, need, exclude=set(), probe=self.table):
                picked, ways, partial = pool.pick(combo)
                self.try_move("meld", [Step("meld", tuple(cs)) for cs in picked], ways, partial)
        for cls, cards in pool.cards.items():
            partial = [(1, len(cards), cls)] if len(cards) > 1 else []
            self.try_move("discard", [Step("discard", (cards[0],))], len(cards), partial)
        self.ways_out(pool)

    def meld_groups(self, pool: Pool, r: str, wilds_there: int = 0, new: bool = True):
        for k in range(1, pool.n(r) + 1):
            cap = wild_cap(self.rs, k, wilds_there)
            for twos in range(min(pool.n("2"), cap) + 1):
                for jokers in range(min(pool.n("JK"), cap - twos) + 1):
                    if not new or k + twos + jokers >= 3:
                        yield Group(r, k, twos, jokers)

    def lay_offs(self, pool: Pool) -> None:
        for m in self.side.melds:
            r = m.rank
            if r not in NATURAL_RANKS:
                continue
            for k in range(pool.n(r) + 1):
                cap = wild_cap(self.rs, m.naturals + k, m.wilds)
                for twos in range(min(pool.n("2"), cap) + 1):
                    for jokers in range(min(pool.n("JK"), cap - twos) + 1):
                        if k + twos + jokers:
                            (cards,), ways, partial = pool.pick([Group(r, k, twos, jokers)])
                            self.try_move("add", [Step("add", tuple(cards), r)], ways, partial)

    # -- a side's first meld --------------------------------------------------------------------
    def valid_groups(self, pool: Pool, exclude: set[str], probe: Table) -> list[tuple[Group, int]]:
        """Every group that is a valid meld on its own (judged on ``probe`` in the play phase, where
        only the initial-meld minimum may object), with its value."""
        key = (frozenset(exclude), id(pool), id(probe))
        if key in self.groups_cache:
            return self.groups_cache[key]
        if probe.turn.phase != "play":
            probe = probe.clone()
            probe.turn.phase = "play"
        out = []
        for r in NATURAL_RANKS:
            if r in exclude or not pool.n(r):
                continue
            for g in self.meld_groups(pool, r):
                (cards,), _, _ = pool.pick([g])
                v = judge(probe, [Step("meld", tuple(cards))])
                if v.legal or _only_initial(v):
                    out.append((g, sum(c.value for c in cards)))
        self.groups_cache[key] = out
        return out

    def initial_combos(self, pool: Pool, need: int | None, exclude: set[str], probe: Table) -> list[list[Group]]:
        """The smallest sets of melds from ``pool`` that reach ``need`` points (or, with ``need``
        None, include a canasta): no card and no meld can be left out and still reach it."""
        groups = self.valid_groups(pool, exclude, probe)
        by_rank: dict[str, list[tuple[Group, int]]] = {}
        for g, value in groups:
            by_rank.setdefault(g.rank, []).append((g, value))
        valid = {g for g, _ in groups}
        ranks = list(by_rank)
        found: list[list[Group]] = []
        nodes = 0

        def reached(chosen, value) -> bool:
            if need is None:
                return any(g.size >= 7 for g in chosen)
            return value >= need

        def minimal(chosen: list[tuple[Group, int]]) -> bool:
            total = sum(v for _, v in chosen)
            gs = [g for g, _ in chosen]
            for i, (g, value) in enumerate(chosen):
                others = gs[:i] + gs[i + 1:]
                if reached(others, total - value):
                    return False
                for smaller, drop in ((Group(g.rank, g.k - 1, g.twos, g.jokers), _natural_value(g.rank)),
                                      (Group(g.rank, g.k, g.twos - 1, g.jokers), 20),
                                      (Group(g.rank, g.k, g.twos, g.jokers - 1), 50)):
                    if smaller in valid and reached(others + [smaller], total - drop):
                        return False
            return True

        def walk(i: int, chosen: list, value: int, twos: int, jokers: int) -> None:
            nonlocal nodes
            nodes += 1
            if nodes > self.limit:
                self.truncated = True
                return
            if chosen and reached([g for g, _ in chosen], value):
                if minimal(chosen):
                    found.append([g for g, _ in chosen])
                return
            for j in range(i, len(ranks)):
                for g, v in by_rank[ranks[j]]:
                    if g.twos <= twos and g.jokers <= jokers:
                        chosen.append((g, v))
                        walk(j + 1, chosen, value + v, twos - g.twos, jokers - g.jokers)
                        chosen.pop()

        walk(0, [], 0, pool.n("2"), pool.n("JK"))
        return found

    def _meld_cards(self, rank: str) -> list[Card]:
        m = self.side.meld_of(rank)
        return m.cards if m else []

    # -- going out --------------------------------------------------------------------------------
    def ways_out(self, pool: Pool) -> None:
        """Every way to put the whole hand down this turn (all of it melded, or all but a last
        discard): each rank goes to its meld, black threes as a set of their own, wilds shared out.

        One entry per choice of last card: the ways to share out the wild cards differ only meld by
        meld, so each meld is judged once on its own, and the whole move once for a representative;
        the entry says how many ways there are. (``exhaustive`` judges every way, for the tests.)"""
        if pool.n("3r"):
            return
        classes = list(pool.cards)
        for last in [None, *classes]:
            left = {cls: pool.n(cls) - (cls == last) for cls in classes}
            threes = left.pop("3b", 0)
            if threes not in (0, 3, 4):
                continue
            twos, jokers = left.pop("2", 0), left.pop("JK", 0)
            ranks = [r for r in NATURAL_RANKS if left.get(r)]
            new = [r for r in ranks if self.side.meld_of(r) is None]
            if any(left[r] < self.rs.min_naturals for r in new):
                continue  # a new meld short of naturals: no wild card can mend that
            targets = ranks + [m.rank for m in self.side.melds if m.rank not in ranks and m.rank in NATURAL_RANKS]
            if not targets and (twos or jokers):
                continue
            candidates: list[list[Group]] = []
            # Each meld's allowed share of wild cards, judged once; then every way to hand out all of
            # them, keeping those that leave the side enough canastas to go out.
            allowed = []
            for r in targets:
                k = left.get(r, 0)
                allowed.append([(t2, tj) for t2 in range(twos + 1) for tj in range(jokers + 1)
                                if (k + t2 + tj == 0 and self.side.meld_of(r) is not None)
                                or (k + t2 + tj and self._group_ok(pool, Group(r, k, t2, tj)))])
            untouched = sum(1 for m in self.side.melds if m.is_canasta and m.rank not in targets)
            budget = [self.limit]
            for share in _fits(allowed, twos, jokers, budget):
                groups = [Group(r, left.get(r, 0), t2, tj) for r, (t2, tj) in zip(targets, share)]
                groups = [g for g in groups if g.size]
                made = sum(1 for g in groups if g.size + len(self._meld_cards(g.rank)) >= 7)
                if untouched + made < self.rs.canastas_to_go_out:
                    continue  # not enough canastas to go out: no need to ask the judge
                if threes:
                    groups.append(Group("3b", threes))
                candidates.append(groups)
            if budget[0] <= 0:  # very many wild cards: list the ways found so far and say so
                self.truncated = True
            self._out_entry(pool, last, candidates)

    def _out_entry(self, pool: Pool, last: str | None, candidates: list[list[Group]]) -> None:
        found = None
        ways = shares = 0
        for groups in candidates:
            if len(groups) + (last is not None) < 2:
                continue  # a single step is listed with the melds or discards already
            n = pool.ways(groups) * (pool.n(last) if last is not None else 1)
            if found is None or self.exhaustive:
                picked, _, partial = pool.pick(groups)
                steps = [Step("add", tuple(cards), g.rank) if self.side.meld_of(g.rank) is not None
                         else Step("meld", tuple(cards)) for g, cards in zip(groups, picked)]
                if last is not None:
                    steps.append(Step("discard", (pool.cards[last][-1],)))
                v = judge(self.table, steps)
                if not v.legal:
                    continue
                if found is None:
                    found = (steps, v, partial)
            ways += n
            shares += 1
        if found is not None:
            steps, v, partial = found
            self.options.append(Option("out", steps, v, ways, partial, shares))

    def _group_ok(self, pool: Pool, g: Group) -> bool:
        """Whether one meld of a way out is fine on its own (only going-out and first-meld rules,
        which are judged on the whole move, may object)."""
        key = (g.rank, g.k, g.twos, g.jokers)
        if key in self.group_ok:
            return self.group_ok[key]
        (cards,), _, _ = pool.pick([g])
        step = Step("add", tuple(cards), g.rank) if self.side.meld_of(g.rank) is not None else Step("meld", tuple(cards))
        v = judge(self.play_table, [step])
        ok = all(f.rule.startswith(("initial.", "out.")) for f in v.violations)
        self.group_ok[key] = ok
        return ok

def _fits(allowed: list[list[tuple[int, int]]], twos: int, jokers: int, budget: list[int], i: int = 0):
    """Every choice of one allowed (twos, jokers) share per meld that uses up all the wild cards,
    until ``budget`` (search steps, shared with the caller) runs out."""
    budget[0] -= 1
    if budget[0] < 0:
        return
    if i == len(allowed):
        if not twos and not jokers:
            yield []
        return
    for t2, tj in allowed[i]:
        if t2 <= twos and tj <= jokers:
            for rest in _fits(allowed, twos - t2, jokers - tj, budget, i + 1):
                yield [(t2, tj), *rest]


def _natural_value(rank: str) -> int:
    return Card(rank, None).value


def _only_initial(v: Verdict) -> bool:
    return bool(v.violations) and all(f.rule.startswith("initial.") for f in v.violations)


def _without(pool: Pool, groups: list[Group]) -> Pool:
    rest = Pool([])
    rest.cards = {cls: list(cs) for cls, cs in pool.cards.items()}
    for g in groups:
        for cls, count in ((g.rank, g.k), ("2", g.twos), ("JK", g.jokers)):
            if count:
                rest.cards[cls] = rest.cards[cls][count:]
    rest.cards = {cls: cs for cls, cs in rest.cards.items() if cs}
    return rest
