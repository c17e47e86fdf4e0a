"""The coach's warning before a discard: what the next opponent could do with it.

The coach speaks only of what the table shows the player (the melds, the pile, how many cards each
hand holds), never of the cards hidden in other hands: the claim "Bob can take the pile with your
AC" is the judge's ruling on the table as the player sees it after the discard, with Bob on turn
and his hand unknown (a take onto his side's meld needs no card from his hand).
"""
from __future__ import annotations

from dataclasses import dataclass

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Table, Turn


@dataclass
class Warning:
    """``key`` names the sentence (``play.warn.KEY``); ``params`` its figures."""

    key: str
    params: dict[str, object]


def next_player(table: Table) -> str:
    names = [p.name for p in table.players]
    return names[(names.index(table.turn.player) + 1) % len(names)]


def as_next_sees_it(after: Table, mover: str, following: str) -> Table:
    """The table after ``mover``'s discard with ``following`` about to draw, as ``mover`` sees it:
    every other hand only a count."""
    view = after.clone()
    for p in view.players:
        if p.name != mover:
            p.hand = None
    view.turn = Turn(following, "draw", first_round=False, permission="none")
    return view


def pile_warning(table: Table, steps: list[Step]) -> Warning | None:
    """A warning when ``steps`` (a legal move that ends with a discard and does not go out) lets the
    next opponent take the pile onto a meld of their side; None otherwise."""
    v = judge(table, steps)
    if not v.legal or v.went_out or not v.state.discarded:
        return None
    mover = table.turn.player
    following = next_player(table)
    if following in table.side_of(mover).players:
        return None  # a partner's take is no loss
    view = as_next_sees_it(v.after, mover, following)
    if not judge(view, [Step("take")]).legal:
        return None
    card = next(s.cards[0] for s in reversed(steps) if s.kind == "discard")
    return Warning("pile", {"player": following, "card": str(card), "rank": card.rank,
                            "size": len(view.discard)})
