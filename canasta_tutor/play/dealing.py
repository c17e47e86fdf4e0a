"""The deal, as self-play and the game both make it: each player's cards, the red threes laid out
and replaced, and the up-card turned (buried again where the ruleset says so)."""
from __future__ import annotations

import random
from collections import Counter

from canasta_tutor.engine.cards import RANKS, SUITS, Card
from canasta_tutor.engine.table import Player, Table

NAMES = ("Ann", "Bob", "Cas", "Dee", "Eve", "Fay")  # the seats of a game and of self-play, in turn order


def full_deck(decks: int, jokers: int) -> list[Card]:
    """The cards of ``decks`` packs and ``jokers`` jokers, in the order a new pack lies before the shuffle."""
    cards = [Card(r, s) for _ in range(decks) for r in RANKS if r != "JK" for s in SUITS]
    return cards + [Card("JK")] * jokers


def snapshot_text(t: Table) -> str:
    """The table as its YAML file says it (for self-play's reports and a saved game)."""
    import yaml

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter is ten times faster
    return yaml.dump(t.to_data(), Dumper=dumper, sort_keys=False, allow_unicode=True)


def deal_hands(table: Table, stock: list[Card]) -> None:
    """Give every player the ruleset's deal from the top of ``stock`` (its end), laying out red threes."""
    for p in table.players:
        p.hand = [stock.pop() for _ in range(table.ruleset.deal)]
        lay_out_red_threes(table, stock, p)


def lay_out_red_threes(table: Table, stock: list[Card], p: Player) -> None:
    """Red threes go to the side's row at once, each replaced from the stock while it lasts."""
    side = table.side_of(p.name)
    hand = p.hand
    if hand is None:  # a player of a game is always dealt cards before this
        raise ValueError(f"{p.name} has no cards to look through")
    while any(c.is_red_three for c in hand) and stock:
        for c in [c for c in hand if c.is_red_three]:
            hand.remove(c)
            side.red_threes.append(c)
            if stock:
                hand.append(stock.pop())
    p.count = len(hand)


def turn_upcard(table: Table, stock: list[Card], rng: random.Random) -> None:
    """The first card of the pile. A wild card or red three turned up is buried in the stock again
    where the ruleset says so (``bury``), and the next card turned; otherwise (``freeze``) it stays
    in the pile, laid crosswise, and the next card is turned onto it, until a card that is neither
    lies on top: the pile starts frozen, and the first player can still take it with a natural pair."""
    up = stock.pop()
    if table.ruleset.wild_upcard == "bury":
        while up.is_wild or up.is_red_three:
            stock.insert(rng.randrange(len(stock) // 2 + 1), up)
            up = stock.pop()
        table.discard = [up]
        return
    pile = [up]
    while (up.is_wild or up.is_red_three) and stock:
        up = stock.pop()
        pile.append(up)
    table.discard = pile


def cards_in_sight(table: Table) -> Counter:
    """Every card the table shows: the known hands, the red threes, the melds and the pile (not the
    stock). Self-play adds the stock to check that every card is in one place; the game takes these
    from a full deck to know what may still come."""
    seen: Counter = Counter()
    for p in table.players:
        seen.update(p.hand or [])
    for s in table.sides:
        seen.update(s.red_threes)
        for m in s.melds:
            seen.update(m.cards)
    seen.update(table.discard)
    return seen


def cards_drawn(stock: list[Card], count: int, depth: int = 0) -> list[Card]:
    """The cards a draw of ``count`` takes from the top of ``stock`` (its end), ``depth`` cards down:
    a red three drawn is laid out and replaced by the next card, so it does not count."""
    cards: list[Card] = []
    due = min(count, len(stock) - depth)
    while due > 0 and depth < len(stock):
        c = stock[-1 - depth]
        depth += 1
        cards.append(c)
        if not c.is_red_three:
            due -= 1
    return cards
