"""A ruleset's numbers as the kernel reads them, worked out once per ruleset: the flags and limits
every check asks, so a ruling reads plain attributes instead of comparing strings."""
from __future__ import annotations

from canasta_tutor.engine.cards import SUITS, Card
from canasta_tutor.engine.ruleset import Ruleset

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
        "frozen_not_melded",
        "max_wilds",
        "min_naturals",
        "needs_pair",
        "one_natural",
        "onto_meld",
        "out_canastas",
        "permission_required",
        "ratio",
        "stock_out_end",
    )

    def __init__(self, rs: Ruleset) -> None:
        v = rs.values
        self.canasta_closed: bool = bool(v["canasta_closed"])
        self.discard_wild: bool = bool(v["discard_wild"])
        self.draw_count: int = v["draw_count"]
        self.first_round_restricted: bool = bool(v["first_round_restricted"])
        self.frozen_not_melded: bool = "not-melded" in v["pile_frozen_by"]
        self.max_wilds: int = NO_LIMIT if v["max_wilds"] is None else v["max_wilds"]
        self.min_naturals: int = v["min_naturals"]
        self.needs_pair: bool = bool(v["pile_needs_natural_pair"])
        self.one_natural: bool = v["pile_take"] == "one-natural"
        self.onto_meld: bool = bool(v["pile_onto_meld"])
        self.out_canastas: int = v["canastas_to_go_out"]
        self.permission_required: bool = v["partner_permission"] == "required"
        self.final_discard: str = v["final_discard"]
        # wild_ratio: 0 no ratio (pagat), 1 naturals must outnumber wild cards, 2 at least as many
        self.ratio: int = {"naturals-outnumber": 1, "naturals-at-least": 2}.get(v["wild_ratio"], 0)
        self.stock_out_end: bool = v["stock_out"] == "end"

    def too_many_wilds(self, naturals: int, wilds: int) -> bool:
        """``meld.too-many-wilds``: the cap first, then the ratio."""
        if wilds > self.max_wilds:
            return True
        ratio = self.ratio
        return bool(wilds) and (ratio == 1 and naturals <= wilds or ratio == 2 and naturals < wilds)


def constants(rs: Ruleset) -> Constants:
    """The ruleset's constants, made the first time a ruling under it asks."""
    k: Constants | None = rs.__dict__.get("_kernel")
    if k is None:
        k = rs.__dict__["_kernel"] = Constants(rs)
    return k
