"""A hand played on from a dealt world, quickly: the searching coach's rollouts (``search.py``).

A rollout needs what a game does for a computer seat (list the moves, let the coach choose, make the
move, keep the memories, put the partner's question) and nothing a game keeps for people: no
history, no review, no second ruling of a move the listing found legal. So it makes each listed
option as self-play does (``judge.make`` on the table the listing judged it on, or the listing's own
verdict), names a draw from the world's stock, and asks the computer partner (``partner.decide``).
Every move it makes is one the listing gave, so every rollout is a legal hand.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import MoveMade, Verdict, judge, make
from canasta_tutor.engine.kernel import decide as kernel_decides
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.scoring import score_table
from canasta_tutor.engine.table import Table
from canasta_tutor.play.coach import Coach, Memory, remember
from canasta_tutor.play.dealing import cards_drawn
from canasta_tutor.play.moves import MOVES_PER_TURN, MoveList, Option, legal_moves, playable
from canasta_tutor.play.partner import ask_limit_reached, asks_first, decide, partner_of, split_at_ask


class Refused(Exception):
    """A move the judge does not allow on the rollout's table (a searched candidate, on a deal where
    it cannot be made)."""


@dataclass
class Rollout:
    """A hand going on from ``table`` (every hand known) with ``stock`` in order (its end the top)."""
    table: Table
    stock: list[Card]
    memories: dict[str, Memory]
    coach: Coach
    asked: Counter[str] = field(default_factory=Counter)
    ended: str = ""  # out | stock | red-three | stuck, once the hand is over
    out: str | None = None
    concealed: bool = False
    turns: int = 0  # turns ended by a discard
    first_round: int = 0  # turns of the hand's first round still to end, the one in play included

    # -- one move ----------------------------------------------------------------------------------
    def moves(self) -> MoveList:
        """The legal moves less those the partner's answer or the limit on asking rule out (``moves.playable``)."""
        return playable(legal_moves(self.table), self.ask_limit_reached())

    def ask_limit_reached(self) -> bool:
        """Whether the player on turn may not ask now (``partner.ask_limit_reached``)."""
        return ask_limit_reached(self.table, self.asked)

    def ask(self) -> None:
        """The partner asked, the question alone (``partner.asks_first``), answered as in a game: the
        question put, then the partner's answer on the table it leaves."""
        name = self.table.turn.player
        self._make([Step("ask")], None)
        self.asked[name] += 1
        self.table.turn.permission = "granted" if decide(self.table, name).yes else "refused"

    def play(self, option: Option, here: bool = True) -> bool:
        """Make a listed option (asking the partner first where it asks). False when the move could
        not be made here (the partner said no: the question is put, the rest is not). ``here``: the
        option was listed on this table (not on the searching player's, with the other hands unknown)."""
        t = self.table
        name = t.turn.player
        first, rest = split_at_ask(list(option.steps))
        if rest or any(s.kind == "ask" for s in first):
            if partner_of(t, name) is not None:
                answer = decide(t, name)
                self.asked[name] += 1
                if not answer.yes:
                    self._make(first, None)
                    self.table.turn.permission = "refused"
                    return False
                granted = True
            else:
                granted = False
            self._make(list(option.steps), option if here else None)
            if granted and not self.ended:
                self.table.turn.permission = "granted"
            return True
        self._make(list(option.steps), option if here else None)
        return True

    def _make(self, steps: list[Step], option: Option | None) -> None:
        """Make ``steps``: ``option``'s, listed on this very table (None: steps to rule on here)."""
        t = self.table
        name = t.turn.player
        v: Verdict | MoveMade
        if any(s.kind == "draw" for s in steps):
            steps = self._named(steps)
            option = None
        if option is not None and option.listed_on is not None:  # found legal by the kernel there
            v = make(option.listed_on, steps, shared=True)
        elif option is not None:  # the listing's own ruling
            v = option.verdict
        else:
            v = make(t, steps, shared=True) if kernel_decides(t, steps) is None else judge(t, steps)
            if isinstance(v, Verdict) and not v.legal:
                raise Refused(", ".join(v.rule_ids))
        for s in steps:
            remember(self.memories.values(), name, s, t)
        after = v.after
        after.stock = len(self.stock)
        self.table = after
        if v.state.ended_by_red_three:
            self.ended = "red-three"
        elif v.went_out:
            self.ended, self.out, self.concealed = "out", name, v.concealed
        elif v.state.discarded:
            self.turns += 1
            names = [p.name for p in after.players]
            after.turn.player = names[(names.index(name) + 1) % len(names)]
            self.first_round = max(0, self.first_round - 1)
            after.turn.phase, after.turn.first_round, after.turn.permission = "draw", self.first_round > 0, "none"

    def _named(self, steps: list[Step]) -> list[Step]:
        """The draw with the stock's top cards named (a red three's replacement after it), taken off it."""
        out = []
        for step in steps:
            if step.kind == "draw":
                cards = cards_drawn(self.stock, self.table.ruleset.draw_count)
                del self.stock[len(self.stock) - len(cards):]  # taken off the stock
                step = Step("draw", tuple(cards))
            out.append(step)
        return out

    # -- turns -------------------------------------------------------------------------------------
    def turn(self) -> None:
        """The player on turn plays a whole turn, or the hand ends."""
        name = self.table.turn.player
        turns = self.turns
        for _ in range(MOVES_PER_TURN):
            ml = self.moves()
            if not ml.options:
                self.ended = "stock" if self.table.turn.phase == "draw" else "stuck"
                return
            advice = self.coach.advise(self.table, ml, self.memories[name])
            if advice.option is None:
                self.ended = "stuck"
                return
            if asks_first(self.table, advice.option, not self.ask_limit_reached()):
                self.ask()  # before any card is put down, as in a game; then the choice again
                continue
            self.play(advice.option)
            if self.ended or self.turns != turns:
                return
        discards = self.moves().of_kind("discard")
        if discards:
            self._make(list(discards[0].steps), discards[0])
        else:
            self.ended = "stuck"

    def run(self, turns: int) -> None:
        """Turns until the hand ends or ``turns`` turns have ended (the one in play is finished first)."""
        start = self.turns
        while not self.ended and self.turns - start < turns:
            self.turn()

    def hand_points(self) -> dict[str, int]:
        """Each side's points for the hand, as the score counts them: only once the hand is over."""
        report = score_table(self.table, self.out, self.concealed)
        return {s.name: s.hand_total for s in report.sides}
