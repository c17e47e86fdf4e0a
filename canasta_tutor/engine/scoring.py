"""The end-of-hand score: every line with its score id, the sides' new totals, the game's end."""
from __future__ import annotations

from typing import Any

from canasta_tutor.engine.cards import RANK_NAMES
from canasta_tutor.engine.record import Record
from canasta_tutor.engine.table import Side, Table
from canasta_tutor.reading.strict_yaml import InputError, Said


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

    def __init__(self, rule: str, points: int, params: dict[str, Any]) -> None:
        self.rule = rule
        self.points = points
        self.params = params


class SideScore:
    """A side's lines for the hand, and its score before it."""
    name: str
    before: int
    lines: list[Line]

    def __init__(self, name: str, before: int, lines: list[Line]) -> None:
        self.name = name
        self.before = before
        self.lines = lines

    @property
    def hand_total(self) -> int:
        return sum(line.points for line in self.lines)

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
    rs = table.ruleset
    notes: list[tuple[str, dict[str, Any]]] = []
    if out is not None:
        try:
            out_player = table.player(out)
        except KeyError:
            raise ScoreError(Said("score.out-not-player", "found '{out}', expected a player: {players}",
                                  out=out, players=", ".join(p.name for p in table.players)), "out") from None
        if out_player.count:
            notes.append(("out-holds-cards", {"player": out, "count": out_player.count}))
    for i, p in enumerate(table.players):
        if p.hand is None and p.count and not strict:
            notes.append(("hand-unknown", {"player": p.name, "count": p.count}))
        elif p.hand is None and p.count:
            raise ScoreError(Said("score.hand-count", "{player}'s hand is given as a count ({count}); the score needs "
                                  "the cards", player=p.name, count=p.count), f"players[{i}].hand")
    out_side = table.side_of(out).name if out else None
    sides = [_side(table, s, s.name == out_side, concealed, notes) for s in table.sides]
    target = rs.target_score
    if rs.exact_target:
        reached = [s for s in sides if s.total == target]
    else:
        reached = [s for s in sides if s.total >= target]
    winner, tie = None, []
    if reached:
        best = max(s.total for s in reached)
        leaders = [s.name for s in reached if s.total == best]
        if len(leaders) == 1:
            winner = leaders[0]
        else:
            tie = leaders
            notes.append(("tie", {"sides": " and ".join(leaders), "total": best}))
    return ScoreReport(rs.id, out, concealed, sides, bool(reached), winner, tie, notes)


def _side(table: Table, side: Side, went_out: bool, concealed: bool, notes: list[tuple[str, dict[str, Any]]]) -> SideScore:
    rs = table.ruleset
    lines: list[Line] = []
    canastas = side.canastas
    all_minus = rs.no_canasta_all_negative and canastas == 0
    melded = sum(c.value for m in side.melds for c in m.cards)
    if all_minus:
        lines.append(Line("score.no-canasta", -melded, {"points": melded}))
    else:
        lines.append(Line("score.cards", melded, {"melds": len(side.melds)}))
    for m in side.melds:
        if m.is_canasta:
            kind = "natural" if m.is_natural_canasta else "mixed"
            lines.append(Line(f"score.canasta-{kind}", rs.canasta_bonus[kind],
                              {"rank_name": RANK_NAMES.get(m.rank, m.rank), "size": len(m.cards)}))
    hands = [table.player(n) for n in side.players]
    reds = list(side.red_threes) + [c for p in hands for c in (p.hand or []) if c.is_red_three]
    if reds:
        n = len(reds)
        points = rs.red_three_all_bonus if rs.red_three_all_bonus and n == 4 and rs.decks == 2 \
            else n * rs.red_three_value
        negative = (rs.red_three_penalty_if == "no-meld" and not side.melds) \
            or (rs.red_three_penalty_if == "no-canasta" and canastas == 0) or all_minus
        lines.append(Line("score.red-threes", -points if negative else points,
                          {"count": n, "negative": negative, "all": points != n * rs.red_three_value}))
    if went_out:
        if concealed:
            lines.append(Line("score.concealed", rs.concealed_bonus, {}))
        else:
            lines.append(Line("score.going-out", rs.going_out_bonus, {}))
    in_hand = 0
    for p in hands:
        for c in p.hand or []:
            if c.is_red_three:
                continue
            in_hand += rs.black_three_in_hand if c.is_black_three else c.value
    lines.append(Line("score.hand", -in_hand, {"players": " and ".join(side.players)}))
    if table.cut_bonus == side.name and rs.cut_bonus:
        lines.append(Line("score.cut-bonus", rs.cut_bonus, {}))
    return SideScore(side.name, side.score, lines)
