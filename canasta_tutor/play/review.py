"""After a hand: the coach's review of one player's turning points, each with the better move and why.

The review reads the hand's moves as the game kept them (``Game.log``: who moved, the table before and
after, every hand known) and looks at the player's own decisions, with the coach's advice on the
table as the player saw it then (other hands hidden, the player's memory of the hand replayed):

- ``pile-fed``: a discard the next opponent took the pile with (one the coach would not have made), and
  the discard the coach would have made among those that, as the hands really were, would not have let
  them take it;
- ``canasta-missed``: a turn ended with a discard while a meld or lay-off would have closed a canasta;
- ``out-late``: a turn ended with a discard while the coach would have gone out;
- ``out-early``: going out where the coach would have waited (its ``_worth_waiting``);
- ``pile-passed``: a draw from the stock where the coach would have taken the pile.

Each point weighs what was at stake in points, roughly (a pile at ``CARD`` points a card, a canasta its
bonus, going out its bonus), and the biggest come first; a review names at most ``LIMIT``.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.table import Table
from canasta_tutor.play.coach import DEFAULT_LEVEL, Advice, Coach, Memory, canastas_made, remember
from canasta_tutor.play.game import Made
from canasta_tutor.play.moves import legal_moves

LIMIT = 3  # a short review: the turning points that mattered most
CARD = 10  # what a card of a pile is worth, roughly, for weighing a pile against a canasta


@dataclass
class Point:
    """A turning point: ``key`` names its sentence (``play.review.KEY``) with ``params``; ``better`` is
    the coach's move and reason; ``weight`` the points at stake, roughly."""

    key: str
    params: dict[str, object]
    better: Advice
    weight: int
    turn: int = 0
    extra: dict[str, object] = field(default_factory=dict)


def review(moves: Iterable[Made], player: str, level: int = DEFAULT_LEVEL, limit: int = LIMIT) -> list[Point]:
    """The turning points of ``player``'s play in a hand whose moves are ``moves``, biggest first."""
    made = list(moves)
    coach = Coach(level)
    names: list[str] = []
    memories: dict[str, Memory] = {}
    if made:
        names = [p.name for p in made[0].before.players]
        memories = {n: Memory() for n in names}
    points: list[Point] = []
    missed: set[str] = set()  # a canasta missed is told once a rank
    late = False  # going out too late is told once
    turns: dict[int, int] = {}  # the game's turn number -> the player's own turn count (1, 2, ...)
    for i, m in enumerate(made):
        if m.player == player:
            turn = turns.setdefault(m.turn, len(turns) + 1)
            memory = memories.get(player, Memory())
            points += _pile_passed(coach, m, memory, turn)
            pre = _before_discard(m)
            if pre is not None:
                found = _at_discard(coach, m, pre, memory, turn, made[i + 1:], missed, late)
                late = late or any(p.key == "out-late" for p in found)
                points += found
            points += _out_early(coach, m, memory, turn)
        for s in m.steps:  # what everyone saw of the move, as the game remembered it
            remember(memories.values(), m.player, s, m.before)
    points.sort(key=lambda p: (-p.weight, p.turn))
    return points[:limit]


def _pile_passed(coach: Coach, m: Made, memory: Memory, turn: int) -> list[Point]:
    """A draw from the stock where the coach would have taken the pile."""
    if m.before.turn.phase != "draw" or not m.steps or m.steps[0].kind != "draw":
        return []
    advice = coach.advise(m.before.seen_by(m.player), memory=memory)
    if advice.option is None or advice.option.kind != "take":
        return []
    size = len(m.before.discard)
    return [Point("pile-passed", {"size": size}, advice, size * CARD, turn)]


def _before_discard(m: Made) -> Table | None:
    """The table just before the move's discard (the turn's last step), in the play phase; None when
    the move does not end with a discard, or goes out."""
    if not m.steps or m.steps[-1].kind != "discard":
        return None
    v = judge(m.before, m.steps)
    if not v.legal or v.went_out:
        return None
    if len(m.steps) == 1:
        return m.before
    pre = judge(m.before, m.steps[:-1]).after
    pre.turn.phase = "play"
    return pre


def _at_discard(coach: Coach, m: Made, pre: Table, memory: Memory, turn: int, later: list[Made],
                missed: set[str], late: bool) -> list[Point]:
    """What the turn's discard left undone (a canasta, going out) and what it fed (the pile)."""
    points: list[Point] = []
    view = pre.seen_by(m.player)
    options = legal_moves(view).options
    outs = [o for o in options if o.kind == "out"]
    if outs and not late:
        advice = coach.advise(view, memory=memory)
        if advice.option is not None and advice.option.kind == "out":
            bonus = pre.ruleset.going_out_bonus
            points.append(Point("out-late", {"move": advice.option.move}, advice, bonus, turn))
    closing = [o for o in options if o.kind in ("meld", "add") and canastas_made(o) and not o.verdict.went_out]
    for o in closing:
        rank = canastas_made(o)[0]
        if rank in missed:
            continue
        missed.add(rank)
        meld = o.verdict.after.side_of(m.player).meld_of(rank)
        kind = "natural" if meld is not None and meld.is_natural_canasta else "mixed"
        bonus = pre.ruleset.canasta_bonus[kind]
        advice = Advice(o, "coach.canasta", {"rank": rank}, "play")
        points.append(Point("canasta-missed", {"move": o.move, "rank": rank, "bonus": bonus}, advice, bonus, turn))
        break
    fed = _pile_fed(coach, m, pre, memory, turn, later)
    if fed is not None:
        points.append(fed)
    return points


def _pile_fed(coach: Coach, m: Made, pre: Table, memory: Memory, turn: int, later: list[Made]) -> Point | None:
    """The discard the next player took the pile with, and the coach's discard among those after which,
    the hands being as they were, that player could not have taken it."""
    if not later or not later[0].steps or later[0].steps[0].kind != "take":
        return None
    following = later[0].player
    if following in pre.side_of(m.player).players:
        return None  # the partner took it: no loss
    card = m.steps[-1].cards[0]
    discards = [o for o in legal_moves(pre).options if o.kind == "discard" and not o.verdict.went_out]
    view = pre.seen_by(m.player)
    chosen = coach.choose_discard(view, discards, memory).option if discards else None
    if chosen is not None and chosen.steps[-1].cards[0] == card:
        return None  # the coach would have thrown the same card: bad luck, not a better move it could name
    safe = []
    for o in discards:
        if o.steps[-1].cards[0].is_wild:
            continue  # a wild card thrown to freeze the pile is no better discard: it costs the card
        after = o.verdict.after.clone()
        after.turn.player, after.turn.phase, after.turn.first_round = following, "draw", False
        after.turn.permission = "none"
        if not legal_moves(after).of_kind("take"):
            safe.append(o)
    if not safe:
        return None
    advice = coach.choose_discard(view, safe, memory)
    if advice.option is None:
        return None
    size = len(later[0].before.discard)
    return Point("pile-fed", {"card": str(card), "player": following, "size": size}, advice, size * CARD, turn)


def _out_early(coach: Coach, m: Made, memory: Memory, turn: int) -> list[Point]:
    """Going out where the coach would have waited."""
    v = judge(m.before, m.steps)
    if not v.legal or not v.went_out or coach.level < 3:
        return []
    pre = m.before
    if m.before.turn.phase == "draw":  # the draw is part of the move: the coach judges after it
        if len(m.steps) < 2:
            return []
        pre = judge(m.before, m.steps[:1]).after
        pre.turn.phase = "play"
    advice = coach.advise(pre.seen_by(m.player), memory=memory)
    if advice.option is None or advice.reason not in ("coach.wait-behind", "coach.wait-canasta"):
        return []
    return [Point("out-early", {}, advice, pre.ruleset.going_out_bonus, turn)]
