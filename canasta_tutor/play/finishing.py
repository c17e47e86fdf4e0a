"""Whether a turn is finished, and whether a legal move that is not finished can still be finished.

A turn ends with a discard, or by going out (and at once when a red three was the last card of the
stock). A move can be legal so far and still lead nowhere: on a Danish table a player holding only wild
cards may not discard them, and laying them all off would go out without the canastas that needs. Such a
move is a dead end, and ``moves`` and ``hint`` never offer it while another step exists.

The search only proposes continuations; every one is judged by the judge as the whole move from the
original table would be (``judge_further`` carries the legal move so far on, rather than judging its
steps again), so a finish found here is one ``check`` accepts.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta_tutor.engine.judge import Verdict, judge, judge_further
from canasta_tutor.engine.kernel import JUDGE, View, decide_after, step_view
from canasta_tutor.engine.move import Step, discard_of
from canasta_tutor.engine.ruling import Finish, Ruling, finished

if TYPE_CHECKING:
    from canasta_tutor.engine.cards import Card
    from canasta_tutor.engine.table import Table
    from canasta_tutor.play.candidates import Option

__all__ = ["Finish", "can_finish", "finish", "finished", "keep_finishable", "ruled"]

BUDGET = 400  # rulings the search may ask for; beyond that the answer is "unknown" (None)
LISTING_COST = 25  # a listing of moves judges many candidates: it counts as this many rulings


def can_finish(v: Verdict) -> bool | None:
    """For a legal move: True when it is finished or some legal continuation finishes the turn, False
    when none does, None when unknown cards leave it open. None for an illegal move."""
    return finish(v).possible


def ruled(v: Verdict) -> Ruling:
    """The judge's ruling ``v`` as one object, with this search behind its ``can_finish``."""
    return Ruling.of(v, finish)


def finish(v: Verdict) -> Finish:
    if not v.legal:
        return Finish(None)
    if finished(v):
        return Finish(True)
    search = _Search(v.state.table)
    return search.run(v)


class _Search:
    def __init__(self, table) -> None:
        self.table = table
        self.budget = BUDGET
        self.seen: dict[tuple, bool | None] = {}
        self.blocked: list[tuple[str, str]] = []

    def listing(self, table):
        # Imported here: a ruling that needs no search (most of them) does not load the move generator.
        from canasta_tutor.play.candidates import every_move

        self.budget -= LISTING_COST
        return every_move(table).options if self.budget >= 0 else None

    def judge(self, v: Verdict, more: list[Step]) -> Verdict | None:
        """The legal move of ``v`` followed by ``more``; None when the budget is spent."""
        self.budget -= 1
        if self.budget < 0:
            return None
        return judge_further(v, more)

    def run(self, v: Verdict) -> Finish:
        answer = self.search(v, top=True)
        return Finish(answer, self.blocked if answer is False else [])

    def search(self, v: Verdict, top: bool = False) -> bool | None:
        if top:  # every later position has drawn, asked or put cards down since: none is this one
            return self._search(v, top)
        s = v.state
        key = (tuple(sorted(map(str, s.hand.cards()))), s.hand.unknown, s.drawn, s.asked,
               tuple((m.rank, len(m.cards), m.wilds) for m in s.side.melds))
        if key in self.seen:
            return self.seen[key]
        self.seen[key] = False  # a way back to the same position finds nothing new
        answer = self._search(v, top)
        self.seen[key] = answer
        return answer

    def _search(self, v: Verdict, top: bool) -> bool | None:
        s = v.state
        unknown = False
        if not s.drawn:
            # The turn still needs its draw: a draw from the stock, or a take of the pile.
            options = self.listing(v.after)
            if options is None:
                return None
            for o in options:
                if o.kind not in ("draw", "take"):
                    continue
                nv = self.judge(v, o.steps)
                if nv is None:
                    return None
                if nv.legal:
                    if finished(nv):
                        return True
                    answer = self.search(nv)
                    if answer:
                        return True
                    unknown = unknown or answer is None
            return None if unknown else False
        # The simplest finish first: discard one of the known cards.
        for card in _distinct(s.hand.cards()):
            nv = self.judge(v, [Step("discard", (card,))])
            if nv is None:
                return None
            if nv.legal:
                return True
            if top:
                self.blocked.append((f"discard {card}", nv.violations[0].rule))
        if s.hand.unknown:
            return None  # the cards drawn without a name might be anything
        options = self.listing(v.after)
        if options is None:
            return None
        for o in options:
            if o.kind == "out":
                nv = self.judge(v, o.steps)
                if nv is None:
                    return None
                if nv.legal and finished(nv):
                    return True
        if top:
            self._blocked_outs(v)
        for o in options:  # asking the partner may be what going out still needs
            if o.kind not in ("meld", "add", "ask") or o.kind == "ask" and s.asked:
                continue
            nv = self.judge(v, o.steps)
            if nv is None:
                return None
            if nv.legal:
                answer = self.search(nv)
                if answer:
                    return True
                unknown = unknown or answer is None
        return None if unknown else False

    def _blocked_outs(self, v: Verdict) -> None:
        """Why putting the whole hand down does not work either: the rule that laying off every card
        (each to its own rank's meld where there is one) breaks."""
        s = v.state
        cards = s.hand.cards()
        if not cards or self.budget <= 0:
            return
        wild = [c for c in cards if c.is_wild]
        natural = [c for c in cards if not c.is_wild]
        ranks = {c.rank for c in natural}
        target = next(iter(ranks)) if len(ranks) == 1 else None
        if target is None and not natural:
            melds = [m for m in s.side.melds if not m.rank.startswith("3")]
            target = melds[0].rank if melds else None
        if target is None or s.side.meld_of(target) is None:
            return
        step = Step("add", tuple(natural + wild), target)
        nv = self.judge(v, [step])
        if nv is not None and nv.violations:
            self.blocked.append((str(step), nv.violations[0].rule))


def _distinct(cards) -> list:
    return list(dict.fromkeys(cards))  # cards are interned: one object for each notation


def _discard_follows(o: Option, views: dict[int, tuple[Table, View | None]]) -> bool:
    """For a legal move of one step that does not end the turn (a draw, a meld, a lay-off, a take)
    listed without its verdict: whether discarding a natural card held after it is legal, ruled as
    one move from the table. Then the search (``can_finish``) answers yes: it tries the discard of
    every card held, that one among them (a draw's cards are unseen: it tries the cards held before
    it), and stops at the first legal one. False means only "not this way"; the search decides then.

    An option listed without its verdict is one the kernel found legal on the table listed, so the
    kernel is asked about the discard after it (``decide_after``) on the view of that table, read
    once for all the options listed on it (``views``, by the table's id, the table kept with it)."""
    table = o.listed_on
    if table is None or o.kind not in _CONTINUED or len(o.steps) != 1:
        return False
    known = views.get(id(table))
    if known is None:
        known = views[id(table)] = (table, step_view(table))
    seen = known[1]
    # The mover's hand, as the kernel's view holds it (read once for every option listed on the table).
    hand = table.mover.hand if seen is None else seen.hand
    if hand is None:
        return False
    step = o.steps[0]
    card = _natural_held(hand, step.cards)
    if card is None and o.kind == "take":
        card = next((c for c in table.discard[:-1] if c.is_natural), None)  # the rest of the pile goes into the hand
    if card is None:
        return False
    more = [discard_of(card)]
    said = JUDGE if seen is None else decide_after(seen, step, more)  # the kernel answers most; else the judge
    return judge(table, [step, *more]).legal if said is JUDGE else said is None


_CONTINUED = frozenset(("draw", "meld", "add", "take"))  # the kinds of one step that a discard may follow
def _natural_held(hand: Sequence[Card], laid: tuple[Card, ...]) -> Card | None:
    """The first natural card of ``hand`` still held once the cards ``laid`` are out of it (each the
    first of its kind in the hand: a legal move lays only cards held), or None."""
    if not laid:
        return next((c for c in hand if c.is_natural), None)
    skip = dict.fromkeys(laid, 0)
    for c in laid:
        skip[c] += 1
    for c in hand:
        n = skip.get(c)
        if n:
            skip[c] = n - 1
        elif c.is_natural:
            return c
    return None


def keep_finishable(options: list[Option], views: dict[int, tuple[Table, View | None]] | None = None
                    ) -> tuple[list[Option], bool]:
    """The options that can still finish the turn, when at least one can; else all of them.
    Returns the options kept and whether any of them can finish the turn. ``views``: the kernel's
    views of the tables listed on, as the listing read them (read here where missing)."""
    good: list[Option] = []
    dead: list[Option] = []
    if views is None:
        views = {}
    for o in options:
        # An offer to ask the partner is never a dead end; its ruling is not needed.
        answer = True if o.kind == "ask" or o.ends_turn or _discard_follows(o, views) else can_finish(o.verdict)
        (dead if answer is False else good).append(o)
    if not dead:
        return options, True
    finishing = [o for o in good if o.kind != "ask"]
    if finishing:
        return good, True
    return options, False
