"""The coach's warnings: before a discard, what the next opponent could do with it; before asking
"may I go out?" with no way out open, that a yes would bind the player to what the cards cannot do.

The coach speaks only of what the player has seen: the table (the melds, the pile, how many cards
each hand holds) and what the hand showed (``Memory``: the cards an opponent took with the pile and
has not put down since), never of the cards hidden in other hands. The claim "Bob can take the pile
with your AC" is the judge's ruling on the table as the player sees it after the discard, with Bob
on turn and his hand unknown (a take onto his side's meld needs no card from his hand); the claim
"Bob took two nines with the pile: with them he can take it" is the judge's ruling with Bob's hand
as only those known cards.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Table
from canasta_tutor.play.coach import Memory, known_pair
from canasta_tutor.play.moves import MoveList, legal_moves
from canasta_tutor.play.next_take import next_view
from canasta_tutor.play.partner import partner_of


@dataclass
class Warning:
    """``key`` names the sentence (``play.warn.KEY``); ``params`` its figures."""

    key: str
    params: dict[str, object]


def pile_warning(table: Table, steps: list[Step], memory: Memory | None = None,
                 first_round: bool = False) -> Warning | None:
    """A warning when ``steps`` (a legal move that ends with a discard and does not go out) lets the
    next opponent take the pile onto a meld of their side (``pile``), or with a pair of the card's
    rank the mover saw them take with the pile (``took``, from ``memory``); None otherwise.
    ``first_round``: the next opponent's turn is in the hand's first round."""
    after = next_view(table, steps, first_round)
    if after is None:
        return None
    view, following = after
    card = next(s.cards[0] for s in reversed(steps) if s.kind == "discard")
    figures = {"player": following, "card": str(card), "rank": card.rank, "size": len(view.discard)}
    if judge(view, [Step("take")]).legal:  # as next_take.lays_off_and_takes rules it
        return Warning("pile", figures)
    known = known_pair(memory, following, card)
    if len(known) >= 2:
        # the judge, with the next hand as only the cards known to be in it
        seen = view.clone()
        seen.player(following).hand = list(memory.took[following]) if memory else []
        if judge(seen, [Step("take", tuple(known[:2]))]).legal:
            return Warning("took", {**figures, "cards": " ".join(map(str, known))})
    return None


def ask_warning(table: Table, steps: list[Step], moves: Callable[[], MoveList]) -> Warning | None:
    """A warning before "may I go out?" put on its own in the play phase when no way out would be open
    after a yes: a yes binds the player to go out this turn, which the cards held cannot do. Not in the
    draw phase, where the cards drawn may open one. The question is still the player's to put: the
    warning asks, it does not refuse.

    ``moves``: the moves the player on turn may make now (read only for a bare question). Where the
    question is not among them (no partner, answered this turn, asked as often as the ruleset allows)
    it is refused, and the refusal says why. A way out that needs the partner's consent is listed
    only once it is given, so the ways out are those of the table as a yes leaves it."""
    if table.turn.phase != "play" or [s.kind for s in steps] != ["ask"]:
        return None
    if not any(o.kind == "ask" and len(o.steps) == 1 for o in moves().options):
        return None
    granted = table.clone()
    granted.turn.permission = "granted"
    after_yes = legal_moves(granted)
    if after_yes.truncated or any(o.kind == "out" for o in after_yes.options):
        return None  # a way out is open, or the listing stopped before it could tell
    partner = partner_of(table, table.turn.player)
    return Warning("ask", {"partner": partner}) if partner is not None else None


def no_safe_discard(table: Table, memory: Memory | None = None, first_round: bool = False) -> bool:
    """Whether every discard the player on turn could make now (without going out) is warned of: then a
    warning names no better card, and says so."""
    discards = [o for o in legal_moves(table).of_kind("discard") if not o.verdict.went_out]
    return bool(discards) and all(pile_warning(table, o.steps, memory, first_round) is not None for o in discards)
