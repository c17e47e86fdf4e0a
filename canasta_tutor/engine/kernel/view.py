"""What the kernel reads of a table: the player on turn, their side, the turn and the pile, as plain
values. An ordinary table is read through its objects; a ``PlainTable`` or a ``DataTable`` not yet
built is read from its parts, so that a question about it builds nothing, and a ``SealedTable`` (a
file's, not yet looked at) through the reader's table it keeps; the view of any of these is kept."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.kernel.constants import SUITLESS, Constants, constants
from canasta_tutor.engine.plain import DataParts, DataTable, PlainParts, PlainTable, SealedTable, keep_view, rank_of
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.table import Table

NO_MELDS: list[Sequence[Card]] = []


class View:
    """The position for the player on turn. ``hand`` is None when only its count is known."""

    __slots__ = ("drawn", "first_round", "frozen", "hand", "held", "k", "melded", "melds", "partnered", "permission",
                 "pile", "ranks", "rs", "score", "stock")
    rs: Ruleset
    k: Constants
    hand: Sequence[Card] | None
    held: Sequence[Card] | None  # the hand when the kernel answers on it (known, every card with its suit)
    melds: Sequence[Sequence[Card]]  # the cards of each of the side's melds
    ranks: Sequence[str] | None  # the rank of each; None for a trusted table's, whose rank is its first natural card's
    partnered: bool  # the side has more than one player (so there is a partner to ask)
    score: int  # the side's, before the hand
    melded: bool  # the player has melded (a table may say so of a player whose side has not)
    drawn: bool  # the play phase: the player has drawn or taken
    first_round: bool
    permission: str
    stock: int
    pile: Sequence[Card]
    frozen: bool | None  # as the table says, None: by what lies in the pile

    def pile_frozen(self) -> bool:
        """Frozen by what lies in the pile, unless the table says otherwise."""
        if self.frozen is not None:
            return self.frozen
        return not self.k.freezers.isdisjoint(self.pile)

    def copy_into(self, other: View) -> None:
        """This view's values written into ``other`` (a turn about to apply steps to them, which
        replaces a list it changes rather than changing it)."""
        # One value a line: several a line build a tuple and take it apart again.
        other.rs = self.rs
        other.k = self.k
        other.hand = self.hand
        other.melds = self.melds
        other.ranks = self.ranks
        other.held = self.held
        other.partnered = self.partnered
        other.score = self.score
        other.melded = self.melded
        other.drawn = self.drawn
        other.first_round = self.first_round
        other.permission = self.permission
        other.stock = self.stock
        other.pile = self.pile
        other.frozen = self.frozen

    def meld_of(self, rank: str) -> Sequence[Card] | None:
        """The cards of the side's meld of ``rank``, if it has one."""
        ranks = self.ranks
        if ranks is not None:
            return self.melds[ranks.index(rank)] if rank in ranks else None  # both in C
        for m in self.melds:  # a trusted meld's rank is its first natural card's (``rank_of``)
            for c in m:
                if not c.is_wild:
                    if c.rank == rank:
                        return m
                    break
            else:
                if rank == "?":
                    return m
        return None

    def canastas(self) -> int:
        """The side's canastas on the table (asked only where going out is in question)."""
        n = 0
        for m in self.melds:
            if len(m) >= 7:
                n += 1
        return n


def view(table: Table, v: View | None = None) -> View | None:
    """The kernel's view of ``table`` (written into ``v`` when given); None when the judge must
    answer (a red three drawn as the stock's last card this turn, whose consequences the judge
    follows).

    A table kept as its parts is read once: its view is kept with it (``kernel_view``) and given as
    it is to every later question (nothing the kernel does changes what a view says: a turn copies
    it, and a trusted view's meld ranks are only worked out, once, its melds made tuples of the same
    cards), and read again only when a program has set another ruleset since."""
    kind = type(table)
    if kind is PlainTable or kind is DataTable or kind is SealedTable:
        parts = table.parts  # type: ignore[attr-defined]
        if parts is not None:
            rs = table.ruleset
            kept: View | None = table.kernel_view  # type: ignore[attr-defined]
            if kept is None or kept.rs is not rs:
                kept = View()
                if kind is DataTable:
                    _data_view(kept, rs, parts)
                elif kind is SealedTable:  # the reader's table, read through its objects (nothing else holds them)
                    if view(parts, kept) is None:
                        return None
                    kept.rs, kept.k = rs, rs.__dict__.get("_kernel") or constants(rs)  # as set since, if it was
                elif _plain_view(kept, rs, parts) is None:
                    return None
                keep_view(table, kept)
                if v is None:
                    return kept
            if kept.ranks is None:  # asked again, or by a turn of several steps: the melds' ranks, once,
                # and their cards as tuples, each the key of its kept shape (``meld.counted``)
                kept.melds = [tuple(m) for m in kept.melds]
                kept.ranks = [rank_of(m) for m in kept.melds]
            if v is None:
                return kept
            kept.copy_into(v)
            return v
    if v is None:
        v = View()
    turn = table.turn
    if turn.red_three_last:
        return None
    rs = v.rs = table.ruleset
    v.k = rs.__dict__.get("_kernel") or constants(rs)
    name = turn.player
    for player in table.players:  # ``Table.mover``, written out
        if player.name == name:
            break
    else:
        raise KeyError(name)
    for side in table.sides:  # ``Table.side_of``, without raising: every player sits on a side
        if name in side.players:
            break
    else:
        raise KeyError(name)
    v.hand = player.hand
    melds = side.melds
    cards: list[Sequence[Card]] = []
    ranks: list[str] = []
    for m in melds:  # one loop for both: a list comprehension is a call of its own
        cards.append(tuple(m.cards))  # the key of its kept shape (``meld.counted``), made once a view
        ranks.append(m.rank)
    v.melds, v.ranks = cards, ranks
    v.partnered = len(side.players) > 1
    v.score = side.score
    v.melded = player.has_melded
    return _turn(v, turn.phase, turn.first_round, turn.permission, table.stock, table.discard, table.pile_frozen)


def _plain_view(v: View, rs: Ruleset, parts: PlainParts) -> View | None:
    """The view of a program's table not yet built, read from the parts it gave. A program that makes
    a table per question reads one per question, so the seating is worked out here, without a call."""
    _, hands, side_melds, pile, stock, seat, phase, scores, first_round, permission, melded = parts
    v.rs = rs
    v.k = rs.__dict__.get("_kernel") or constants(rs)
    hand = hands[seat]
    v.hand = None if isinstance(hand, int) else hand
    size = rs.side_size  # seated as ``partners`` seats the built table: side i holds seats i, i + count...
    if size == 1:
        i = seat
    else:
        count = len(hands) // size
        if seat >= count * size:
            return None  # a seat on no side: the judge says what becomes of that
        i = seat % count
    v.melds = side_melds[i] if i < len(side_melds) else NO_MELDS
    v.ranks = None
    v.partnered = size > 1
    v.score = scores[i] if i < len(scores) else 0
    v.melded = seat < len(melded) and melded[seat]
    return _turn(v, phase, first_round, permission, stock, pile, None)


def _data_view(v: View, rs: Ruleset, parts: DataParts) -> View:
    """The view of a checked table not yet built: what its objects would say, read from their parts
    (no red three was drawn this turn: data that says so goes to the reader, which builds the table).
    ``rs``: the table's ruleset, which a program may have set since (the parts hold the one read)."""
    (_, _, names, hands, melded, sides, discard, frozen, stock, _, who, phase, first_round, permission) = parts
    v.rs = rs
    v.k = rs.__dict__.get("_kernel") or constants(rs)
    seat = names.index(who)
    hand = hands[seat]
    v.hand = None if type(hand) is int else hand  # type: ignore[assignment]
    for side in sides:
        if who in side[1]:
            break
    else:  # the checks of a table file seat every player
        raise AssertionError(f"{who} sits on no side")
    _, members, v.score, v.ranks, v.melds, _ = side
    v.partnered = len(members) > 1
    v.melded = melded[seat]
    return _turn(v, phase, first_round, permission, stock, discard, frozen)


def _turn(v: View, phase: str, first_round: bool, permission: str, stock: int, pile: Sequence[Card],
          frozen: bool | None) -> View:
    """The turn's part of a view, however the table holds it (and whether the kernel answers on the
    hand: cards written without a suit, ``9`` for any nine, are the judge's to match)."""
    hand = v.hand
    v.held = hand if hand is not None and SUITLESS.isdisjoint(hand) else None
    v.drawn = phase == "play"
    v.first_round = first_round
    v.permission = permission
    v.stock = stock
    v.pile = pile
    v.frozen = frozen
    return v
