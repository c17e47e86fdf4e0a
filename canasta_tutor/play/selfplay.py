"""Self-play: a seeded random player deals a hand from a shuffled deck and plays it to the end,
choosing among the generated legal moves, while every invariant is checked after every move.

This is the engine's strongest test of itself (as perft is for chess engines): the generator, the
judge, the snapshot format and the scoring must all agree over thousands of random hands.

Invariants, each reported with the seed that reproduces it:
- every card of the decks is in exactly one place (hands, melds, red threes, pile, stock);
- every move the player makes is one ``check`` judges legal on the table reloaded from YAML;
- the table after every move is the one the judge's ruling gives (a move the verdict kernel found
  legal is made without its ruling, for speed);
- the table after every move round-trips through the snapshot format unchanged;
- the hand ends with a score whose lines add up, and in which every card is counted once.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import MoveMade, Verdict, judge, make
from canasta_tutor.engine.kernel import decide as kernel_decides
from canasta_tutor.engine.move import Step, format_move
from canasta_tutor.engine.ruleset import Ruleset, load_ruleset
from canasta_tutor.engine.scoring import ScoreReport, score_table
from canasta_tutor.engine.table import Player, Side, Table, Turn, partners
from canasta_tutor.play.dealing import NAMES, cards_in_sight, deal_hands, full_deck, snapshot_text, turn_upcard
from canasta_tutor.play.game import Game
from canasta_tutor.play.moves import Option, legal_moves
from canasta_tutor.play.partner import decide, partner_of, split_at_ask


@dataclass
class Broken:
    """An invariant that did not hold, with what is needed to reproduce it."""
    ruleset: str
    seed: int
    turn: int
    what: str
    move: str = ""
    table: str = ""  # the snapshot (YAML) the move was made on

    def __str__(self) -> str:
        where = f" on move '{self.move}'" if self.move else ""
        return f"{self.ruleset} seed {self.seed}, turn {self.turn}{where}: {self.what}"


@dataclass
class PlayedHand:
    """A hand self-played with its invariants checked: how it ended, its score, what broke."""
    ruleset: str
    seed: int
    turns: int = 0
    moves: int = 0
    ended: str = ""  # out | stock | red-three | stuck | limit
    out: str | None = None
    concealed: bool = False
    score: ScoreReport | None = None
    final: Table | None = None  # the table as the hand ended
    broken: list[Broken] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def seating(ruleset_id: str) -> tuple[list[str], list[tuple[str, list[str]]]]:
    return seated(load_ruleset(ruleset_id))


def seated(rs: Ruleset) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """``seating`` for a ruleset loaded already (loading one reads and merges its files)."""
    names = list(NAMES[: rs.players])
    groups = partners(names, rs.side_size)
    if rs.side_size == 1:
        return names, [(members[0], members) for members in groups]
    return names, [(f"S{i + 1}", members) for i, members in enumerate(groups)]


class SelfPlayGame(Game):
    """The one game of ``play/game.py``, dealt as self-play has always dealt it: one hand, the deck
    shuffled by ``random.Random(seed)`` (which then goes on choosing the moves), the first seat to
    play first, and the sides named S1, S2... So a seed plays, and a quiz position reads, as before.
    It keeps the deck it dealt, to check that no card is lost."""

    def __init__(self, ruleset_id: str, seed: int) -> None:
        super().__init__(ruleset_id, seed=seed, hands=1, deal=False)
        self.rng = random.Random(seed)
        rs = self.ruleset  # the game loaded it (no house rules: the ruleset itself)
        self.deck = full_deck(rs.decks, rs.jokers)
        cards = list(self.deck)
        self.rng.shuffle(cards)
        self.stock = cards  # the end of the list is the top of the stock
        names, sides = seated(rs)
        self.sides = sides
        players = [Player(n, [], 0) for n in names]
        table_sides = [Side(name, members) for name, members in sides]
        self.table = Table(rs, players, table_sides, Turn(names[0]), ruleset_ref=ruleset_id)
        deal_hands(self.table, self.stock)
        turn_upcard(self.table, self.stock, self.rng)
        self.table.stock = len(self.stock)
        self.hand = 1

    def draw_step(self) -> Step:
        """The stock's top cards, named, with a red three's replacement named after it."""
        rs = self.table.ruleset
        due = min(rs.draw_count, len(self.stock))
        named: list[Card] = []
        while due and self.stock:
            c = self.stock.pop()
            named.append(c)
            if not c.is_red_three:
                due -= 1
        return Step("draw", tuple(named))

    # -- invariants -------------------------------------------------------------------------------
    def where_cards_are(self, t: Table) -> Counter:
        seen = cards_in_sight(t)
        seen.update(self.stock)
        return seen


def play_hand(ruleset_id: str, seed: int, max_turns: int = 400, roundtrip: bool = True,
              checks: bool = True) -> PlayedHand:
    """One hand played to its end. ``checks`` False leaves out the per-move invariants (for speed:
    a study over many hands); the soak run keeps them, and ``roundtrip`` False keeps all but the
    reload from YAML."""
    game = SelfPlayGame(ruleset_id, seed)
    result = PlayedHand(ruleset_id, seed)
    rng = game.rng
    t = game.table
    names = [p.name for p in t.players]
    deck = Counter(game.deck)

    def broken(what: str, move: str = "", table: Table | None = None) -> None:
        result.broken.append(Broken(ruleset_id, seed, result.turns, what, move,
                                    snapshot_text(table) if table is not None else ""))

    def verify(before: Table, steps: list[Step], after: Table) -> bool:
        if not checks:
            return True
        text = format_move(steps)
        if roundtrip:
            from canasta_tutor.files.snapshot import table_from_text

            reloaded = table_from_text(snapshot_text(before), "<self-play>")
            if reloaded.to_data() != before.to_data():
                broken("the table does not round-trip through YAML", text, before)
                return False
            v = judge(reloaded, steps)
            if not v.legal:
                broken(f"check rejects a generated move: {', '.join(v.rule_ids)}", text, before)
                return False
        if judge(before, steps).after.to_data() != after.to_data():  # a move made without its ruling (``made``)
            broken("the table after the move is not the one its ruling gives", text, before)
            return False
        if game.where_cards_are(after) != deck:
            broken("cards are lost or duplicated", text, before)
            return False
        if after.stock != len(game.stock):
            broken(f"the table's stock says {after.stock}, the stock holds {len(game.stock)}", text, before)
            return False
        return True

    for turn in range(max_turns):
        result.turns = turn + 1
        name = names[turn % len(names)]
        t.turn = Turn(name, "draw", first_round=turn < len(names), permission="none")
        options = [o for o in legal_moves(t).options if o.kind in ("draw", "take")]
        if not options:
            result.ended = "stock"
            break
        choice = rng.choice(options)
        steps = [game.draw_step()] if choice.kind == "draw" else choice.steps
        v: Verdict | MoveMade
        if kernel_decides(t, steps) is None:  # legal by the verdict kernel: made without a ruling
            v = make(t, steps, shared=True)  # sharing what it leaves unchanged, as ``made`` does
        else:  # refused, or a question for the judge: the judge says (and says why)
            v = judge(t, steps)
            if not v.legal:
                broken(f"a legal move became illegal when its cards were named: {', '.join(v.rule_ids)}",
                       format_move(steps), t)
                break
        after = v.after
        result.moves += 1
        result.log.append(f"{name}: {format_move(steps)}")
        if not verify(t, steps, after):
            break
        t = after
        if v.state.ended_by_red_three:
            if t.turn.red_three_last:  # the player may still meld (the Dutch classic page): one last move
                t.turn.phase = "play"
                melds = [o for o in legal_moves(t).options if o.kind in ("meld", "add", "out")]
                if melds:
                    choice = rng.choice(melds)
                    after = made(choice).after
                    result.moves += 1
                    result.log.append(f"{name}: {choice.move}")
                    if not verify(t, choice.steps, after):
                        break
                    t = after
            result.ended = "red-three"
            break
        t.turn.phase = "play"
        ended = _play_phase(t, rng, result, verify)
        if ended is None:
            break
        t = ended
        if result.ended:
            break
    else:
        result.ended = "limit"
    if result.broken or result.ended in ("stuck", "limit"):
        return result
    result.final = t
    result.score = score_table(t, result.out, result.concealed)
    if checks:
        _check_score(t, result)
    return result


def _play_phase(t: Table, rng: random.Random, result: PlayedHand, verify) -> Table | None:
    """Melds and lay-offs at random, then a discard or going out. None when an invariant broke.

    A question to the partner gets the computer partner's answer (``partner.decide``, as in a game),
    and the answer binds: after a no the player does not go out; after a yes, no discard that does not
    go out while a way out is listed."""
    for _ in range(60):
        ml = legal_moves(t)
        of_kind: dict[str, list[Option]] = {kind: [] for kind in ml.kinds}  # ``ml.of_kind``, in one pass
        for o in ml.options:
            of_kind[o.kind].append(o)
        outs = of_kind["out"]
        melds = of_kind["meld"] + of_kind["add"]
        discards = of_kind["discard"]
        asks = of_kind["ask"]  # where going out needs the partner's consent, asking may be all there is
        if t.turn.permission != "none":  # answered this turn: no second question
            outs = [o for o in outs if not any(s.kind == "ask" for s in o.steps)]
            asks = []
            if t.turn.permission == "granted" and outs:
                discards = []
        if outs and (rng.random() < 0.9 or not (melds or discards)):
            choice = rng.choice(outs)
        elif asks and (rng.random() < 0.2 or not (melds or discards)):
            choice = asks[0]
        elif melds and (rng.random() < 0.6 or not discards):
            choice = rng.choice(melds)
        elif discards:
            choice = rng.choice(discards)
        else:
            result.ended = "stuck"
            return t
        steps = choice.steps
        v = made(choice)
        answer = None
        if any(s.kind == "ask" for s in steps) and t.turn.permission == "none" and partner_of(t, t.turn.player):
            answer = decide(t, t.turn.player)
            if not answer.yes:  # the question is put; the going out that was to follow is not
                steps = split_at_ask(steps)[0]
                v = judge(t, steps)
        after = v.after
        result.moves += 1
        result.log.append(f"{t.turn.player}: {format_move(steps)}")
        if not verify(t, steps, after):
            return None
        if v.went_out:
            result.ended, result.out = "out", t.turn.player
            result.concealed = v.concealed
            return after
        if choice.kind == "discard":
            return after
        if answer is not None:
            after.turn.permission = "granted" if answer.yes else "refused"
        t = after
    result.ended = "stuck"
    return t


def made(option: Option) -> Verdict | MoveMade:
    """A listed option, made: one the verdict kernel found legal on the table listed is made without
    its ruling (``judge.make``), which gives the table and the way the turn ended that the ruling would;
    one the listing judged keeps its verdict.

    The table after it shares with the table before what the move did not change (``table_after``):
    self-play changes no table in place but its turn, and keeps no table once it has the next."""
    on = option.listed_on
    return make(on, option.steps, shared=True) if on is not None else option.verdict


def _check_score(t: Table, result: PlayedHand) -> None:
    report = result.score
    if report is None:  # only a hand that ended is scored, and checked
        return
    rs = t.ruleset
    counted = 0
    for s in report.sides:
        if sum(ln.points for ln in s.lines) != s.hand_total or s.total != s.before + s.hand_total:
            result.broken.append(Broken(rs.id, result.seed, result.turns, f"side {s.name}'s score does not add up"))
        counted += sum(abs(ln.points) for ln in s.lines if ln.rule in ("score.cards", "score.no-canasta", "score.hand"))
    on_table = sum(c.value for s in t.sides for m in s.melds for c in m.cards)
    in_hands = sum(rs.black_three_in_hand if c.is_black_three else c.value
                   for p in t.players for c in p.hand or [] if not c.is_red_three)
    if counted != on_table + in_hands:
        result.broken.append(Broken(rs.id, result.seed, result.turns,
                                    f"the score counts {counted} points of cards, the table holds {on_table + in_hands}",
                                    table=snapshot_text(t)))


@dataclass
class Summary:
    hands: int = 0
    moves: int = 0
    ended: Counter = field(default_factory=Counter)  # (ruleset, how) -> hands
    broken: list[Broken] = field(default_factory=list)
    unfinished: list[tuple[str, int, str]] = field(default_factory=list)  # (ruleset, seed, how): no legal move left
    stopped: bool = False  # interrupted (Ctrl-C): the figures cover the hands finished before it


def _one(job: tuple[str, int, bool]) -> tuple[str, int, int, str, list[Broken]]:
    rid, seed, checks = job
    try:
        r = play_hand(rid, seed, checks=checks)
    except Exception as exc:  # a crash is a broken invariant too, and must name its seed
        return rid, seed, 0, "crash", [Broken(rid, seed, 0, f"{type(exc).__name__}: {exc}")]
    return rid, seed, r.moves, r.ended, r.broken


def play_many(rulesets: list[str], hands: int, seed: int = 1, jobs: int = 1, progress=None,
              checks: bool = True) -> Summary:
    """``hands`` hands of each ruleset, seeds ``seed`` .. ``seed + hands - 1``; ``jobs`` processes;
    ``checks`` False leaves out the per-move invariants.

    ``progress(done, total)`` is called after each hand. An interruption (Ctrl-C) ends the run early
    with the summary of the hands finished so far, marked ``stopped``."""
    work = [(rid, s, checks) for s in range(seed, seed + hands) for rid in rulesets]
    summary = Summary()
    try:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs, initializer=_leave_interrupts_to_parent) as pool:
                results = pool.imap_unordered(_one, work, chunksize=8)
                _collect(results, summary, progress, len(work))
        else:
            _collect(map(_one, work), summary, progress, len(work))
    except KeyboardInterrupt:
        summary.stopped = True
    return summary


def _leave_interrupts_to_parent() -> None:
    """Ctrl-C reaches every process of the terminal; the workers ignore it and the parent, which
    keeps the summary, stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _collect(results, summary: Summary, progress, total: int) -> None:
    for rid, seed, moves, ended, broken in results:
        summary.hands += 1
        summary.moves += moves
        summary.ended[(rid, ended)] += 1
        summary.broken.extend(broken)
        if ended in ("stuck", "limit"):
            summary.unfinished.append((rid, seed, ended))
        if progress:
            progress(summary.hands, total)


# -- sides played by the coach or at random: the coach's strength, measured ----------------------------

@dataclass
class SideMatch:
    """Hands played with a chosen player per side: per side, the hands it won and its points; over
    paired deals also per player, over both seatings (``by_player``)."""
    players: dict[str, str]  # side -> coach | coach:LEVEL | random
    hands: int = 0
    moves: int = 0
    ended: Counter = field(default_factory=Counter)  # (ruleset, how) -> hands
    won: Counter = field(default_factory=Counter)
    points: Counter = field(default_factory=Counter)
    paired: bool = False
    player_won: Counter = field(default_factory=Counter)  # player -> hands won, whichever side it sat at
    player_points: Counter = field(default_factory=Counter)
    player_hands: Counter = field(default_factory=Counter)
    per_deal: dict = field(default_factory=dict)  # (ruleset, seed) -> Counter: player -> hands won of that deal

    def sides(self) -> dict:
        return {name: {"player": player, "won": self.won[name], "points": self.points[name]}
                for name, player in self.players.items()}

    def by_player(self) -> dict:
        """Each player's hands, hands won and points, over every seat it played."""
        return {p: {"hands": self.player_hands[p], "won": self.player_won[p], "points": self.player_points[p]}
                for p in dict.fromkeys(self.players.values())}


def side_hand(job: tuple[str, int, tuple[tuple[str, str], ...]]) -> tuple[str, int, str, int, dict[str, int]]:
    """One hand with the given players (unnamed seats play at random): how it ended, the moves made
    and each side's points. The cards dealt depend on the ruleset and the seed only, so a seed deals
    the same cards to the same seats whoever plays them."""
    from canasta_tutor.play.game import parse_player

    rid, seed, chosen = job
    game = Game(rid, seed=seed, hands=1, deal=False)
    for name in game.names:
        game.seat_for(name, "random")
    for name, player in chosen:
        game.seat_for(name, *parse_player(player))
    game.deal({name: 0 for name, _ in game.sides})
    moves = sum(len(t.moves) for t in game.run(until_human=False))
    last = game.history[-1]
    return rid, seed, last.ended, moves, {s.name: s.hand_total for s in last.score.sides}


def swapped(players: dict[str, str]) -> dict[str, str]:
    """The players of two sides, each moved to the other side (the second seating of a paired deal)."""
    (a, pa), (b, pb) = players.items()
    return {a: pb, b: pa}


def play_sides(rulesets: list[str], hands: int, players: dict[str, str], seed: int = 1, jobs: int = 1,
               progress=None, paired: bool = False) -> SideMatch:
    """``hands`` hands of each ruleset with ``players`` choosing for their sides; a side wins a hand
    when it scores more than every other side.

    ``paired``: each deal is played twice, the second time with the two sides' players swapped, so
    each player holds both sides' cards once and the luck of the deal cancels out (``hands`` is then
    the number of deals: twice as many hands are played). Pairing needs two sides, both named."""
    from canasta_tutor.play.game import parse_player

    everyone: dict[str, str] = {}
    for rid in rulesets:  # a side not named plays at random; a name no ruleset knows is an error now
        game = Game(rid, deal=False)
        for name, player in players.items():
            game.seat_for(name, *parse_player(player))
        everyone.update({name: players.get(name, "random") for name, _ in game.sides})
    if paired and (len(everyone) != 2 or set(everyone) != set(players)):
        from canasta_tutor.reading.strict_yaml import InputError, Listed, Said

        raise InputError(Said("game.paired-sides", "pairing swaps the players of two sides: name both of {sides}",
                              sides=Listed(list(everyone), "and")))
    seatings = [everyone, swapped(everyone)] if paired else [everyone]
    work = [(rid, s, tuple(seats.items())) for s in range(seed, seed + hands) for rid in rulesets
            for seats in seatings]
    match = SideMatch(everyone, paired=paired)
    results: Iterable[tuple[str, int, str, int, dict[str, int]]]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = list(pool.imap(side_hand, work, chunksize=4))
    else:
        results = map(side_hand, work)  # one at a time, so that progress is told as hands end
    for job, (rid, _, ended, moves, points) in zip(work, results):
        seats = dict(job[2])
        match.hands += 1
        match.moves += moves
        match.ended[(rid, ended)] += 1
        best = max(points.values())
        leaders = [n for n, p in points.items() if p == best]
        winner = leaders[0] if len(leaders) == 1 else None
        for name, p in points.items():
            if name in seats:
                match.player_hands[seats[name]] += 1
                match.player_points[seats[name]] += p
                if name == winner:
                    match.player_won[seats[name]] += 1
                    match.per_deal.setdefault((rid, job[1]), Counter())[seats[name]] += 1
            if name in match.players:
                match.points[name] += p
                if name == winner:
                    match.won[name] += 1
        if progress:
            progress(match.hands, len(work))
    return match
