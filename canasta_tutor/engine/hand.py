"""The mover's hand while a move is judged: the cards they own, the cards the taken pile gave them
(which never count toward the initial meld) and a number of unknown cards."""
from __future__ import annotations

from canasta_tutor.engine.cards import Card


class Hand:
    """Known cards, cards from the taken pile and a number of unknown cards (a hand given as a
    count, or cards drawn without naming them)."""

    __slots__ = ("own", "pile", "unknown")

    def __init__(self, cards: list[Card] | None, count: int) -> None:
        self.own: list[Card] = list(cards) if cards is not None else []
        self.pile: list[Card] = []
        self.unknown = 0 if cards is not None else count

    def copy(self) -> Hand:
        other = Hand.__new__(Hand)
        other.own, other.pile, other.unknown = list(self.own), list(self.pile), self.unknown
        return other

    def __len__(self) -> int:
        return len(self.own) + len(self.pile) + self.unknown

    def cards(self) -> list[Card]:
        return self.own + self.pile

    def holds(self, card: Card) -> bool:
        # Cards are interned, so ``in`` is a pointer comparison done in C; a suitless card may
        # stand for any suit, which only the slower look below sees.
        if self.unknown or card in self.own or card in self.pile:
            return True
        return any(c.matches(card) for c in self.own) or any(c.matches(card) for c in self.pile)

    def take_out(self, card: Card) -> str | None:
        """Remove one card; returns where it came from ('own', 'pile', 'unknown') or None if absent."""
        own = self.own
        if card in own:
            own.remove(card)
            return "own"
        pile = self.pile
        if card in pile:
            pile.remove(card)
            return "pile"
        for where, pool in (("own", own), ("pile", pile)):
            for i, c in enumerate(pool):
                if c.matches(card):
                    del pool[i]
                    return where
        if self.unknown:
            self.unknown -= 1
            return "unknown"
        return None
