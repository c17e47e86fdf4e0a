"""The verdict kernel: whether a move is legal and, if not, the id of the rule that decides it, and
nothing else, fast enough for programs that ask it millions of times.

The judge (``engine/judge.py``, one function per rule) is the specification and the only source of
wording; the kernel answers the same question on plain counts, asking the rules in their decisive
order (``engine/decisive.py``) and stopping at the first one broken. Its modules mirror
``engine/rules/``. A question it does not answer itself (a move of several steps, a hand known only
by its count, cards written without a suit, black threes melded, a red three drawn, in the pile or
as the stock's last card) it hands to the judge (``JUDGE``): it never guesses. Differential tests
hold the two to the same answers."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.constants import SUITLESS
from canasta_tutor.engine.kernel.discard import discard_step
from canasta_tutor.engine.kernel.draw import draw_step
from canasta_tutor.engine.kernel.ids import JUDGE, unmirrored
from canasta_tutor.engine.kernel.meld import meld_step
from canasta_tutor.engine.kernel.pile import take_step
from canasta_tutor.engine.kernel.turn import ask_step
from canasta_tutor.engine.kernel.view import View, view
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.table import Table

__all__ = ["JUDGE", "View", "decide", "some_take", "view"]

# A rule of the judge's that the kernel does not mirror yet: every question goes to the judge.
_BEHIND = bool(unmirrored(set(RULES)))


def decide(table: Table, steps: Sequence[Step]) -> str | None:
    """None when the move is legal, else the deciding rule's id; ``JUDGE`` when the judge must say."""
    if len(steps) != 1 or _BEHIND:
        return JUDGE
    v = view(table)
    return JUDGE if v is None else decide_step(v, steps[0])


def decide_step(v: View, step: Step) -> str | None:
    """``decide`` of a move of one step, on the kernel's view of a table."""
    hand = v.hand
    if hand is None:
        return JUDGE
    cards = step.cards
    if not SUITLESS.isdisjoint(hand) or cards and not SUITLESS.isdisjoint(cards):
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


def some_take(v: View) -> bool:
    """True when one of the plain takes is legal as a move of its own: the pile onto the side's meld of
    the top card's rank, with a natural pair, or with one natural and a wild card. False says only
    that none of these is (a take that must also make the first meld with more cards is the listing's
    search): never that no take is legal."""
    pile = v.pile
    hand = v.hand
    if not pile or hand is None:
        return False
    rank = pile[-1].rank
    naturals = [c for c in hand if c.rank == rank]
    if not naturals and v.meld_of(rank) is None:
        return False  # the bare take is all there is to try, and it has no meld to go onto
    wild = next((c for c in hand if c.is_wild), None)
    tries: list[tuple[Card, ...]] = [()]
    if len(naturals) >= 2:
        tries.append((naturals[0], naturals[1]))
    if naturals and wild is not None:
        tries.append((naturals[0], wild))
    return any(decide_step(v, Step("take", cards)) is None for cards in tries)
