"""Taking the pile to make the side's first meld, on counts: whether a side that has not melded may
take the discard pile with more cards than the plain takes (``some_take``) try, with further melds
laid in the same move where the take alone falls short of the first meld's minimum.

The listing's search (``play/candidates.py: can_take``) answers this by asking the judge about each
take and each set of melds; here the same question is answered on the counts of the hand's ranks.
What makes such a move legal, as the judge rules it (``engine/rules/``):

- the take: the top card and ``k`` naturals of its rank from the hand (``k`` at least one, two where
  the pile is frozen for the side), wild cards within the meld's cap, three cards at least, as many
  naturals as every meld needs;
- the further melds: each of one other natural rank, from the hand, with the same limits;
- the first meld's minimum: the top card and every card laid from the hand count, never the rest of
  the pile (it goes to the hand, and a card from the pile counts for no ruleset); where the score
  asks for a canasta instead, one of the new melds holds seven cards;
- what is left: the rest of the pile goes to the hand (a red three in it to the side's red threes),
  so a move that leaves one card needs the canastas to go out, and one that empties the hand goes
  out (the canastas, the partner's answer, and no last discard: a take is never concealed).

The search answers yes even when the turn could not be finished after such a move, and so does
this. Cards written without a suit (in the hand or the pile), red threes in the hand and a red three
drawn as the stock's last card are the judge's corners: the answer is then None, as it is when the
counts would need a longer search than this one allows."""
from __future__ import annotations

from collections.abc import Sequence

from canasta_tutor.engine.cards import NATURAL_RANKS, Card
from canasta_tutor.engine.kernel.constants import RED_THREES, SUITLESS, Constants

__all__ = ["first_meld_take"]

# Cards in the hand the judge rules on alone: a suitless card may stand for several, a red three goes
# to the side's red threes rather than into a meld. In the pile, only a suitless card is the judge's.
_CORNERS = SUITLESS | RED_THREES
_VALUE = {r: Card(r, "S").value for r in NATURAL_RANKS}
_JOKER = Card("JK").value
_TWO = Card("2", "S").value
# Aggregated states the search over the hand's ranks may weigh before it hands the question over.
WORK_LIMIT = 20000


def first_meld_take(k: Constants, hand: Sequence[Card], pile: Sequence[Card], score: int, *,
                    partnered: bool, permission: str, stock: int, pile_frozen: bool, first_round: bool,
                    red_three_last: bool) -> bool | None:
    """Whether the player on turn, in the draw phase, whose side has not melded, may take the pile in
    a move that makes the side's first meld (the take alone, or the take and further melds).

    ``k``: the ruleset's constants; ``hand``: the player's cards; ``pile``: the discard pile, top card
    last; ``score``: the side's score; ``partnered``: the side has more than one player;
    ``permission``: the partner's answer (``none``, ``granted``, ``refused``); ``stock``: cards left in
    the stock; ``pile_frozen``: the pile is frozen by what lies in it, or as the table says
    (``View.pile_frozen``); ``first_round``, ``red_three_last``: the turn's flags. None: the judge's
    search must say."""
    if not pile:
        return False
    if red_three_last or not (_CORNERS.isdisjoint(hand) and SUITLESS.isdisjoint(pile)):
        return None
    if k.stock_out_end and stock == 0 or k.first_round_restricted and first_round:
        return False  # hand.over, turn.first-round: no take at all
    top = pile[-1]
    if not top.is_natural:
        return False  # a wild card or a black three on top: the pile is never taken
    rank = top.rank
    ranks = [c.rank for c in hand]
    held = ranks.count(rank)
    # The fewest naturals from the hand a take lays: one, two on a frozen pile, and the meld's minimum
    # (``Constants.least_take``, ``least_frozen``).
    least = k.least_frozen if pile_frozen else k.least_take
    if held < least:
        return False
    twos = ranks.count("2")
    jokers = ranks.count("JK")
    # The likeliest yes is asked of nearly every such question, so its helpers are written out here:
    # ``_cap(k, held + 1)``, ``Ruleset.threshold(score).need`` and ``_wild_worth(wild, jokers)`` (their
    # calls took about a fifth of this function's time).
    cap = held + 1 - k.ratio_margin
    if cap > k.max_wilds:
        cap = k.max_wilds
    wild = twos + jokers
    if wild > cap:
        wild = cap
    if held == 1 and not wild:
        return False  # the top card and one natural make two cards: a take needs a wild card too
    need: int | None = None
    for below, need in k.tiers:  # noqa: B007  (read after the loop: the last tier where none is below)
        if below is None or score < below:
            break
    # The cards the hand holds after the take, before anything is laid: a red three in the pile goes to
    # the side's red threes (a red three on top is not natural: refused above).
    left = len(hand) + len(pile) - 1 - (0 if RED_THREES.isdisjoint(pile) else sum(map(RED_THREES.__contains__, pile)))
    if need is not None:
        # The likeliest yes: every natural of the top's rank and as many wild cards as the meld holds.
        j = wild if wild < jokers else jokers
        worth = top.value + held * _VALUE[rank] + j * _JOKER + (wild - j) * _TWO
        if worth >= need and left - held - wild >= 2:
            return True
        if k.min_naturals >= 2:
            best, used = _most_points(k, rank, ranks, held, twos + jokers, jokers)
            best += top.value
            if best < need:
                return False
            if left - used >= 2:
                return True
    elif 1 + held + wild >= 7:  # a canasta asked for, and the take can lay one by itself
        laid = min(held, 6)  # seven cards with the top: the most naturals leave the fewest wild cards
        if laid >= least and 6 - laid <= min(twos + jokers, _cap(k, laid + 1)) and left - 6 >= 2:
            return True
    out_ok = k.final_discard == "optional" and not (
        partnered and (permission == "refused" or k.permission_required and permission != "granted"))
    return _search(k, rank, ranks, held, least, twos + jokers, jokers, top.value, need, left, out_ok)


def _cap(k: Constants, naturals: int) -> int:
    """The most wild cards a meld of ``naturals`` natural cards may hold (``meld.too-many-wilds``)."""
    return min(k.max_wilds, naturals - k.ratio_margin)


def _wild_worth(wilds: int, jokers: int) -> int:
    """The most points ``wilds`` wild cards of the hand count: its jokers first."""
    j = min(wilds, jokers)
    return j * _JOKER + (wilds - j) * _TWO


def _most_points(k: Constants, rank: str, ranks: list[str], held: int, wilds: int, jokers: int
                 ) -> tuple[int, int]:
    """The most points the take and further melds can count (without the top card), and the cards
    from the hand they lay then, for a ruleset whose melds need two naturals or more.

    Every natural of a rank with enough of them is laid; a rank of just two naturals needs a wild
    card to make three cards, and is worth melding before any wild card goes elsewhere, since that
    wild card counts wherever it lies and the meld adds room for more. Then as many wild cards as the
    melds have room for, jokers first. Nothing is worth more, and every card counts, so this is the
    largest count, and it lays the most cards."""
    points = held * _VALUE[rank]
    used = held
    room = _cap(k, held + 1)
    spare = wilds - (1 if held == 1 else 0)  # the take of one natural holds one wild card already
    pairs: list[int] = []
    least = k.min_naturals
    for r in NATURAL_RANKS:
        if r == rank:
            continue
        n = ranks.count(r)
        if n < least:
            continue
        if n >= 3:
            points += n * _VALUE[r]
            used += n
            room += _cap(k, n)
        elif _cap(k, n) >= 3 - n:
            pairs.append(_VALUE[r])
    if pairs and spare > 0:
        pairs.sort(reverse=True)
        for v in pairs[:spare]:
            points += 2 * v
            used += 2
            room += _cap(k, 2)
    placed = min(wilds, room)
    return points + _wild_worth(placed, jokers), used + placed


def _search(k: Constants, rank: str, ranks: list[str], held: int, least: int, wilds: int, jokers: int,
            top_value: int, need: int | None, left: int, out_ok: bool) -> bool | None:
    """Every take and set of further melds, on counts: the states (cards laid, wild cards laid,
    canastas made) each with the most natural points that reach them, rank by rank. None when the
    states grow past ``WORK_LIMIT``."""
    enough = max(k.out_canastas, 1)  # canastas worth telling apart
    states: dict[tuple[int, int, int], int] = {}
    for n in range(least, held + 1):
        naturals = n + 1  # with the top card
        for w in range(max(0, 3 - naturals), min(_cap(k, naturals), wilds) + 1):
            key = (n + w, w, min(int(naturals + w >= 7), enough))
            points = top_value + n * _VALUE[rank]
            if states.get(key, -1) < points:
                states[key] = points
    if not states:
        return False
    smallest = max(1, k.min_naturals)
    work = 0
    for r in NATURAL_RANKS:
        if r == rank:
            continue
        count = ranks.count(r)
        if count < smallest:
            continue
        value = _VALUE[r]
        grown = dict(states)
        for (used, laid, made), points in states.items():
            for n in range(smallest, count + 1):
                for w in range(max(0, 3 - n), min(_cap(k, n), wilds - laid) + 1):
                    work += 1
                    key = (used + n + w, laid + w, min(made + (n + w >= 7), enough))
                    if grown.get(key, -1) < points + n * value:
                        grown[key] = points + n * value
        if work > WORK_LIMIT:
            return None
        states = grown
    for (used, laid, made), points in states.items():
        after = left - used
        if after < 2 and (made < k.out_canastas or after == 0 and not out_ok):
            continue  # one card left without the canastas to go out, or going out refused
        if need is None:
            if made:
                return True
        elif points + _wild_worth(laid, jokers) >= need:
            return True
    return False
