"""Positions reached by real play, for quiz questions: a hand dealt from a shuffled deck and played by
the self-play player's policy (a random legal draw or take, random melds and lay-offs, a discard),
stopping at each turn so a drill can look for a question worth asking there.

Every position is one the game can reach: the deal's limits hold, red threes are laid out as they
come (so one lies in the pile only when the deal turned it up), and black threes are melded only by
a player going out, which ends the walk.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.table import Table, Turn
from canasta_tutor.play.moves import legal_moves
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
        t = self.table.clone()
        t.stock = len(self.game.stock)
        t.turn.permission = permission
        for p in t.players:
            p.count = len(p.hand or [])
            if p.name != t.turn.player:
                p.hand = None
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


def walk(ruleset: str, seed: int, scores: bool = True, max_turns: int = 120) -> Iterator[Position]:
    """The positions of one hand, turn by turn: each turn's start (draw phase), then after a stock
    draw (play phase). The walk stops before anybody goes out or the stock runs out."""
    game = SelfPlayGame(ruleset, seed)
    rng = random.Random(seed ^ 0x5EED)
    t = game.table
    if scores:
        for s in t.sides:
            s.score = rng.choice(SCORES)
    names = [p.name for p in t.players]
    for turn in range(max_turns):
        name = names[turn % len(names)]
        t.turn = Turn(name, "draw", first_round=turn < len(names), permission="none")
        t.stock = len(game.stock)
        here = Position(game, t, turn)
        yield here
        options = [o for o in legal_moves(t).options if o.kind in ("draw", "take")]
        if not options or len(game.stock) < 2:
            return
        choice = rng.choice(options)
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
        t = _play(t, rng)
        if t is None:
            return


def _play(t: Table, rng: random.Random) -> Table | None:
    """Melds and lay-offs at random, then a discard; None when the only way on is going out."""
    for _ in range(40):
        ml = legal_moves(t)
        melds = ml.of_kind("meld") + ml.of_kind("add")
        discards = [o for o in ml.of_kind("discard") if not o.verdict.went_out]
        if melds and (rng.random() < 0.5 or not discards):
            choice = rng.choice(melds)
        elif discards:
            choice = rng.choice(discards)
        else:
            return None
        v = choice.verdict
        if v.went_out:
            return None
        t = v.after
        if choice.kind == "discard":
            return t
    return None
