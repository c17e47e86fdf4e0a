"""What lint says beyond the reader's and the engine's findings: a move that relies on a card the table
does not show in the mover's hand (the engine lets a drawn card be any card, so such a move can be
legal only if the draw brings it). A table of more cards than its decks is the reader's to refuse."""
from __future__ import annotations

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.move import parse_move
from canasta_tutor.engine.state import Hand
from canasta_tutor.engine.table import Table


def cards_not_in_hand(table: Table, move: str) -> list[Card]:
    """The cards a move lays down or discards that the mover's hand, as written, does not hold: the
    move relies on drawing them. A hand given as a count is unknown by design, and is not followed."""
    mover = table.player(table.turn.player)
    if mover.hand is None:
        return []
    hand = Hand(mover.hand, 0)
    relied: list[Card] = []
    pile = list(table.discard)
    for step in parse_move(move):
        if step.kind == "draw":
            if step.cards:  # named cards are known; only a red three's replacement may be left unnamed
                hand.own.extend(c for c in step.cards if not c.is_red_three)
                reds = sum(c.is_red_three for c in step.cards)
                hand.unknown += max(0, table.ruleset.draw_count + reds - len(step.cards)) if reds else 0
            else:
                hand.unknown += table.ruleset.draw_count
        elif step.kind in ("take", "meld", "add", "discard"):
            for c in step.cards:
                if hand.take_out(c) == "unknown":
                    relied.append(c)
            if step.kind == "take" and pile:
                hand.pile.extend(pile[:-1])
                pile = []
    return relied
