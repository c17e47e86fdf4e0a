"""The coach: a player with a plan, choosing one of the legal moves and saying why in one sentence.

The coach never invents a move: it ranks the options of ``legal_moves``, so whatever it suggests is a
move ``check`` accepts. It plays the computer seats of ``canasta play`` too, at a level. Levels 1 to
3 each beat the one below in more than half the hands; level 4 searches to beat level 3 (``bench/ladder.py``
measures it, the README quotes the figures):

- level 1, a beginner: never takes the pile (always draws from the stock), then plays by the rules
  of thumb of level 2;
- level 2, rules of thumb, one at a time (the first ``hint``): take the pile whenever it can, go
  out whenever it can, meld and lay off naturals, discard a card the opponents have not melded;
- level 3, a plan: open cheaply, take the pile when it pays, lay off naturals, keep wild cards back
  until they finish a canasta, discard what the next opponent cannot use (remembering what they
  threw away and what they took with the pile), unload when someone is close to going out, freeze a
  big pile on purpose, and, while the opponents are far from going out, do not go out when a
  canasta is near, or when that would leave its side behind and they lack the canastas to go out at
  will;
- level 4, a searching player (``search.py``, made by ``game.make_coach``): at each decision with an
  alternative worth trying (take the pile or draw, go out or wait, which card to discard onto a pile
  not frozen, lay down or hold back and discard) it plays level 3's choice and its closest alternatives out for a few rounds
  over a counted number of deals of the cards it cannot see, consistent with what it knows
  (``rollout.py`` plays them), and switches only when an alternative clearly does better; elsewhere
  it plays as level 3. Seeded by the position, so a game replays the same.

A reason is a key of the catalog's ``play.coach`` section (or of ``hints`` at level 1) with the
numbers it names; the text lives in the catalog.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.table import Table
from canasta_tutor.play.evaluate import (
    Thresholds,
    canastas_made,
    card_count,
    closest_out,
    danger,
    discard_value,
    draw_reason,
    estimate,
    frozen_for,
    known_pair,
    may_freeze,
    next_opponent,
    opponents,
    take_value,
    visible,
    wilds_value,
    worth_waiting,
)
from canasta_tutor.play.moves import MoveList, Option, legal_moves
from canasta_tutor.play.rules_of_thumb import Advice as Advice  # the coach's answer, at every level
from canasta_tutor.play.rules_of_thumb import going_out_bonus

LEVELS = (1, 2, 3, 4)
DEFAULT_LEVEL = 3  # the best level that answers at once; level 4 searches (up to a second a decision)
SEARCH_LEVEL = 4


@dataclass
class Memory:
    """What a player at the table has seen this hand and the table no longer shows: the ranks each
    player discarded (a player who throws a rank away seldom holds a pair of it), and the cards each
    player took with the pile and has not shown since (they are in that hand, for everyone saw them
    go there)."""
    discarded: dict[str, set[str]] = field(default_factory=dict)
    took: dict[str, list[Card]] = field(default_factory=dict)

    def saw_discard(self, player: str, card: Card) -> None:
        if card.is_natural:
            self.discarded.setdefault(player, set()).add(card.rank)
        self.saw_played(player, [card])

    def saw_take(self, player: str, cards: list[Card]) -> None:
        """``cards``: what went from the pile into the player's hand (the top card went to a meld)."""
        self.took.setdefault(player, []).extend(c for c in cards if not c.is_red_three)

    def saw_played(self, player: str, cards: list[Card]) -> None:
        """Cards the player melded, laid off or discarded: those taken with the pile are no longer known
        to be in the hand (one copy for each card shown)."""
        held = self.took.get(player)
        for c in cards:
            if held and c in held:
                held.remove(c)

    def known(self, player: str, rank: str) -> int:
        """How many natural cards of ``rank`` the player is known to hold, from the piles they took."""
        return sum(1 for c in self.took.get(player, []) if c.rank == rank and c.is_natural)


def remember(memories, player: str, step, before: Table) -> None:
    """What every player sees of ``player``'s step and the table will not show later: a discard, the
    pile's cards going into a hand, cards of that hand put down again. ``memories``: each seat's."""
    for m in memories:
        if step.kind == "discard":
            m.saw_discard(player, step.cards[0])
        elif step.kind == "take" and before.discard:
            m.saw_take(player, list(before.discard[:-1]))  # the top card goes to a meld
        elif step.kind in ("meld", "add"):
            m.saw_played(player, list(step.cards))


def _advice(option: Option, reason: str, **params) -> Advice:
    return Advice(option, f"coach.{reason}", params, "play")


def _out(option: Option) -> Advice:
    """Going out: the reason names the going-out bonus only where the move earns one."""
    return _advice(option, "out" if going_out_bonus(option) else "out-bare")


_opponents = opponents
_closest_out = closest_out
_estimate = estimate  # the measures live with the evaluation (play/evaluate.py); these names stay
__all__ = ["Advice", "Coach", "Memory", "advise", "canastas_made", "card_count", "frozen_for", "known_pair",
           "remember", "wilds_value"]


class Coach(Thresholds):
    """Chooses a move for the player on turn. ``memory`` is what it saw of the hand (may be None).
    Its thresholds are the evaluation's (``evaluate.Thresholds``)."""

    def __init__(self, level: int = DEFAULT_LEVEL, search: Callable[..., Advice] | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level}: expected one of {', '.join(map(str, LEVELS))}")
        if (level == SEARCH_LEVEL) != (search is not None):
            # the search plays deals out in games, which this module cannot make: game.make_coach does
            raise ValueError(f"level {SEARCH_LEVEL} is made with its search (play.game.make_coach), and only it")
        self.level = level
        self.search = search

    def advise(self, table: Table, moves: MoveList | None = None, memory: Memory | None = None) -> Advice:
        ml = moves or legal_moves(table)
        options = [o for o in ml.options if o.kind != "ask"] or ml.options
        if not options:
            return Advice(None, "none")
        if table.mover.hand is None:  # only moves naming no card are listed: say so rather than advise
            return Advice(options[0], "unknown-hand")
        if self.level <= 2:
            from canasta_tutor.play import rules_of_thumb

            if self.level == 1 and table.turn.phase == "draw":
                draws = [o for o in options if o.kind == "draw"]
                if draws:  # the beginner does not take the pile
                    return Advice(draws[0], "draw-always", {}, "hints")
            return rules_of_thumb.advise(table, MoveList(ml.table, options, ml.truncated, ml.notes))
        if self.search is not None:
            return self.search(table, MoveList(ml.table, options, ml.truncated, ml.notes), memory or Memory())
        if table.turn.phase == "draw":
            return self._draw(table, options)
        return self._play(table, options, memory or Memory())

    # -- drawing ---------------------------------------------------------------------------------
    def _draw(self, table: Table, options: list[Option]) -> Advice:
        takes = [o for o in options if o.kind == "take"]
        draws = [o for o in options if o.kind == "draw"]
        size = len(table.discard)
        if takes:
            best = min(takes, key=lambda o: (-len(canastas_made(o)), wilds_value(o), card_count(o)))
            done = canastas_made(best)
            if done:
                return _advice(best, "take-canasta", size=size, rank=done[0])
            value, key, params = take_value(table, best, self.min_pile, self.pile_worth_a_wild)
            if value > 0 or not draws:  # a pile worth more than a draw (the measure rate() uses)
                if key.startswith("take-small"):
                    key, params = "take", {"size": size, "top": str(table.discard[-1]), "under": size - 1}
                return _advice(best, key, **params)
            return _advice(draws[0], draw_reason(key), size=size)
        if draws:
            return _advice(draws[0], "draw-no-take" if table.discard else "draw")
        return Advice(options[0], "only")

    # -- melding, laying off, going out, discarding ----------------------------------------------
    def _play(self, table: Table, options: list[Option], memory: Memory) -> Advice:
        side = table.side_of(table.turn.player)
        hand = table.mover.hand or []
        outs = [o for o in options if o.kind == "out"]
        ready = any(s.canastas >= table.ruleset.canastas_to_go_out for s in _opponents(table))
        threat = _closest_out(table) <= self.unload_at or (ready and _closest_out(table) <= self.race_at)
        if outs:
            best = min(outs, key=lambda o: (len(o.steps), wilds_value(o)))
            wait = self._worth_waiting(table, side, options, best) if self.level >= 3 else None
            if wait is None:
                return _out(best)
            # Waiting keeps cards back: not a meld or lay-off down to one card, after which only
            # going out (the discard of the last card) could end the turn.
            rest = [o for o in options if o.kind != "out" and not _leaves_one(o, hand)]
            chosen = self._build(table, rest, memory, side, hand, threat) if rest else Advice(None, "none")
            if chosen.option is None:  # nothing else to advise: going out it is
                return _out(best)
            return _advice(chosen.option, wait, move=chosen.option.move)
        return self._build(table, options, memory, side, hand, threat)

    def _build(self, table: Table, options: list[Option], memory: Memory, side, hand, threat: bool) -> Advice:
        melds = [o for o in options if o.kind in ("meld", "add")]
        finishing = [o for o in melds if canastas_made(o)]
        if finishing:
            best = min(finishing, key=lambda o: (wilds_value(o), -card_count(o)))
            return _advice(best, "canasta", rank=canastas_made(best)[0])
        if not side.has_melded:
            opening = [o for o in melds if o.kind == "meld"]
            if opening:
                best = min(opening, key=lambda o: (wilds_value(o), card_count(o)))
                note = next((n for n in best.verdict.notes if n.rule == "initial-counted"), None)
                if note:
                    return _advice(best, "open", counted=note.params["counted"], need=note.params["need"])
                return _advice(best, "open-canasta")
        natural = [o for o in melds if wilds_value(o) == 0]
        if natural:
            best = max(natural, key=lambda o: (card_count(o), o.kind == "add"))
            cards = " ".join(str(c) for s in best.steps for c in s.cards)
            return _advice(best, "lay-off" if best.kind == "add" else "meld-natural", cards=cards)
        near = [o for o in melds if o.kind == "add" and self._close_to_canasta(side, o)]
        if near:
            best = min(near, key=lambda o: (wilds_value(o), -card_count(o)))
            return _advice(best, "wild-toward-canasta", rank=best.steps[0].to)
        discards = [o for o in options if o.kind == "discard"]
        adds = [o for o in melds if o.kind == "add"]
        if threat and adds:
            # Someone may go out soon: every card on the table counts for us, in hand against us.
            best = min(adds, key=lambda o: (wilds_value(o), -card_count(o)))
            return _advice(best, "unload", count=_closest_out(table))
        if (threat or len(hand) <= 3 or not discards) and melds:
            best = max(melds, key=lambda o: (card_count(o), -wilds_value(o)))
            return _advice(best, "unload", count=_closest_out(table))
        if not discards:
            return Advice(options[0], "only")
        return self._discard(table, discards, memory, hand)

    def _close_to_canasta(self, side, o: Option) -> bool:
        meld = side.meld_of(o.steps[0].to) if o.steps[0].to else None
        return (meld is not None and not meld.is_canasta and len(meld.cards) >= self.near_canasta
                and wilds_value(o) <= self.wild_toward)  # a canasta made is not near one: no wild card on it

    def _worth_waiting(self, table: Table, side, options: list[Option], out: Option) -> str | None:
        """Going out ends the hand: the reason's key to wait instead, or None to go out now (the
        measure rate() uses, evaluate.worth_waiting)."""
        wait = worth_waiting(table, options, out, self.safe_count, self.safe_stock, self.card_guess)
        return wait[0] if wait else None

    def choose_discard(self, table: Table, discards: list[Option], memory: Memory | None = None) -> Advice:
        """The coach's discard among ``discards`` (options of the play phase), and why."""
        return self._discard(table, discards, memory or Memory(), table.mover.hand or [])

    def _discard(self, table: Table, discards: list[Option], memory: Memory, hand: list[Card]) -> Advice:
        """The coach's discard, by the evaluation's measures (play/evaluate.py): a black three first, then a
        wild card that freezes a big pile, then the card least likely to give the next opponent the
        pile (``danger``), a single card before one of a pair, one the side has not melded, the cheapest,
        the rank with the fewest copies out of sight. Its reason is the one ``rate`` gives it."""
        def card(o: Option) -> Card:
            return o.steps[0].cards[0]

        freeze_at = self.freeze_at if self.level >= 3 else 10 ** 6

        def advice(best: Option) -> Advice:
            _, key, params = discard_value(table, best, memory, freeze_at)
            return _advice(best, key, **params)

        threes = [o for o in discards if card(o).is_black_three]
        if threes:
            return advice(threes[0])
        wilds = [o for o in discards if card(o).is_wild]
        if wilds and may_freeze(table, hand, freeze_at):
            return advice(min(wilds, key=lambda o: card(o).value))
        return advice(self.discard_order(table, discards, memory, hand)[0])

    def discard_order(self, table: Table, discards: list[Option], memory: Memory, hand: list[Card]) -> list[Option]:
        """The plain discards (no wild card, no red three) from best to worst by level 3's measures, or
        every discard when none is plain: least likely to give the next opponent the pile (a rank they
        threw away first, frozen pile or not: they seldom keep a pair of it), a single card before one
        of a pair, one the side has not melded, the cheapest, the rank with the fewest copies out of sight."""
        def card(o: Option) -> Card:
            return o.steps[0].cards[0]

        held: dict[str, int] = {}
        for c in hand:
            held[c.rank] = held.get(c.rank, 0) + 1
        mine = table.side_of(table.turn.player)
        seen = visible(table)
        copies = table.ruleset.decks * 4
        nxt = next_opponent(table)
        thrown = memory.discarded.get(nxt, set()) if nxt else set()

        risks: dict[Card, int] = {}  # each card's, worked out once (``key`` asks twice); cards are interned

        def risk(c: Card) -> int:
            d = risks.get(c)
            if d is None:
                d = danger(table, c, memory)
                if d == 1 and c.rank in thrown and not (nxt and known_pair(memory, nxt, c)):
                    d = 0
                risks[c] = d
            return d

        def unseen(c: Card) -> int:
            """Copies of the rank the player on turn cannot see: the fewer, the less likely a pair."""
            return 0 if risk(c) == 0 else max(0, copies - seen.get(c.rank, 0))

        def key(o: Option) -> tuple:
            c = card(o)
            return risk(c), held.get(c.rank, 0), mine.meld_of(c.rank) is not None, c.value, unseen(c)

        plain = [o for o in discards if not card(o).is_wild and not card(o).is_red_three]
        return sorted(plain or discards, key=key)

    _next_opponent = staticmethod(next_opponent)


def _leaves_one(o: Option, hand: list[Card]) -> bool:
    """Whether a meld or lay-off leaves at most one card in the hand."""
    return o.kind in ("meld", "add") and len(hand) - card_count(o) <= 1


def advise(table: Table, moves: MoveList | None = None, level: int = DEFAULT_LEVEL,
           memory: Memory | None = None) -> Advice:
    return Coach(level).advise(table, moves, memory)
