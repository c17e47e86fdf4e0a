"""The order of a ruling's reasons, and which notes fit its verdict.

The rules themselves only say what they find. A referee names the deciding reason first, does not
repeat a reason that merely follows from another, and never congratulates a move that is not allowed.
This module turns the rules' findings into that ruling, in three plain steps:

1. **Order.** By step first (the earliest step that breaks a rule is where a referee stops the move),
   then, within a step, by ``DECISIVE``: what ends or forbids the step outright before the rest (the
   turn, the stock and the pile, cards the rules never allow in a meld or on the pile, the way the pile
   is taken, the shape of the meld; then cards the player does not hold; then going out and the first
   meld, which are judged on the whole move).
2. **Consequences.** A finding that only follows from another one in the same step is dropped
   (``CONSEQUENCES``): fixing the first would fix it too, so listing it adds noise, not a reason.
3. **One id once.** A rule broken at several steps is listed once, at its first step; the other steps
   are kept in the finding's ``also_steps``.

No finding is dropped unless another one stays, so a verdict is never changed: only its wording.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from canasta_tutor.engine.rules import decisive

if TYPE_CHECKING:
    from canasta_tutor.engine.cards import Card
    from canasta_tutor.engine.hand import Hand
    from canasta_tutor.engine.judge import Finding

# Within one step, the reason listed first: each rule declares its place (``decides=`` in
# engine/rules/), in these bands:
#   100  the hand is over: nothing else in the step can happen
#   200  the turn's order: after the discard, draw first, one draw, no partner, the first round
#   300  the stock
#   400  no pile, or a top card that stops it, whatever the player holds
#   500  a card no meld and no discard may ever hold (a red three, a wild discard)
#   600  the stricter way to take the pile before the ordinary one
#   700  the meld: none to add to, closed, black threes, then its shape
#   800  what the rules forbid whatever the cards, before whether they are held
#   900  going out (judged on the whole move)
#  1000  the first meld (judged on the whole move)
DECISIVE: tuple[str, ...] = decisive()
_RANK = {rule: i for i, rule in enumerate(DECISIVE)}

_MELD_SHAPE = ("meld.mixed-ranks", "meld.too-small", "meld.too-few-naturals", "meld.too-many-wilds")
_PILE_BLOCKED = ("pile.empty", "pile.black-three-on-top", "pile.wild-on-top")


def _ranks_besides_threes(f: Finding) -> int:
    return len({r.strip() for r in str(f.params.get("ranks", "")).split(",") if r.strip() and r.strip() != "3"})


def _cards_within(f: Finding, cause: Finding) -> bool:
    return set(str(f.params.get("cards", "")).split()) <= set(str(cause.params.get("cards", "")).split())


# (the finding that follows, the finding it follows from, the condition; None: always in one step)
CONSEQUENCES: tuple[tuple[str, str, Callable[[Finding, Finding], bool] | None], ...] = (
    # A meld that mixes ranks has no one rank to count naturals or weigh wild cards against.
    ("meld.too-few-naturals", "meld.mixed-ranks", None),
    ("meld.too-many-wilds", "meld.mixed-ranks", None),
    # A red three is no natural card of any meld; the meld's counts only echo that.
    ("meld.too-few-naturals", "three.red-three", None),
    ("meld.too-many-wilds", "three.red-three", None),
    ("meld.mixed-ranks", "three.red-three", lambda f, cause: _ranks_besides_threes(f) <= 1),
    # Likewise black threes, which only ever form a set of their own.
    ("meld.mixed-ranks", "meld.black-threes", lambda f, cause: _ranks_besides_threes(f) <= 1),
    # A red three drawn was laid out by rule, so it is no longer in the hand to discard or meld.
    ("turn.not-in-hand", "three.red-three", _cards_within),
    # The natural pair a frozen pile asks for also answers the ordinary way of taking it.
    ("pile.no-match", "pile.needs-natural-pair", None),
    # When the pile cannot be taken with those cards, the meld the take would make does not exist.
    *((shape, pile, None) for shape in _MELD_SHAPE for pile in ("pile.no-match", "pile.needs-natural-pair")),
    # A take that cannot happen makes no first meld either, nor does a turn that may not meld at all.
    *((initial, cause, None) for initial in ("initial.below-minimum", "initial.canasta-required")
      for cause in (*_PILE_BLOCKED, "pile.no-match", "pile.needs-natural-pair", "turn.first-round")),
)


def decisive_order(found: list[Finding]) -> list[Finding]:
    """The findings of one ruling, deciding reason first, consequences dropped, each id once."""
    if len(found) < 2:  # most rulings: nothing to order, nothing that follows from another
        return found
    ordered = sorted(found, key=lambda f: (f.step, _RANK.get(f.rule, len(_RANK))))
    kept = [f for f in ordered if not any(_follows(f, cause) for cause in ordered if cause is not f)]
    first: dict[str, Finding] = {}
    out = []
    for f in kept:
        if f.rule in first:
            also = first[f.rule].params.setdefault("also_steps", [])
            if f.step != first[f.rule].step and f.step not in also:
                also.append(f.step)
            continue
        first[f.rule] = f
        out.append(f)
    return out


def _follows(f: Finding, cause: Finding) -> bool:
    # The first meld is judged at the end of the move, so its cause may lie at any earlier step.
    if f.step != cause.step and not (f.rule.startswith("initial.") and cause.step <= f.step):
        return False
    return any(follows == f.rule and rule == cause.rule and (when is None or when(f, cause))
               for follows, rule, when in CONSEQUENCES)


# Notes that tell what a step achieved: only a legal move achieves anything. The others are facts the
# player needs whatever the verdict (a red three laid out, a card taken for an unknown one...).
ACHIEVEMENTS = frozenset({
    "canasta", "took-pile", "red-three-pile", "pile-frozen-by-wild", "initial-counted", "initial-canasta",
    "initial-concealed", "permission-binds", "went-out", "went-out-concealed",
})


def agreeing_notes(notes: list[Finding], legal: bool) -> list[Finding]:
    """The notes that agree with the verdict: an illegal move keeps only the facts."""
    if legal:
        return notes
    return [n for n in notes if n.rule not in ACHIEVEMENTS]


def assumed_cards(hand: Hand, cards: Iterable[Card]) -> list[Card]:
    """The named cards that are not among the known cards of ``hand`` and so are taken to be some of
    its unknown cards (drawn without a name): worth a note, since a typo would pass the same way."""
    if not hand.unknown:
        return []
    probe = hand.copy()
    return [c for c in cards if probe.take_out(c) == "unknown"]
