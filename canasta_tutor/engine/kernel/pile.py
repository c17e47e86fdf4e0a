"""Taking the discard pile (``engine/rules/pile.py``): what stops a take, what the taker must hold,
then the meld the take makes, going out and the first meld."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import VALUE, Card
from canasta_tutor.engine.kernel.constants import PILE_CORNERS, RED_THREES, SUITLESS
from canasta_tutor.engine.kernel.ids import (
    BLACK_THREE_ON_TOP,
    CANASTA_CLOSED,
    FIRST_ROUND,
    HAND_OVER,
    JUDGE,
    NEEDS_PAIR,
    NO_MATCH,
    ONE_CARD,
    ONE_DRAW,
    ONTO_OWN_MELD,
    PILE_EMPTY,
    RED_THREE,
    WILD_ON_TOP,
)
from canasta_tutor.engine.kernel.initial import first_meld
from canasta_tutor.engine.kernel.meld import counted, laid, sized
from canasta_tutor.engine.kernel.out import going_out, stopping_short
from canasta_tutor.engine.kernel.view import View
from canasta_tutor.engine.move import Step


def pair_asked(v: View) -> bool:
    """Whether a take of the pile needs two naturals of the top card's rank from the hand
    (``pile.needs-natural-pair``): always under the ruleset, for a side that has not melded where that
    freezes the pile, or for a pile frozen by what lies in it (or as the table says)."""
    k = v.k
    return k.needs_pair or k.frozen_not_melded and not v.melds or v.pile_frozen()


def take_step(v: View, hand: Sequence[Card], step: Step, alone: bool = True) -> str | None:
    """The take's own rules in decisive order; ``alone``: the move is this step, so the rules of a
    move's end (going out, stopping short, the first meld) are asked here too."""
    k = v.k
    drawn = v.drawn
    if k.stock_out_end and v.stock == 0 and not drawn:
        return HAND_OVER
    if drawn:
        return ONE_DRAW
    if k.first_round_restricted and v.first_round:
        return FIRST_ROUND
    pile = v.pile
    if not pile:
        return PILE_EMPTY
    corner = not PILE_CORNERS.isdisjoint(pile)  # the judge's corners (one look for both)
    if corner and not SUITLESS.isdisjoint(pile):  # a card without its suit: which card it is, the judge's
        return JUDGE
    top = pile[-1]
    if top.is_black_three:
        return BLACK_THREE_ON_TOP
    if top.is_wild:
        return WILD_ON_TOP
    if len(pile) == 1 and len(hand) == 1:
        return ONE_CARD
    reds = 0
    if corner:
        # A red three in the pile goes to the side's red threes, not into the hand: a take alone counts
        # them out of the cards it leaves in the hand, and ``whole.py`` leaves them out of the hand for
        # the steps after it. One on top (turned up at the deal; pile.no-match) is the judge's.
        if top.is_red_three:
            return JUDGE
        reds = sum(map(RED_THREES.__contains__, pile))
    cards = step.cards
    rank = top.rank
    naturals = wilds = 0
    for c in cards:
        if c.is_wild:
            wilds += 1
        elif c.is_red_three:
            return RED_THREE
        elif c.rank == rank:
            naturals += 1  # the top is a natural card, so a card of its rank is one too
    melds = v.melds
    if naturals < 2 and pair_asked(v):
        return NEEDS_PAIR
    target = v.meld_of(rank)
    if k.one_natural:
        taken = naturals >= 1
    elif not cards:
        taken = target is not None
    else:
        taken = target is not None or naturals >= 2 or naturals == 1 and wilds >= 1
    if not taken:
        return NO_MATCH
    if target is not None and not k.onto_meld:  # a house rule: the top card only ever starts a meld
        return ONTO_OWN_MELD
    if target is not None:
        was_canasta = len(target) >= 7
        if was_canasta and k.canasta_closed:
            return CANASTA_CLOSED
        size = len(target) + 1 + len(cards)
    else:
        was_canasta = False
        size = 1 + len(cards)
    there = (0, 0) if target is None else counted(target, rank)
    if there is not None and naturals + wilds == len(cards):  # one rank throughout: the counts are known
        broken = sized(k, size, there[0] + 1 + naturals, there[1] + wilds, target is None, hand, cards)
    else:  # cards of another rank among them: counted card by card
        result = [*target, top, *cards] if target is not None else [top, *cards]
        broken = laid(k, rank, result, target is None, hand, cards)
    if broken is not None or not alone:
        return broken
    grew = size >= 7 and not was_canasta  # the step made a canasta
    left = len(hand) - len(cards) + len(pile) - 1 - reds
    if left == 0 and hand:
        broken = going_out(v, v.canastas() + grew, False, False)  # a take is never concealed
    else:
        broken = stopping_short(k, v.canastas() + grew, left) if left == 1 else None
    if broken is not None:
        return broken
    if target is None and not melds:
        return first_meld(v, size, top.value + sum(map(VALUE, cards)))
    return None


# The rules of the take step that refuse a take whatever cards the player adds to it.
_WHATEVER_CARDS = frozenset({HAND_OVER, ONE_DRAW, FIRST_ROUND, PILE_EMPTY, BLACK_THREE_ON_TOP, WILD_ON_TOP,
                             ONE_CARD})
_BARE = Step("take")


def no_take(v: View) -> bool:
    """True when a rule of the take step refuses every take, whatever cards go with it (so every move
    that takes the pile breaks it): a rule about the pile or the turn; too few naturals of the top
    card's rank for a pile that asks for a pair; too few to match it where it has no meld to go onto;
    or a meld of its rank the pile may not go onto (a house rule, or a closed canasta). False says
    only that the counts do not settle it."""
    hand = v.held
    pile = v.pile
    if hand is None:
        return False
    if take_step(v, hand, _BARE) in _WHATEVER_CARDS:
        return True
    # The rules below read the top card, the pile's freezing, the hand and the side's melds, never what
    # the take brings into the hand, so a red three inside the pile is read here as any card: only a card
    # without its suit is left to the judge. A red three on top is never melded (pile.no-match), whatever
    # goes with it.
    if not SUITLESS.isdisjoint(pile):
        return False
    top = pile[-1]
    if top.is_red_three:
        return True
    rank = top.rank
    naturals = wilds = 0
    for c in hand:
        if c.rank == rank:
            naturals += 1
        elif c.is_wild:
            wilds += 1
    k = v.k
    if naturals < 2 and pair_asked(v):
        return True  # pile.needs-natural-pair
    if k.one_natural and naturals == 0:
        return True  # pile.no-match: the rule asks for a natural whatever the meld
    target = v.meld_of(rank)
    if target is not None:  # every take goes onto it
        return not k.onto_meld or len(target) >= 7 and k.canasta_closed  # pile.onto-own-meld, meld.canasta-closed
    if k.one_natural:  # one natural matches, but the top and one card make no meld (meld.too-small)
        return naturals + wilds < 2
    return naturals == 0 or naturals == 1 and wilds == 0  # pile.no-match
