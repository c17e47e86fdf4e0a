"""Drawing from the stock."""
from .registry import rule


@rule("draw.stock-empty", on="draw", params="stock_out")
def stock_empty(s, f):
    if s.stock == 0:
        return {}


@rule("draw.count", on="draw", params="draw_count")
def count(s, f):
    named = len(f.step.cards)
    if not named or s.stock == 0:
        return None
    # Each red three drawn is replaced at once; naming the replacement is allowed, not required.
    reds = sum(1 for c in f.step.cards if c.is_red_three)
    low = min(s.ruleset.draw_count, s.stock)
    high = min(s.ruleset.draw_count + reds, s.stock)
    if not low <= named <= high:
        return {"named": named, "due": min(s.ruleset.draw_count, s.stock), "reds": reds,
                "why": "reds" if reds else "plain"}


@rule("hand.over", on=("take", "meld", "add", "discard"), params="stock_out")
def hand_over(s, f):
    """The hand has ended: a red three was the last card of the stock, or (where the ruleset ends the
    hand when the stock runs out) the stock was empty before the turn began."""
    if s.ended_by_red_three:
        return {"why": "red-three-last"}
    if f.step.kind == "take" and s.ruleset.stock_out == "end" and s.stock == 0 and not s.drawn:
        return {"why": "stock-out"}
