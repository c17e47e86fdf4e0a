"""The verdict kernel: whether a move is legal and, if not, the id of the rule that decides it, and
nothing else, fast enough for programs that ask it millions of times.

The judge (``engine/judge.py``, one function per rule) is the specification and the only source of
wording; the kernel answers the same question on plain counts (``view.py``: the player on turn, their
side, the turn and the pile), asking the rules in their decisive order (``engine/decisive.py``) and
stopping at the first one broken. A move of several steps applies them one by one on a turn that
copies only what a step changes (``whole.py``). Its modules mirror ``engine/rules/``. A question it
does not answer itself (a hand known only by its count, cards written without a suit, black threes
melded, a red three drawn or as the stock's last card, one on top of the pile, a card taken for one
drawn unseen) it hands to the judge (``JUDGE``): it never guesses. Differential tests hold the two to
the same answers."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import THREES, Card
from canasta_tutor.engine.kernel.constants import SUITLESS
from canasta_tutor.engine.kernel.discard import discard_step
from canasta_tutor.engine.kernel.draw import draw_step
from canasta_tutor.engine.kernel.first_take import first_meld_take
from canasta_tutor.engine.kernel.ids import JUDGE, unmirrored
from canasta_tutor.engine.kernel.meld import meld_step
from canasta_tutor.engine.kernel.pile import no_take, pair_asked, take_step
from canasta_tutor.engine.kernel.turn import ask_step
from canasta_tutor.engine.kernel.view import View, view
from canasta_tutor.engine.kernel.whole import Turn, decide_move, decide_then
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.table import Table

__all__ = ["JUDGE", "View", "decide", "decide_after", "decide_held", "decide_step", "held", "no_take", "some_take", "step_view", "take_on_counts", "view"]

_BARE = Step("take")  # the pile alone, onto the side's meld of its top card's rank
# A rule of the judge's that the kernel does not mirror yet: every question goes to the judge.
_BEHIND = bool(unmirrored(set(RULES)))
# The plain takes ``_plain_takes`` tries, one step for each group of cards: a step is a value, and
# making one took about a fifth of a question that stops at it. Cards are interned, so there are at
# most a few thousand groups of one or two.
_TAKES: dict[tuple[Card, ...], Step] = {}


def _take(cards: tuple[Card, ...]) -> Step:
    """The take of ``cards`` (one or two), made once."""
    step = _TAKES.get(cards)
    if step is None:
        step = _TAKES[cards] = Step("take", cards)
    return step


def decide(table: Table, steps: Sequence[Step]) -> str | None:
    """None when the move is legal, else the deciding rule's id; ``JUDGE`` when the judge must say."""
    if _BEHIND or not steps:
        return JUDGE
    if len(steps) == 1:
        v = view(table)
        if v is None:
            return JUDGE
        hand = v.held
        return JUDGE if hand is None else decide_held(v, hand, steps[0])
    t = Turn()
    if view(table, t) is None:
        return JUDGE
    hand = t.held
    if hand is None:
        return JUDGE
    for s in steps:
        try:
            plain = s.plain
        except AttributeError:  # a step made without ``Step.__init__``: looked at here, and kept
            plain = None
        if not plain and (plain is not None or not _plain(s)):
            return JUDGE
    return decide_move(t, hand, steps)


# Cards a step of several hands to the judge: a card written without its suit, and a three of either
# colour (red ones are laid out, black ones melded only in going out: the judge's to follow).
_NOT_PLAIN = SUITLESS | THREES


def _plain(s: Step) -> bool:
    """Whether the kernel reads ``s``, a step of a move of several, on counts: no card of
    ``_NOT_PLAIN`` and a draw that names no card (cards drawn by name are the judge's). Kept on the
    step, a value, where its cards cannot change: a program asks about the same steps often."""
    cards = s.cards
    plain = not cards or s.kind != "draw" and _NOT_PLAIN.isdisjoint(cards)
    if type(cards) is tuple:
        object.__setattr__(s, "plain", plain)
    return plain


def step_view(table: Table) -> View | None:
    """The view ``decide_step`` answers on, for a program that asks about many single steps on one
    table; None when every question must go to the judge."""
    return None if _BEHIND else view(table)


def decide_step(v: View, step: Step) -> str | None:
    """``decide`` of a move of one step, on the kernel's view of a table."""
    hand = held(v)
    return JUDGE if hand is None else decide_held(v, hand, step)


def held(v: View) -> Sequence[Card] | None:
    """The hand of the view when the kernel answers on it (known, every card named with its suit),
    else None: a program asking about many steps on one view reads this once (``decide_held``)."""
    return v.held


def decide_held(v: View, hand: Sequence[Card], step: Step) -> str | None:
    """``decide_step``, for the ``hand`` that ``held(v)`` returned (not None): the check for cards
    written without a suit is ``held``'s, so any other hand gives answers the kernel must not give."""
    cards = step.cards
    if cards and not SUITLESS.isdisjoint(cards):
        return JUDGE
    kind = step.kind
    if kind == "meld" or kind == "add":
        return meld_step(v, hand, step)
    if kind == "discard":
        return discard_step(v, hand, step)
    if kind == "take":
        return take_step(v, hand, step)
    if kind == "draw":
        return draw_step(v, len(hand), step)
    if kind == "ask":
        return ask_step(v, len(hand))
    return JUDGE


def decide_after(v: View, step: Step, more: Sequence[Step]) -> str | None:
    """``decide`` of ``step`` followed by ``more``, for a ``step`` that ``decide_step`` found legal
    on the view ``v``: a listing asks this of many of its moves ("this step, then a discard"), and
    the view it has read and the step's own rules, already asked, are not read or asked again."""
    if len(more) == 1 and more[0].kind == "discard" and (
            step.kind == "meld" or step.kind == "add" or step.kind == "draw" and not step.cards):
        # The question a listing asks of nearly every draw, meld and lay-off: then the discard of a
        # natural card still held. With two cards or more left after the step (a draw lays none), the
        # discard neither goes out nor stops short, so of its own rules (``discard_step``) only
        # holding the card is in question, and the move's end asks the first meld as the step alone
        # did (a meld's points all laid from the hand; a draw makes none): settled here, without a turn.
        cards = more[0].cards
        hand = v.hand
        assert hand is not None  # ``decide_step`` answers only on a known hand
        if len(cards) == 1 and cards[0].is_natural and len(hand) - len(step.cards) >= 2:
            card = cards[0]
            laid = step.cards.count(card)
            if (card in hand) if not laid else hand.count(card) > laid:
                return None
    for s in more:
        try:
            plain = s.plain
        except AttributeError:  # a step made without ``Step.__init__``, as in ``decide``
            plain = None
        if not plain and (plain is not None or not _plain(s)):
            return JUDGE
    t = Turn()
    v.copy_into(t)
    assert v.hand is not None  # ``decide_step`` answers only on a known hand
    return decide_then(t, v.hand, step, more)


def some_take(v: View) -> bool:
    """True when one of the plain takes is legal as a move of its own: with a natural pair, with one
    natural and a wild card, with one natural where the ruleset takes the pile with one (onto the
    side's meld of its rank), or the pile alone onto that meld. False
    says only that none of these is (a take that must also make the first meld with more cards is
    the listing's search): never that no take is legal."""
    return _plain_takes(v) is True


def _plain_takes(v: View) -> bool | None:
    """``some_take``, in one look at the hand that also answers the likeliest "no"s, as ``no_take``
    reads them: True when a plain take is legal; False when the hand holds fewer than two naturals of
    the top card's rank and the pile asks for a pair (pile.needs-natural-pair), or when the side has no
    meld of that rank and the hand too few cards to match it (pile.no-match), whatever cards go with
    the take; None when neither is found."""
    pile = v.pile
    hand = v.held
    if not pile or hand is None:
        return None
    rank = pile[-1].rank
    first: Card | None = None
    second: Card | None = None
    wild: Card | None = None
    for c in hand:
        if c.rank == rank:
            if first is None:
                first = c
            elif second is None:
                second = c
        elif wild is None and c.is_wild:
            wild = c
    # The likeliest first: a question asked this way mostly stops at once.
    if second is not None:
        assert first is not None
        if take_step(v, hand, _take((first, second))) is None:
            return True
    # As ``no_take`` reads the pile's freezing: not where a card in it is written without its suit.
    elif pair_asked(v) and SUITLESS.isdisjoint(pile):
        return False
    if first is not None and wild is not None and take_step(v, hand, _take((first, wild))) is None:
        return True
    if first is not None and v.k.one_natural and take_step(v, hand, _take((first,))) is None:
        return True  # where one natural card takes the pile (Brazilian), onto the side's meld of its rank
    if v.meld_of(rank) is not None:
        if take_step(v, hand, _BARE) is None:
            return True
    elif second is None and (first is None or wild is None) and SUITLESS.isdisjoint(pile):
        return False  # no meld of the rank, and too few cards to match the top card (as ``no_take`` says)
    return None


def take_on_counts(v: View) -> bool | None:
    """Whether the player on turn may take the pile, answered on counts: for a side that has not
    melded, whether some take makes its first meld (alone or with more melds); else a plain take that
    is legal, or a rule of the take step that refuses every take. None: the listing's search must say."""
    if v.drawn or not v.pile:
        return False
    hand = v.hand
    if not v.melds and hand is not None:
        found = first_meld_take(v.k, hand, v.pile, v.score, partnered=v.partnered, permission=v.permission,
                                stock=v.stock, pile_frozen=v.pile_frozen(), first_round=v.first_round,
                                red_three_last=False)  # a red three drawn last has no view: the judge's
        if found is not None:
            return found
    found = _plain_takes(v)
    if found is not None:
        return found
    return False if no_take(v) else None
