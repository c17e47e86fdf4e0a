"""Drawing from the stock, and the end of the hand that stops every step."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.rules.registry import Found, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.facts import Facts
    from canasta_tutor.engine.state import TurnState


@rule("draw.stock-empty", on="draw", params="stock_out", decides=300)
def stock_empty(s: TurnState, f: Facts) -> Found | None:
    if s.stock == 0:
        return {}
    return None


@rule("draw.count", on="draw", params="draw_count", decides=310)
def count(s: TurnState, f: Facts) -> Found | None:
    named = len(f.step.cards)
    if not named or s.stock == 0:
        return None
    # Cards come off the stock in the order named. A red three is replaced at once, so it does not
    # count toward the draw; its replacement may be named after it or left unknown.
    due = min(s.ruleset.draw_count, s.stock)
    owed = due
    reds = 0
    for c in f.step.cards:
        if owed == 0:
            break
        if c.is_red_three:
            reds += 1
        else:
            owed -= 1
    too_many = named > s.stock or owed == 0 and named > due + reds
    too_few = owed > reds  # cards left unnamed that no red three's replacement explains
    if too_many or too_few:
        return {"named": named, "due": due, "reds": reds, "why": "reds" if reds else "plain"}
    return None


@rule("hand.over", on=("take", "meld", "add", "discard"), params=("stock_out", "red_three_last"), decides=100)
def hand_over(s: TurnState, f: Facts) -> Found | None:
    """The hand has ended: a red three was the last card of the stock, or (where the ruleset ends the
    hand when the stock runs out) the stock was empty before the turn began. Where a red three as the
    last card lets its player still meld (the Dutch classic page), only the discard is refused."""
    if s.ended_by_red_three:
        if s.ruleset.red_three_last == "no-discard":
            return {"why": "red-three-last-discard", "param": "red_three_last"} if f.step.kind == "discard" else None
        return {"why": "red-three-last", "param": "red_three_last"}
    if f.step.kind == "take" and s.ruleset.stock_out == "end" and s.stock == 0 and not s.drawn:
        return {"why": "stock-out"}
    return None
