"""The state of one turn while a move is judged: the mover's hand, the side's melds, the pile.

A move is judged step by step from the table; every step first gets its facts (what it uses, what
meld it makes, whether the pile is frozen...), the rules read those facts, then the step's effect is
applied, even to an illegal step, so that later steps are judged on the table the player meant.
"""
from __future__ import annotations

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.table import Meld, Side, Table, meld_rank


class Hand:
    """Known cards, cards from the taken pile (which never count toward the initial meld) and a
    number of unknown cards (a hand given as a count, or cards drawn without naming them)."""

    def __init__(self, cards: list[Card] | None, count: int) -> None:
        self.own: list[Card] = list(cards) if cards is not None else []
        self.pile: list[Card] = []
        self.unknown = 0 if cards is not None else count

    def copy(self) -> "Hand":
        other = Hand([], 0)
        other.own, other.pile, other.unknown = list(self.own), list(self.pile), self.unknown
        return other

    def __len__(self) -> int:
        return len(self.own) + len(self.pile) + self.unknown

    def cards(self) -> list[Card]:
        return self.own + self.pile

    def holds(self, card: Card) -> bool:
        if self.unknown or card in self.own or card in self.pile:
            return True
        return any(c.matches(card) for c in self.own) or any(c.matches(card) for c in self.pile)

    def take_out(self, card: Card) -> str | None:
        """Remove one card; returns where it came from ('own', 'pile', 'unknown') or None if absent."""
        for where, pool in (("own", self.own), ("pile", self.pile)):
            for i, c in enumerate(pool):
                if c == card:
                    del pool[i]
                    return where
        for where, pool in (("own", self.own), ("pile", self.pile)):
            for i, c in enumerate(pool):
                if c.matches(card):
                    del pool[i]
                    return where
        if self.unknown:
            self.unknown -= 1
            return "unknown"
        return None


class Facts:
    """What one step does, worked out before its effect is applied. (A plain slotted class: one is
    made per step judged, and a dataclass with list factories costs more than the rules do.)"""

    __slots__ = ("index", "step", "hand_before", "missing", "top", "pile_size", "frozen", "frozen_reason",
                 "rank", "target", "result", "new_meld", "black_threes")

    def __init__(self, index: int, step: Step, hand_before: int = 0) -> None:
        self.index = index
        self.step = step
        self.hand_before = hand_before
        self.missing: list[Card] = []
        self.top: Card | None = None
        self.pile_size = 0
        self.frozen = False
        self.frozen_reason = ""
        self.rank: str | None = None
        self.target: Meld | None = None  # the side's existing meld this step adds to, if any
        self.result: list[Card] = []  # the meld as it stands after the step
        self.new_meld = False
        self.black_threes = False  # the step melds black threes

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.step.cards


class TurnState:
    """The turn so far: what has been drawn, taken, melded and discarded."""
    table: Table  # the table the move starts from; never changed
    ruleset: Ruleset
    side: Side
    hand: Hand
    pile: list[Card]
    stock: int
    pile_frozen: bool
    drawn: bool
    drew_stock: bool
    took_pile: bool
    discarded: bool
    asked: bool
    side_melded_before: bool
    ranks_before: frozenset[str]
    counted: int
    counted_cards: list[Card]
    new_melds: list[str]
    laid_off_existing: bool
    black_three_steps: list[int]
    out_step: int | None
    ended_by_red_three: bool
    concealed: bool
    last_step: int
    side_copied: bool
    notes: list[tuple[str, int, dict]]

    __slots__ = ('table', 'ruleset', 'side', 'hand', 'pile', 'stock', 'pile_frozen', 'drawn', 'drew_stock',
                 'took_pile', 'discarded', 'asked', 'side_melded_before', 'ranks_before', 'counted',
                 'counted_cards', 'new_melds', 'laid_off_existing', 'black_three_steps', 'out_step',
                 'ended_by_red_three', 'concealed', 'last_step', 'side_copied', 'notes')

    def __init__(self, table: Table, side: Side, hand: Hand, drawn: bool) -> None:
        # Everything starts from the table; one of these is made per ruling, so no keyword juggling.
        self.table = table
        self.ruleset = table.ruleset
        self.side = side
        self.hand = hand
        self.pile = list(table.discard)
        self.stock = table.stock
        self.pile_frozen = table.pile_content_frozen()
        self.drawn = self.drew_stock = drawn
        self.took_pile = self.discarded = self.asked = False
        self.side_melded_before = side.has_melded
        self.ranks_before = frozenset([m.rank for m in side.melds])
        self.counted = 0
        self.counted_cards: list[Card] = []
        self.new_melds: list[str] = []
        self.laid_off_existing = False
        self.black_three_steps: list[int] = []
        self.out_step: int | None = None
        self.ended_by_red_three = False
        self.concealed = False
        self.last_step = 0
        self.side_copied = False
        self.notes: list[tuple[str, int, dict]] = []

    @classmethod
    def start(cls, table: Table) -> "TurnState":
        """The turn as it begins. ``table`` itself is never changed: the state works on copies of the
        only things a move can change (the mover's hand and the pile; the side's melds and red threes
        are copied the first time a step changes them, which most moves never do)."""
        player = table.mover
        return cls(table, table.side_of(player.name), Hand(player.hand, player.count), table.turn.phase == "play")

    def own_side(self) -> Side:
        """The side, copied before its first change so that the table's own side stays as it was."""
        if not self.side_copied:
            self.side = self.side.clone()
            self.side_copied = True
        return self.side

    @property
    def player(self):
        return self.table.mover

    @property
    def partnered(self) -> bool:
        return len(self.side.players) > 1

    def note(self, key: str, step: int, **params) -> None:
        self.notes.append((key, step, params))

    # -- facts ---------------------------------------------------------------------------------
    def frozen_for_side(self) -> tuple[bool, str]:
        rs = self.ruleset
        if rs.pile_needs_natural_pair:
            return True, "always"
        if not self.side.has_melded:
            return True, "not-melded"
        if self.pile_frozen:
            return True, "pile"
        return False, ""

    def facts(self, index: int, step: Step) -> Facts:
        f = Facts(index, step, hand_before=len(self.hand))
        if step.kind in ("take", "meld", "add", "discard"):
            if len(step.cards) == 1:  # most steps (every discard): no need to copy the hand
                if not self.hand.holds(step.cards[0]):
                    f.missing.append(step.cards[0])
            else:
                probe = self.hand.copy()
                for c in step.cards:
                    if probe.take_out(c) is None:
                        f.missing.append(c)
        if step.kind == "take":
            f.pile_size = len(self.pile)
            f.top = self.pile[-1] if self.pile else None
            f.frozen, f.frozen_reason = self.frozen_for_side()
            if f.top is not None:
                f.rank = f.top.rank if f.top.is_natural else meld_rank(list(step.cards))
                f.target = self.side.meld_of(f.rank) if f.rank else None
                f.result = (f.target.cards if f.target else []) + [f.top, *step.cards]
                f.new_meld = f.target is None
        elif step.kind in ("meld", "add"):
            f.black_threes = any(c.is_black_three for c in step.cards)
            f.rank = step.to if step.kind == "add" else meld_rank(list(step.cards))
            if f.rank is None and step.kind == "meld":
                f.rank = "?"
            f.target = self.side.meld_of(f.rank) if f.rank else None
            f.result = (f.target.cards if f.target else []) + list(step.cards)
            f.new_meld = f.target is None
        return f

    # -- effects -------------------------------------------------------------------------------
    def _lay(self, cards, count_top: Card | None = None) -> int:
        points = 0
        for c in cards:
            where = self.hand.take_out(c)
            if where in ("own", "unknown", None):
                points += c.value
                self.counted_cards.append(c)
        if count_top is not None:
            points += count_top.value
            self.counted_cards.append(count_top)
        self.counted += points
        return points

    def _into_meld(self, f: Facts, cards: list[Card]) -> Meld:
        rank = f.rank or "?"
        meld = self.own_side().meld_of(rank)
        was_canasta = meld.is_canasta if meld else False
        if meld is None:
            meld = Meld(rank, list(cards))
            self.side.melds.append(meld)
            self.new_melds.append(rank)
        else:
            meld.cards.extend(cards)
            if rank in self.ranks_before:
                self.laid_off_existing = True
            if f.step.kind == "meld":
                self.note("merge", f.index, cards=cards, rank=rank)
        if meld.is_canasta and not was_canasta:
            self.note("canasta", f.index, rank=rank, kind="natural" if meld.is_natural_canasta else "mixed")
        return meld

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
            self._lay(f.step.cards, count_top=top)
            self._into_meld(f, [top, *f.step.cards])
            for c in self.pile:
                if c.is_red_three:
                    self.own_side().red_threes.append(c)
                    self.note("red-three-pile", f.index, card=c)
                else:
                    self.hand.pile.append(c)
            self.pile.clear()
            self.pile_frozen = False
        elif kind in ("meld", "add"):
            self._lay(f.step.cards)
            self._into_meld(f, list(f.step.cards))
            if f.black_threes:
                self.black_three_steps.append(f.index)
        elif kind == "discard":
            card = f.step.cards[0]
            self.hand.take_out(card)
            self.pile.append(card)
            self.discarded = True
            if card.is_wild and not self.pile_frozen and self.ruleset.discard_wild:
                self.pile_frozen = True
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
                self.notes[-1] = ("red-three-drawn-last", step, params)
        self.stock -= owed
        self.hand.unknown += owed

    def concealed_out(self) -> bool:
        """Whole hand down in one turn after a stock draw, in new melds with a canasta, no lay-offs."""
        return (self.drew_stock and not self.took_pile and not self.player.has_melded
                and not self.laid_off_existing
                and any(m.is_canasta for m in self.side.melds if m.rank in self.new_melds))

