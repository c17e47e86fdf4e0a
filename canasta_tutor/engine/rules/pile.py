"""Taking the discard pile: what may stop it, and what the taker must hold."""
from canasta_tutor.engine.rules.registry import rule


def _usable_top(f) -> bool:
    return f.top is not None and f.top.is_natural


@rule("pile.empty", on="take")
def empty(s, f):
    if f.top is None:
        return {}


@rule("pile.black-three-on-top", on="take")
def black_three_on_top(s, f):
    if f.top is not None and f.top.is_black_three:
        return {"top": str(f.top)}


@rule("pile.wild-on-top", on="take", params="discard_wild")
def wild_on_top(s, f):
    if f.top is not None and f.top.is_wild:
        return {"top": str(f.top)}


@rule("pile.one-card", on="take")
def one_card(s, f):
    if f.top is not None and f.pile_size == 1 and f.hand_before == 1:
        return {"top": str(f.top)}


@rule("pile.needs-natural-pair", on="take", params=("pile_needs_natural_pair", "pile_frozen_by"))
def needs_natural_pair(s, f):
    if _usable_top(f) and f.frozen and f.pair_naturals < 2:  # no natural pair of the top's rank
        # A ruleset that always asks for the pair cites that; else what froze the pile is the cause.
        param = "pile_needs_natural_pair" if f.frozen_reason == "always" else "pile_frozen_by"
        return {"top": str(f.top), "rank": f.top.rank, "why": f.frozen_reason, "param": param}


@rule("pile.no-match", on="take", params="pile_take")
def no_match(s, f):
    if f.top is not None and f.top.is_red_three:  # a red three turned up at the deal can never be melded
        return {"top": str(f.top), "rank": "3", "why": "red-three"}
    if not _usable_top(f):
        return None
    naturals, wilds = f.pair_naturals, f.pair_wilds
    has_meld = f.target is not None
    if s.ruleset.pile_take == "one-natural":
        ok = naturals >= 1
    elif not f.cards:
        ok = has_meld
    else:
        ok = has_meld or naturals >= 2 or (naturals == 1 and wilds >= 1)
    if not ok:
        why = "one-natural" if s.ruleset.pile_take == "one-natural" else ("bare" if not f.cards else "cards")
        return {"top": str(f.top), "rank": f.top.rank, "why": why}
