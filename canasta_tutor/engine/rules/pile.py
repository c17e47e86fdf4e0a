"""Taking the discard pile: what may stop it, and what the taker must hold."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor.engine.cards import RANK_NAMES
from canasta_tutor.engine.rules.registry import Found, Near, rule

if TYPE_CHECKING:
    from canasta_tutor.engine.facts import Facts
    from canasta_tutor.engine.state import TurnState


def _usable_top(f: Facts) -> bool:
    return f.top is not None and f.top.is_natural


def _laid_with_top(n: Near) -> tuple[int, int]:
    """For a take: the natural cards of the top card's rank and the wild cards laid with it."""
    assert n.step is not None and n.top is not None
    rank = n.top.rank
    return (sum(1 for c in n.step.cards if c.is_natural and c.rank == rank),
            sum(1 for c in n.step.cards if c.is_wild))


@rule("pile.empty", on="take", decides=400)
def empty(s: TurnState, f: Facts) -> Found | None:
    if f.top is None:
        return {}
    return None


@rule("pile.black-three-on-top", on="take", decides=410)
def black_three_on_top(s: TurnState, f: Facts) -> Found | None:
    if f.top is not None and f.top.is_black_three:
        return {"top": str(f.top)}
    return None


@rule("pile.wild-on-top", on="take", params="discard_wild", decides=420)
def wild_on_top(s: TurnState, f: Facts) -> Found | None:
    if f.top is not None and f.top.is_wild:
        return {"top": str(f.top)}
    return None


@rule("pile.one-card", on="take", decides=430)
def one_card(s: TurnState, f: Facts) -> Found | None:
    if f.top is not None and f.pile_size == 1 and f.hand_before == 1:
        return {"top": str(f.top)}
    return None


def _just_the_pair(n: Near) -> Found | None:
    """A frozen pile taken with exactly the natural pair it needs."""
    if n.top is None or not n.frozen_why or _laid_with_top(n)[0] != 2:
        return None
    return {"rank": n.top.rank, "why": n.frozen_why}


@rule("pile.needs-natural-pair", on="take", params=("pile_needs_natural_pair", "pile_frozen_by"), decides=600,
      near=_just_the_pair)
def needs_natural_pair(s: TurnState, f: Facts) -> Found | None:
    if _usable_top(f) and f.frozen and f.pair_naturals < 2:  # no natural pair of the top's rank
        assert f.top is not None
        # A ruleset that always asks for the pair cites that; else what froze the pile is the cause.
        param = "pile_needs_natural_pair" if f.frozen_reason == "always" else "pile_frozen_by"
        return {"top": str(f.top), "rank": f.top.rank, "why": f.frozen_reason, "param": param}
    return None


def _without_a_pair(n: Near) -> Found | None:
    """An unfrozen pile taken without a natural pair, which only a frozen one would need."""
    if n.top is None or n.frozen_why or n.ruleset.pile_take != "pagat":
        return None
    naturals, wilds = _laid_with_top(n)
    if naturals >= 2:
        return None
    rank = n.top.rank
    return {"rank": rank, "naturals": naturals, "wilds": wilds, "onto": n.before.meld_of(rank) is not None}


@rule("pile.no-match", on="take", params="pile_take", decides=610, near=_without_a_pair)
def no_match(s: TurnState, f: Facts) -> Found | None:
    if f.top is not None and f.top.is_red_three:  # a red three turned up at the deal can never be melded
        return {"top": str(f.top), "rank": "3", "why": "red-three"}
    if not _usable_top(f):
        return None
    assert f.top is not None
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
    return None


@rule("pile.onto-own-meld", on="take", params="pile_onto_meld", decides=620)
def onto_own_meld(s: TurnState, f: Facts) -> Found | None:
    """A house rule (a reader's table on the Danish page): the pile is never taken with a rank the
    side has already melded, so its top card can only start a new meld."""
    if not s.ruleset.pile_onto_meld and f.top is not None and f.target is not None:
        return {"top": str(f.top), "rank": f.top.rank, "rank_name": RANK_NAMES.get(f.top.rank, f.top.rank)}
    return None
