"""The number of cards a table holds, against the number its decks hold.

The reader checks each card's copies; this counts every card, face up or not (hands given as counts,
the stock), so that ``hand: 80`` beside ``stock: 200`` in a 108-card game is caught."""
from __future__ import annotations

from canasta_tutor.engine.table import Table


def deck_size(table: Table) -> int:
    return 52 * table.ruleset.decks + table.ruleset.jokers


def cards_on_table(table: Table) -> int:
    """Every card the table accounts for: hands, melds, red threes, the pile and the stock."""
    laid = sum(len(m.cards) for s in table.sides for m in s.melds) + sum(len(s.red_threes) for s in table.sides)
    return sum(p.count for p in table.players) + laid + len(table.discard) + table.stock


def over_total(table: Table) -> tuple[int, int] | None:
    """(cards on the table, cards in the decks) when the table holds more than the decks; else None."""
    found, size = cards_on_table(table), deck_size(table)
    return (found, size) if found > size else None
