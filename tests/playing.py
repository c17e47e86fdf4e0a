"""A player who follows the coach in `canasta play`, for scripted games: the lines such a player types,
found by playing the game in this process, up to a position a test wants (see ``follow_coach``)."""
from __future__ import annotations

from collections.abc import Callable

from canasta_tutor.learning.play_session import Session, new_game
from canasta_tutor.play.game import Game
from canasta_tutor.play.hint import hint
from canasta_tutor.play.warnings import ask_warning, no_safe_discard, pile_warning

Stop = Callable[[Game], str | None]


def follow_coach(seed: int, stop: Stop, ruleset: str = "classic", limit: int = 400) -> tuple[list[str], str] | None:
    """Play ``canasta play --seed SEED --hands 1`` as Ann, typing the coach's move each time (and yes to its
    warnings and to a partner's question), until ``stop(game)`` gives the line to type next on Ann's
    turn: the lines typed before it, and that line; None when the game ends first."""
    g = new_game(ruleset, {}, None, seed, 1, 3)
    typed: list[str] = []
    found: list[str] = []

    def lines():
        confirm = False
        while len(typed) < limit and not g.over:
            if confirm or g.to_play.player != "human":  # a warning to confirm, or the partner asks
                confirm = False
                typed.append("yes")
                yield "yes"
                continue
            line = stop(g)
            if line is not None:
                found.append(line)
                return
            advice = hint(g.table, g.moves(), memory=g.memory.get("Ann"))
            if advice.option is None:
                return
            steps = list(advice.option.steps)
            confirm = (pile_warning(g.table, g.named(steps), g.memory.get("Ann")) is not None
                       or ask_warning(g.table, steps, g.moves) is not None)
            typed.append(advice.option.move)
            yield advice.option.move

    Session(g, lines(), lambda _: None, lambda text, *_: text).run()
    return (typed, found[0]) if found else None


def warned_discard(key: str) -> Stop:
    """A discard of Ann's that the coach warns of with the warning ``key`` (pile, took)."""
    def stop(g: Game) -> str | None:
        if g.table.turn.phase != "play":
            return None
        for o in g.moves().of_kind("discard"):
            w = pile_warning(g.table, o.steps, g.memory.get("Ann"))
            if w is not None and w.key == key:
                return o.move
        return None
    return stop


def first_found(seeds, stop: Stop) -> tuple[int, list[str], str]:
    """The first of ``seeds`` whose game reaches the position ``stop`` looks for."""
    for seed in seeds:
        found = follow_coach(seed, stop)
        if found is not None:
            return seed, *found
    raise AssertionError("no game of these seeds reaches the position")


def cornered(g: Game) -> str | None:
    """A discard of Ann's where every discard she could make is warned of."""
    if g.table.turn.phase != "play" or not no_safe_discard(g.table, g.memory.get("Ann")):
        return None
    return g.moves().of_kind("discard")[0].move
