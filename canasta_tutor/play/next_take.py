"""What the next player could do with the pile after a discard, as the judge rules it on the table the
mover sees (every other hand only a count): the one ruling behind every claim that a discard "gives
the pile away", so such a claim holds under every ruleset (where the pile is always taken with a
natural pair, or with a natural card from the hand, no card laid off alone takes it)."""
from __future__ import annotations

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.table import Table, Turn


def next_player(table: Table) -> str:
    names = [p.name for p in table.players]
    return names[(names.index(table.turn.player) + 1) % len(names)]


def as_next_sees_it(after: Table, mover: str, following: str, first_round: bool = False) -> Table:
    """The table after ``mover``'s discard with ``following`` about to draw, as ``mover`` sees it:
    every other hand only a count. ``first_round``: that turn of ``following`` is in the hand's first
    round (where a ruleset may forbid taking the pile)."""
    view = after.seen_by(mover)
    view.turn = Turn(following, "draw", first_round=first_round, permission="none")
    return view


def next_view(table: Table, steps: list[Step], first_round: bool = False) -> tuple[Table, str] | None:
    """The table as the mover sees it after ``steps`` (a move of the player on turn that ends with a
    discard and does not go out), with the next player, an opponent, about to draw (on a turn of the
    hand's first round with ``first_round``), and that player's name; None for any other move, or where
    the next player is a partner (whose take is no loss)."""
    v = judge(table, steps)
    if not v.legal or v.went_out or not v.state.discarded:
        return None
    mover = table.turn.player
    following = next_player(table)
    if following in table.side_of(mover).players:
        return None
    return as_next_sees_it(v.after, mover, following, first_round), following


def lays_off_and_takes(table: Table, steps: list[Step]) -> bool:
    """Whether, after ``steps`` (a move of the player on turn that ends with a discard and does not go
    out), the next player, an opponent, may take the pile with no card from the hand: its top card laid
    onto a meld of their side."""
    seen = next_view(table, steps)
    return seen is not None and judge(seen[0], [Step("take")]).legal
