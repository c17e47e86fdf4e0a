"""The end-of-hand score: every line with its score id, the sides' new totals, the game's end."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta_tutor.engine.cards import RANK_NAMES, THREES, VALUE, WILDS, Card
from canasta_tutor.engine.plain import DataTable, PlainParts, PlainTable, rank_of, seat_names
from canasta_tutor.engine.record import Record
from canasta_tutor.engine.ruleset import Ruleset
from canasta_tutor.engine.table import Table, default_sides
from canasta_tutor.reading.strict_yaml import InputError, Said

Notes = list[tuple[str, dict[str, Any]]]
Hand = Sequence[Card] | None  # None: only the count of the hand is known


class ScoreError(InputError):
    """A hand that cannot be scored: a domain error that names what it is about, as a key path of the
    table (``players[1].hand``) or ``out`` (the player said to have gone out). Where that is (a file's
    line and column, a command-line option) is for the reader of the file or the command line to add."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message, key=key)


class Line(Record):
    """One line of a side's score, with its score id."""
    rule: str
    points: int
    params: dict[str, Any]

    _fields = ("rule", "points", "params")
    __slots__ = _fields  # made by the thousand in self-play: a slotted record is quicker to make

    def __init__(self, rule: str, points: int, params: dict[str, Any]) -> None:
        self.rule = rule
        self.points = points
        self.params = params


class SideScore:
    """A side's lines for the hand, and its score before it. A side scored by ``score_table`` makes its
    lines when they are first read: a program that asks only for the totals (self-play, a study of
    many hands) never makes them, and its totals are the lines' sum, worked out with them."""
    name: str
    before: int

    __slots__ = ("_lines", "_made_from", "_total", "before", "name")

    def __init__(self, name: str, before: int, lines: list[Line] | None = None, *, total: int = 0,
                 made_from: _SideParts | None = None) -> None:
        if lines is None and made_from is None:
            raise ValueError("a side's score needs its lines or what they are made from")
        self.name = name
        self.before = before
        self._lines = lines
        self._total = total  # the lines' sum, while they are not made
        self._made_from = made_from

    @classmethod
    def counted(cls, name: str, before: int, total: int, made_from: _SideParts) -> SideScore:
        """A side scored by ``score_table``: its total counted, its lines made from ``made_from`` when
        first read (``__init__`` without its check and defaults: a program scores every position)."""
        side = cls.__new__(cls)
        side.name, side.before, side._lines, side._total, side._made_from = name, before, None, total, made_from
        return side

    @property
    def lines(self) -> list[Line]:
        lines = self._lines
        if lines is None:
            assert self._made_from is not None
            lines = self._lines = _lines(*self._made_from)
        return lines

    @property
    def hand_total(self) -> int:
        lines = self._lines
        if lines is None:
            return self._total
        total = 0  # a plain loop: read of every side of every score a program asks for
        for line in lines:
            total += line.points
        return total

    @property
    def total(self) -> int:
        return self.before + self.hand_total


class ScoreReport:
    """The whole end-of-hand score, and whether the game is over."""
    ruleset: str
    out: str | None
    concealed: bool
    sides: list[SideScore]
    game_over: bool
    winner: str | None
    tie: list[str]
    notes: list[tuple[str, dict[str, Any]]]

    def __init__(
        self,
        ruleset: str,
        out: str | None,
        concealed: bool,
        sides: list[SideScore],
        game_over: bool,
        winner: str | None,
        tie: list[str] | None = None,
        notes: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.out = out
        self.concealed = concealed
        self.sides = sides
        self.game_over = game_over
        self.winner = winner
        self.tie = [] if tie is None else tie
        self.notes = [] if notes is None else notes


def score_table(table: Table, out: str | None = None, concealed: bool = False,
                strict: bool = True) -> ScoreReport:
    """Score the hand. ``strict``: every hand must be known; otherwise unknown hands are left out of the
    count, and a note says so (``check`` uses that to show what a going-out move would score)."""
    if type(table) is PlainTable:
        plain = table.parts
        if plain is not None:
            return _score_plain(table.ruleset, plain, out, concealed, strict)
    if type(table) is DataTable:
        data = table.parts
        if data is not None:  # a checked table not yet built: its parts are its sides as they stand
            _, _, names, given, _, parts, _, _, _, cut_bonus, _, _, _, _ = data
            hands: list[Hand] = []
            counts: list[int] = []
            for h in given:  # plain loops: a list comprehension is a call of its own
                if type(h) is int:
                    hands.append(None)
                    counts.append(h)
                else:
                    hands.append(h)  # type: ignore[arg-type]
                    counts.append(len(h))  # type: ignore[arg-type]
            read: list[SideRead] = []
            for n, members, score, ranks, melds, reds in parts:
                read.append((n, members, score, ranks, melds, len(reds)))
            # the table's ruleset, which a program may have set since (the parts hold the one read)
            return _score_sides(table.ruleset, names, hands, counts, read, cut_bonus, out, concealed, strict)
    players = table.players
    return _score_sides(table.ruleset, [p.name for p in players], [p.hand for p in players],
                        [p.count for p in players],
                        [(side.name, side.players, side.score, [m.rank for m in side.melds],
                          [m.cards for m in side.melds], len(side.red_threes)) for side in table.sides],
                        table.cut_bonus, out, concealed, strict)


# A side as the scorer reads it: name, players, score before the hand, its melds' ranks and cards, and
# how many red threes lie before it.
SideRead = tuple[str, Sequence[str], int, Sequence[str], Sequence[Sequence[Card]], int]


def _score_sides(rs: Ruleset, names: Sequence[str], hands: Sequence[Hand], counts: Sequence[int],
                 sides: Sequence[SideRead], cut_bonus: str | None, out: str | None, concealed: bool,
                 strict: bool) -> ScoreReport:
    """The score of a table read as its players' names, hands (None: only ``counts`` known) and sides."""
    notes = _hands_checked(names, hands, counts, out, strict)
    out_side = None
    if out:
        out_side = next((side[0] for side in sides if out in side[1]), None)
        if out_side is None:
            raise KeyError(out)  # a player on no side, as ``Table.side_of`` says
    # Each name's seat: the first player of a name, as ``Table.player`` finds (written last, so kept).
    seat = dict(zip(reversed(names), range(len(names) - 1, -1, -1)))
    scored: list[SideScore] = []
    for name, members, score, ranks, melds, reds in sides:
        scored.append(_side(rs, name, score, melds, ranks, reds, hands, list(map(seat.__getitem__, members)),
                            " and ".join(members), name == out_side, concealed, cut_bonus == name))
    return _report(rs, out, concealed, scored, notes)


def _score_plain(rs: Ruleset, parts: PlainParts, out: str | None, concealed: bool, strict: bool) -> ScoreReport:
    """A table from cards that nothing has looked at yet, scored from the parts it was given, as
    ``PlainTable._build`` would build them: a program scoring every position it plays builds no
    players, sides or melds for it."""
    _, given, melds, _, _, _, _, scores, _, _, _ = parts  # each hand as given, or only its count
    hands: Sequence[Hand]
    counts: Sequence[int] | None
    for h in given:
        if isinstance(h, int):  # a hand known by its count: as the built table's players hold it
            hands = [None if isinstance(h, int) else h for h in given]
            counts = [h if isinstance(h, int) else len(h) for h in given]
            break
    else:  # every hand known, as nearly always: read as given
        hands, counts = given, None  # type: ignore[assignment]  # no count among them
    names = seat_names(len(hands))
    notes = _hands_checked(names, hands, counts, out, strict)
    seated = _seating(len(hands), rs.side_size)
    out_seat = names.index(out) if out else -1
    if out and not any(out_seat in seats for _, seats, _ in seated):  # a seat left out of the seating
        raise KeyError(out)  # (more seats than the ruleset's sides hold), as ``Table.side_of`` says
    sides = []
    for i, (name, seats, players) in enumerate(seated):
        sides.append(_side(rs, name, scores[i] if i < len(scores) else 0, melds[i] if i < len(melds) else (),
                           None, 0, hands, seats, players, out_seat in seats, concealed, False))
    return _report(rs, out, concealed, sides, notes)


# How so many seats sit at a trusted table: for each side its name, its seats and how a score line
# names its players, worked out once per (seats, side size) from the default seating.
_SEATINGS: dict[tuple[int, int], list[tuple[str, list[int], str]]] = {}


def _seating(count: int, side_size: int) -> list[tuple[str, list[int], str]]:
    key = (count, side_size)
    found = _SEATINGS.get(key)
    if found is None:
        names = seat_names(count)
        found = _SEATINGS[key] = [(s.name, [names.index(n) for n in s.players], " and ".join(s.players))
                                  for s in default_sides(names, side_size)]
    return found


def _hands_checked(names: Sequence[str], hands: Sequence[Hand], counts: Sequence[int] | None, out: str | None,
                   strict: bool) -> Notes:
    """The notes on who went out and on hands known only by their count; a ScoreError where the score
    cannot be told: ``out`` is no player, or (``strict``) a hand is only a count. ``counts``: each
    player's (None: every hand is known, and counts as many cards as it holds)."""
    notes: Notes = []
    if out is not None:
        if out not in names:
            raise ScoreError(Said("score.out-not-player", "found '{out}', expected a player: {players}",
                                  out=out, players=", ".join(names)), "out")
        seat = names.index(out)
        count = counts[seat] if counts is not None else len(hands[seat] or ())
        if count:
            notes.append(("out-holds-cards", {"player": out, "count": count}))
    if counts is None:
        return notes
    for i, hand in enumerate(hands):
        if hand is None and counts[i]:
            if strict:
                raise ScoreError(Said("score.hand-count", "{player}'s hand is given as a count ({count}); the "
                                      "score needs the cards", player=names[i], count=counts[i]),
                                 f"players[{i}].hand")
            notes.append(("hand-unknown", {"player": names[i], "count": counts[i]}))
    return notes


def _report(rs: Ruleset, out: str | None, concealed: bool, sides: list[SideScore], notes: Notes) -> ScoreReport:
    """The report, with the game's end: the sides that reach the target, and the best of them wins."""
    target, exact = rs.target_score, rs.exact_target
    best: int | None = None  # the best total that reaches the target
    leaders: list[str] = []
    for s in sides:
        total = s.before + s.hand_total
        if (total == target) if exact else (total >= target):
            if best is None or total > best:
                best, leaders = total, [s.name]
            elif total == best:
                leaders.append(s.name)
    winner, tie = None, []
    if len(leaders) == 1:
        winner = leaders[0]
    elif leaders:
        tie = leaders
        notes.append(("tie", {"sides": " and ".join(leaders), "total": best}))
    return ScoreReport(rs.id, out, concealed, sides, best is not None, winner, tie, notes)


def _side(rs: Ruleset, name: str, before: int, melds: Sequence[Sequence[Card]], ranks: Sequence[str] | None,
          red_threes: int, hands: Sequence[Hand], seats: Sequence[int], players: str, went_out: bool,
          concealed: bool, cut: bool) -> SideScore:
    """A side's lines, in the order a score sheet gives them. ``melds``: the cards of each of its melds,
    ``ranks`` their ranks (None: a trusted table's, told by the cards as it tells them); ``red_threes``:
    how many lie before it; ``hands``: the table's by seat, ``seats``: its players'; ``players``: their
    names as the hand line gives them; ``cut``: it holds the cut bonus."""
    # Each card walked once, its values summed in C where no three needs a look of its own: a
    # program scores every position it plays.
    melded, canastas = 0, 0
    for cards in melds:
        melded += sum(map(VALUE, cards))
        if len(cards) >= 7:
            canastas += 1
    # The cards left in hand count against the side; red threes among them are laid, not counted.
    reds, in_hand = red_threes, 0
    black_three = rs.black_three_in_hand
    for seat in seats:
        hand = hands[seat]
        if not hand:
            continue
        if THREES.isdisjoint(hand):  # nearly every hand
            in_hand += sum(map(VALUE, hand))
            continue
        for c in hand:
            if c.is_red_three:
                reds += 1
            elif c.is_black_three:
                in_hand += black_three
            else:
                in_hand += c.value
    all_minus = rs.no_canasta_all_negative and canastas == 0
    # The total now, each line's points as ``_lines`` gives them; the lines when they are read.
    total = -melded if all_minus else melded
    if canastas:
        bonus = rs.canasta_bonus
        for cards in melds:
            if len(cards) >= 7:
                total += bonus[_canasta_kind(cards)]
    red_points, negative = 0, False
    if reds:
        red_points = rs.red_three_all_bonus if rs.red_three_all_bonus and reds == 4 and rs.decks == 2 \
            else reds * rs.red_three_value
        negative = (rs.red_three_penalty_if == "no-meld" and not melds) \
            or (rs.red_three_penalty_if == "no-canasta" and canastas == 0) or all_minus
        total += -red_points if negative else red_points
    if went_out:
        total += rs.concealed_bonus if concealed else rs.going_out_bonus
    total -= in_hand
    if cut and rs.cut_bonus:
        total += rs.cut_bonus
    return SideScore.counted(name, before, total, (rs, melds, ranks, melded, canastas, all_minus, reds, red_points,
                                                  negative, went_out, concealed, in_hand, players, cut))


# What a side's lines are made from (``_lines``'s arguments, in order).
_SideParts = tuple[Ruleset, Sequence[Sequence[Card]], "Sequence[str] | None", int, int, bool, int, int, bool, bool,
                   bool, int, str, bool]


def _lines(rs: Ruleset, melds: Sequence[Sequence[Card]], ranks: Sequence[str] | None, melded: int, canastas: int,
           all_minus: bool, reds: int, red_points: int, negative: bool, went_out: bool, concealed: bool,
           in_hand: int, players: str, cut: bool) -> list[Line]:
    """A side's lines, in the order a score sheet gives them, from what ``_side`` counted."""
    if all_minus:
        lines = [Line("score.no-canasta", -melded, {"points": melded})]
    else:
        lines = [Line("score.cards", melded, {"melds": len(melds)})]
    if canastas:
        for i, cards in enumerate(melds):
            if len(cards) >= 7:
                lines.append(_canasta(rs, cards, ranks[i] if ranks is not None else rank_of(cards)))
    if reds:
        lines.append(Line("score.red-threes", -red_points if negative else red_points,
                          {"count": reds, "negative": negative, "all": red_points != reds * rs.red_three_value}))
    if went_out:
        if concealed:
            lines.append(Line("score.concealed", rs.concealed_bonus, {}))
        else:
            lines.append(Line("score.going-out", rs.going_out_bonus, {}))
    lines.append(Line("score.hand", -in_hand, {"players": players}))
    if cut and rs.cut_bonus:
        lines.append(Line("score.cut-bonus", rs.cut_bonus, {}))
    return lines


def _canasta_kind(cards: Sequence[Card]) -> str:
    """A canasta is natural without a wild card, mixed with one."""
    return "natural" if WILDS.isdisjoint(cards) else "mixed"


def _canasta(rs: Ruleset, cards: Sequence[Card], rank: str) -> Line:
    """A canasta's bonus line."""
    kind = _canasta_kind(cards)
    return Line(f"score.canasta-{kind}", rs.canasta_bonus[kind],
                {"rank_name": RANK_NAMES.get(rank, rank), "size": len(cards)})
