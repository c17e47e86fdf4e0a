"""A game of Canasta: seats, the deal, turns, and hands until a side reaches the target score.

The game keeps what only the dealer knows (the stock's real order) beside the table the engine sees.
Every move, the human's and the computer's alike, is judged by the same ``judge`` as ``check``; a
refused move changes nothing. A seat is played by a human (who is asked), the coach (``coach.py``)
or a random player (the baseline the coach is measured against).

A game is saved as a table file (format 1) that ``check``, ``moves`` and lessons read, with the
dealer's secrets under ``x-game`` (which every reader of tables skips).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from canasta_tutor.engine.cards import Card, parse_card
from canasta_tutor.engine.judge import Verdict, judge
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruleset import BUILTIN, Ruleset, builtin_ruleset, load_ruleset, resolve_for_players
from canasta_tutor.engine.scoring import ScoreReport, score_table
from canasta_tutor.engine.table import Player, Side, Table, Turn, partners
from canasta_tutor.play.coach import DEFAULT_LEVEL, LEVELS, SEARCH_LEVEL, Advice, Coach, Memory, remember
from canasta_tutor.play.dealing import (
    NAMES,
    cards_drawn,
    cards_in_sight,
    deal_hands,
    full_deck,
    snapshot_text,
    turn_upcard,
)
from canasta_tutor.play.finishing import can_finish
from canasta_tutor.play.moves import MOVES_PER_TURN, MoveList, Option, legal_moves, playable
from canasta_tutor.play.partner import (
    Answer,
    ask_limit_reached,
    asks_first,
    asks_per_hand,
    decide,
    partner_of,
    split_at_ask,
)
from canasta_tutor.reading.strict_yaml import InputError, Listed, Said, UsageError

PLAYERS = ("human", "coach", "random")
TURN_LIMIT = 400  # turns in one hand before it is called off (no real hand comes near)


@dataclass
class Seat:
    name: str
    player: str = "coach"  # human | coach | random
    level: int = DEFAULT_LEVEL

    @property
    def label(self) -> str:
        return f"coach:{self.level}" if self.player == "coach" else self.player


def parse_player(text: str) -> tuple[str, int]:
    """``coach``, ``coach:2``, ``random`` or ``human`` as (player, level)."""
    kind, _, level = text.strip().lower().partition(":")
    if kind not in PLAYERS:
        raise InputError(Said("game.player", "'{text}': expected a player: coach, coach:LEVEL, random or human",
                              text=text))
    if not level:
        return kind, DEFAULT_LEVEL
    if kind != "coach" or not level.isdigit() or int(level) not in LEVELS:
        raise InputError(Said("game.level", "'{text}': a level goes with coach only, one of {levels}", text=text,
                              levels=Listed(map(str, LEVELS), "or")))
    return kind, int(level)


def side_names(side_size: int, count: int, names: list[str]) -> list[tuple[str, list[str]]]:
    """The sides: a player alone is a side of their own name; partners sit across the table, and two
    partnerships are North-South and East-West, as at a bridge table."""
    groups = partners(names, side_size)
    if side_size == 1:
        return [(members[0], members) for members in groups]
    labels = ["NS", "EW"] if count == 2 else [f"S{i + 1}" for i in range(count)]
    return list(zip(labels, groups))


@dataclass
class Made:
    """One move made in the hand, for the review after it: who, in which turn, the table before and after
    (every hand known, as the dealer knows them)."""
    player: str
    turn: int
    steps: list[Step]
    before: Table
    after: Table


@dataclass
class HandResult:
    number: int
    ended: str  # out | stock | red-three | stuck | limit
    out: str | None
    score: ScoreReport
    moves: list[Made] = field(default_factory=list)  # the hand's moves, when the game kept them (``log``)


@dataclass
class Told:
    """One computer turn, told in one line: the moves as the table saw them and the main reason."""
    player: str
    moves: list[str]
    advice: Advice | None
    answers: list[Answer] = field(default_factory=list)  # the partner's answers to its asking
    advices: list[Advice | None] = field(default_factory=list)  # each move's own reason (None: an ask)
    red_threes: list[Card] = field(default_factory=list)  # laid face up as they were drawn this turn


class NotNow(Exception):
    """A move the judge allows but the game does not, because of the partner's answer or the
    ruleset's limit on asking: ``key`` names the sentence (``play.KEY``), ``params`` its figures."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _house_value(text: Any) -> Any:
    """A ``--house`` value as the file will write it (``true``, ``500``), so the file reads it back."""
    if not isinstance(text, str):
        return text
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


class Game:
    """A game in progress. ``seats`` maps seat names to players; seats not named are coaches."""

    def __init__(self, ruleset: str = "classic", house: dict[str, tuple[Any, Any]] | None = None,
                 players: int | None = None, seed: int = 1, hands: int | None = None,
                 seats: dict[str, tuple[str, int]] | None = None, deal: bool = True) -> None:
        rs = builtin_ruleset(ruleset) if ruleset in BUILTIN else load_ruleset(ruleset)  # a built-in one is shared
        # --players is the command line's: a number the ruleset has no game for is a usage mistake (exit 2)
        if players is not None:
            rs = resolve_for_players(rs, players)
            if rs.players != players:
                if rs.variants:
                    raise UsageError(Said("game.players-variants", "--players {players}: {ruleset} is played by "
                                          "{count} (classic and official also take {variants})", players=players, ruleset=rs.id,
                                          count=rs.players, variants=Listed(map(str, sorted(rs.variants)))))
                raise UsageError(Said("game.players", "--players {players}: {ruleset} is played by {count}",
                                      players=players, ruleset=rs.id, count=rs.players))
        # A built-in ruleset is written by its id (classic with 2 players is classic-2p); a ruleset
        # file by its path, so that the saved game reads it again.
        self.ruleset_ref = rs.id if ruleset in BUILTIN else ruleset
        self.house = {k: _house_value(v[1]) for k, v in (house or {}).items()}
        self.ruleset: Ruleset = rs.with_house(house or {})
        self.names = list(NAMES[: rs.players])
        count = rs.players // rs.side_size
        self.sides = side_names(rs.side_size, count, self.names)
        self.seats = {n: Seat(n) for n in self.names}
        for name, (player, level) in (seats or {}).items():
            self.seat_for(name, player, level)
        self.seed = seed
        self.id: str | None = None  # the game's own name, kept in its saves, so a resumed game is one game
        self.max_hands = hands
        self.hand = 0
        self.history: list[HandResult] = []
        self.turns = 0
        self.stock: list[Card] = []
        self.table: Table  # dealt by ``deal`` (a game made with deal=False deals later)
        self.memory: dict[str, Memory] = {}
        self.log: list[Made] | None = None  # the moves of the hand in play, when a review wants them
        self.over = False
        self.winner: str | None = None
        self.tie: list[str] = []
        self.last: HandResult | None = None  # the hand that just ended, until it is reported
        self.asked: Counter[str] = Counter()  # times each player asked "may I go out?" this hand
        self.answers: list[Answer] = []  # the partners' answers, until they are reported
        # Asks a human partner (the asker, the partner) and returns yes or no; without it (or for a
        # computer partner) the partner's answer is the computer's (``partner.decide``).
        self.ask_human: Callable[[str, str], bool] | None = None
        if deal:
            self.deal({name: 0 for name, _ in self.sides})

    def seat_for(self, name: str, player: str, level: int = DEFAULT_LEVEL) -> None:
        """Set who plays a seat, or every seat of a side."""
        sides = dict(self.sides)
        members = sides.get(name) or ([name] if name in self.seats else None)
        if members is None:
            raise InputError(Said("game.seat", "'{name}': expected a side or a seat: {seats}", name=name,
                                  seats=Listed(list(sides) + self.names, "or")))
        for m in members:
            self.seats[m] = Seat(m, player, level)

    # -- the deal -------------------------------------------------------------------------------
    def deal(self, scores: dict[str, int]) -> None:
        self.hand += 1
        rs = self.ruleset
        rng = random.Random(self.seed * 1_000_003 + self.hand)
        cards = full_deck(rs.decks, rs.jokers)
        rng.shuffle(cards)
        self.stock = cards  # the end of the list is the top of the stock
        first = (self.hand - 1) % len(self.names)
        players = [Player(n, [], 0) for n in self.names]
        sides = [Side(name, members, scores.get(name, 0)) for name, members in self.sides]
        self.table = Table(rs, players, sides, Turn(self.names[first]), ruleset_ref=self.ruleset_ref,
                           house_rules=dict(self.house))
        deal_hands(self.table, self.stock)
        turn_upcard(self.table, self.stock, rng)
        self.table.stock = len(self.stock)
        self.turns = 0
        self.memory = {n: Memory() for n in self.names}
        if self.log is not None:
            self.log = []
        self.asked = Counter()
        self._start_turn(self.names[first])

    def _start_turn(self, name: str) -> None:
        self.table.turn = Turn(name, "draw", first_round=self.turns < len(self.names), permission="none")

    # -- whose turn, what may be done -------------------------------------------------------------
    @property
    def to_play(self) -> Seat:
        return self.seats[self.table.turn.player]

    def moves(self) -> MoveList:
        """The legal moves, less those the partner's answer or the ruleset's limit on asking rule out
        here (``moves.playable``)."""
        return playable(legal_moves(self.table), self.ask_limit_reached())

    def ask_limit_reached(self) -> bool:
        """Whether the player on turn may not ask now (``partner.ask_limit_reached``)."""
        return ask_limit_reached(self.table, self.asked)

    def _answer(self, asker: str) -> Answer:
        """The partner's answer to ``asker``: a human partner is asked, a computer one decides."""
        partner = partner_of(self.table, asker)
        if partner is not None and self.seats[partner].player == "human" and self.ask_human is not None:
            yes = self.ask_human(asker, partner)
            return Answer(asker, partner, yes, "human-yes" if yes else "human-no", {"player": partner})
        return decide(self.table, asker)

    def _ask_first(self, option: Option) -> bool:
        """Whether a computer player asks its partner before making ``option`` (``partner.asks_first``)."""
        return asks_first(self.table, option, not self.ask_limit_reached())

    def _can_go_out(self) -> bool:
        return any(o.kind == "out" for o in legal_moves(self.table).options)

    def end_if_stuck(self) -> bool:
        """End the hand when the player on turn has no legal move at all (a Danish player left with
        only wild cards, say: see docs/decisions.md). True when it ended. A player who may still ask
        the partner is not stuck: a yes may let them go out (one card left, say, after laying off)."""
        if self.moves().options:
            return False
        self._end_hand("stuck", None, False)
        return True

    def next_in_first_round(self) -> bool:
        """Whether the next player's turn is in the hand's first round (as ``_start_turn`` will say)."""
        return self.turns + 1 < len(self.names)

    def named(self, steps: list[Step]) -> list[Step]:
        """The move with its draw named: the stock's top cards, a red three's replacement after it."""
        out = []
        depth = 0
        for step in steps:
            if step.kind == "draw":
                cards = cards_drawn(self.stock, self.ruleset.draw_count, depth)
                depth += len(cards)
                step = Step("draw", tuple(cards))
            out.append(step)
        return out

    def play(self, steps: list[Step], player: bool = False) -> Verdict:
        """Judge the move on the table and, when it is legal, make it. A refused move changes nothing,
        and its ruling names no card of the stock: the draw is named only in a move that is made.
        ``player``: the move is a person's, who is spared a move after which nothing could end the turn
        while another move could (``NotNow``), and a move whose ruling would depend on the cards drawn
        unseen; a computer player's moves are the listing's, which leaves dead ends out wherever anything
        else is left.

        A move that asks the partner is made up to the question; the partner answers (the answer is
        kept on the table and in ``answers``), and the rest of the move is judged after it. A move
        the answer or the limit on asking rules out raises ``NotNow``."""
        before = self.table
        v = self._play(self.named(steps), player)
        if not v.legal and any(s.kind == "draw" for s in steps):
            # The stock's cards stay unseen: the ruling the player can know, on what was judged (the
            # whole move, or what follows a question the partner answered)
            judged = steps if self.table is before else split_at_ask(steps)[1]
            unseen = judge(self.table, judged)
            if not unseen.legal:
                return unseen
            if player:  # refused only by the cards drawn: to say why would show them
                raise NotNow("draw-then-play")
        return v

    def _play(self, steps: list[Step], player: bool) -> Verdict:
        first, rest = split_at_ask(steps)
        if rest or any(s.kind == "ask" for s in first):
            partnered = partner_of(self.table, self.table.turn.player) is not None
            if partnered and self.ask_limit_reached():
                if self.table.turn.permission != "none":
                    raise NotNow("asked-this-turn")
                raise NotNow("asked-this-hand", count=asks_per_hand(self.ruleset) or 0)
            v = judge(self.table, first)
            if not v.legal:
                return v
            asker = self.table.turn.player
            self._make(first, v)
            self.asked[asker] += 1
            answer = self._answer(asker)
            self.answers.append(answer)
            self.table.turn.permission = "granted" if answer.yes else "refused"
            if not rest:
                return v
            steps = rest
        v = judge(self.table, steps)
        if self.table.turn.permission == "granted" and any(s.kind == "discard" for s in steps):
            if v.legal and not v.went_out and self._can_go_out():
                raise NotNow("bound-to-go-out", player=self.table.turn.player)
        if player and v.legal and not (v.went_out or v.state.discarded or v.state.ended_by_red_three) \
                and can_finish(v) is False and "dead-end" not in self.moves().notes:
            # Legal so far, but nothing could end the turn after it (every discard or way out breaks a
            # rule, the partner's no among them), while another move could: made, the hand could only
            # stop there. Where every move is a dead end, one is made, and the hand stops (stuck).
            raise NotNow("dead-end-move")
        return self._make(steps, v)

    def _make(self, steps: list[Step], v: Verdict | None = None) -> Verdict:
        """Judge (unless ``v`` is the ruling already) and make the move when it is legal."""
        if v is None:
            v = judge(self.table, steps)
        if not v.legal:
            return v
        player = self.table.turn.player
        before = self.table
        for s in steps:
            if s.kind == "draw":
                del self.stock[len(self.stock) - len(s.cards):]
            remember(self.memory.values(), player, s, before)
        after = v.after
        after.stock = len(self.stock)
        self.table = after
        if self.log is not None:
            self.log.append(Made(player, self.turns, list(steps), before, after))
        if v.state.ended_by_red_three:
            # Where the stock's last card, a red three, still lets its player meld (the Dutch classic
            # page), the turn goes on while something can be melded (a player may end it sooner:
            # end_red_three_turn).
            if (after.turn.red_three_last and not v.went_out
                    and any(o.kind in ("meld", "add", "out") for o in self.moves().options)):
                return v
            self._end_hand("red-three", None, False)
        elif v.went_out:
            self._end_hand("out", player, v.concealed)
        elif v.state.discarded:
            self._next_turn()
        return v

    def end_red_three_turn(self) -> bool:
        """End the turn, and the hand, of a player whose draw emptied the stock with a red three where
        the ruleset lets that player still meld (there is no discard to end it). False when the turn
        is no such turn."""
        if self.over or not self.table.turn.red_three_last:
            return False
        self._end_hand("red-three", None, False)
        return True

    def _next_turn(self) -> None:
        self.turns += 1
        if self.turns >= TURN_LIMIT:
            return self._end_hand("limit", None, False)
        i = self.names.index(self.table.turn.player)
        self._start_turn(self.names[(i + 1) % len(self.names)])
        if not any(o.kind in ("draw", "take") for o in self.moves().options):
            self._end_hand("stock", None, False)

    def _end_hand(self, ended: str, out: str | None, concealed: bool) -> None:
        report = score_table(self.table, out, concealed)
        result = HandResult(self.hand, ended, out, report, list(self.log or []))
        self.history.append(result)
        self.last = result
        totals = {s.name: s.total for s in report.sides}
        if report.game_over or (self.max_hands is not None and self.hand >= self.max_hands):
            self.over = True
            if report.game_over:
                self.winner, self.tie = report.winner, list(report.tie)
            else:
                best = max(totals.values())
                leaders = [n for n, t in totals.items() if t == best]
                self.winner, self.tie = (leaders[0], []) if len(leaders) == 1 else (None, leaders)
            return
        self.deal(totals)

    def totals(self) -> dict[str, int]:
        """Each side's score so far (before the hand in play)."""
        return {s.name: s.score for s in self.table.sides}

    # -- computer players -------------------------------------------------------------------------
    def computer_turn(self) -> Told:
        """Let the computer seat on turn play its whole turn; the hand may end on it."""
        seat = self.to_play
        name = seat.name
        rng = random.Random(f"{self.seed}:{self.hand}:{self.turns}")
        coach = make_coach(seat.level) if seat.player == "coach" else None
        told = Told(name, [], None)
        hand = self.hand
        reds = len(self.table.side_of(name).red_threes)  # a red three drawn is laid at once: told, as seen
        opened: tuple[Table, list[Step]] | None = None  # the table before the side's first meld, and the turn's melds since
        for _ in range(MOVES_PER_TURN):
            ml = self.moves()
            if coach is not None:
                advice = coach.advise(self.table, ml, self.memory[name])
            else:
                advice = Advice(random_choice(ml, rng), "random", {}, "play")
            if advice.option is None:
                self._end_hand("stuck", None, False)
                return told
            asked = len(self.answers)
            if self._ask_first(advice.option):
                # the question comes before any card is put down: after a no the hand is still whole
                self.play([Step("ask")])
                told.moves.append("ask")
                told.advices.append(None)
                told.answers.extend(self.answers[asked:])
                continue
            if opened is None and "counted" in advice.params:
                opened = (self.table.clone(), [])
            v = self.play(advice.option.steps)
            told.answers.extend(self.answers[asked:])
            if not v.legal and len(self.answers) > asked:
                # the partner said no: the question was put, the going out that was to follow is not
                told.moves.append(_as_seen(split_at_ask(advice.option.steps)[0]))
                told.advices.append(None)
                continue
            if not v.legal:  # cannot happen: every option was judged legal on this very table
                raise RuntimeError(f"a listed move was refused: {advice.option.move}")
            told.moves.append(_as_seen(advice.option.steps))
            told.advices.append(advice)
            if opened is not None and advice.option.kind in ("take", "meld", "add"):
                opened[1].extend(s for s in advice.option.steps if s.kind in ("take", "meld", "add"))
            if told.advice is None or _weight(advice) > _weight(told.advice):
                told.advice = advice
            if self.hand != hand or self.over or self.table.turn.player != name:
                break
        else:  # the moves a turn may take used up: the first discard ends it
            discards = self.moves().of_kind("discard")
            if discards:
                self.play(discards[0].steps)
                told.moves.append(_as_seen(discards[0].steps))
                told.advices.append(None)
            else:
                self._end_hand("stuck", None, False)
        if self.hand == hand:
            told.red_threes = self.table.side_of(name).red_threes[reds:]
        return _whole_opening(told, opened)

    def run(self, until_human: bool = True) -> list[Told]:
        """Computer turns until a human is to play or the game is over."""
        told = []
        while not self.over and (not until_human or self.to_play.player != "human"):
            told.append(self.computer_turn())
        return told

    # -- saving and resuming -----------------------------------------------------------------------
    def to_data(self) -> dict:
        data = self.table.to_data()
        data["x-game"] = {
            **({"id": self.id} if self.id else {}),
            "seed": self.seed,
            "hand": self.hand,
            "hands": self.max_hands,
            "turns": self.turns,
            "seats": {n: s.label for n, s in self.seats.items()},
            "stock": " ".join(map(str, self.stock)),
            **({"asked": dict(self.asked)} if self.asked else {}),
            "history": [{"hand": h.number, "ended": h.ended, "out": h.out,
                         "points": {s.name: s.hand_total for s in h.score.sides}} for h in self.history],
        }
        return data

    @classmethod
    def from_table(cls, table: Table, saved: dict | None, seed: int = 1, file: str = "") -> Game:
        """A game that goes on from ``table`` (read from ``file``, which its messages name). ``saved``
        is the file's ``x-game``; without it the stock is the cards the table does not show, shuffled
        by ``seed``."""
        game = cls.__new__(cls)
        game.ruleset = table.ruleset
        game.ruleset_ref = table.ruleset_ref
        game.house = dict(table.house_rules)
        game.names = [p.name for p in table.players]
        game.sides = [(s.name, list(s.players)) for s in table.sides]
        game.seats = {n: Seat(n) for n in game.names}
        game.table = table
        game.memory = {n: Memory() for n in game.names}
        game.log = None
        game.over, game.winner, game.tie, game.last = False, None, [], None
        game.history = []
        game.asked, game.answers, game.ask_human = Counter(), [], None
        saved = saved or {}
        if not isinstance(saved, dict):
            raise InputError(Said("game.x-game-mapping", "'x-game' must be a mapping (it is written by 'canasta play')"),
                             file)
        try:
            game.seed = int(saved.get("seed", seed))
            game.id = str(saved["id"]) if saved.get("id") else None
            game.hand = int(saved.get("hand", 1))
            game.max_hands = None if saved.get("hands") is None else int(saved["hands"])
            game.turns = int(saved.get("turns", len(game.names)))
            game.asked = Counter({str(n): int(k) for n, k in (saved.get("asked") or {}).items()})
            for name, label in (saved.get("seats") or {}).items():
                game.seat_for(str(name), *parse_player(str(label)))
            if "stock" in saved:
                game.stock = [parse_card(w) for w in str(saved["stock"] or "").split()]
            else:
                game.stock = _unseen(table)
                random.Random(game.seed).shuffle(game.stock)
            for h in saved.get("history") or []:
                game.history.append(HandResult(int(h["hand"]), str(h["ended"]), h.get("out"),
                                               _past_score(table, h)))
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise InputError(Said("game.x-game", "'x-game' is not a saved game: {problem}", problem=str(exc)),
                             file) from None
        if any(p.hand is None for p in table.players):
            raise InputError(Said("game.hands-known", "every hand must be given as cards to play on from this table"),
                             file)
        if len(game.stock) != table.stock:
            if "stock" in saved:
                raise InputError(Said("game.stock", "the table gives the stock as {stock}, but the saved game keeps "
                                      "{left} cards for it", stock=table.stock, left=len(game.stock)), file)
            # a table made by hand: its stock is the cards of the decks it does not show
            raise InputError(Said("game.stock-made", "the table gives the stock as {stock}, but {left} cards of the "
                                  "decks are not on it; to play on from a table, its stock is every card it does not "
                                  "show", stock=table.stock, left=len(game.stock)), file)
        _check_deck(table, game.stock, file)
        return game


def _check_deck(table: Table, stock: list[Card], file: str = "") -> None:
    """The table's cards and the stock the saved game keeps, counted together against the decks, as
    every table's are: a game with seven jokers, or a third 3H in two decks, is not played on."""
    from canasta_tutor.engine.cards import over_deck_limit

    rs = table.ruleset
    problems = over_deck_limit([*cards_in_sight(table).elements(), *stock], rs.decks, rs.jokers)
    if problems:
        what, found, allowed = problems[0]
        decks = Said("decks", "{decks} decks with {jokers} jokers", decks=rs.decks, jokers=rs.jokers)
        raise InputError(Said("game.too-many-of", "the game holds {found} of {what} on the table and in its stock, "
                              "but {decks} hold {allowed}", found=found, what=what, decks=decks,
                              allowed=allowed), file, 0, 0, "x-game.stock")


def load_game(path: str) -> Game:
    """A game saved by ``canasta play`` (or any table file whose hands are all known)."""
    from canasta_tutor.files.snapshot import load_table
    from canasta_tutor.reading.strict_yaml import read_text

    table = load_table(path)
    import yaml

    raw = yaml.safe_load(read_text(path)) or {}
    return Game.from_table(table, raw.get("x-game") if isinstance(raw, dict) else None, file=path)


def game_text(game: Game) -> str:
    """The saved game as YAML: the table in format 1, then the dealer's secrets under ``x-game``."""
    import yaml

    extra = {"x-game": game.to_data()["x-game"]}
    return snapshot_text(game.table) + yaml.safe_dump(extra, sort_keys=False, allow_unicode=True)


def _unseen(table: Table) -> list[Card]:
    from collections import Counter

    left = Counter(full_deck(table.ruleset.decks, table.ruleset.jokers))
    left.subtract(cards_in_sight(table))
    return sorted(left.elements(), key=Card.sort_key)


def _past_score(table: Table, h: dict) -> ScoreReport:
    """A past hand as the file keeps it: each side's points, without the lines."""
    from canasta_tutor.engine.scoring import Line, SideScore

    sides = [SideScore(str(name), 0, [Line("score.hand-total", int(points), {})])
             for name, points in (h.get("points") or {}).items()]
    return ScoreReport(table.ruleset.id, h.get("out"), False, sides, False, None)


def make_coach(level: int = DEFAULT_LEVEL) -> Coach:
    """The coach at a level; level 4's search plays deals out itself (``search.py``)."""
    if level != SEARCH_LEVEL:
        return Coach(level)
    from canasta_tutor.play.search import Searcher

    return Coach(level, Searcher())


def random_choice(ml: MoveList, rng: random.Random) -> Option | None:
    """The baseline player: any legal move, going out when it can, melding more often than not."""
    options = [o for o in ml.options if o.kind != "ask"]
    if not options:
        return None
    if ml.table.turn.phase == "draw":
        return rng.choice(options)
    outs = [o for o in options if o.kind == "out"]
    melds = [o for o in options if o.kind in ("meld", "add")]
    discards = [o for o in options if o.kind == "discard"]
    if outs and (rng.random() < 0.9 or not (melds or discards)):
        return rng.choice(outs)
    if melds and (rng.random() < 0.6 or not discards):
        return rng.choice(melds)
    return rng.choice(discards) if discards else rng.choice(options)


def _whole_opening(told: Told, opened: tuple[Table, list[Step]] | None) -> Told:
    """A turn told in one line by its first meld, where more melds followed in the same turn: the
    reason counts them all, as the judge counts the side's first meld over the whole turn (the first
    step alone was the cheapest opening, the turn laid more)."""
    a = told.advice
    if opened is None or a is None or "counted" not in a.params:
        return told
    table, steps = opened
    note = next((n for n in judge(table, steps).notes if n.rule == "initial-counted"), None)
    if note is None or note.params["counted"] == a.params["counted"]:
        return told
    counted = {"counted": note.params["counted"], "need": note.params["need"]}
    if a.reason.endswith("take-opens"):  # "the melds count": every meld of the turn
        told.advice = Advice(a.option, a.reason, {**a.params, **counted}, a.catalog)
    else:  # not the cheapest opening any more: the plain first-meld reason
        told.advice = Advice(a.option, "initial", counted, "hints")
    return told


def _as_seen(steps: list[Step]) -> str:
    """A move as the other players saw it: a draw from the stock names no card."""
    from canasta_tutor.engine.move import format_move

    return format_move([Step("draw") if s.kind == "draw" else s for s in steps])


# Which of a computer turn's reasons tells it (the heaviest; the first of equals). A draw from the stock
# weighs nothing: told to the other players its reason can only say that it depends on the hand, the
# same sentence every turn, where the discard's reason says something the table shows. Level 1's rule
# of drawing ("draw-always") is the same sentence every turn too, and would hide its first meld.
_WEIGHTS = {"out": 9, "out-bare": 9, "take-canasta": 8, "take-opens": 8, "take": 7, "canasta": 6, "open": 6, "open-canasta": 6,
            "freeze": 5, "unload": 4, "wild-toward-canasta": 3, "meld-natural": 2, "lay-off": 2,
            "draw": 0, "draw-no-take": 0, "draw-pile-tiny": 0, "draw-pile-small": 0, "draw-instead": 0,
            "draw-always": 0}


def _weight(a: Advice) -> int:
    return _WEIGHTS.get(a.reason.removeprefix("coach."), 1)
