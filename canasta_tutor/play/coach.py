"""The coach: a player with a plan, choosing one of the legal moves and saying why in one sentence.

The coach never invents a move: it ranks the options of ``legal_moves``, so whatever it suggests is a
move ``check`` accepts. It plays the computer seats of ``canasta play`` too, at a level; each level
beats the one below it in more than half the hands (``bench/ladder.py`` measures it, the README
quotes the figures):

- level 1, a beginner: never takes the pile (always draws from the stock), then plays by the rules
  of thumb of level 2;
- level 2, rules of thumb, one at a time (the first ``hint``): take the pile whenever it can, go
  out whenever it can, meld and lay off naturals, discard a card the opponents have not melded;
- level 3, a plan: open cheaply, take the pile when it pays, lay off naturals, keep wild cards back
  until they finish a canasta, discard what the next opponent cannot use (remembering what they
  threw away), unload when someone is close to going out, freeze a big pile on purpose, and, while
  the opponents are far from going out, do not go out when that would leave its side behind or when
  a canasta is near;
- level 4, a searching player (``search.py``, made by ``game.make_coach``): where a decision matters (take the pile or draw, go
  out or wait, which card to discard) it plays each of level 3's candidate moves out over a counted
  number of deals of the cards it cannot see, consistent with what it knows, and keeps the move that
  scores best; elsewhere it plays as level 3. Seeded by the table, so a game replays the same.

A reason is a key of the catalog's ``play.coach`` section (or of ``hints`` at level 1) with the
numbers it names; the text lives in the catalog.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.table import Table
from canasta_tutor.play.moves import MoveList, Option, legal_moves
from canasta_tutor.play.rules_of_thumb import Advice as Advice  # the coach's answer, at every level

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


# -- what an option spends and gains -------------------------------------------------------------------

def wilds_value(o: Option) -> int:
    """What the move spends in wild cards, by value: a 2 is cheaper to give up than a joker."""
    return sum(c.value for s in o.steps if s.kind != "draw" for c in s.cards if c.is_wild)


def card_count(o: Option) -> int:
    return sum(len(s.cards) for s in o.steps if s.kind != "draw")


def canastas_made(o: Option) -> list[str]:
    return [n.params["rank"] for n in o.verdict.notes if n.rule == "canasta"]


def _advice(option: Option, reason: str, **params) -> Advice:
    return Advice(option, f"coach.{reason}", params, "play")


def _opponents(table: Table) -> list:
    mine = table.side_of(table.turn.player)
    return [s for s in table.sides if s is not mine]


def _closest_out(table: Table) -> int:
    """The fewest cards any opponent holds: how close the other side is to going out."""
    mine = table.side_of(table.turn.player)
    counts = [p.count for p in table.players if p.name not in mine.players]
    return min(counts) if counts else 99


class Coach:
    """Chooses a move for the player on turn. ``memory`` is what it saw of the hand (may be None)."""

    pile_worth_a_wild = 5  # cards in the pile that make spending a wild card on taking it worth it
    near_canasta = 5  # cards in a meld from which a wild card goes onto it, toward a canasta
    wild_toward = 20  # the most a wild card laid off toward a canasta may be worth (a 2, not a joker)
    unload_at = 3  # an opponent holding this many cards or fewer may go out soon
    race_at = 6  # an opponent side that may go out, holding this many cards or fewer: meld all you can
    safe_count = 5  # an opponent holding fewer cards may go out soon: do not wait then
    safe_stock = 8  # nor with fewer cards left in the stock
    card_guess = 8  # what an unseen card in a hand is likely to cost
    freeze_at = 8  # a pile this big is worth a 2 to freeze (level 3)
    min_pile = 5  # a smaller pile is not worth the hand's cards it ties up (measured: bench/coach.py)

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
            spent = wilds_value(best)
            # A wild card is worth a few cards, not one: spend it only on a pile worth having.
            note = next((n for n in best.verdict.notes if n.rule == "initial-counted"), None)
            opens = note is not None and len(best.steps) > 1
            if opens or (not spent and size >= self.min_pile) or size >= self.pile_worth_a_wild or not draws:
                if opens and note is not None:  # (it opens only with that note)
                    return _advice(best, "take-opens", size=size, counted=note.params["counted"],
                                   need=note.params["need"])
                return _advice(best, "take", size=size, top=str(table.discard[-1]))
            if draws:
                return _advice(draws[0], "draw-pile-small" if spent else "draw-pile-tiny", size=size)
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
            wait = self._worth_waiting(table, side, options, best)
            if wait is None:
                return _advice(best, "out")
            rest = [o for o in options if o.kind != "out"]
            chosen = self._build(table, rest, memory, side, hand, threat)
            if chosen.option is None:  # nothing else to advise: going out it is
                return _advice(best, "out")
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
        """Going out ends the hand. Wait (the reason's key) when the opponents are far from going out
        themselves and either going out now would leave the side behind, or a meld is close to a
        canasta; None to go out now."""
        if not any(o.kind in ("meld", "add", "discard") for o in options):
            return None
        far = _closest_out(table) >= self.safe_count and table.stock >= self.safe_stock
        if not far:
            return None
        ours, theirs = _estimate(out.verdict.after, table.turn.player, self.card_guess)
        if ours <= theirs:
            return "wait-behind"
        if side.canastas < 2 and _closest_out(table) >= 8 and any(5 <= len(m.cards) < 7 for m in side.melds):
            return "wait-canasta"
        return None

    def choose_discard(self, table: Table, discards: list[Option], memory: Memory | None = None) -> Advice:
        """The coach's discard among ``discards`` (options of the play phase), and why."""
        return self._discard(table, discards, memory or Memory(), table.mover.hand or [])

    def _discard(self, table: Table, discards: list[Option], memory: Memory, hand: list[Card]) -> Advice:
        def card(o: Option) -> Card:
            return o.steps[0].cards[0]

        threes = [o for o in discards if card(o).is_black_three]
        if threes:
            return _advice(threes[0], "discard-black-three")
        rs = table.ruleset
        wilds = [o for o in discards if card(o).is_wild]
        if (wilds and not table.pile_content_frozen() and len(table.discard) >= self.freeze_at
                and sum(1 for c in hand if c.is_wild) >= 2 and rs.discard_wild):
            best = min(wilds, key=lambda o: card(o).value)
            return _advice(best, "freeze", card=str(card(best)), size=len(table.discard))
        best = self.discard_order(table, discards, memory, hand)[0]
        c = card(best)
        n = sum(1 for h in hand if h.rank == c.rank)
        danger, wanted, next_up = self._danger(table, memory)
        if danger(c) == 0:
            return _advice(best, "discard-thrown", card=str(c), player=next_up, held=n)
        if danger(c) == 1 and c.rank not in wanted:
            return _advice(best, "discard-safe", card=str(c), held=n)
        return _advice(best, "discard", card=str(c), held=n)

    def _danger(self, table: Table, memory: Memory):
        """How much a discard of a card may help the next opponent (0 none, 1 unknown, 2 a take), the
        ranks the opponents have melded, and the next opponent's name."""
        rs = table.ruleset
        wanted = {m.rank for s in _opponents(table) for m in s.melds}
        next_up = self._next_opponent(table)
        thrown = memory.discarded.get(next_up, set()) if next_up else set()
        frozen = table.pile_content_frozen()
        # a pile frozen for the next player takes a natural pair from their hand (and no lay-off onto a meld)
        pair_needed = next_up is not None and frozen_for(table, next_up)

        def danger(c: Card) -> int:
            if next_up is not None and len(known_pair(memory, next_up, c)) >= 2:
                return 2  # they took a pair of this rank with the pile, and hold it still
            if c.rank in wanted and not frozen and not (rs.canasta_closed and _closed(table, c.rank)):
                return 2  # the next player may add it to their meld and take the whole pile
            if c.rank in thrown and pair_needed and not (next_up and known_pair(memory, next_up, c)):
                return 0  # they threw this rank away, and only a natural pair takes the pile
            return 1

        return danger, wanted, next_up

    def discard_order(self, table: Table, discards: list[Option], memory: Memory, hand: list[Card]) -> list[Option]:
        """The discards from best to worst by level 3's rules: least use to the next opponent, then the
        fewest of the rank held, not of a rank the side has melded, the cheapest, the fewest unseen."""
        def card(o: Option) -> Card:
            return o.steps[0].cards[0]

        held: dict[str, int] = {}
        for c in hand:
            held[c.rank] = held.get(c.rank, 0) + 1
        danger, _, next_up = self._danger(table, memory)
        thrown = memory.discarded.get(next_up, set()) if next_up else set()

        def risk(c: Card) -> int:
            """``danger``, and a rank the next opponent threw away counted as least likely to help them even
            where the pile is not frozen for them: they seldom keep a pair of a rank they throw away."""
            d = danger(c)
            if d == 1 and c.rank in thrown and not (next_up and known_pair(memory, next_up, c)):
                return 0
            return d

        mine = table.side_of(table.turn.player)
        seen = _visible(table)
        copies = table.ruleset.decks * 4

        def unseen(c: Card) -> int:
            """Copies of the rank the player on turn cannot see: the fewer, the less likely a pair."""
            return 0 if risk(c) == 0 else max(0, copies - seen.get(c.rank, 0))

        plain = [o for o in discards if not card(o).is_wild and not card(o).is_red_three]
        rest = [o for o in discards if o not in plain]
        def key(o: Option) -> tuple:
            c = card(o)
            return risk(c), held.get(c.rank, 0), mine.meld_of(c.rank) is not None, c.value, unseen(c)

        return sorted(plain, key=key) + sorted(rest, key=key)

    @staticmethod
    def _next_opponent(table: Table) -> str | None:
        names = [p.name for p in table.players]
        mine = table.side_of(table.turn.player)
        i = names.index(table.turn.player)
        for k in range(1, len(names)):
            name = names[(i + k) % len(names)]
            if name not in mine.players:
                return name
        return None


def _estimate(after: Table, player: str, per_card: int) -> tuple[int, int]:
    """The hand's score as the player can foresee it if it ended now: their side's, and the best of the
    others'. Cards on the table count as the score counts them; a hand the player cannot see counts
    ``per_card`` a card."""
    rs = after.ruleset

    def on_table(side) -> int:
        points = sum(c.value for m in side.melds for c in m.cards)
        points += sum(rs.canasta_bonus["natural" if m.is_natural_canasta else "mixed"] for m in side.melds if m.is_canasta)
        reds = len(side.red_threes) * rs.red_three_value
        return points + (reds if side.melds else -reds)

    def in_hands(side) -> int:
        return sum(len(after.player(n).hand or []) if after.player(n).hand is not None and n == player
                   else after.player(n).count for n in side.players) * per_card

    mine = after.side_of(player)
    ours = on_table(mine) - in_hands(mine) + rs.going_out_bonus
    theirs = max(on_table(side) - in_hands(side) for side in after.sides if side is not mine)
    return ours, theirs


def _visible(table: Table) -> dict[str, int]:
    """How many cards of each rank the player on turn sees: own hand, every meld, the pile."""
    seen: dict[str, int] = {}
    cards = list(table.mover.hand or []) + list(table.discard)
    cards += [c for s in table.sides for m in s.melds for c in m.cards]
    for c in cards:
        seen[c.rank] = seen.get(c.rank, 0) + 1
    return seen


def frozen_for(table: Table, player: str) -> bool:
    """Whether ``player`` needs a natural pair from the hand to take the pile (as the judge has it: the
    ruleset always asks one, the side has not melded where that freezes it, or the pile is frozen)."""
    rs = table.ruleset
    if rs.pile_needs_natural_pair or table.pile_content_frozen():
        return True
    return not table.side_of(player).melds and "not-melded" in rs.pile_frozen_by


def known_pair(memory: Memory | None, player: str, card: Card) -> list[Card]:
    """The natural cards of ``card``'s rank that ``player`` took with the pile and has not shown since."""
    if memory is None or not card.is_natural:
        return []
    return [c for c in memory.took.get(player, []) if c.rank == card.rank and c.is_natural]


def _closed(table: Table, rank: str) -> bool:
    return any(m.rank == rank and m.is_canasta for s in table.sides for m in s.melds)


def advise(table: Table, moves: MoveList | None = None, level: int = DEFAULT_LEVEL,
           memory: Memory | None = None) -> Advice:
    return Coach(level).advise(table, moves, memory)
