"""What a meld may hold: one rank, enough naturals, not too many wild cards, and black threes only
as a set of their own when going out.

The rules are registered in the order the feedback names the limits a legal meld reached: its wild
cards, then its natural cards, then its size."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.cards import RANK_NAMES, format_cards
from canasta_tutor.engine.rules.registry import Found, Near, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.facts import Facts
    from canasta_tutor.engine.ruleset import Ruleset
    from canasta_tutor.engine.state import TurnState

MELDING = ("take", "meld", "add")
# ``f.shaped``: whether the step makes a meld whose shape can be judged (see ``engine/facts.py``).


def wild_limits(rs: Ruleset, naturals: int) -> list[tuple[str, int]]:
    """(why, the most wild cards allowed) for each limit ``rs`` sets on a meld of ``naturals`` natural
    cards, in the order a ruling names them: the cap, then how naturals must compare with wilds."""
    limits = [("cap", rs.max_wilds)] if rs.max_wilds is not None else []
    if rs.wild_ratio == "naturals-outnumber":
        limits.append(("outnumber", naturals - 1))
    elif rs.wild_ratio == "naturals-at-least":
        limits.append(("at-least", naturals))
    return limits


def _laid_meld(n: Near) -> tuple[int, int] | None:
    """The natural and wild cards of the meld a step laid (not a set of black threes), if any."""
    if n.meld is None or n.rank == "3":
        return None
    return n.meld.naturals, n.meld.wilds


def _wilds_at_limit(n: Near) -> Found | None:
    counts = _laid_meld(n)
    if counts is None or not counts[1]:
        return None
    naturals, wilds = counts
    for why, most in wild_limits(n.ruleset, naturals):
        if wilds == most:
            return {"why": "cap", "max": wilds} if why == "cap" else {"why": why, "naturals": naturals, "wilds": wilds}
    return None


@rule("meld.too-many-wilds", on=MELDING, params=("wild_ratio", "max_wilds"), decides=760, near=_wilds_at_limit)
def too_many_wilds(s: TurnState, f: Facts) -> Found | None:
    if not f.shaped or not f.result or f.black_threes:  # a set of black threes has a rule of its own
        return None
    naturals, wilds = f.naturals, f.wilds
    for why, most in wild_limits(s.ruleset, naturals):
        if wilds and wilds > most:
            found = {"cards": format_cards(f.result), "wilds": wilds, "naturals": naturals, "why": why}
            return found | {"max": most, "param": "max_wilds"} if why == "cap" else found
    return None


def _least_naturals(n: Near) -> Found | None:
    counts = _laid_meld(n)
    if counts is None or not counts[1] or counts[0] != n.ruleset.min_naturals:
        return None
    return {"naturals": counts[0]}


@rule("meld.too-few-naturals", on=MELDING, params="min_naturals", decides=750, near=_least_naturals)
def too_few_naturals(s: TurnState, f: Facts) -> Found | None:
    # Black threes have a rule of their own where they may be melded; where they never may, they are
    # simply no natural cards (Brazilian naturals run from 4 to ace).
    if not f.shaped or not f.result or f.black_threes and s.ruleset.black_threes_meld != "never":
        return None
    naturals = f.naturals  # natural cards of the meld's rank, counted once with the step's facts
    if naturals < s.ruleset.min_naturals:
        return {"cards": format_cards(f.result), "naturals": naturals, "needed": s.ruleset.min_naturals}
    return None


def _three_cards(n: Near) -> Found | None:
    if _laid_meld(n) is None or n.step is None or n.meld is None:
        return None
    if n.step.kind == "meld" and len(n.step.cards) == 3 and len(n.meld.cards) == 3:
        return {}
    return None


@rule("meld.too-small", on=("take", "meld"), decides=740, near=_three_cards)
def too_small(s: TurnState, f: Facts) -> Found | None:
    if f.shaped and f.new_meld and f.result and len(f.result) < 3 and not f.black_threes:
        return {"cards": format_cards(f.result), "size": len(f.result)}
    return None


@rule("meld.mixed-ranks", on=MELDING, decides=730)
def mixed_ranks(s: TurnState, f: Facts) -> Found | None:
    if not f.strays or not f.shaped or not f.result:  # no card of another rank: one rank
        return None
    ranks = sorted({c.rank for c in f.result if not c.is_wild})
    if f.rank == "?":  # a lay-off onto the side's meld of wild cards alone: a natural card there is a rank of its own
        return {"cards": format_cards(f.result), "ranks": ", ".join(["?", *ranks]), "why": "wild",
                "natural_cards": format_cards([c for c in f.result if not c.is_wild])}
    if len(ranks) > 1:
        return {"cards": format_cards(f.result), "ranks": ", ".join(ranks), "why": "ranks"}
    return None


@rule("meld.no-such-meld", on="add", decides=700)
def no_such_meld(s: TurnState, f: Facts) -> Found | None:
    if f.target is None:
        return {"rank": f.rank, "rank_name": RANK_NAMES.get(f.rank or "", f.rank)}
    return None


@rule("meld.canasta-closed", on=MELDING, params="canasta_closed", decides=710)
def canasta_closed(s: TurnState, f: Facts) -> Found | None:
    if s.ruleset.canasta_closed and f.target is not None and f.target.is_canasta:
        cards = (f.top, *f.cards) if f.step.kind == "take" and f.top is not None else f.cards  # a take adds its top card
        return {"rank_name": RANK_NAMES.get(f.target.rank, f.target.rank), "cards": format_cards(cards)}
    return None


def _threes_set(n: Near) -> Found | None:
    if n.meld is None or n.rank != "3":
        return None
    return {"size": len(n.meld.cards)}


@rule("meld.black-threes", on=("meld", "add", "end"), params="black_threes_meld", decides=720, near=_threes_set)
def black_threes(s: TurnState, f: Facts | None) -> Found | None:
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
    return None
