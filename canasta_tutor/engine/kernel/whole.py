"""A move of several steps (``draw; meld 9S 9D 2C; discard 4H``), on counts: each step is asked its
own rules (the same step functions a move of one step asks) on the turn as the steps before left it,
in order, and the first rule broken decides, as the judge's order has it (``engine/decisive.py``: the
earliest step first, within a step the decisive order; going out at the step that empties the hand;
the rules of the move's end last). A step is applied by copying only what it changes.

What the judge alone follows is handed over: a card named that the known hand does not hold while
cards drawn unseen are in it (the judge takes it for one of them and says so), cards drawn by name,
threes of either colour in a step, steps after going out, and steps made in code that the notation
could not write (a meld without cards, a discard of other than one)."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.constants import RED_THREES
from canasta_tutor.engine.kernel.discard import discard_step
from canasta_tutor.engine.kernel.draw import draw_step
from canasta_tutor.engine.kernel.ids import AFTER_DISCARD, BELOW_MINIMUM, CANASTA_REQUIRED, CANASTAS_NEEDED, JUDGE
from canasta_tutor.engine.kernel.meld import meld_step, shape_of
from canasta_tutor.engine.kernel.out import going_out
from canasta_tutor.engine.kernel.pile import take_step
from canasta_tutor.engine.kernel.turn import ask_step, holds
from canasta_tutor.engine.kernel.view import View
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.plain import rank_of
from canasta_tutor.engine.table import meld_rank


class Turn(View):
    """The kernel's view as the steps so far leave it: the hand as the cards the player held (``own``,
    which count toward a first meld), those the taken pile gave and a number drawn unseen; the side's
    melds (a meld a step changes is a new list, the table's own never change)."""

    __slots__ = ("asked", "concealed", "counted", "discarded", "drew_stock", "from_pile", "laid_off", "new_melds",
                 "out", "own", "ranks_before", "took", "unknown")
    # The side's melds and their ranks as ``start`` leaves them: lists of the turn's own, which a step
    # may change. Until then they are the view's (its ranks None for a trusted table's melds).
    melds: list[Sequence[Card]]
    ranks: list[str]
    own: list[Card]
    from_pile: list[Card]
    unknown: int
    ranks_before: Sequence[str]
    new_melds: list[str]
    counted: int  # points laid from the player's own cards (and the pile's top card) this turn
    drew_stock: bool
    took: bool
    discarded: bool
    asked: bool
    laid_off: bool  # onto a meld the side had before the turn
    out: bool  # a step emptied the hand
    concealed: bool


def start(t: Turn, hand: Sequence[Card]) -> None:
    """The turn as it begins, on ``t``, which holds the kernel's view of the table."""
    ranks = t.ranks if t.ranks is not None else [rank_of(m) for m in t.melds]
    t.ranks, t.ranks_before, t.melds = list(ranks), ranks, list(t.melds)
    t.own, t.from_pile, t.unknown = list(hand), [], 0
    t.new_melds = []
    t.counted = 0
    t.drew_stock = t.drawn  # a turn found in the play phase began with a draw from the stock
    t.took = t.discarded = t.asked = t.laid_off = t.out = t.concealed = False


def decide_move(t: Turn, hand: Sequence[Card], steps: Sequence[Step]) -> str | None:
    """``decide`` of a move of several steps; ``t``: the kernel's view of the table, made a turn."""
    start(t, hand)
    return _steps(t, steps, steps[-1])


def decide_then(t: Turn, hand: Sequence[Card], first: Step, more: Sequence[Step]) -> str | None:
    """``decide_move`` of ``first`` followed by ``more``, for a ``first`` the kernel found legal as a
    move of its own on this view (``decide_step`` None, so on a hand with no suitless card): its own
    rules are not asked again. A step legal alone breaks none of them as the first of several either
    (``alone`` only adds the rules of a move's end, which are asked at the end), and it does not empty
    the hand when more steps follow it (it would have gone out, and a legal way out ends the turn)."""
    start(t, hand)
    if first.kind == "draw" and first.cards:
        return JUDGE  # cards drawn by name: the judge's, as in ``decide_move``
    before = len(t.own)
    _apply(t, first)
    if before and first.kind != "draw" and not (t.own or t.from_pile or t.unknown):
        return JUDGE  # steps after going out: the judge's
    return _steps(t, more, more[-1])


def _steps(t: Turn, steps: Sequence[Step], last: Step) -> str | None:
    """Each step's own rules on the turn as the steps before left it, then the move's end."""
    for step in steps:  # each plain (``kernel._plain``): no three, no card drawn by name
        kind = step.kind
        cards = step.cards
        if t.discarded:
            return AFTER_DISCARD
        held = t.own + t.from_pile if t.from_pile else t.own
        looked = False
        if t.unknown and cards:
            if not holds(held, cards):
                return JUDGE  # a card taken for one drawn unseen: the judge's
            looked = True
        before = len(held) + t.unknown
        if kind == "meld" or kind == "add":
            broken = meld_step(t, held, step, alone=False, looked=looked)
        elif kind == "discard":
            broken = discard_step(t, held, step, alone=False)
        elif kind == "take":
            broken = take_step(t, held, step, alone=False)
        elif kind == "draw":
            broken = draw_step(t, before, step, alone=False)
        elif kind == "ask":
            broken = ask_step(t, before, alone=False)
        else:
            return JUDGE
        if broken is not None:
            return broken
        _apply(t, step)
        if before and kind != "draw" and not (t.own or t.from_pile or t.unknown):  # the step emptied the hand
            if last is not step:
                return JUDGE  # steps after going out: the judge's
            t.out = True
            t.concealed = _concealed(t)
            broken = going_out(t, t.canastas(), t.concealed, kind == "discard", t.asked)
            if broken is not None:
                return broken
    return _end(t)


def _end(t: Turn) -> str | None:
    """The rules of the move's end: stopping with one card left, then the side's first meld."""
    if not (t.discarded or t.out) and t.drawn and len(t.own) + len(t.from_pile) + t.unknown == 1 \
            and t.canastas() < t.k.out_canastas:
        return CANASTAS_NEEDED
    if t.ranks_before or not t.new_melds or t.concealed:
        return None
    need = t.rs.threshold(t.score).need
    if need is None:
        return None if _new_canasta(t) else CANASTA_REQUIRED
    return BELOW_MINIMUM if t.counted < need else None


def _new_canasta(t: Turn) -> bool:
    return any(len(m) >= 7 for m, r in zip(t.melds, t.ranks) if r in t.new_melds)


def _concealed(t: Turn) -> bool:
    """Gone out concealed: the whole hand down this turn after a draw from the stock, in new melds
    with a canasta, by a player who had not melded and laid nothing off."""
    return t.drew_stock and not t.took and not t.melded and not t.laid_off and _new_canasta(t)


def _apply(t: Turn, step: Step) -> None:
    kind = step.kind
    if kind == "draw":
        n = min(t.k.draw_count, t.stock)
        t.stock -= n
        t.unknown += n
        t.drawn = t.drew_stock = True
    elif kind == "take":
        pile = t.pile
        top = pile[-1]
        t.counted += top.value + _lay(t, step.cards)
        _into_meld(t, top.rank, [top, *step.cards])
        rest = pile[:-1]
        # A red three in the pile goes to the side's red threes, not into the hand (``TurnState.apply``):
        # a take the kernel found legal alone may be followed by more steps (``decide_then``).
        t.from_pile += rest if RED_THREES.isdisjoint(rest) else [c for c in rest if not c.is_red_three]
        t.pile = []
        t.frozen = False
        t.drawn = t.took = True
    elif kind == "meld" or kind == "add":
        t.counted += _lay(t, step.cards)
        rank = (step.to or "") if kind == "add" else (shape_of(step.cards)[0] or meld_rank(step.cards) or "?")
        _into_meld(t, rank, step.cards)
    elif kind == "discard":
        # One card, held: ``discard_step`` hands a discard of any other number to the judge and refuses
        # one of a card not held. Taken from the player's own cards first, as ``_lay`` takes cards. The
        # pile is left as it was: nothing after a discard reads it (a step after one is refused, and the
        # move's end asks only the hand and melds).
        card = step.cards[0]
        if card in t.own:
            t.own.remove(card)
        else:
            t.from_pile.remove(card)
        t.discarded = True
    elif kind == "ask":
        t.asked = True


def _lay(t: Turn, cards: Sequence[Card]) -> int:
    """Takes ``cards`` out of the hand, the player's own first; the points of those that were own."""
    points = 0
    own = t.own
    for c in cards:
        if c in own:
            own.remove(c)
            points += c.value
        else:
            t.from_pile.remove(c)
    return points


def _into_meld(t: Turn, rank: str, cards: Sequence[Card]) -> None:
    ranks, melds = t.ranks, t.melds
    if rank in ranks:
        i = ranks.index(rank)  # the first of its rank, as ``meld_of`` finds it
        melds[i] = [*melds[i], *cards]
        if i < len(t.ranks_before):
            t.laid_off = True
        return
    melds.append(list(cards))
    ranks.append(rank)
    t.new_melds.append(rank)
