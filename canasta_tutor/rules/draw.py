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
    due = min(s.ruleset.draw_count, s.stock)
    if named != due:
        return {"named": named, "due": due}
