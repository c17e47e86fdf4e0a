"""The partner's answer to "may I go out?": what a computer partner says, and why.

The partner weighs what its own hand would cost if the hand ended now against what it could still
put down, and how close the other side is to ending the hand itself. Every reason it gives is a
fact of the table as the partner sees it (its own hand, the melds, the counts of the other hands,
the stock): ``reason`` names the sentence, ``params`` the figures it states.

The answer binds (``Game`` enforces it): yes, the asker goes out this turn; no, the asker may not.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.table import Table

if TYPE_CHECKING:  # the listing imports this module
    from canasta_tutor.play.moves import Option

# What the partner could still meld must be at least this many points, and at least half of what its
# hand holds, before it keeps the hand going (more when its side leads the game: ending hands sooner
# suits the side ahead).
KEEP_GOING = 50
KEEP_GOING_AHEAD = 100
RACE_AT = 2  # an opponent holding this many cards or fewer may go out first


@dataclass
class Answer:
    """The partner's answer: ``yes``, the sentence that says why (``play.answer.REASON``) and its figures."""

    asker: str
    partner: str
    yes: bool
    reason: str
    params: dict[str, object] = field(default_factory=dict)


def partner_of(table: Table, name: str) -> str | None:
    """The player's partner (partners sit in sides of two), or None for a player alone."""
    others = [n for n in table.side_of(name).players if n != name]
    return others[0] if others else None


def asks_per_hand(rs: Ruleset) -> int | None:
    """How many times a player may ask in one hand: once in Brazilian Canastra (its page: "once
    per hand"), otherwise no limit beyond one answer per turn (None)."""
    return 1 if "brazilian" in (rs.id, rs.base) else None


def card_points(rs: Ruleset, card: Card) -> int:
    """What a card left in hand costs its side when the hand ends."""
    return rs.black_three_in_hand if card.is_black_three else card.value


def could_meld(table: Table, partner: str) -> int:
    """The points of the partner's cards that it could put down on a later turn: naturals of a rank
    its side has a meld of (open to more cards), three or more naturals of one rank, and wild cards
    once its side has a meld to put them on."""
    rs = table.ruleset
    side = table.side_of(partner)
    hand = table.player(partner).hand or []
    open_ranks = {m.rank for m in side.melds if not (m.is_canasta and rs.canasta_closed)}
    naturals = Counter(c.rank for c in hand if c.is_natural and not c.is_black_three)
    points = 0
    for c in hand:
        if c.is_wild:
            points += c.value if open_ranks else 0
        elif c.is_natural and not c.is_black_three and (c.rank in open_ranks or naturals[c.rank] >= 3):
            points += c.value
    return points


def decide(table: Table, asker: str) -> Answer:
    """The computer partner's answer to ``asker`` on ``table`` (the asker's turn), from the partner's
    own hand and the score."""
    rs = table.ruleset
    partner = partner_of(table, asker)
    if partner is None:
        raise ValueError(f"{asker} has no partner")
    hand = table.player(partner).hand or []
    points = sum(card_points(rs, c) for c in hand)
    if points <= rs.going_out_bonus:
        return Answer(asker, partner, True, "little", {"points": points, "bonus": rs.going_out_bonus})
    mine = table.side_of(asker)
    others = [p for p in table.players if p.name not in mine.players]
    closest = min(others, key=lambda p: p.count, default=None)
    if closest is not None and closest.count <= RACE_AT:
        return Answer(asker, partner, True, "race", {"player": closest.name, "count": closest.count})
    if table.stock <= len(table.players):
        return Answer(asker, partner, True, "stock", {"stock": table.stock})
    could = could_meld(table, partner)
    ahead = all(mine.score > s.score for s in table.sides if s is not mine)
    enough = KEEP_GOING_AHEAD if ahead else KEEP_GOING
    if could >= enough and 2 * could >= points:
        return Answer(asker, partner, False, "meld", {"could": could, "points": points})
    return Answer(asker, partner, True, "stuck", {"points": points, "could": could})


def split_at_ask(steps: list[Step]) -> tuple[list[Step], list[Step]]:
    """A move cut after its first ``ask``: (up to and with the ask, the rest). Without an ask, all
    of it comes first."""
    for i, s in enumerate(steps):
        if s.kind == "ask":
            return steps[: i + 1], steps[i + 1:]
    return steps, []


def asks_first(table: Table, option: Option, may_ask: bool) -> bool:
    """Whether a computer player asks its partner before making ``option``, the question alone and
    before any card is put down: a move that asks (to go out) with more steps after the question, or
    one that leaves a single card where going out needs the partner's consent. ``may_ask``: the
    player has not been answered this turn, nor asked as often as the ruleset allows. The game and
    the searching coach's rollouts both ask so."""
    name = table.turn.player
    if not may_ask or partner_of(table, name) is None:
        return False
    if any(s.kind == "ask" for s in option.steps):
        return len(option.steps) > 1
    if option.kind not in ("meld", "add") or table.ruleset.partner_permission != "required":
        return False
    on = option.listed_on
    hand = on.player(name).hand if on is not None else None
    if hand is not None and all(s.kind in ("meld", "add") for s in option.steps):
        # A legal meld or lay-off takes exactly its cards out of a known hand: counted, not judged.
        return len(hand) - sum(len(s.cards) for s in option.steps) <= 1
    return option.verdict.after.player(name).count <= 1


def ask_limit_reached(table: Table, asked: Counter[str]) -> bool:
    """Whether the player on turn may not ask now: answered already this turn, or asked as often as
    the ruleset allows in a hand (``asked``: the questions put so far, by player)."""
    limit = asks_per_hand(table.ruleset)
    return table.turn.permission != "none" or (limit is not None and asked[table.turn.player] >= limit)
