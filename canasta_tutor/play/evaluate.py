"""The coach's judgement of every candidate move on one scale, with its reason in words.

``rate(table, options)`` gives each option of ``legal_moves`` a value and a reason (a key of the
catalog's ``play.coach`` section with the numbers it names), best first. The coach (play/coach.py, level
3) decides with the same measures: whether a pile is worth taking, how dangerous a discard is, when to
wait rather than go out; a test checks that its choice is rated best, or nearly best, on real play.

The scale: points for the mover's side, what the move gains (above 0) or risks (below 0) compared with
a move that changes nothing: drawing from the stock, or discarding a card nobody can use. The measures:

- a card put down counts for the side instead of against it: about ``CARD`` (10) points a card; a
  pile taken is worth ``CARD`` a card, less what the pair it takes out of the hand would have waited
  for (``min_pile`` cards' worth, so a pile below the coach's threshold is worth less than a draw);
- a canasta made earns its bonus; an opening unlocks the pile and the lay-offs (``OPEN``);
- a wild card spent is worth half its points more in the hand, until a meld is close to a canasta; one
  thrown away is lost with ``KEEP_WILD`` more (it would have turned a meld into a canasta), unless it
  freezes a big pile, which then costs half its points;
- a discard risks the pile: all of it (``CARD`` a card, and the card itself) when the next opponent can
  lay the card off, a quarter of it when they might hold a pair (``TAKE_CHANCE``), nothing over a black
  three or on a frozen pile when no pair of the rank is out of sight; breaking a pair costs ``PAIR``;
  freezing a big pile with a wild card protects a quarter of it from then on;
- going out earns its bonus and what it lays down; waiting is better when going out would end the hand
  behind (the going-out move is then worth the lead it ends with) while no opponent side has the
  canastas to go out, or would give up a canasta's bonus for the going-out bonus, while the opponents
  are far from going out;
- a whole turn of several steps (a lesson's move: lay-downs, then a discard) is worth what each step
  gains or risks, each on the table the steps before it leave.

``NEAR`` is the margin within which two moves are nearly equal (docs/decisions.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.judge import judge
from canasta_tutor.engine.table import Table
from canasta_tutor.play.moves import Option
from canasta_tutor.play.next_take import lays_off_and_takes

CARD = 10  # what a card is worth to the side that puts it down (or takes it in the pile)
OPEN = 50  # what opening is worth beyond its cards: the pile and the lay-offs it unlocks
NEAR = 10  # two moves within this many points are nearly equal: either is a good answer
TAKE_CHANCE = 0.25  # the chance that an opponent holds a pair for a card nobody has melded
PAIR = 15  # what a card is worth kept beside another of its rank: a pair waits for the pile
KEEP_WILD = 100  # what a wild card kept is worth beyond its points: it turns a meld into a canasta


class Thresholds:
    """The coach's thresholds, which the evaluation measures with too (the coach is a ``Thresholds``)."""
    level = 3
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


@dataclass
class Rating:
    """One option's value (points for the mover's side) and why, as a ``play.coach`` key and its numbers."""
    option: Option
    value: float
    reason: str
    params: dict = field(default_factory=dict)
    # a whole turn of several steps (lay-downs, then a discard): each step's reason, in order
    parts: list[tuple[str, dict]] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"coach.{self.reason}"

    @property
    def reasons(self) -> list[tuple[str, dict]]:
        """Every ``play.coach`` key with its numbers: one per step of a whole turn, else the one."""
        return [(f"coach.{k}", p) for k, p in self.parts] or [(self.key, self.params)]


def wilds_value(o: Option) -> int:
    """What the move spends in wild cards, by value: a 2 is cheaper to give up than a joker."""
    return sum(c.value for s in o.steps if s.kind != "draw" for c in s.cards if c.is_wild)


def card_count(o: Option) -> int:
    return sum(len(s.cards) for s in o.steps if s.kind != "draw")


def laid_points(o: Option) -> int:
    return sum(c.value for s in o.steps if s.kind in ("meld", "add", "take") for c in s.cards)


def canastas_made(o: Option) -> list[str]:
    return o.canastas


def cards_of(o: Option) -> str:
    return " ".join(str(c) for s in o.steps for c in s.cards)


def bonus_of(table: Table, o: Option) -> int:
    """The canasta bonuses the move earns."""
    rs = table.ruleset
    after = o.verdict.after
    side = after.side_of(table.turn.player)
    total = 0
    for rank in canastas_made(o):
        meld = side.meld_of(rank)
        natural = meld is not None and meld.is_natural_canasta
        total += rs.canasta_bonus["natural" if natural else "mixed"]
    return total


# -- the pile --------------------------------------------------------------------------------------

def take_value(table: Table, o: Option, min_pile: int, worth_a_wild: int) -> tuple[float, str, dict]:
    """A take: the pile's cards, less the pair's wait (so a pile under the threshold is worth less than
    a draw); a canasta it makes earns its bonus, an opening its worth. The coach takes when this is
    above 0 (and the take is its best)."""
    size = len(table.discard)
    done = canastas_made(o)
    spent = wilds_value(o)
    note = next((n for n in o.verdict.notes if n.rule == "initial-counted"), None)
    opens = note is not None and len(o.steps) > 1
    threshold = worth_a_wild if spent else min(min_pile, worth_a_wild)
    # half a card above or below the threshold; among takes, the one spending less (never past the half)
    value = CARD * (size - threshold) + CARD / 2 - min(CARD / 2 - 1, (spent + card_count(o)) / 10)
    if done:
        return CARD * size + bonus_of(table, o) - spent / 10, "take-canasta", {"size": size, "rank": done[0]}
    if opens and note is not None:
        return max(value, 0) + OPEN, "take-opens", {"size": size, "counted": note.params["counted"],
                                                      "need": note.params["need"]}
    if value > 0:
        return value, "take", {"size": size, "top": str(table.discard[-1]), "under": size - 1}
    hand_cards = card_count(o) - 1  # the top card is the pile's
    key = "take-small-wild" if spent else "take-small" if hand_cards else "take-small-bare"
    return value, key, {"size": size, "least": threshold}


def draw_reason(take_key: str) -> str:
    """Why a draw beats the best take, by what that take would have spent."""
    return "draw-pile-small" if take_key == "take-small-wild" else "draw-pile-tiny"


# -- discards --------------------------------------------------------------------------------------

def next_opponent(table: Table) -> str | None:
    names = [p.name for p in table.players]
    mine = table.side_of(table.turn.player)
    i = names.index(table.turn.player)
    for k in range(1, len(names)):
        name = names[(i + k) % len(names)]
        if name not in mine.players:
            return name
    return None


def opponents(table: Table) -> list:
    mine = table.side_of(table.turn.player)
    return [s for s in table.sides if s is not mine]


def closest_out(table: Table) -> int:
    """The fewest cards any opponent holds: how close the other side is to going out."""
    mine = table.side_of(table.turn.player)
    counts = [p.count for p in table.players if p.name not in mine.players]
    return min(counts) if counts else 99


def _closed(table: Table, rank: str) -> bool:
    return any(m.rank == rank and m.is_canasta for s in table.sides for m in s.melds)


def frozen_for(table: Table, player: str) -> bool:
    """Whether ``player`` needs a natural pair from the hand to take the pile (as the judge has it: the
    ruleset always asks one, the side has not melded where that freezes it, or the pile is frozen)."""
    rs = table.ruleset
    if rs.pile_needs_natural_pair or table.pile_content_frozen():
        return True
    return not table.side_of(player).melds and "not-melded" in rs.pile_frozen_by


def known_pair(memory, player: str, card: Card) -> list[Card]:
    """The natural cards of ``card``'s rank that ``player`` took with the pile and has not shown since
    (``memory``: play/coach.Memory, or None)."""
    if memory is None or not card.is_natural:
        return []
    return [c for c in getattr(memory, "took", {}).get(player, []) if c.rank == card.rank and c.is_natural]


def thrown_by(memory, player: str | None) -> set[str]:
    """The ranks ``player`` was seen to discard this hand."""
    return set(memory.discarded.get(player, set())) if memory is not None and player else set()


def danger(table: Table, card: Card, memory=None) -> int:
    """How likely the next opponent takes the pile over this card: 2 when they took a pair of its rank
    with the pile and hold it still, or when their side has melded its rank (laid off onto that meld;
    with three sides another opponent's meld does not count: the next player covers the card first);
    0 when only a natural pair takes the pile for them and they threw that rank away (and took no
    pair of it), or when the pile is frozen and no pair of the rank is out of sight; else 1."""
    rs = table.ruleset
    nxt = next_opponent(table)
    known = known_pair(memory, nxt, card) if nxt else []
    if len(known) >= 2:
        return 2
    wanted = {m.rank for m in table.side_of(nxt).melds} if nxt else set()  # the next player's side alone takes it
    if card.rank in wanted and not table.pile_content_frozen() and not (rs.canasta_closed and _closed(table, card.rank)):
        return 2
    if card.rank in thrown_by(memory, nxt) and nxt is not None and frozen_for(table, nxt) and not known:
        return 0
    if table.pile_content_frozen() and unseen_of(table, card.rank) < 2:
        return 0  # a frozen pile takes a natural pair, and no two of the rank are out of sight
    return 1


def unseen_of(table: Table, rank: str) -> int:
    """Copies of the rank the player on turn cannot see (in other hands or the stock)."""
    return max(0, table.ruleset.decks * 4 - visible(table).get(rank, 0))


def visible(table: Table) -> dict[str, int]:
    """How many cards of each rank the player on turn sees: own hand, every meld, the pile."""
    seen: dict[str, int] = {}
    cards = list(table.mover.hand or []) + list(table.discard)
    cards += [c for s in table.sides for m in s.melds for c in m.cards]
    for c in cards:
        seen[c.rank] = seen.get(c.rank, 0) + 1
    return seen


def may_freeze(table: Table, hand: list[Card], freeze_at: int) -> bool:
    """Whether a wild card discarded now freezes a pile worth guarding: it is not frozen yet, it holds
    ``freeze_at`` cards or more, the ruleset lets a wild card be discarded, and another wild card stays
    in the hand."""
    return (not table.pile_content_frozen() and len(table.discard) >= freeze_at
            and sum(1 for c in hand if c.is_wild) >= 2 and bool(table.ruleset.discard_wild))


def discard_value(table: Table, o: Option, memory, freeze_at: int) -> tuple[float, str, dict]:
    """A discard: what it risks (the pile, to the next opponent) and what the card was worth kept."""
    card = o.steps[0].cards[0]
    hand = table.mover.hand or []
    before = len(table.discard)
    size = before + 1  # the pile as the next player finds it, this card on top (as play/warnings.py counts)
    at_stake = CARD * size
    held = sum(1 for c in hand if c.rank == card.rank)
    if card.is_black_three:
        return 0.0, "discard-black-three", {}
    if card.is_wild:
        if may_freeze(table, hand, freeze_at):
            return TAKE_CHANCE * CARD * before - card.value / 2, "freeze", {"card": str(card), "size": size}
        return -float(card.value + KEEP_WILD), "discard-wild", {"card": str(card), "size": size, "least": freeze_at}
    if card.is_red_three:
        return -float(card.value), "discard", {"card": str(card), "held": held}
    mine = table.side_of(table.turn.player)
    keep = PAIR * (held - 1) + (CARD if mine.meld_of(card.rank) is not None else 0) + card.value / 10
    d = danger(table, card, memory)
    nxt = next_opponent(table)
    wanted = {m.rank for s in opponents(table) for m in s.melds}
    if d == 2:
        fed = lays_off_and_takes(table, o.steps)  # the judge's ruling, as the mover sees the table
        key, params = ("discard-feeds", {"card": str(card), "size": size, "player": nxt}) if fed else (
            "discard", {"card": str(card), "held": held})  # they took a pair of it with the pile
        return -at_stake - keep, key, params
    unseen = unseen_of(table, card.rank)
    if d == 0 and card.rank in thrown_by(memory, nxt):  # (only while a natural pair takes the pile)
        return -keep, "discard-thrown", {"card": str(card), "player": nxt, "held": held}
    if d == 0:  # a frozen pile takes a natural pair, and no pair of the rank is out of sight
        return -keep - unseen / 10, "discard-seen", {"card": str(card), "unseen": unseen}
    risk = TAKE_CHANCE * at_stake
    key = "discard-safe" if card.rank not in wanted else "discard"
    return -risk - keep - unseen / 10, key, {"card": str(card), "held": held}


# -- going out, or waiting -------------------------------------------------------------------------

def estimate(after: Table, player: str, per_card: int) -> tuple[int, int]:
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


def ready_side(table: Table) -> str | None:
    """An opponent side that has the canastas it needs to go out (its name): it can end the hand when
    it likes, so waiting to catch up is no plan against it."""
    need = table.ruleset.canastas_to_go_out
    return next((s.name for s in opponents(table) if s.canastas >= need), None)


def worth_waiting(table: Table, options: list[Option], out: Option, safe_count: int, safe_stock: int,
                  card_guess: int) -> tuple[str, dict] | None:
    """Going out ends the hand. Wait (the reason's key and numbers) when the opponents are far from
    going out themselves and either going out now would leave the side behind (while no opponent side
    has the canastas to go out: one that has may end the hand at will and catch the side's cards in
    hand), or a meld is close to a canasta; None to go out now."""
    if not any(o.kind in ("meld", "add", "discard") for o in options):
        return None
    far = closest_out(table) >= safe_count and table.stock >= safe_stock
    if not far:
        return None
    side = table.side_of(table.turn.player)
    ours, theirs = estimate(out.verdict.after, table.turn.player, card_guess)
    if ours <= theirs and ready_side(table) is None:  # a side that may go out at will would catch ours
        return "wait-behind", {"ours": ours, "theirs": theirs}
    if side.canastas < 2 and closest_out(table) >= 8 and any(5 <= len(m.cards) < 7 for m in side.melds):
        return "wait-canasta", {"ours": ours, "theirs": theirs}
    return None


def out_value(table: Table, o: Option, wait: tuple[str, dict] | None, safe_count: int, safe_stock: int,
              card_guess: int) -> tuple[float, str, dict]:
    """Going out: its bonus and what it lays down when the coach would go out (the reason names what
    makes waiting wrong), else what waiting saves: the lead it would end with, or a canasta's bonus."""
    rs = table.ruleset
    if wait is None:
        value = rs.going_out_bonus + laid_points(o) + bonus_of(table, o)
        closest = closest_out(table)
        nearest = next((p.name for p in table.players if p.count == closest
                        and p.name not in table.side_of(table.turn.player).players), None)
        if nearest is not None and closest < safe_count:  # the fact that says: do not wait
            return value, "out-race", {"player": nearest, "count": closest}
        if table.stock < safe_stock:
            return value, "out-stock", {"stock": table.stock}
        ours, theirs = estimate(o.verdict.after, table.turn.player, card_guess)
        ready = ready_side(table)
        if ours <= theirs and ready is not None:  # behind, but they need only put their cards down to go out
            return value, "out-ready", {"ours": ours, "theirs": theirs, "side": ready}
        return value, "out-ahead", {"ours": ours, "theirs": theirs}
    key, params = wait
    if key == "wait-behind":
        return float(params["ours"] - params["theirs"]), "out-behind", params
    lost = rs.canasta_bonus["mixed"]
    return float(rs.going_out_bonus - lost), "out-canasta", {"bonus": lost, "out": rs.going_out_bonus}


# -- every option ----------------------------------------------------------------------------------

def rate(table: Table, options: list[Option], memory=None, coach=None) -> list[Rating]:
    """Every option's value and reason, best first (equal values keep the listing's order).
    ``memory`` is what the player saw of the hand (play/coach.Memory); ``coach`` the coach whose
    thresholds and level are used (a level-3 coach's when not given)."""
    c = coach or Thresholds()
    options = [o for o in options if o.kind != "ask"]
    rated = [_turn(table, o, memory, c) if _whole_turn(o) else Rating(o, *_one(table, o, options, memory, c))
             for o in options]
    freezes = [r for r in rated if r.reason == "freeze"]
    for r in freezes:  # the fact that makes a dearer freeze worse: a cheaper wild card does it as well
        cheaper = min(freezes, key=lambda f: f.option.steps[0].cards[0].value)
        if cheaper.option.steps[0].cards[0].value < r.option.steps[0].cards[0].value:
            r.reason, r.params = "freeze-dear", {**r.params, "cheaper": str(cheaper.option.steps[0].cards[0])}
    return sorted(rated, key=lambda r: -r.value)


def _whole_turn(o: Option) -> bool:
    """A play-phase move of several steps that ends with a discard (a lesson's whole turn): not one
    ``legal_moves`` lists, whose play-phase options are one step each, or go out."""
    return o.kind in ("meld", "add", "discard") and len(o.steps) > 1


def _turn(table: Table, o: Option, memory, c) -> Rating:
    """A whole turn rated step by step, each step on the table the steps before it leave: what its
    melds and lay-offs gain, plus what its discard risks there (with the pile one card bigger)."""
    t, total, parts = table, 0.0, []
    for step in o.steps:
        v = judge(t, [step])
        one = Option(step.kind, [step], v)
        value, key, params = _one(t, one, [one], memory, c)
        total += value
        parts.append((key, params))
        t = v.after
    key, params = parts[-1]
    return Rating(o, total, key, params, parts)


def _one(table: Table, o: Option, options: list[Option], memory, c) -> tuple[float, str, dict]:
    side = table.side_of(table.turn.player)
    if o.kind == "take":
        return take_value(table, o, c.min_pile, c.pile_worth_a_wild)
    if o.kind == "draw":
        return _draw_value(table, options, c)
    if o.kind == "out":
        wait = worth_waiting(table, options, o, c.safe_count, c.safe_stock, c.card_guess) if c.level >= 3 else None
        return out_value(table, o, wait, c.safe_count, c.safe_stock, c.card_guess)
    if o.kind == "discard":
        return discard_value(table, o, memory, c.freeze_at if c.level >= 3 else 10 ** 6)
    return _meld_value(table, side, o, c)


def _draw_value(table: Table, options: list[Option], c) -> tuple[float, str, dict]:
    takes = [take_value(table, o, c.min_pile, c.pile_worth_a_wild) for o in options if o.kind == "take"]
    size = len(table.discard)
    if not table.discard:
        return 0.0, "draw", {}
    if not takes:
        return 0.0, "draw-no-take", {}
    value, key, params = max(takes, key=lambda t: t[0])
    if value > 0:
        return 0.0, "draw-instead", {"size": size}
    return 0.0, draw_reason(key), {"size": size, "least": params["least"]}


def _meld_value(table: Table, side, o: Option, c) -> tuple[float, str, dict]:
    done = canastas_made(o)
    wild = wilds_value(o)
    cards = cards_of(o)
    n = card_count(o)
    if done:
        return bonus_of(table, o) + laid_points(o) - wild / 10, "canasta", {"rank": done[0]}
    if not side.has_melded and o.kind == "meld":
        note = next((x for x in o.verdict.notes if x.rule == "initial-counted"), None)
        value = OPEN - wild / 2 - n  # the cheapest opening keeps the most for later
        if note:
            return value, "open", {"counted": note.params["counted"], "need": note.params["need"]}
        return value, "open-canasta", {}
    if not wild:
        return CARD * n + (1 if o.kind == "add" else 0), "lay-off" if o.kind == "add" else "meld-natural", {"cards": cards}
    threat = _threat(table, c) or len(table.mover.hand or []) <= 3
    meld = side.meld_of(o.steps[0].to) if o.steps[0].to else None
    if meld is not None and not meld.is_canasta and len(meld.cards) >= c.near_canasta and wild <= c.wild_toward:
        return CARD * n - wild / 2 + CARD / 2, "wild-toward-canasta", {"rank": o.steps[0].to}
    if threat:
        return CARD * n - wild / 10, "unload", {"count": closest_out(table)}
    return CARD * n - wild - KEEP_WILD, "wild-early", {"cards": cards}


def _threat(table: Table, c) -> bool:
    ready = ready_side(table) is not None
    return closest_out(table) <= c.unload_at or (ready and closest_out(table) <= c.race_at)


def best_and_near(ratings: list[Rating], margin: float = NEAR) -> tuple[Rating, list[Rating]]:
    """The best rating, and the others within ``margin`` of it (nearly as good)."""
    best = ratings[0]
    return best, [r for r in ratings[1:] if best.value - r.value <= margin]
