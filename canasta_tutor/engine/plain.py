"""Tables kept as the plain parts they were made from until something looks at them: a program's own
position (``api.table_from_cards``, trusted) and data whose every check has passed
(``api.table_from_dict``).

A program that studies many positions builds a table per question and often asks only "legal?".
The verdict kernel reads these parts as they are (``kernel/view.py``), so such a question never
builds players, sides, melds or a turn. The first look at any of those, or a change of one, builds
the ordinary table once, and from then on it is one: what a caller changes in it is what every later
ruling sees.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.ruleset import Ruleset, builtin_ruleset, resolve_for_players
from canasta_tutor.engine.table import Meld, Player, Side, Table, Turn, default_sides

# Seat names, made once: P1, P2...
SEATS = [[f"P{i + 1}" for i in range(n)] for n in range(9)]
# Built-in rulesets as they play with so many players: (id, players) -> ruleset.
RESOLVED: dict[tuple[str, int], Ruleset] = {}


def seat_names(count: int) -> list[str]:
    return SEATS[count] if count < len(SEATS) else [f"P{i + 1}" for i in range(count)]


def ruleset_for(ref: str, players: int) -> Ruleset:
    """A built-in ruleset as it plays with ``players`` players (worked out once)."""
    key = (ref, players)
    rs = RESOLVED.get(key)
    if rs is None:
        rs = RESOLVED[key] = resolve_for_players(builtin_ruleset(ref), players)
    return rs


def rank_of(cards: Sequence[Card]) -> str:
    """A trusted meld's rank: its first natural card's (a meld of wild cards alone has none: "?")."""
    for c in cards:
        if not c.is_wild:
            return c.rank
    return "?"


class LazyTable(Table):
    """A ``Table`` kept as its parts (``parts``) until something looks at it: a question the verdict
    kernel answers (``kernel/view.py`` reads the parts) then builds nothing. The first look at any of
    the table's attributes but its ruleset, or a change of one, builds the ordinary table once; from
    then on it is one, equal to (and printed as) the table built at once. ``parts`` is None once
    built. Subclasses say what the parts are and how they build."""

    __slots__ = ("kernel_view", "parts")
    parts: Any
    # The verdict kernel's view of the parts (``kernel/view.py``), kept after the first question: the
    # parts never change, so a program asking many questions of one position reads them once.
    kernel_view: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # pylint: disable=super-init-not-called
        # One way to make each: ``make`` (``api.table_from_cards``, ``api.table_from_dict``).
        raise TypeError(f"{type(self).__name__} is made by {type(self).__name__}.make")

    def __getattr__(self, name: str) -> Any:
        # Called only for a slot not yet set: a first look at the table.
        if name in _LAZY and self.parts is not None:
            self._build()
            return getattr(self, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        # A program that changes a table it has not looked at yet: the table is built first, so that
        # the parts are never read again (nor built over the new value).
        if name in _LAZY and getattr(self, "parts", None) is not None:
            self._build()
        _set(self, name, value)

    def __delattr__(self, name: str) -> None:
        if name in _LAZY and self.parts is not None:  # as a change: built first
            self._build()
        object.__delattr__(self, name)

    def __eq__(self, other: object) -> bool:
        # Equal to the ordinary table of the same position, as that table is to it (Python asks a
        # subclass first).
        if not isinstance(other, Table):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in Table._fields)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Table" + Table.__repr__(self)[len(type(self).__name__):]

    def _build(self) -> None:
        raise NotImplementedError

    def _fill(self, players: list[Player], sides: list[Side], turn: Turn, discard: list[Card],
              pile_frozen: bool | None, stock: int, cut_bonus: str | None, ref: str) -> None:
        """The ordinary table's slots, written past the guard (the parts are gone first)."""
        _set_parts(self, None)
        keep_view(self, None)
        for name, value in (("players", players), ("sides", sides), ("turn", turn), ("discard", discard),
                            ("pile_frozen", pile_frozen), ("stock", stock), ("cut_bonus", cut_bonus),
                            ("ruleset_ref", ref), ("house_rules", {})):
            _set(self, name, value)


# The ruleset is set at once (every ruling reads it); the rest is built on the first look.
_LAZY = frozenset(Table._fields) - {"ruleset"}
_set = object.__setattr__
_set_parts = LazyTable.__dict__["parts"].__set__  # the slot itself: a write past the guard
keep_view = LazyTable.__dict__["kernel_view"].__set__  # where the kernel keeps its view of the parts
_set_ruleset = Table.__dict__["ruleset"].__set__

# A program's position (``table_from_cards``): ruleset id; hands by seat (cards, or a count); melds and
# scores by side; discard pile; stock; the seat on turn; phase, first_round, permission; has_melded
# by seat.
PlainParts = tuple[str, Sequence["Sequence[Card] | int"], Sequence[Sequence[Sequence[Card]]], Sequence[Card], int,
                   int, str, Sequence[int], bool, str, Sequence[bool]]


class PlainTable(LazyTable):
    """A table a program made from cards, trusted: seats in order named ``P1``, ``P2``..., sides seated
    as the ruleset seats them (with ``n`` sides, side ``i`` holds seats ``i``, ``i + n``...)."""

    __slots__ = ()
    parts: PlainParts | None

    @staticmethod
    def make(ref: str, hands: Sequence[Sequence[Card] | int], melds: Sequence[Sequence[Sequence[Card]]],
             discard: Sequence[Card], stock: int, seat: int, phase: str, scores: Sequence[int], first_round: bool,
             permission: str, has_melded: Sequence[bool]) -> PlainTable:
        """The table, its ruleset and parts set past the guard (no ``__init__``: a program makes one per
        question, and Table.__init__ would set what is made later)."""
        table = _new(PlainTable)
        _set_ruleset(table, RESOLVED.get((ref, len(hands))) or ruleset_for(ref, len(hands)))
        _set_parts(table, (ref, hands, melds, discard, stock, seat, phase, scores, first_round, permission,
                           has_melded))
        keep_view(table, None)
        return table

    def _build(self) -> None:
        parts = self.parts
        assert parts is not None
        ref, hands, side_melds, discard, stock, seat, phase, scores, first_round, permission, has_melded = parts
        names = seat_names(len(hands))
        players = [Player(n, None, h, False) if isinstance(h, int) else Player(n, list(h), len(h), False)
                   for n, h in zip(names, hands)]
        for p, melded in zip(players, has_melded):
            p.has_melded = melded
        sides = default_sides(names, self.ruleset.side_size)
        for i, side in enumerate(sides):
            if i < len(side_melds):
                side.melds = [Meld(rank_of(m), list(m)) for m in side_melds[i]]
            if i < len(scores):
                side.score = scores[i]
        self._fill(players, sides, Turn(names[seat], phase, first_round, permission), list(discard), None, stock,
                   None, ref)


# A side of a checked table, as its parts: name, players, score, the rank and the cards of each meld
# (one meld a rank), red threes. Cards may be tuples the reader keeps for texts it has seen: the
# table copies them when it builds.
SideParts = tuple[str, list[str], int, Sequence[str], Sequence[Sequence[Card]], Sequence[Card]]
# A checked table, as its parts: ruleset, ruleset id, then by seat the names, hands (cards, or only
# their count) and whether each player has melded; the sides; discard, pile_frozen, stock, cut_bonus;
# the player on turn, phase, first_round, permission.
DataParts = tuple[Ruleset, str, list[str], list["Sequence[Card] | int"], list[bool], list[SideParts],
                  Sequence[Card], "bool | None", int, "str | None", str, str, bool, str]


class DataTable(LazyTable):
    """A table made from data whose every check has passed (``table_from_dict``)."""

    __slots__ = ()
    parts: DataParts | None

    @staticmethod
    def make(parts: DataParts) -> DataTable:
        """The table of checked ``parts`` (no ``__init__``: the reader makes one per position)."""
        table = _new(DataTable)
        _set_ruleset(table, parts[0])
        _set_parts(table, parts)
        keep_view(table, None)
        return table

    def _build(self) -> None:
        parts = self.parts
        assert parts is not None
        (_, ref, names, hands, melded, sides, discard, pile_frozen, stock, cut_bonus, on_turn, phase, first_round,
         permission) = parts
        self._fill([Player(n, None, h, m) if type(h) is int else Player(n, list(h), len(h), m)  # type: ignore[arg-type]
                    for n, h, m in zip(names, hands, melded)],
                   [Side(name, members, score, [Meld(r, list(c)) for r, c in zip(ranks, melds)], list(reds))
                    for name, members, score, ranks, melds, reds in sides],
                   Turn(on_turn, phase, first_round, permission), list(discard), pile_frozen, stock, cut_bonus, ref)


_new = object.__new__
data_table = DataTable.make
plain_table = PlainTable.make


class SealedTable(LazyTable):
    """A table read from a file (``api.load_table``), kept whole but not yet looked at: its parts are
    the ordinary table the reader built, which nothing else holds. A program that asks many questions
    of it has the kernel's view read once and kept (``kernel/view.py``); the first look at anything but
    its ruleset, or a change, opens it (the reader's table becomes this one) and the view is let go, so
    from then on every question reads the table again, as it reads any table a program may change."""

    __slots__ = ()
    parts: Table | None

    @staticmethod
    def make(table: Table) -> SealedTable:
        """``table`` sealed: the caller lets go of it (its objects become the sealed table's)."""
        sealed = _new(SealedTable)
        _set_ruleset(sealed, table.ruleset)
        _set_parts(sealed, table)
        keep_view(sealed, None)
        return sealed

    def _build(self) -> None:
        inner = self.parts
        assert inner is not None
        _set_parts(self, None)
        keep_view(self, None)
        for name in _LAZY:
            _set(self, name, getattr(inner, name))
