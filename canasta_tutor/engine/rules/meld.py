"""What a meld may hold: one rank, enough naturals, not too many wild cards, and black threes only
as a set of their own when going out."""
from canasta_tutor.engine.cards import RANK_NAMES, format_cards
from canasta_tutor.engine.rules.registry import rule

MELDING = ("take", "meld", "add")
# ``f.shaped``: whether the step makes a meld whose shape can be judged (see ``engine/facts.py``).


@rule("meld.too-small", on=("take", "meld"))
def too_small(s, f):
    if f.shaped and f.new_meld and f.result and len(f.result) < 3 and not f.black_threes:
        return {"cards": format_cards(f.result), "size": len(f.result)}


@rule("meld.mixed-ranks", on=MELDING)
def mixed_ranks(s, f):
    if not f.strays or not f.shaped or not f.result or f.rank == "?":  # no card of another rank: one rank
        return None
    ranks = sorted({c.rank for c in f.result if not c.is_wild})
    if len(ranks) > 1:
        return {"cards": format_cards(f.result), "ranks": ", ".join(ranks)}


@rule("meld.too-few-naturals", on=MELDING, params="min_naturals")
def too_few_naturals(s, f):
    # Black threes have a rule of their own where they may be melded; where they never may, they are
    # simply no natural cards (Brazilian naturals run from 4 to ace).
    if not f.shaped or not f.result or f.black_threes and s.ruleset.black_threes_meld != "never":
        return None
    naturals = f.naturals  # natural cards of the meld's rank, counted once with the step's facts
    if naturals < s.ruleset.min_naturals:
        return {"cards": format_cards(f.result), "naturals": naturals, "needed": s.ruleset.min_naturals}


@rule("meld.too-many-wilds", on=MELDING, params=("wild_ratio", "max_wilds"))
def too_many_wilds(s, f):
    if not f.shaped or not f.result or f.black_threes:  # a set of black threes has a rule of its own
        return None
    rs = s.ruleset
    naturals, wilds = f.naturals, f.wilds
    if rs.max_wilds is not None and wilds > rs.max_wilds:
        return {"cards": format_cards(f.result), "wilds": wilds, "naturals": naturals, "why": "cap",
                "max": rs.max_wilds, "param": "max_wilds"}
    if wilds and rs.wild_ratio == "naturals-outnumber" and naturals <= wilds:
        return {"cards": format_cards(f.result), "wilds": wilds, "naturals": naturals, "why": "outnumber"}
    if wilds and rs.wild_ratio == "naturals-at-least" and naturals < wilds:
        return {"cards": format_cards(f.result), "wilds": wilds, "naturals": naturals, "why": "at-least"}


@rule("meld.no-such-meld", on="add")
def no_such_meld(s, f):
    if f.target is None:
        return {"rank": f.rank, "rank_name": RANK_NAMES.get(f.rank or "", f.rank)}


@rule("meld.canasta-closed", on=MELDING, params="canasta_closed")
def canasta_closed(s, f):
    if s.ruleset.canasta_closed and f.target is not None and f.target.is_canasta:
        cards = (f.top, *f.cards) if f.step.kind == "take" and f.top is not None else f.cards  # a take adds its top card
        return {"rank_name": RANK_NAMES.get(f.target.rank, f.target.rank), "cards": format_cards(cards)}


@rule("meld.black-threes", on=("meld", "add", "end"), params="black_threes_meld")
def black_threes(s, f):
    if f is None:  # end of the move: black threes were melded but the hand was not emptied
        if s.black_three_steps and s.out_step is None and s.ruleset.black_threes_meld != "never":
            return {"why": "not-out", "step": s.black_three_steps[0]}
        return None
    if not f.black_threes:
        return None
    cards = f.result
    if s.ruleset.black_threes_meld == "never":
        return {"why": "never", "cards": format_cards(cards)}
    threes = sum(1 for c in cards if c.is_black_three)
    pure = threes == len(cards)
    if not pure or f.step.kind == "add" and f.target is None or len(cards) not in (3, 4):
        return {"why": "shape", "cards": format_cards(cards), "count": threes}
