"""Positions reached by real play, for quiz questions: a hand dealt from a shuffled deck and played by
the coach (the player ``canasta play`` and ``hint`` use: its draw or take, its melds and lay-offs, its
discard), stopping at each turn so a drill can look for a question worth asking there.

Every position is one the game can reach: the deal's limits hold, red threes are laid out as they
come (so one lies in the pile only when the deal turned it up), and black threes are melded only by
a player going out, which ends the walk.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.table import Table, Turn
from canasta_tutor.play.moves import Option, legal_moves
from canasta_tutor.play.selfplay import SelfPlayGame

# Scores a side may have before a hand later in a game: they decide the first meld's minimum.
SCORES = (0, 0, 0, -150, 700, 1450, 1600, 2950, 3100, 4000)


class Position:
    """The mover's turn at one moment of a walk: ``phase`` is "draw" (before drawing) or "play"."""

    def __init__(self, game: SelfPlayGame, table: Table, turn: int) -> None:
        self.game = game
        self.table = table
        self.turn = turn

    @property
    def phase(self) -> str:
        return self.table.turn.phase

    def seen(self, permission: str = "none") -> Table:
        """The table as the mover sees it: the other players' hands face down (a count)."""
        t = self.table.seen_by(self.table.turn.player)
        t.stock = len(self.game.stock)
        t.turn.permission = permission
        t.mover.count = len(t.mover.hand or [])
        return t

    def _drawn(self) -> Position | None:
        """The same turn after drawing from the stock (the cards named, as the mover knows them);
        None when the draw ended the hand (a red three as the stock's last card)."""
        v = judge(self.table, [self.game.draw_step()])
        if v.state.ended_by_red_three or not v.legal:
            return None
        after = v.after
        after.turn.phase = "play"
        return Position(self.game, after, self.turn)


def walk(ruleset: str, seed: int, scores: bool = True, max_turns: int = 120,
         among: tuple[int, ...] = (), coached: bool = True, to_end: bool = False) -> Iterator[Position]:
    """The positions of one hand, turn by turn: each turn's start (draw phase), then after a stock
    draw (play phase). The walk stops before anybody goes out or the stock runs out; ``to_end`` plays
    on to the stock's last card and ends with the next turn's start, the stock empty. Each side's
    score before the hand is drawn from ``among`` (``SCORES`` when empty). ``coached=False`` plays
    at random instead (positions the coach seldom reaches, such as one card left in the hand)."""
    game = SelfPlayGame(ruleset, seed)
    rng = random.Random(seed ^ 0x5EED)
    t = game.table
    if scores:
        choices = among or SCORES
        for s in t.sides:
            s.score = rng.choice(choices)
    names = [p.name for p in t.players]
    for turn in range(max_turns):
        name = names[turn % len(names)]
        t.turn = Turn(name, "draw", first_round=turn < len(names), permission="none")
        t.stock = len(game.stock)
        here = Position(game, t, turn)
        yield here
        options = [o for o in legal_moves(t).options if o.kind in ("draw", "take")]
        if not options or len(game.stock) < (1 if to_end else 2):
            return
        choice = (_coached(t, options) if coached else None) or rng.choice(options)
        if choice.kind == "draw":
            drew = here._drawn()
            if drew is None:
                return
            yield drew
            t = drew.table
        else:
            v = choice.verdict
            t = v.after
            t.turn.phase = "play"
        played = _play(t, rng, coached)
        if played is None:
            return
        t = played


def _coached(t: Table, options: list[Option]) -> Option | None:
    """The coach's choice among ``options`` (None when it advises none of them)."""
    from canasta_tutor.play.coach import advise
    from canasta_tutor.play.moves import MoveList

    advice = advise(t, MoveList(t, options, False, []))
    return advice.option if advice.option in options else None


def _play(t: Table, rng: random.Random, coached: bool = True) -> Table | None:
    """The coach's melds and lay-offs, then its discard (or random ones); None when the only way on
    is going out (the walk stops before the end of the hand)."""
    for _ in range(40):
        ml = legal_moves(t)
        # Going out empties the hand: a move that plays fewer cards than the mover holds cannot, and is
        # kept without judging it (a third of a walk's time went to judging every option listed).
        held = len(t.mover.hand or ())
        options = [o for o in ml.options if o.kind in ("meld", "add", "discard")
                   and (sum(len(s.cards) for s in o.steps) < held or not o.verdict.went_out)]
        if not options:
            return None
        choice = (_coached(t, options) if coached else None) or rng.choice(options)
        t = choice.verdict.after
        if choice.kind == "discard":
            return t
    return None


def canasta_band(ruleset) -> tuple[int, ...]:
    """Scores at which the ruleset asks a canasta for the first meld (the Dutch house's top band),
    so that its rule comes up in play; none for a ruleset without such a band."""
    tiers = ruleset.initial_meld
    if not any(t.need is None for t in tiers):
        return ()
    floor = max((t.below for t in tiers if t.below is not None and t.need is not None), default=0)
    return (floor + 100, floor + 900)
