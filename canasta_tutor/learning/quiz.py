"""Quiz questions on positions reached by real play (``positions.walk``): melds, first-meld
arithmetic, taking the pile, going out, and counting a realistic hand's score. The engine answers
each; the scheduler picks which rule to drill next.

At a position of a walk, a drill lists the moves a learner might make there: the legal ones the move
generator finds, and tempting illegal ones made of the mover's own cards (one wild card too many, a
pair instead of three, a take with one natural and a wild card...). A move is kept only when the
question is worth asking about the drilled rule: the engine's decisive violation is that rule, or
the move is legal and reaches one of the rule's limits (``tested.limits_reached``).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.ruleset import load_ruleset
from canasta_tutor.engine.table import Table
from canasta_tutor.learning.lesson import Question
from canasta_tutor.learning.positions import Position, canasta_band, walk
from canasta_tutor.learning.tested import limits_reached
from canasta_tutor.play.moves import legal_moves
from canasta_tutor.play.selfplay import play_hand

DEFAULT_RULESET = "classic"
STRATEGY_TOPICS = ("strategy.freeze", "strategy.discard", "strategy.take", "strategy.go-out")
LOOK = 0.35  # the share of a walk's positions a drill looks at (so questions come from every stage)
MAX_MELDS = 5  # a score drill's hand has at most this many melds per side
HELD_OVER_DEAL = 4  # ... and nobody holds more than this many cards over the deal when it ends


@dataclass(frozen=True)
class Drill:
    """A kind of question. A drill of moves asks about a family of the rule registry (``meld`` for
    every ``meld.*`` rule, in the order engine/rules/ declares them), so that a rule added to the
    family is drilled with it; ``but`` names the family's rules it leaves out, each for a reason given
    where the drill is listed. A score drill names its score lines, which are not rules of the registry."""
    name: str
    phase: str  # the phase of the positions it looks at
    moves: Callable[[Position, random.Random], list[str]] | None  # None: a score drill
    family: str = ""
    but: tuple[str, ...] = ()
    also: tuple[str, ...] = ()  # rules of other families the drill asks about too
    lines: tuple[str, ...] = ()  # a score drill's score lines
    hands: int = 8  # hands to walk before giving up on a rule
    end: bool = False  # walks play on to the stock's last card (``walk(to_end=True)``)

    @property
    def rules(self) -> tuple[str, ...]:
        if not self.family:
            return self.lines
        from canasta_tutor.engine.rules import RULES

        own = tuple(r for r in RULES if r.split(".", 1)[0] == self.family and r not in self.but)
        return own + tuple(r for r in self.also if r not in own)


def _cards(cards) -> str:
    return " ".join(map(str, cards))


def _by_rank(hand) -> dict[str, list]:
    groups: dict[str, list] = {}
    for c in hand:
        if c.is_natural:
            groups.setdefault(c.rank, []).append(c)
    return groups


def _wilds(hand) -> list:
    return [c for c in hand if c.is_wild]


def _mover_hand(t: Table) -> list[Card]:
    """The mover's cards: a position of a walk hides the others' hands, never the mover's."""
    hand = t.mover.hand
    if hand is None:
        raise ValueError(f"the hand of {t.mover.name} is not known")
    return hand


def meld_moves(p: Position, rng: random.Random) -> list[str]:
    t = p.table
    side = t.side_of(t.turn.player)
    if not side.has_melded:
        return []
    hand = _mover_hand(t)
    ml = legal_moves(t)
    out = [o.move for o in ml.of_kind("meld") + ml.of_kind("add") if not o.verdict.went_out]
    wilds = _wilds(hand)
    groups = _by_rank(hand)
    for _rank, naturals in groups.items():
        for n in range(1, min(3, len(naturals)) + 1):
            for k in range(0, min(4, len(wilds)) + 1):
                if 2 <= n + k:
                    out.append("meld " + _cards(naturals[:n] + wilds[:k]))
    ranks = list(groups)
    if len(ranks) >= 2:
        a, b = rng.sample(ranks, 2)
        out.append("meld " + _cards(groups[a][:2] + groups[b][:1]))
    for m in side.melds:
        if wilds and not m.is_canasta:
            for k in range(1, min(3, len(wilds)) + 1):
                out.append(f"add {_cards(wilds[:k])} to {m.rank}")
    blacks = [c for c in hand if c.is_black_three]
    if len(blacks) >= 3:
        out.append("meld " + _cards(blacks[:3]))
    return out


def initial_moves(p: Position, rng: random.Random) -> list[str]:
    t = p.table
    side = t.side_of(t.turn.player)
    if side.has_melded:
        return []
    hand = _mover_hand(t)
    out = [o.move for o in legal_moves(t).of_kind("meld") if not o.verdict.went_out]
    wilds = _wilds(hand)
    singles = []
    for _rank, naturals in _by_rank(hand).items():
        if len(naturals) >= 3:
            singles.append("meld " + _cards(naturals[:3]))
        if len(naturals) >= 2 and wilds:
            singles.append("meld " + _cards(naturals[:2] + wilds[:1]))
    out += singles
    out += ["; ".join(pair) for pair in combinations(singles, 2)]
    return out


def pile_moves(p: Position, rng: random.Random) -> list[str]:
    t = p.table
    hand = _mover_hand(t)
    out = [o.move for o in legal_moves(t).of_kind("take")] + ["take"]
    if not t.discard:
        return out
    top = t.discard[-1]
    same = [c for c in hand if c.is_natural and c.rank == top.rank]
    wilds = _wilds(hand)
    if same:
        out.append("take " + _cards(same[:1]))
        if wilds:
            out.append("take " + _cards(same[:1] + wilds[:1]))
    if len(same) >= 2:
        out.append("take " + _cards(same[:2]))
    if wilds:
        out.append("take " + _cards(wilds[:2]))
    return out


def out_moves(p: Position, rng: random.Random) -> list[str]:
    """Ways to empty the hand: the generator's, and lay-offs of every card but one, then discarding it."""
    t = p.table
    side = t.side_of(t.turn.player)
    hand = _mover_hand(t)
    if not side.has_melded or len(hand) > 5:
        return []
    out = [o.move for o in legal_moves(t).of_kind("out")]
    if len(side.players) == 1:  # asking leave as a partnered game does, with no partner to ask
        out += ["ask; " + move for move in out[:2]]
    # The side's meld ranks in the order the table lists them: a wild card goes on the first, the same
    # one in every process (a set's first string changes with the interpreter's string hashing).
    ranks = [m.rank for m in side.melds]
    for i, last in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        adds = []
        for c in rest:
            target = c.rank if c.is_natural and c.rank in ranks else (ranks[0] if c.is_wild and ranks else None)
            if target is None:
                break
            adds.append(f"add {c} to {target}")
        else:
            out.append("; ".join(adds + [f"discard {last}"]))
            if adds and last.is_natural and last.rank in ranks:
                out.append("; ".join(adds + [f"add {last} to {last.rank}"]))
    return out


def turn_moves(p: Position, rng: random.Random) -> list[str]:
    """A turn from its start: drawing first, once, and a discard that ends it; melding before the draw,
    a second draw, a step after the discard, a wild card thrown away, a lay-off onto a meld the side
    lacks or onto a closed canasta: each a slip a learner makes."""
    t = p.table
    side = t.side_of(t.turn.player)
    hand = _mover_hand(t)
    naturals = [c for c in hand if c.is_natural and not c.rank == "3"]
    out = ["draw; draw"]
    groups = _by_rank(hand)
    triples = [cards[:3] for cards in groups.values() if len(cards) >= 3]
    if triples:
        out.append("meld " + _cards(triples[0]))
    if naturals:
        out.append(f"draw; discard {rng.choice(naturals)}")
    if len(naturals) >= 2:
        a, b = rng.sample(naturals, 2)
        out.append(f"draw; discard {a}; discard {b}")
    wilds = _wilds(hand)
    if wilds:
        out.append(f"draw; discard {wilds[0]}")
    top = t.discard[-1] if t.discard else None
    if top is not None and top.is_natural and top.rank != "3":
        # The card the last player just threw, used after drawing as if the draw had brought it: it
        # is not in the hand. The draw names the stock's cards, so the hand is known.
        draw = "draw " + _cards(_next_draw(p)) if p.game.stock else "draw"
        pair = groups.get(top.rank, [])[:2]
        if len(pair) == 2:
            out.append(f"{draw}; meld " + _cards(pair + [top]))
        if any(m.rank == top.rank and not m.is_canasta for m in side.melds):
            out.append(f"{draw}; add {top} to {top.rank}")
    if t.turn.first_round:  # the pile taken, or a meld laid, in a round where some rulesets allow neither
        out += [m for m in pile_moves(p, rng) if m != "take"][:2]
        if triples:
            out.append("draw; meld " + _cards(triples[0]))
    if side.has_melded:
        ranks = {m.rank for m in side.melds}
        out += [f"draw; add {cards[0]} to {rank}" for rank, cards in groups.items() if rank not in ranks][:1]
        out += [f"draw; add {groups[m.rank][0]} to {m.rank}" for m in side.melds if m.is_canasta and m.rank in groups][:1]
    return out


def _next_draw(p: Position) -> list[Card]:
    """The cards a draw from the stock brings here, top first (a red three brings its replacement)."""
    due = min(p.table.ruleset.draw_count, len(p.game.stock))
    named: list[Card] = []
    for c in reversed(p.game.stock):
        if not due:
            break
        named.append(c)
        if not c.is_red_three:
            due -= 1
    return named


def stock_moves(p: Position, rng: random.Random) -> list[str]:
    """A turn's draw as the stock gives it: a card named too many or too few (the draw of another
    ruleset), a red three drawn and melded or thrown away, a draw from a stock that is empty, the pile
    reached for when the stock is gone, and a discard after the last card came up a red three."""
    t = p.table
    hand = _mover_hand(t)
    naturals = [c for c in hand if c.is_natural and c.rank != "3"]
    end = f"; discard {rng.choice(naturals)}" if naturals else ""
    if not p.game.stock:
        return ["draw", "draw" + end] + pile_moves(p, rng)
    drawn = _next_draw(p)
    after = p.game.stock[:-len(drawn)]
    out = []
    if after:
        out.append("draw " + _cards(drawn + after[-1:]) + end)
    if len(drawn) > 1 and not drawn[-1].is_red_three:
        out.append("draw " + _cards(drawn[:-1]) + end)
    pairs = [cards[:2] for cards in _by_rank(hand).values() if len(cards) >= 2]
    for red in (c for c in drawn if c.is_red_three):
        out.append("draw " + _cards(drawn) + f"; discard {red}")
        out += ["draw " + _cards(drawn) + "; meld " + _cards(pair + [red]) for pair in pairs[:1]]
    if len(p.game.stock) == 1:  # the last card: were it a red three, what is left of the turn?
        # Only a red three the mover cannot see yet could be that card: none laid out, in the pile or
        # in hand (with all of a suit's red threes in sight, the question would show an impossible table).
        seen = [str(c) for s in t.sides for c in s.red_threes] + [str(c) for c in t.discard] + [str(c) for c in hand]
        reds = [red for red in ("3H", "3D") if seen.count(red) < t.ruleset.decks]
        out += [f"draw {red}" + end for red in reds]
        triples = [cards[:3] for cards in _by_rank(hand).values() if len(cards) >= 3]
        out += [f"draw {reds[0]}; meld " + _cards(cards) for cards in triples[:1] if reds]
    return out


DRILLS = (
    # What a meld is made of. Which meld the cards go to (one the side has, one not yet a canasta) is
    # another lesson: the drill's moves lay new melds and add to the side's open ones only.
    Drill("melds", "play", meld_moves, family="meld", but=("meld.no-such-meld", "meld.canasta-closed")),
    Drill("first meld", "play", initial_moves, family="initial"),
    # What the hand needs to take the pile. Play never leaves the pile empty at a turn's start (the
    # taker discards onto it, or went out and ended the hand), and a second take in one turn breaks the
    # one-draw rule first; taking onto a meld already down is a house option no built-in ruleset plays.
    # Both are reviewed on lesson questions (``lesson_question_for``).
    Drill("taking the pile", "draw", pile_moves, family="pile", but=("pile.empty", "pile.onto-own-meld")),
    # Asking a partner's consent where nobody plays as a partner (two or three players) is a slip of
    # going out.
    Drill("going out", "play", out_moves, family="out", also=("turn.no-partner",)),
    # A turn's order and the slips of its steps: the card the last player threw, used without taking
    # the pile, is not in the hand; the pile taken or a meld laid in a first round that forbids them
    # (the Danish house). Asking with no partner is asked where going out is. A wild card thrown away,
    # a lay-off onto a meld the side lacks or onto a closed canasta are slips of the turn, asked here
    # rather than in the drill of melds.
    Drill("the turn", "draw", turn_moves, family="turn", but=("turn.no-partner",),
          also=("discard.wild", "meld.no-such-meld", "meld.canasta-closed")),
    # The stock: how many cards a draw takes, the red threes it brings, and its end (nothing to draw;
    # a hand over with the last card or, in the Danish house, with the stock). Its walks play on to
    # the stock's last card, and always look at the last two turns' positions.
    Drill("the stock", "draw", stock_moves, family="draw", also=("hand.over", "three.red-three"), end=True),
    # The lines a hand reached by play shows often enough to ask about: a concealed hand and the cut
    # bonus are rare, or played by one ruleset only, so they are left out.
    Drill("counting a score", "", None, lines=("score.cards", "score.canasta-natural", "score.canasta-mixed",
                                               "score.red-threes", "score.going-out", "score.hand",
                                               "score.no-canasta"), hands=40),
    # Which move is best, graded by the coach's evaluation: a strategy topic is reviewed on a fresh
    # position of coach-played hands, never the lesson's own question.
    Drill("strategy", "", None, lines=STRATEGY_TOPICS, hands=12),
)


def drillable() -> list[str]:
    return [r for d in DRILLS for r in d.rules]


def drill_of(rule: str) -> Drill | None:
    return next((d for d in DRILLS if rule in d.rules), None)


def possible(rule: str, ruleset: str) -> bool:
    """Whether a position of real play can ask about ``rule`` under ``ruleset``, by its parameters."""
    from canasta_tutor.engine.ruleset import load_ruleset

    rs = load_ruleset(ruleset)
    if rule == "out.must-discard":
        return rs.final_discard != "optional"
    if rule == "out.permission":
        return rs.side_size > 1
    if rule == "initial.canasta-required":
        return any(t.need is None for t in rs.initial_meld)
    if rule == "discard.wild":
        return not rs.discard_wild
    if rule == "meld.canasta-closed":
        return bool(rs.canasta_closed)
    if rule == "pile.wild-on-top":
        return rs.discard_wild or rs.wild_upcard == "freeze"
    if rule == "turn.first-round":
        return rs.first_round_restricted
    if rule == "turn.no-partner":
        return rs.side_size == 1
    return True


def worth_asking(rule: str, table, verdict) -> bool:
    """Whether a move's ruling turns on ``rule``: the decisive violation, or a limit a legal move reached."""
    if verdict.violations:
        return verdict.violations[0].rule == rule
    return any(r == rule for r, _ in limits_reached(table, verdict))


def plausible(move: str, verdict) -> bool:
    """A move a learner might really try: each step breaks one rule at most (never "meld 4H 6S", two
    cards of two ranks); a bare "take", the pile reached for without showing cards, is one too."""
    return move == "take" or len({f.rule for f in verdict.violations}) <= 1 + move.count(";")


def question_for(rule: str, rng: random.Random, ruleset: str | None = None) -> Question | None:
    """A question whose answer turns on ``rule``, on a position reached by play under ``ruleset``
    (classic when not given); None if the hands walked never gave one."""
    drill = drill_of(rule)
    if drill is None:
        return None
    ruleset = ruleset or DEFAULT_RULESET
    if not possible(rule, ruleset):
        return None
    if drill.name == "strategy":
        return strategy_question(rule, rng, ruleset, drill.hands)
    if drill.moves is None:
        return _score_question(rule, rng, ruleset, drill.hands)
    # The Dutch house asks a canasta for the first meld only of a side far ahead: its sides are seated there.
    among = canasta_band(load_ruleset(ruleset)) if rule == "initial.canasta-required" else ()
    want_legal = rng.random() < 0.35  # now and then a legal move first: knowing what is allowed is half a rule
    spare = None
    # Hands the coach plays first; then a few played at random, for positions the coach seldom reaches.
    for coached in [True] * drill.hands + [False] * drill.hands:
        for p in walk(ruleset, rng.randrange(1 << 30), among=among, coached=coached, to_end=drill.end):
            if p.phase != drill.phase or (rng.random() > LOOK and not (drill.end and len(p.game.stock) <= 1)):
                continue
            partnered = len(p.table.side_of(p.table.turn.player).players) > 1
            permission = rng.choice(["none", "none", "granted", "refused"]) if drill.name == "going out" and partnered else "none"
            seen = p.seen(permission)
            moves = list(dict.fromkeys(drill.moves(p, rng)))
            rng.shuffle(moves)
            for move in moves:
                v = judge(seen, move)
                if not worth_asking(rule, seen, v) or not plausible(move, v):
                    continue
                q = Question("legal", seen, 0, 0, move=move, topics=[rule])
                if v.legal == want_legal:
                    return q
                spare = spare or q
        if spare is not None:
            return spare
    return None


def strategy_question(topic: str, rng: random.Random, ruleset: str = DEFAULT_RULESET, hands: int = 12
                      ) -> Question | None:
    """A "which is best?" question on ``topic`` at a position of coach-played hands: three moves a
    learner might choose there, of which the coach's evaluation rates one clearly best (by more than
    the near-equal margin); None when the hands walked gave none."""
    from canasta_tutor.learning.lesson import strategy_topic
    from canasta_tutor.play.evaluate import NEAR, rate

    phase = "draw" if topic == "strategy.take" else "play"
    if topic == "strategy.go-out" and load_ruleset(ruleset).partner_permission == "required":
        ruleset = "official"  # going out is the player's own choice only where asking is (the table says so)
    for _ in range(hands):
        for p in walk(ruleset, rng.randrange(1 << 30)):
            if p.phase != phase or (topic != "strategy.go-out" and rng.random() > LOOK):
                continue  # (a way out comes late in a hand: every such position is looked at)
            seen = p.seen()
            options = [o for o in legal_moves(seen).options if o.kind != "ask"]
            chosen = _strategy_options(topic, options, rng)
            if len(chosen) < 3:
                continue
            rated = rate(seen, chosen)
            if rated[0].value - rated[1].value <= NEAR:
                continue  # no clear best: not a fair question
            moves = [o.move for o in chosen]
            rng.shuffle(moves)
            q = Question("best", seen, 0, 0, moves=moves, topics=[topic])
            if strategy_topic(q) == topic and len(q.correct()) == 1:
                return q
    return None


def _strategy_options(topic: str, options: list, rng: random.Random) -> list:
    """Three moves of the topic's kind, each a whole turn or each a choice of the draw phase: a take or
    a draw; going out or two discards (a lay-off alone would leave the turn half played); a wild card
    thrown or two natural discards; three discards of different ranks."""
    def pick(pool: list, n: int) -> list:
        return rng.sample(pool, n) if len(pool) >= n else []

    discards = [o for o in options if o.kind == "discard"]
    naturals = list({o.steps[0].cards[0].rank: o for o in discards if o.steps[0].cards[0].is_natural}.values())
    if topic == "strategy.take":
        takes = [o for o in options if o.kind == "take"]
        draws = [o for o in options if o.kind == "draw"]
        return draws[:1] + pick(takes, 2) if draws and len(takes) >= 2 else []
    if topic == "strategy.go-out":
        outs = [o for o in options if o.kind == "out"]
        rest = [o for o in discards if not o.verdict.went_out]
        return outs[:1] + pick(rest, 2) if outs else []
    if topic == "strategy.freeze":
        wilds = [o for o in discards if o.steps[0].cards[0].is_wild]
        return wilds[:1] + pick(naturals, 2) if wilds else []
    return pick(naturals, 3)


def _score_question(rule: str, rng: random.Random, ruleset: str, hands: int) -> Question | None:
    for _ in range(hands):
        result = play_hand(ruleset, rng.randrange(1 << 30), roundtrip=False)
        if result.final is None or result.broken:
            continue
        t = result.final
        if any(len(s.melds) > MAX_MELDS for s in t.sides) or any(
                len(p.hand or []) > t.ruleset.deal + HELD_OVER_DEAL for p in t.players):
            continue
        side = rng.choice(t.sides).name
        q = Question("score", t, 0, 0, side=side, out=result.out, concealed=result.concealed, topics=[rule])
        if rule in q.rule_ids():
            return q
    return None



def lesson_question_for(rule: str, rng: random.Random, avoid: frozenset[str] = frozenset(),
                        turn: int | None = None) -> tuple[str, Question] | None:
    """A built-in lesson's question that tests ``rule``, on a fresh table (``variants``: the suits
    exchanged, the players renamed, the engine's ruling the same), for reviewing a rule no position of play asks about
    (an empty pile...) or one the hands walked gave no position for: (lesson title, question). Never
    the lesson's own table, which the learner may remember by heart. ``turn`` (the rule's reviews so
    far) steps through the questions and their variants in turn, so that the reviews of a week see
    different tables; a random one without it. Lessons in ``avoid`` (not finished yet: the learner
    meets their questions there) are left out."""
    from canasta_tutor.learning.lesson import read_lesson
    from canasta_tutor.learning.variants import CHANGES, variant

    found = sorted((path.name, number, path) for path, lesson_id, number, rules in _lesson_questions()
                   if rule in rules and lesson_id not in avoid)
    if not found:
        return None
    total = len(found) * len(CHANGES)
    start = rng.randrange(total) if turn is None else turn
    for i in range(start, start + total):
        _, number, path = found[i % len(found)]
        lesson = read_lesson(path)
        q = variant(lesson.questions[number - 1], *CHANGES[(i // len(found)) % len(CHANGES)])
        if q is not None:
            q.topics = [rule]
            return lesson.title, q
    return None


def _lesson_questions() -> list[tuple[Path, str, int, list[str]]]:
    """(file, lesson id, question number, tested rules) of every built-in lesson question, worked out once."""
    global _LESSON_QUESTIONS
    if _LESSON_QUESTIONS is None:
        from canasta_tutor.learning.lesson import builtin_lessons, read_lesson
        from canasta_tutor.learning.tested import tested_rules

        _LESSON_QUESTIONS = [(p, ls.id, q.number, tested_rules(q)) for p in builtin_lessons()
                             for ls in [read_lesson(p)] for q in ls.questions]
    return _LESSON_QUESTIONS


_LESSON_QUESTIONS: list[tuple[Path, str, int, list[str]]] | None = None


def reviewable(rule: str) -> bool:
    """Whether a review of ``rule`` can be asked: a drill makes positions for it, or a lesson asks it."""
    return drill_of(rule) is not None or rule in _lesson_rules()


def _lesson_rules() -> set[str]:
    return {r for _, _, _, rules in _lesson_questions() for r in rules}
