"""The state of one turn while a move is judged: the mover's hand, the side's melds, the pile.

A move is judged step by step from the table; every step first gets its facts (what it uses, what
meld it makes, whether the pile is frozen...), the rules read those facts, then the step's effect is
applied, even to an illegal step, so that later steps are judged on the table the player meant.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.facts import Facts, step_facts
from canasta_tutor.engine.hand import Hand
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.table import Meld, Player, Side, Table, freezers

__all__ = ["Facts", "Hand", "TurnState"]

_RED_THREES = frozenset((Card("3", "H"), Card("3", "D")))


class TurnState:
    """The turn so far: what has been drawn, taken, melded and discarded.

    One is made for every ruling (the move listing makes thousands), so what starts the same on
    every turn is a class default, replaced on the instance only when a step changes it."""
    table: Table  # the table the move starts from; never changed
    ruleset: Ruleset
    side: Side
    side_before: Side  # the table's side, as the turn found it; never changed
    hand: Hand
    pile: list[Card]
    stock: int
    pile_frozen: bool
    drawn: bool
    drew_stock: bool
    side_melded_before: bool
    new_melds: list[str]
    black_three_steps: list[int]
    notes: list[tuple[str, int, dict[str, Any]]]
    took_pile = False
    discarded = False
    asked = False
    counted = 0
    laid_off_existing = False
    out_step: int | None = None
    ended_by_red_three = False
    concealed = False
    last_step = 0
    side_copied = False

    def __init__(self, table: Table, side: Side, hand: Hand, drawn: bool) -> None:
        self.table = table
        self.ruleset = table.ruleset
        self.side = self.side_before = side
        self.hand = hand
        self.pile = list(table.discard)
        self.stock = table.stock
        self.pile_frozen = table.pile_content_frozen()
        self.drawn = self.drew_stock = drawn
        self.side_melded_before = bool(side.melds)
        self.new_melds = []
        self.black_three_steps = []
        self.notes = []
        if table.turn.red_three_last:  # drawn earlier this turn: rare, so left a class default otherwise
            self.ended_by_red_three = True

    @classmethod
    def start(cls, table: Table) -> TurnState:
        """The turn as it begins. ``table`` itself is never changed: the state works on copies of the
        only things a move can change (the mover's hand and the pile; the side's melds and red threes
        are copied the first time a step changes them, which most moves never do)."""
        player = table.mover
        return cls(table, table.side_of(player.name), Hand(player.hand, player.count), table.turn.phase == "play")

    def own_side(self) -> Side:
        """The side, copied before its first change so that the table's own side stays as it was.
        Only the lists are copied here; a meld is copied when a step adds to it (``_into_meld``)."""
        if not self.side_copied:
            s = self.side
            self.side = Side(s.name, s.players, s.score, list(s.melds), list(s.red_threes))
            self.side_copied = True
        return self.side

    def continued(self, notes: int) -> TurnState:
        """A copy to judge more steps on, this state left as it is: the hand, the pile and every
        list a step changes are copied, and so are the melds this turn made or copied (the table's
        own melds are copied by the step that changes them, as always). ``notes``: how many of the
        notes to keep (those made before the move's end)."""
        other = TurnState.__new__(TurnState)
        other.__dict__.update(self.__dict__)
        other.hand = self.hand.copy()
        other.pile = list(self.pile)
        other.new_melds = list(self.new_melds)
        other.black_three_steps = list(self.black_three_steps)
        other.notes = self.notes[:notes]
        if self.side_copied:
            s = self.side
            melds = [Meld(m.rank, list(m.cards)) if self._owned(m) else m for m in s.melds]
            other.side = Side(s.name, s.players, s.score, melds, list(s.red_threes))
        return other

    @property
    def player(self) -> Player:
        return self.table.mover

    @property
    def partnered(self) -> bool:
        return len(self.side.players) > 1

    def note(self, key: str, step: int, **params: Any) -> None:
        self.notes.append((key, step, params))

    # -- facts ---------------------------------------------------------------------------------
    def frozen_for_side(self) -> tuple[bool, str]:
        rs = self.ruleset
        if rs.pile_needs_natural_pair:
            return True, "always"
        if not self.side.melds and "not-melded" in rs.pile_frozen_by:
            return True, "not-melded"
        if self.pile_frozen:
            if self.table.pile_frozen is None and "black-three" in rs.pile_frozen_by and \
                    freezers(tuple(k for k in rs.pile_frozen_by if k != "black-three")).isdisjoint(self.pile):
                return True, "pile-black-three"  # only a black three freezes it, by a house rule
            return True, "pile"
        return False, ""

    def facts(self, index: int, step: Step) -> Facts:
        return step_facts(self, index, step)

    # -- effects -------------------------------------------------------------------------------
    def _lay(self, f: Facts, cards: Iterable[Card], count_top: Card | None = None) -> int:
        points = 0
        if f.hand_after is not None:  # the facts took the cards out of a copy of the hand already
            self.hand = f.hand_after
            origins = f.origins
        else:
            origins = [self.hand.take_out(c) for c in cards]
        for c, where in zip(cards, origins):
            if where != "pile":
                points += c.value
        if count_top is not None:
            points += count_top.value
        self.counted += points
        return points

    def _into_meld(self, f: Facts, cards: list[Card]) -> Meld:
        rank = f.rank or "?"
        side = self.own_side()
        meld = None
        for i, m in enumerate(side.melds):
            if m.rank == rank:
                if not self._owned(m):  # the table's meld: copy it before it changes
                    m = Meld(rank, list(m.cards))
                    side.melds[i] = m
                meld = m
                break
        was_canasta = meld.is_canasta if meld else False
        if meld is None:
            meld = Meld(rank, list(cards))
            side.melds.append(meld)
            self.new_melds.append(rank)
        else:
            meld.cards.extend(cards)
            if self.side_before.meld_of(rank) is not None:
                self.laid_off_existing = True
            if f.step.kind == "meld":
                self.note("merge", f.index, cards=cards, rank=rank, size=len(cards))
        if meld.is_canasta and not was_canasta:
            self.note("canasta", f.index, rank=rank, kind="natural" if meld.is_natural_canasta else "mixed")
        return meld

    def _owned(self, meld: Meld) -> bool:
        """Whether ``meld`` was made or copied by this turn (not one of the table's own melds)."""
        for m in self.side_before.melds:
            if m is meld:
                return False
        return True

    def apply(self, f: Facts) -> None:
        kind = f.step.kind
        rs = self.ruleset
        if kind == "draw":
            if not f.step.cards:
                n = min(rs.draw_count, self.stock)
                self.stock -= n
                self.hand.unknown += n
            else:
                self._draw_named(f)
            self.drawn = self.drew_stock = True
        elif kind == "take":
            self.drawn = self.took_pile = True
            if f.top is None:
                return
            top = self.pile.pop()
            self.note("took-pile", f.index, size=f.pile_size, top=top,
                      how="frozen-" + f.frozen_reason if f.frozen else ("onto-meld" if f.target else "unfrozen"))
            self._lay(f, f.step.cards, count_top=top)
            self._into_meld(f, [top, *f.step.cards])
            if _RED_THREES.isdisjoint(self.pile):  # the usual pile: it all goes to the hand, in C
                self.hand.pile.extend(self.pile)
            else:
                for c in self.pile:
                    if c.is_red_three:
                        self.own_side().red_threes.append(c)
                        self.note("red-three-pile", f.index, card=c)
                    else:
                        self.hand.pile.append(c)
            self.pile.clear()
            self.pile_frozen = False
        elif kind == "meld" or kind == "add":
            self._lay(f, f.step.cards)
            self._into_meld(f, list(f.step.cards))
            if f.black_threes:
                self.black_three_steps.append(f.index)
        elif kind == "discard":
            card = f.step.cards[0]
            self.hand.take_out(card)
            self.pile.append(card)
            self.discarded = True
            if not self.pile_frozen and card in freezers(self.ruleset.pile_frozen_by):
                self.pile_frozen = True
                if card.is_wild:
                    self.note("pile-frozen-by-wild", f.index, card=card)
        elif kind == "ask":
            self.asked = True

    def _draw_named(self, f: Facts) -> None:
        """Named cards come off the stock in order. A red three is laid out and replaced; the
        replacement may be named after it (``draw 3H 9C``) or left unknown (``draw 3H``)."""
        reds = 0
        for c in f.step.cards:
            self.stock = max(0, self.stock - 1)
            if c.is_red_three:
                reds += 1
                self.own_side().red_threes.append(c)
                self.note("red-three-drawn", f.index, card=c)
            else:
                self.hand.own.append(c)
        owed = self.ruleset.draw_count + reds - len(f.step.cards) if reds else 0
        if owed <= 0:
            return
        if owed > self.stock:  # a red three came with the last cards of the stock: the hand ends
            self.ended_by_red_three = True
            owed = self.stock
            key, step, params = self.notes[-1]
            if key == "red-three-drawn":
                last = "red-three-drawn-last-meld" if self.ruleset.red_three_last == "no-discard" else "red-three-drawn-last"
                self.notes[-1] = (last, step, params)
        self.stock -= owed
        self.hand.unknown += owed

    def concealed_out(self) -> bool:
        """Whole hand down in one turn after a stock draw, in new melds with a canasta, no lay-offs."""
        return (self.drew_stock and not self.took_pile and not self.player.has_melded
                and not self.laid_off_existing
                and any(m.is_canasta for m in self.side.melds if m.rank in self.new_melds))

