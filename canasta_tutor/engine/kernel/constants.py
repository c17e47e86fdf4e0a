"""A ruleset's numbers as the kernel reads them, worked out once per ruleset: the flags and limits
every check asks, so a ruling reads plain attributes instead of comparing strings."""
from __future__ import annotations

from canasta_tutor.engine.cards import SUITS, Card
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.table import freezers

NO_LIMIT = 1 << 30

# Cards written without a suit (``9`` for any nine) may stand for several cards: the judge's matching
# of them is a rare corner the kernel hands over. A joker has no suit and is one card.
SUITLESS = frozenset(Card(rank) for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"))
RED_THREES = frozenset(Card("3", s) for s in SUITS if Card("3", s).is_red_three)
# A pile holding either is a corner of the judge's (``kernel/pile.py``): one look for both.
PILE_CORNERS = SUITLESS | RED_THREES
BLACK_THREES = frozenset((Card("3"), *(Card("3", s) for s in SUITS if Card("3", s).is_black_three)))


class Constants:
    """What the checks read of one ruleset."""

    __slots__ = (
        "canasta_closed",
        "discard_wild",
        "draw_count",
        "final_discard",
        "first_round_restricted",
        "freezers",
        "frozen_not_melded",
        "least_frozen",
        "least_take",
        "max_wilds",
        "min_naturals",
        "needs_pair",
        "one_natural",
        "onto_meld",
        "out_canastas",
        "permission_required",
        "ratio_margin",
        "stock_out_end",
        "tiers",
    )

    def __init__(self, rs: Ruleset) -> None:
        v = rs.values
        self.canasta_closed: bool = bool(v["canasta_closed"])
        self.discard_wild: bool = bool(v["discard_wild"])
        self.draw_count: int = v["draw_count"]
        self.first_round_restricted: bool = bool(v["first_round_restricted"])
        self.frozen_not_melded: bool = "not-melded" in v["pile_frozen_by"]
        self.freezers: frozenset[Card] = freezers(rs.pile_frozen_by)  # the cards that freeze the pile where they lie
        self.max_wilds: int = NO_LIMIT if v["max_wilds"] is None else v["max_wilds"]
        self.min_naturals: int = v["min_naturals"]
        self.needs_pair: bool = bool(v["pile_needs_natural_pair"])
        self.one_natural: bool = v["pile_take"] == "one-natural"
        self.onto_meld: bool = bool(v["pile_onto_meld"])
        self.out_canastas: int = v["canastas_to_go_out"]
        self.permission_required: bool = v["partner_permission"] == "required"
        self.final_discard: str = v["final_discard"]
        # ``meld.too-many-wilds``, as two numbers: a meld holds too many wild cards when they are more
        # than ``max_wilds``, or when its naturals are fewer than its wild cards plus ``ratio_margin``
        # (wild_ratio: 1 where naturals must outnumber them, 0 where as many will do, and no ratio
        # at all, pagat's: never). So the most it may hold beside n naturals is the lesser of
        # ``max_wilds`` and n - ``ratio_margin``; ``meld.sized`` asks it written out, on every meld
        # a listing offers.
        self.ratio_margin: int = {"naturals-outnumber": 1, "naturals-at-least": 0}.get(v["wild_ratio"], -NO_LIMIT)
        self.stock_out_end: bool = v["stock_out"] == "end"
        # The first meld's minimum by score (``Ruleset.threshold``) as plain pairs: (below, need).
        self.tiers: tuple[tuple[int | None, int | None], ...] = tuple((t.below, t.need) for t in rs.initial_meld)
        # The fewest naturals from the hand a take of the pile lays, for a side that has not melded (the
        # take that must make the first meld): one, two where the pile asks for a pair (frozen for such
        # a side, frozen by what lies in it, or always), never fewer than a meld needs beside the top card.
        self.least_take: int = max(1, 2 if self.needs_pair or self.frozen_not_melded else 1, self.min_naturals - 1)
        self.least_frozen: int = max(2, self.min_naturals - 1)


def constants(rs: Ruleset) -> Constants:
    """The ruleset's constants, made the first time a ruling under it asks."""
    k: Constants | None = rs.__dict__.get("_kernel")
    if k is None:
        k = rs.__dict__["_kernel"] = Constants(rs)
    return k
