"""The candidate moves from a table, for the player on turn, listed compactly (``every_move``);
``moves.legal_moves`` leaves out those after which the turn cannot be finished.

The generator only decides what to try; the rules decide what is legal. A candidate of one step
(a draw, a plain take, a meld, a lay-off, a discard) is asked of the verdict kernel, which answers as
``check`` does or hands the question to the judge, and so is a way out (the whole hand put down, in
several steps); every other candidate is judged by the same ``judge`` that ``check`` uses. Only legal
ones are listed, so the listing can never disagree with ``check``. An option the kernel found legal
gets the judge's full ruling when it is first read: most options of a listing are never read (a hint
or a self-played turn reads one).

Candidates are built per card class (the rank, and red or black for threes): the suit of a card
never changes a ruling except on threes, so "meld 9S 9D 9H" and "meld 9C 9D 9H" are one entry that
says how many ways the player has to make it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product

from canasta_tutor.engine.bounds import Undecided
from canasta_tutor.engine.cards import NATURAL_RANKS, Card
from canasta_tutor.engine.decisive import DECISIVE
from canasta_tutor.engine.facts import step_facts
from canasta_tutor.engine.judge import Verdict, judge, judge_further, make
from canasta_tutor.engine.kernel import JUDGE, View, decide, decide_held, decide_step, held, step_view
from canasta_tutor.engine.move import Step, discard_of, format_move
from canasta_tutor.engine.rules import BY_STAGE
from canasta_tutor.engine.ruling import finished
from canasta_tutor.engine.state import TurnState
from canasta_tutor.engine.table import Meld, Table, meld_rank
from canasta_tutor.play.going_out import ways_out
from canasta_tutor.play.pool import TAKEABLE, Group, Pool, card_class, natural_value, wild_cap, without

__all__ = ["KINDS", "MoveList", "Option", "Pool", "can_take", "card_class", "every_move"]

KINDS = ("draw", "take", "meld", "add", "discard", "out", "ask")
NODE_LIMIT = 20000  # search steps for first-meld combinations and for ways out, so any hand answers at once
# Steps of can_take's own search for a first meld made with the take; past them the listing's search decides.
QUICK_STEPS = NODE_LIMIT
# Rulings a listing may ask for: counted, never timed, so that a listing (and so `moves`, `hint` and
# the coach) gives the same answer on any machine under any load. Real play needs at most a couple of
# hundred (measured over self-played hands of every ruleset); on a hand of more than 64 cards a ruling
# counts for more (``ruling_cost``), so that a hand holding most of twenty decks stops within a second.
RULING_LIMIT = 3000


class Option:
    """One entry of a listing. Its ``verdict`` is the judge's ruling on ``steps`` played on the table
    listed: given when the listing made it, else judged on first read (a listing learns whether most
    single steps are legal from the verdict kernel, and most of those rulings are never read)."""

    __slots__ = ("_canastas", "_ends", "_on", "_verdict", "choices", "kind", "shares", "steps", "ways")
    kind: str
    steps: list[Step]
    ways: int  # concrete choices of cards this entry stands for
    choices: list[tuple[int, int, str]]  # (used, held, class), partly used
    shares: int  # ways to share out the wild cards among the melds (going out)

    def __init__(self, kind: str, steps: list[Step], verdict: Verdict | None, ways: int = 1,
                 choices: list[tuple[int, int, str]] | None = None, shares: int = 1, *,
                 on: Table | None = None, ends: bool | None = None) -> None:
        if verdict is None and on is None:
            raise ValueError("an option needs its verdict or the table to judge it on")
        self.kind = kind
        self.steps = steps
        self.ways = ways
        self.choices = [] if choices is None else choices
        self.shares = shares
        self._verdict = verdict
        self._on = on
        self._ends = ends  # whether the move ends the turn, where the listing knows without the verdict
        self._canastas: list[str] | None = None

    @classmethod
    def found_legal(cls, kind: str, step: Step, ways: int, choices: list[tuple[int, int, str]], on: Table,
                    ends: bool | None) -> Option:
        """A move of one ``step`` the verdict kernel found legal on the table ``on``, its verdict judged
        when first read: ``__init__`` without its checks and defaults, for the listing's thousands."""
        o = cls.__new__(cls)
        o.kind = kind  # one value a line: several a line build a tuple and take it apart again
        o.steps = [step]
        o.ways = ways
        o.choices = choices
        o.shares = 1
        o._verdict = None
        o._on = on
        o._ends = ends
        o._canastas = None
        return o

    @property
    def verdict(self) -> Verdict:
        v = self._verdict
        if v is None:
            assert self._on is not None
            v = self._verdict = judge(self._on, self.steps)
        return v

    @property
    def canastas(self) -> list[str]:
        """The ranks of the canastas the move completes, in the order its ruling notes them. Read from
        the move made on the table listed where the verdict is not judged yet: the same notes in the
        same order (the judge applies the steps as ``make`` does, and a legal move keeps every note),
        without the rules asked; the coach asks this of every meld it weighs."""
        made = self._canastas
        if made is None:
            on = self._on
            if self._verdict is None and on is not None:
                made = _canastas_of_step(on, self.steps)
                if made is None:
                    made = [p["rank"] for key, _, p in make(on, self.steps, shared=True).state.notes if key == "canasta"]
            else:
                made = [n.params["rank"] for n in self.verdict.notes if n.rule == "canasta"]
            self._canastas = made
        return made

    @property
    def ends_turn(self) -> bool:
        """The move ends the turn (``ruling.finished`` of its verdict), read without judging it where
        the listing knows already."""
        ends = self._ends
        return finished(self.verdict) if ends is None else ends

    @property
    def listed_on(self) -> Table | None:
        """The table the listing judged this option on, for an option whose verdict is judged when
        first read (None for one given its verdict): the verdict kernel found the move legal there."""
        return self._on

    @property
    def move(self) -> str:
        return format_move(self.steps)

    def __repr__(self) -> str:
        return (f"Option(kind={self.kind!r}, move={self.move!r}, ways={self.ways}, choices={self.choices!r}, "
                f"shares={self.shares})")


def _canastas_of_step(table: Table, steps: list[Step]) -> list[str] | None:
    """The canasta a legal move of one plain step completes, counted (``TurnState._into_meld``: a meld
    becomes a canasta at 7 cards): a discard or a draw completes none; a meld or lay-off completes one
    when it brings its rank's meld from under 7 cards to 7 or more. None where counting is not enough
    (a take, several steps, a meld of wild cards only): the move is made then."""
    if len(steps) != 1:
        return None
    step = steps[0]
    kind = step.kind
    if kind == "discard" or kind == "draw":
        return []
    if kind == "add":
        rank = step.to
    elif kind == "meld":
        rank = meld_rank(step.cards)
    else:
        return None
    if rank is None:
        return None
    meld = table.side_of(table.turn.player).meld_of(rank)
    before = len(meld.cards) if meld is not None else 0
    if meld is None and kind == "add":
        return None
    return [rank] if before < 7 <= before + len(step.cards) else []


@dataclass
class MoveList:
    table: Table
    options: list[Option]
    truncated: bool = False  # a search for combinations (first melds, ways out) stopped at its limit
    notes: list[str] = field(default_factory=list)
    stopped: int | None = None  # the listing used up its rulings (this many) and stopped there
    kinds = KINDS  # the order the kinds are listed in (a class constant, not a field)

    def of_kind(self, kind: str) -> list[Option]:
        return [o for o in self.options if o.kind == kind]

    @property
    def ways(self) -> int:
        return sum(o.ways for o in self.options)


def every_move(table: Table, limit: int = NODE_LIMIT, exhaustive: bool = False,
               rulings: int = RULING_LIMIT, views: dict[int, tuple[Table, View | None]] | None = None) -> MoveList:
    """Every legal move the generator finds for the player on turn, dead ends included (see
    ``moves.legal_moves``, which leaves them out). ``views``, when given, gets the kernel's view of
    the table listed, where the listing read it (by the table's id, the table kept with it), for
    the dead-end check that asks the kernel about the same table next."""
    gen = _Generator(table, limit, exhaustive, rulings)
    try:
        gen.run()
    except _OutOfRulings:
        gen.truncated = True
        gen.stopped = rulings
    if views is not None:  # what this listing read, or nothing: never a view of the table as it was
        if gen._view is _UNREAD:
            views.pop(id(table), None)
        else:
            views[id(table)] = (table, gen._view)  # type: ignore[assignment]
    return MoveList(table, gen.options, gen.truncated, gen.notes, gen.stopped)


def can_take(table: Table) -> bool:
    """Whether the player on turn may take the discard pile: whether some take ``check`` accepts is
    among the candidates ``legal_moves`` tries, judged by the same judge, most likely first, stopping
    at the first legal one.

    Two differences from "a take is listed": the listing leaves out a legal take after which the
    turn cannot be finished while another move exists (a dead end; this still answers yes, the take
    itself being allowed); and a take that must also make the side's first meld is looked for among
    more sets of melds than the listing offers (``any_first_meld``), so on a hand so large that the
    listing's search stops early (it says so), this may find a legal take the listing did not reach."""
    if table.turn.phase != "draw" or not table.discard:
        return False
    gen = _Generator(table, NODE_LIMIT, rulings=RULING_LIMIT, first=True)
    try:
        found = gen.takes()
    except _OutOfRulings:
        raise Undecided(f"no legal take found in {RULING_LIMIT} rulings, and not every take was tried") from None
    if not found and gen.truncated:  # a first meld's search stopped at its step bound: "no" would be a guess
        raise Undecided(f"no legal take found in {NODE_LIMIT} search steps, and not every take was tried")
    return found


# Whether a legal move of one step of each kind ends the turn, where the kind alone says so. A draw
# from the stock names no card when listed, so no red three it might bring can end the hand, and an
# ask puts nothing down (a red three drawn as the stock's last card earlier in the turn leaves the
# kernel no view: those moves are judged, and their verdicts say).
_ENDS = {"discard": True, "meld": False, "add": False, "draw": False, "ask": False}
_UNREAD = object()  # a view not read yet (None is a view the kernel cannot answer on)
_DRAW, _ASK = Step("draw"), Step("ask")  # a step never changes, so every listing offers these same two


class _OutOfRulings(Exception):
    """The listing has asked for all the rulings it may."""


class _OutOfSteps(Exception):
    """can_take's own search used up its steps (``QUICK_STEPS``)."""


class _Generator:
    def __init__(self, table: Table, limit: int, exhaustive: bool = False, rulings: int = RULING_LIMIT,
                 first: bool = False) -> None:
        self.table = table
        self.rs = table.ruleset
        self.player = table.mover
        self.side = table.side_of(self.player.name)
        # The ranks a new meld may have: the natural ones, and "?" for wild cards alone where the rules
        # ask for no natural card (``wild_groups``).
        self.meld_ranks = NATURAL_RANKS if self.rs.min_naturals else (*NATURAL_RANKS, "?")
        self.options: list[Option] = []
        self.seen: set[tuple[Step, ...]] = set()
        self.truncated = False
        self.stopped: int | None = None
        self.limit = limit
        self.notes: list[str] = []
        self.groups_cache: dict = {}
        self.group_ok: dict = {}
        self.exhaustive = exhaustive
        self.first = first  # only whether there is one: stop at the first legal take
        self.rulings_left = rulings
        # A ruling costs more the more cards the hand holds (each step looks the hand through): on a
        # hand of many decks each counts as several, so the listing's bound stays about a second.
        self.ruling_cost = 1 + len(self.player.hand or ()) // 64
        self._play_table: Table | None = None
        self._screen: TurnState | None = None
        self._view: View | None | object = _UNREAD  # the kernel's view of the table listed
        self._views: dict[int, tuple[Table, View | None]] = {}  # of the other tables judged on
        self._held: Sequence[Card] | None | object = _UNREAD  # its hand, where the kernel answers on it

    @property
    def play_table(self) -> Table:
        """The table in the play phase, where a meld is judged on its own."""
        if self._play_table is None:
            self._play_table = self.table
            if self.table.turn.phase != "play":
                self._play_table = self.table.clone()
                self._play_table.turn.phase = "play"
        return self._play_table

    def tick(self) -> None:
        """Stop a search when the listing's rulings are used up (a search's own steps are counted by
        the search)."""
        if self.rulings_left <= 0:
            raise _OutOfRulings

    def judge(self, table: Table, steps: list[Step]) -> Verdict:
        self.tick()
        self.rulings_left -= self.ruling_cost
        return judge(table, steps)

    def judge_further(self, verdict: Verdict, more: list[Step]) -> Verdict:
        self.tick()
        self.rulings_left -= self.ruling_cost
        return judge_further(verdict, more)

    def add(self, kind: str, steps: list[Step], v: Verdict, ways: int = 1, choices=(), shares: int = 1) -> None:
        self.options.append(Option(kind, steps, v, ways, list(choices), shares))

    def legal_out(self, steps: list[Step]) -> tuple[bool, Verdict | None]:
        """Whether the way out ``steps`` (the whole hand put down) is legal: the kernel's answer
        where it gives one, with no ruling (None), else the judge's ruling. Counted as a ruling
        either way, so that a listing stops where it always did."""
        self.tick()
        self.rulings_left -= self.ruling_cost
        said = decide(self.table, steps)
        if said is JUDGE:
            v = judge(self.table, steps)
            return v.legal, v
        return said is None, None

    def add_out(self, steps: list[Step], v: Verdict | None, ways: int, choices, shares: int) -> None:
        """List a legal way out; without its ruling, judged when first read. A legal move that puts
        the whole hand down goes out, which ends the turn."""
        if v is not None:
            self.add("out", steps, v, ways, choices, shares)
        else:
            self.options.append(Option("out", steps, None, ways, list(choices), shares, on=self.table, ends=True))

    def try_move(self, kind: str, steps: list[Step], ways: int = 1, choices=(), on: Table | None = None):
        seen = self.seen
        before = len(seen)
        seen.add(tuple(steps))  # steps are equal exactly when their notation is
        if len(seen) == before:
            return None
        v = self.judge(on or self.table, steps)
        if v.legal and not self.first:  # only whether there is one: nothing is listed
            self.add("out" if v.went_out else kind, steps, v, ways, choices)
        return v

    def offer(self, kind: str, step: Step, ways: int = 1, choices: list[tuple[int, int, str]] | None = None) -> None:
        """``try_move`` of a move of one step whose ruling the listing does not read: the kernel says
        whether it is legal (the judge where the kernel leaves it to the judge), and a legal one is
        listed with its verdict judged when first read. Counted as a ruling all the same, so that a
        listing stops where it always did. ``choices``: a list of the caller's own, which the option
        keeps (every caller makes a new one)."""
        seen = self.seen
        before = len(seen)
        seen.add((step,))  # one hash of the step (a call of its own) where a look and an add make two
        if len(seen) == before:
            return
        if self.rulings_left <= 0:  # ``tick``, inline: a listing makes thousands of offers
            raise _OutOfRulings
        self.rulings_left -= self.ruling_cost
        table = self.table
        hand = self._held
        if hand is _UNREAD:
            view = self.view_of(table)
            hand = self._held = None if view is None else held(view)
        said = JUDGE if hand is None else decide_held(self._view, hand, step)  # type: ignore[arg-type]
        if said is JUDGE:
            v = judge(table, [step])
            if v.legal:
                self.add("out" if v.went_out else kind, [step], v, ways, choices or ())
            return
        if said is not None:
            return
        # Legal: the move goes out when it puts down the whole hand (the kernel answers only on a
        # hand whose every card is known); a discard or going out ends the turn.
        cards = step.cards
        ends: bool | None
        if kind != "draw" and cards and len(cards) == len(hand):  # type: ignore[arg-type]
            kind, ends = "out", True
        else:
            ends = _ENDS.get(kind)
        self.options.append(Option.found_legal(kind, step, ways, [] if choices is None else choices, table, ends))

    def view_of(self, table: Table) -> View | None:
        """The kernel's view of ``table`` (one of the tables this listing judges on), read once."""
        if table is self.table:  # nearly every question is about the table listed
            if self._view is _UNREAD:
                self._view = step_view(table)
            return self._view  # type: ignore[return-value]
        known = self._views.get(id(table))
        if known is None:
            known = self._views[id(table)] = (table, step_view(table))  # the table is kept: its id stays its own
        return known[1]

    def decided(self, table: Table, step: Step) -> str | None:
        """The kernel's answer on a move of one ``step`` (None: legal; a rule id; ``JUDGE``), counted
        as a ruling."""
        self.tick()
        self.rulings_left -= self.ruling_cost
        v = self.view_of(table)
        return JUDGE if v is None else decide_step(v, step)

    def fine_but_for(self, table: Table, step: Step, rules: tuple[str, ...]) -> bool:
        """Whether the move of one ``step`` on ``table`` breaks no rule but those whose ids start with
        one of ``rules``. The kernel's deciding rule settles it unless it is one of those; then, as a
        move of one step lists its violations in decisive order from the deciding one, it is settled
        too where every rule from that one on is one of those (the first meld's rules come last, after
        going out's); else the judge says whether others are broken too."""
        said = self.decided(table, step)
        if said is None:
            return True
        if said is not JUDGE:
            if not said.startswith(rules):
                return False
            if all(r.startswith(rules) for r in DECISIVE[_DECIDES_AT[said]:]):
                return True
        return all(f.rule.startswith(rules) for f in judge(table, [step]).violations)

    def legal_take(self, step: Step, ways: int, choices: list[tuple[int, int, str]]) -> bool:
        """List the take ``step`` when the kernel says it is legal as it is, with its verdict judged
        when first read, and say so; else (refused, or a question for the judge) leave it to the
        judge. Counted as a ruling, as the judge's would be. A take that lays the whole hand is
        always judged (it might go out). ``choices``: a list of the caller's own, which the option
        keeps."""
        seen = self.view_of(self.table)
        if seen is None or seen.hand is None or len(step.cards) >= len(seen.hand) or decide_step(seen, step) is not None:
            return False
        listed = self.seen
        before = len(listed)
        listed.add((step,))
        if len(listed) > before:
            self.tick()
            self.rulings_left -= self.ruling_cost
            self.options.append(Option.found_legal("take", step, ways, choices, self.table, False))
        return True

    def first_step_fails(self, step: Step) -> bool:
        """Whether the rules on the first step of a move already refuse it (then no later step can
        make the move legal). The same rule functions the judge runs, on the same facts, without the
        rest of a ruling: the listing asks this of many candidates that share one first step.

        The kernel answers first where its answer settles it: a legal move breaks no rule, and a move
        whose deciding rule is one of this step's own rules breaks that one on its first step."""
        v = self.view_of(self.table)
        said = JUDGE if v is None else decide_step(v, step)
        if said is None:
            return False
        if said in _STEP_ONLY[step.kind]:
            return True
        if self._screen is None:
            self._screen = TurnState.start(self.table)
        s = self._screen
        f = step_facts(s, 1, step)
        for r in BY_STAGE[step.kind]:
            if r.check(s, f) is not None:
                return True
        return False

    # -- the whole listing ------------------------------------------------------------------------
    def run(self) -> None:
        t = self.table
        if self.player.hand is None:
            self.notes.append("unknown-hand")
        if t.turn.phase == "draw":
            self.offer("draw", _DRAW)
            self.takes()
        else:
            self.plays()
        self.offer("ask", _ASK)

    def takes(self) -> bool:
        """The takes of the pile; with ``first``, only whether there is one (True at the first)."""
        t = self.table
        if not t.discard:
            return False
        top = t.discard[-1]
        # Without a meld of the top's rank, a take needs a natural card of that rank from the hand:
        # takes without one are not tried (the judge would refuse each with pile.no-match).
        joins = not top.is_natural or self.side.meld_of(top.rank) is not None
        bare = Step("take")
        # The pile alone, listed as the takes below are: with its verdict judged when first read
        # where the kernel finds it legal; else the judge's, unless its first step already fails.
        if joins and (self.first or not self.legal_take(bare, 1, [])) and not self.first_step_fails(bare):
            v = self.try_move("take", [bare])
            if self.first and v is not None and v.legal:
                return True
        if self.player.hand is None or not top.is_natural:
            return False
        r = top.rank
        # A take uses cards of the top's rank and wild cards only: those classes are enough to pick
        # them (in the same order); the whole hand's classes are needed only for a first meld.
        hand = self.player.hand
        pool = Pool(list(filter(TAKEABLE[r].__contains__, hand)))
        whole: Pool | None = None
        # The wild cards a take may lay are bounded by the naturals of the meld it makes: the top card,
        # the naturals laid with it and those of the side's meld of that rank, less its wild cards.
        meld = self.side.meld_of(r)
        there, there_wild = (meld.naturals, meld.wilds) if meld is not None else (0, 0)
        shapes = _take_shapes(pool.n(r), pool.n("2"), pool.n("JK"),
                              lambda k: wild_cap(self.rs, k + 1 + there, there_wild), joins, self.first)
        for i, (k, twos, jokers) in enumerate(shapes):
            g = Group(r, k, twos, jokers)
            partial: list[tuple[int, int, str]]
            if self.first:  # only whether there is one: the ways to choose the cards are not counted
                cards, ways, partial = pool.first(g), 1, []
            else:  # ``pick`` of the one group, read straight from the classes
                cards, ways, partial = pool.one(r, k, twos, jokers)
            step = Step("take", tuple(cards))
            # Most takes fail on their first step, which is cheaper to ask about than a whole
            # ruling; when only whether there is one is asked, the likeliest goes straight to the judge.
            if not self.first and self.legal_take(step, ways, partial):
                continue
            if (i or not self.first) and self.first_step_fails(step):
                continue
            v = self.try_move("take", [step], ways, partial)
            if v is None:
                continue
            if v.legal:
                if self.first:
                    return True
                continue
            if not _only_initial(v):
                continue
            # The take is fine but the side's first meld is short: list the ways to make it up
            # from the hand in the same move.
            if whole is None:
                whole = Pool(hand)
            rest = without(whole, [g])
            need = self.rs.threshold(self.side.score).need
            short = None if need is None else need - v.state.counted
            if self.first:
                found = self.any_first_meld(v, rest, short)
                if found is not None:
                    if found:
                        return True
                    continue
                # The quick search ran out of steps (a huge hand): the listing's own search decides.
            after = v.after
            for combo in self.initial_combos(rest, short, exclude={r}, probe=after):
                groups = [g, *combo]
                picked, ways, partial = whole.pick(groups)
                steps = [Step("take", tuple(picked[0]))] + [Step("meld", tuple(cs)) for cs in picked[1:]]
                v = self.try_move("take", steps, ways, partial)
                if self.first and v is not None and v.legal:
                    return True
        return False

    def plays(self) -> None:
        hand = self.player.hand
        if hand is None:
            return
        pool = Pool(hand)
        # Discards are judged first (there are few, and a listing that runs out of time on a huge
        # hand still offers them) but listed after the melds and lay-offs, as they always were: a
        # hint or a seeded self-play hand that picks among equals picks the same move.
        start = len(self.options)
        for cls, cards in pool.cards.items():
            partial = [(1, len(cards), cls)] if len(cards) > 1 else []
            self.offer("discard", discard_of(cards[0]), len(cards), partial)
        discards = self.options[start:]
        del self.options[start:]
        try:
            self.melds(pool)
        finally:
            self.options.extend(discards)
        ways_out(self, pool)

    def melds(self, pool: Pool) -> None:
        """New melds and lay-offs; for a side that has not melded, the first melds that reach its
        threshold."""
        if self.side.has_melded:
            counts = pool.counts
            melded = {m.rank for m in self.side.melds}
            for r in NATURAL_RANKS:
                if r in counts and r not in melded:  # held (a class holds at least one card), no meld yet
                    for g in self.meld_groups(pool, r):
                        cards, ways, partial = pool.one(*g)
                        self.offer("meld", Step("meld", tuple(cards)), ways, partial)
            if "?" not in melded:
                self.wild_melds(pool, None)
            self.lay_offs(pool)
            return
        # Any single meld that reaches the threshold alone, then the smallest combinations.
        for g, _ in self.valid_groups(pool, set(), self.table):
            (cards,), ways, partial = pool.pick([g])
            self.offer("meld", Step("meld", tuple(cards)), ways, partial)
        need = self.rs.threshold(self.side.score).need
        for combo in self.initial_combos(pool, need, exclude=set(), probe=self.table):
            picked, ways, partial = pool.pick(combo)
            self.try_move("meld", [Step("meld", tuple(cs)) for cs in picked], ways, partial)

    def meld_groups(self, pool: Pool, r: str, wilds_there: int = 0, new: bool = True):
        # A new meld short of naturals, or of cards, is refused whatever else it holds
        # (meld.too-few-naturals, meld.too-small): those are not tried.
        counts = pool.counts  # ``Pool.n`` without a call: the listing tries every rank of every hand
        for k in range(max(1, self.rs.min_naturals) if new else 1, counts.get(r, 0) + 1):
            cap = wild_cap(self.rs, k, wilds_there)
            for twos in range(min(counts.get("2", 0), cap) + 1):
                for jokers in range(min(counts.get("JK", 0), cap - twos) + 1):
                    if not new or k + twos + jokers >= 3:
                        yield Group(r, k, twos, jokers)

    def wild_groups(self, pool: Pool, meld: Meld | None = None):
        """Wild cards alone, where the rules ask for no natural card: a new meld of them (three or
        more), or with ``meld`` onto the side's meld of them (rank "?"). None elsewhere."""
        if self.rs.min_naturals:
            return
        least = 3 if meld is None else 1
        cap = wild_cap(self.rs, 0, meld.wilds if meld is not None else 0)
        for twos in range(min(pool.n("2"), cap) + 1):
            for jokers in range(min(pool.n("JK"), cap - twos) + 1):
                if twos + jokers >= least:
                    yield Group("?", 0, twos, jokers)

    def wild_melds(self, pool: Pool, meld: Meld | None) -> None:
        """``wild_groups`` offered: a new meld, or a meld step onto the side's meld of wild cards (the
        judge lays wild cards alone there, as it does ``add ... to ?``), listed as a lay-off."""
        for g in self.wild_groups(pool, meld):
            cards, ways, partial = pool.one("?", 0, g.twos, g.jokers)
            self.offer("meld" if meld is None else "add", Step("meld", tuple(cards)), ways, partial)

    def groups_of(self, pool: Pool, r: str):
        """The new melds of rank ``r`` worth trying: of a natural rank, or of wild cards alone ("?")."""
        return self.wild_groups(pool) if r == "?" else self.meld_groups(pool, r)

    def lay_offs(self, pool: Pool) -> None:
        held_twos, held_jokers = pool.n("2"), pool.n("JK")  # read once: the same for every meld
        offer, one, rs = self.offer, pool.one, self.rs
        for m in self.side.melds:
            r = m.rank
            if r not in NATURAL_RANKS:
                if r == "?":
                    self.wild_melds(pool, m)
                continue
            wilds = m.wilds  # counted once: ``naturals`` would count them again
            naturals = len(m.cards) - wilds
            for k in range(pool.counts.get(r, 0) + 1):  # ``Pool.n``, without a call
                cap = wild_cap(rs, naturals + k, wilds)
                for twos in range(min(held_twos, cap) + 1):
                    for jokers in range(min(held_jokers, cap - twos) + 1):
                        if k + twos + jokers:
                            cards, ways, partial = one(r, k, twos, jokers)
                            offer("add", Step("add", tuple(cards), r), ways, partial)

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
        for r in self.meld_ranks:
            if r in exclude or not pool.n(r) and r != "?":
                continue
            for g in self.groups_of(pool, r):
                cards = pool.first(g)
                step = Step("meld", tuple(cards))
                if self.fine_but_for(probe, step, ("initial.",)):
                    out.append((g, sum(c.value for c in cards)))
        self.groups_cache[key] = out
        return out

    def any_first_meld(self, take: Verdict, rest: Pool, need: int | None) -> bool | None:
        """Whether the take ruled ``take`` (short of the first meld's minimum only), followed by
        melds from ``rest`` that make up ``need`` more points (with ``need`` None: that include a
        canasta), is legal; only whether there is one is asked. None when the search ran out of
        steps before it could tell.

        The listing's search (``initial_combos``) first judges every meld on its own and keeps the
        smallest sets; asked only for a yes, every set of candidate melds that reaches ``need`` goes
        straight to the judge, in the listing's order, as the take judged further. It tries every
        set the listing would offer and more, so it finds a legal take whenever the listing lists one."""
        taken = self.table.discard[-1].rank  # the take's own meld: the listing leaves that rank out too
        ranks = [r for r in self.meld_ranks if r != taken and (rest.n(r) or r == "?")]
        of_rank: dict[str, list[tuple[Group, int]]] = {}  # each rank's melds and their points, when first needed
        nodes = 0

        def walk(i: int, chosen: list[Group], value: int, twos: int, jokers: int) -> bool:
            nonlocal nodes
            nodes += 1
            self.tick()
            if nodes > QUICK_STEPS:
                raise _OutOfSteps
            if chosen and (any(g.size >= 7 for g in chosen) if need is None else value >= need):
                picked, _, _ = rest.pick(chosen)
                return self.judge_further(take, [Step("meld", tuple(cs)) for cs in picked]).legal
            for j in range(i, len(ranks)):
                r = ranks[j]
                if r not in of_rank:
                    of_rank[r] = [(g, sum(c.value for c in rest.first(g))) for g in self.groups_of(rest, r)]
                for g, worth in of_rank[r]:
                    if g.twos <= twos and g.jokers <= jokers:
                        chosen.append(g)
                        if walk(j + 1, chosen, value + worth, twos - g.twos, jokers - g.jokers):
                            return True
                        chosen.pop()
            return False

        try:
            return walk(0, [], 0, rest.n("2"), rest.n("JK"))
        except _OutOfSteps:
            return None

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
                for smaller, drop in ((Group(g.rank, g.k - 1, g.twos, g.jokers), natural_value(g.rank) if g.k else 0),
                                      (Group(g.rank, g.k, g.twos - 1, g.jokers), 20),
                                      (Group(g.rank, g.k, g.twos, g.jokers - 1), 50)):
                    if smaller in valid and reached(others + [smaller], total - drop):
                        return False
            return True

        def walk(i: int, chosen: list, value: int, twos: int, jokers: int) -> None:
            nonlocal nodes
            nodes += 1
            self.tick()
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


def _take_shapes(naturals: int, twos: int, jokers: int, cap, joins: bool, likeliest_first: bool):
    """The (naturals, 2s, jokers) a take may lay with the top card: at least one card, wild cards
    within ``cap(naturals)``, and naturals unless the take ``joins`` a meld. In the listing's order
    (naturals, 2s, jokers, each counting up), or with ``likeliest_first`` the most naturals and the
    fewest wild cards first, made one at a time, since only the first legal one is wanted."""
    if not likeliest_first:
        caps = [cap(k) for k in range(naturals + 1)]
        for k, t2, tj in product(range(naturals + 1), range(twos + 1), range(jokers + 1)):
            if (k or joins) and k + t2 + tj and t2 + tj <= caps[k]:
                yield k, t2, tj
        return
    for k in range(naturals, -1, -1):
        if not (k or joins):
            continue
        for wild in range(min(cap(k), twos + jokers) + 1):
            for t2 in range(max(0, wild - jokers), min(wild, twos) + 1):
                if k + wild:
                    yield k, t2, wild - t2


# Each rule's place in decisive order (``engine/decisive.py``).
_DECIDES_AT = {rule: i for i, rule in enumerate(DECISIVE)}
# Each kind of step's rules that are judged on that step alone (none of the whole move's): a move
# whose deciding rule is one of them breaks it on its first step.
_STEP_ONLY = {kind: {r.id for r in rules} - {r.id for r in BY_STAGE.get("end", ())} - {r.id for r in BY_STAGE.get("out", ())}
              for kind, rules in BY_STAGE.items()}


def _only_initial(v: Verdict) -> bool:
    return bool(v.violations) and all(f.rule.startswith("initial.") for f in v.violations)
