"""The ruleset parameters: each one's name, Python type, meaning, allowed values, and whether a house
rule may set it, declared once as a typed field of ``Parameters``. ``PARAMS`` (what the readers, the
schema, the reference and completion go through) is built from these declarations, in their order."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from canasta_tutor.engine.record import Record


class Tier(Record):
    """One initial-meld tier: a side whose score is below ``below`` (None: no bound) needs ``need``."""
    below: int | None
    need: int | None  # None: the first meld must include a canasta instead of points

    _fields = ("below", "need")

    def __init__(self, below: int | None, need: int | None) -> None:
        self.below = below
        self.need = need

    def __hash__(self) -> int:  # type: ignore[override]  # a tier is a value: hashable
        return hash((self.below, self.need))


class Param:
    """One ruleset parameter: its kind, what it means, and whether a house rule may set it."""
    __slots__ = ("choices", "help", "house", "kind", "minimum", "name")
    name: str
    kind: str  # int, bool, choice, optint, tiers, bonus, flags (a set of choices)
    help: str
    choices: tuple[str, ...]
    house: bool  # may a table's house_rules override it
    minimum: int  # for numbers: the least value that makes a game

    def __init__(self, name: str, kind: str, help: str, choices: tuple[str, ...] = (), house: bool = True,
                 minimum: int = 0) -> None:
        self.name = name
        self.kind = kind
        self.help = help
        self.choices = choices
        self.house = house
        self.minimum = minimum


# A field's kind follows from its declared type: a text is a choice among ``choices``, a tuple of
# texts a set of them.
KINDS = {"int": "int", "bool": "bool", "str": "choice", "int | None": "optint", "tuple[str, ...]": "flags",
         "tuple[Tier, ...]": "tiers", "dict[str, int]": "bonus"}


def param(help: str, choices: tuple[str, ...] = (), house: bool = True, minimum: int = 0) -> Any:
    """The declaration of one parameter field (its name and kind come from the field)."""
    return field(metadata={"help": help, "choices": choices, "house": house, "minimum": minimum})


@dataclass(init=True, repr=False, eq=False)
class Parameters:
    """Every parameter of the rulebook, with its type. A ``Ruleset`` is one, so a rule reads
    ``rs.draw_count`` as a plain attribute (rules read them on every step)."""
    players: int = param("number of players", house=False, minimum=2)
    side_size: int = param("players per side (1: each plays alone)", house=False, minimum=1)
    decks: int = param("packs of 52 cards shuffled together", house=False, minimum=1)
    jokers: int = param("jokers in the decks")
    deal: int = param("cards dealt to each player", minimum=1)
    draw_count: int = param("cards drawn from the stock per turn", minimum=1)
    first_round_restricted: bool = param("nobody melds or takes the pile in their first turn")
    wild_upcard: str = param("a wild or red three turned up at the deal", choices=("freeze", "bury"))
    min_naturals: int = param("natural cards every meld needs")
    max_wilds: int | None = param("wild cards a meld may hold (null: no cap)")
    wild_ratio: str = param(
        "how naturals must compare with wilds in a meld",
        choices=("pagat", "naturals-outnumber", "naturals-at-least"))
    discard_wild: bool = param("a wild card may be discarded")
    pile_needs_natural_pair: bool = param("the pile is always taken with a natural pair")
    pile_frozen_by: tuple[str, ...] = param(
        "what freezes the pile for a side: not-melded (the side has not melded), wild and red-three "
        "(such a card lies in the pile), black-three (one lies in the pile)",
        choices=("not-melded", "wild", "red-three", "black-three"))
    pile_take: str = param("how an unfrozen pile is taken", choices=("pagat", "one-natural"))
    pile_onto_meld: bool = param(
        "the pile may be taken with a rank the side has melded, its top card going onto that meld (with the "
        "cards from the hand that pile_take and pile_needs_natural_pair ask for)")
    initial_meld: tuple[Tier, ...] = param("initial meld minimum by the side's score before the hand")
    canasta_bonus: dict[str, int] = param("canasta bonus, natural and mixed")
    canasta_closed: bool = param("a finished canasta may not be changed")
    canastas_to_go_out: int = param("canastas a side needs before a player may go out")
    final_discard: str = param(
        "whether going out needs a last discard",
        choices=("optional", "required", "unless-concealed"))
    red_three_last: str = param(
        "a red three as the last stock card: hand-ends (the hand ends at once) or no-discard (its "
        "player may still meld, not discard, and earns no going-out bonus)",
        choices=("hand-ends", "no-discard"))
    partner_permission: str = param("asking the partner before going out", choices=("optional", "required"))
    going_out_bonus: int = param("bonus for going out")
    concealed_bonus: int = param("bonus for going out concealed (the total, not added to going_out_bonus)")
    red_three_value: int = param("points for each red three")
    red_three_all_bonus: int | None = param("points for all four red threes together (null: no such bonus)")
    red_three_penalty_if: str = param("when red threes count minus", choices=("no-meld", "no-canasta", "never"))
    black_three_in_hand: int = param("what a black three left in hand costs")
    black_threes_meld: str = param(
        "when black threes may be melded: going-out (3 or 4 of them, no wilds, when going out) or "
        "never",
        choices=("going-out", "never"))
    no_canasta_all_negative: bool = param("a side without a canasta counts melds, hand and red threes minus")
    stock_out: str = param("what happens when the stock runs out", choices=("play-on", "end"))
    target_score: int = param("score that ends the game")
    exact_target: bool = param("the target must be hit exactly (Sujo)")
    cut_bonus: int = param("bonus to the side whose cutter took exactly the dealt cards")


PARAMS: dict[str, Param] = {
    f.name: Param(f.name, KINDS[str(f.type)], f.metadata["help"], f.metadata["choices"], f.metadata["house"],
                  f.metadata["minimum"])
    for f in fields(Parameters)
}
