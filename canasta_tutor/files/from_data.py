"""Tables from plain data: a mapping shaped like a table file (the same keys; cards as strings such as
``"7H 7D 2C"`` or lists of them; a hand as a count), for programs that hold positions in memory.

There is one reader of tables, ``snapshot.read_table``, and its checks are the only ones: every
mapping it would refuse is refused with its InputError and key path. Most positions a program builds
are plain and well formed, though, and the reader's node tree and key paths cost ten times what the
table does; so a well-formed mapping of the usual shape is built directly, and anything else (an
unusual shape, a house rule, a value that is off in any way) goes to the reader, which builds it or
says what is wrong. The direct path only ever declines: it never words a problem.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta_tutor.engine.cards import (
    NATURAL_RANKS,
    RANKS,
    SUITS,
    TEXT_LONGEST,
    TEXTS_KEPT,
    Card,
    CardError,
    cards_of_codes,
)
from canasta_tutor.engine.plain import RESOLVED, SideParts, data_table, ruleset_for
from canasta_tutor.engine.ruleset import BUILTIN, Ruleset
from canasta_tutor.engine.table import Table, meld_rank, partners
from canasta_tutor.files.snapshot import SNAPSHOT_KEYS, read_table
from canasta_tutor.reading.strict_yaml import Map, Node, Scalar, Seq

_TOP = frozenset(SNAPSHOT_KEYS) - {"house_rules"}  # a house rule goes to the reader
_SIDE = frozenset(("name", "players", "score", "melds", "red_threes"))
_TURN = frozenset(("player", "phase", "first_round", "permission"))
_JOKER = Card("JK")
_SUITLESS = frozenset(Card(r) for r in (*NATURAL_RANKS, "2"))  # counted by rank: left to the reader
_WILD = [Card("JK")] + [Card("2", s) for s in (None, *SUITS)]
_MELDABLE = {r: frozenset([Card(r, s) for s in (None, *SUITS) if r != "3" or s in ("S", "C")] + _WILD)
             for r in (*NATURAL_RANKS, "3")}
_PHASES = {None: "draw", "draw": "draw", "play": "play"}  # a word as the table keeps it (None: left out)
_PERMISSIONS = {None: "none", "none": "none", "granted": "granted", "refused": "refused"}
_WHOLE = 10**9  # the reader's whole numbers lie strictly within this of 0 (a bool is not one)

# The decks' limits as one sum: every card a table may hold has a field of 9 bits in one number (its
# weight), and one field above them counts every card. The weights of a part's cards add up to its
# count of each card, and the parts' sums to the table's, in a few additions of whole numbers where a
# count card by card took a dict entry per card. Adding a ruleset's margin (for each card, 2**8 - 1
# less the copies the ruleset allows) carries into a field's top bit exactly when there are too many
# copies of it; fields never overflow while the cards stay within the decks (checked first, in the
# same test) and the decks hold fewer than 2**8 cards (four decks and their jokers do; more go to the
# reader). Fields no wider than that keep the number short, and its additions quick.
_BITS = 9
_CARDS = [Card(r, s) for r in RANKS if r != "JK" for s in (None, *SUITS)] + [_JOKER]
_COUNTED = _BITS * len(_CARDS)  # where the field counting every card lies
_ALL = 1 << _COUNTED
_WEIGHT = {c: (1 << (_BITS * i)) | _ALL for i, c in enumerate(_CARDS)}
_TOPS = sum(1 << (_BITS * i + _BITS - 1) for i in range(len(_CARDS)))


def node_of(value: Any) -> Node:
    """Plain data as the reader's tree, at no position. Strings are quoted values (so ``"11"`` is not
    a number and ``"true"`` not a flag), a string of a subclass of ``str`` too; numbers, booleans and
    None are what they are."""
    if value is None:
        return Scalar(0, 0, "", True)
    if value is True or value is False:
        return Scalar(0, 0, "true" if value else "false", True)
    if isinstance(value, int):
        return Scalar(0, 0, str(value), True)
    if isinstance(value, float):
        return Scalar(0, 0, repr(value), True)
    if isinstance(value, dict):
        return Map(0, 0, {_text(k): (Scalar(0, 0, _text(k), True), node_of(v)) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return Seq(0, 0, [node_of(v) for v in value])
    return Scalar(0, 0, _text(value), False)


def _text(value: Any) -> str:
    """A value as the text a table file would hold: a string of a subclass of ``str`` (a ``str`` enum
    a program keeps its seats in) is the text it holds, whatever it prints as."""
    return str.__str__(value) if isinstance(value, str) else str(value)


class _Decline(Exception):
    """Not the usual shape, or not right: the reader decides."""


# The cards of a text seen before, and their weight: a program asking about many positions repeats the
# same hands, melds and piles, and a string keeps its hash, so one look replaces the split and the card
# looks. Bounded in number and in length (a hand or a pile of two decks is under 400 characters).
_TEXTS: dict[str, tuple[tuple[Card, ...], int]] = {}
_TEXT_MOST, _TEXT_LONGEST = TEXTS_KEPT, TEXT_LONGEST  # the bounds of ``parse_cards``' own


def _cards(value: Any) -> tuple[Sequence[Card], int]:
    """A part's cards and their weight: the tuple kept for a text seen before (the table copies it
    when it builds)."""
    if type(value) is str:
        known = _TEXTS.get(value)
        if known is not None:
            return known
        cards = _card_list(value.replace(",", " ").split() if "," in value else value.split())
        weight = _weight(cards)
        if len(_TEXTS) < _TEXT_MOST and len(value) <= _TEXT_LONGEST:
            _TEXTS[value] = (tuple(cards), weight)
        return cards, weight
    if type(value) is list:
        for w in value:
            if type(w) is not str:
                raise _Decline
        cards = _card_list([w.strip() for w in value])
        return cards, _weight(cards)
    if value is None:
        return [], 0
    raise _Decline


def _weight(cards: list[Card]) -> int:
    try:
        return sum(map(_WEIGHT.__getitem__, cards))
    except KeyError:  # a card no deck holds: the reader words it
        raise _Decline from None


def _card_list(words: list[str]) -> list[Card]:
    try:
        return cards_of_codes(words)
    except CardError:  # the reader words it
        raise _Decline from None


# What the checks need of a built-in ruleset as it plays with so many players, worked out once: the
# ruleset, its players per side, the most cards its decks hold and its margin (see _WEIGHT).
_Limits = tuple[Ruleset, int, int, int]
_LIMITS: dict[tuple[str, int], _Limits] = {}


def _limits(ref: Any, players: int) -> _Limits:
    # A ruleset file is read relative to the table's file: the reader knows how.
    if type(ref) is not str or ref not in BUILTIN or not players:
        raise _Decline
    rs = RESOLVED.get((ref, players)) or ruleset_for(ref, players)
    most = rs.decks * 52 + rs.jokers
    if players != rs.players or not (0 <= rs.decks and 0 <= rs.jokers and most < 1 << (_BITS - 1)):
        raise _Decline
    # A card without its suit is counted by rank, with the rest of its rank (the reader does that): none allowed.
    allowed = [0 if c in _SUITLESS else rs.jokers if c is _JOKER else rs.decks for c in _CARDS]
    margin = sum(((1 << (_BITS - 1)) - 1 - n) << (_BITS * i) for i, n in enumerate(allowed))
    limits = (rs, rs.side_size, most, margin)
    _LIMITS[ref, players] = limits
    return limits


def table_from_dict(data: Any, name: str = "<data>") -> Table:
    """The table ``data`` describes, with the checks of a table file; raises InputError (with the key
    path, and no line) for anything a table file may not say."""
    if type(data) is dict:
        try:  # the direct way (see the module's text); the reader when it declines
            return _direct(data)
        except _Decline:
            pass
    return read_table(node_of(data), name)


def _direct(data: dict[str, Any]) -> Table:
    if not _TOP.issuperset(data):
        raise _Decline
    get = data.get
    ref = get("ruleset")
    if ref is None:  # an optional key may also be given as null: the reader takes that as left out
        ref = "classic"
    players_data = get("players")
    if type(players_data) is not list:
        raise _Decline
    limits = _LIMITS.get((ref, len(players_data))) if type(ref) is str else None
    rs, side_size, most, margin = limits or _limits(ref, len(players_data))
    # The weight of every card starts from the ruleset's margin (see _WEIGHT): one addition fewer.
    names, seen, hands, melded, unseen, weight = _players(players_data, margin)
    sides, weight = _sides(get("sides"), names, seen, side_size, weight)
    discard, discard_weight = _cards(get("discard"))
    pile_frozen = get("pile_frozen")
    stock = get("stock")
    if stock is None:
        stock = 0
    cut_bonus = get("cut_bonus")
    td = get("turn")
    if ((pile_frozen is not None and pile_frozen is not True and pile_frozen is not False)
            or type(stock) is not int or stock < 0  # too big for the decks: refused with them below
            or (cut_bonus is not None and (type(cut_bonus) is not str or cut_bonus not in [s[0] for s in sides]))
            or type(td) is not dict or not _TURN.issuperset(td)):
        raise _Decline
    get = td.get
    first_round = get("first_round")
    if first_round is None:
        first_round = False
    # The player on turn, the phase and the permission as the table's own strings (a value of a
    # subclass of str equal to one is read as that text), and the default of a word left out (None).
    who: Any = get("player")
    said: Any = get("phase")
    asked: Any = get("permission")
    try:
        player = names[names.index(who)]
        phase = _PHASES[said]
        permission = _PERMISSIONS[asked]
    except (ValueError, KeyError, TypeError):  # no such player, phase or permission
        raise _Decline from None
    # Equal is not enough where the value is not a str itself: the reader reads it as its text
    # (``_text``), and a class may be equal to a word it does not hold.
    if ((type(who) is not str and _text(who) != player) or (type(said) is not str and said is not None
            and _text(said) != phase) or (type(asked) is not str and asked is not None and _text(asked) != permission)):
        raise _Decline
    if first_round is not True and first_round is not False:
        raise _Decline
    # The decks' limits: no more cards, known and unknown, than the decks hold, and no card more often
    # than the ruleset has it (see _WEIGHT; the margin adds nothing to the count of every card).
    weight += discard_weight
    if (weight >> _COUNTED) + unseen + stock > most or weight & _TOPS:
        raise _Decline
    return data_table((rs, ref, names, hands, melded, sides, discard, pile_frozen, stock, cut_bonus, player, phase,
                       first_round, permission))


def _players(value: list[Any], weight: int) -> tuple[list[str], set[str], list[Sequence[Card] | int], list[bool], int,
                                                     int]:
    """The players' names (by seat, and as a set), their hands (cards, or a count) and whether each has
    melded, by seat, the cards of the hands known only by their count, and ``weight`` with the weight
    of the known ones added. A hand's cards may be the tuple kept for its text: the table copies them
    when it builds."""
    names: list[str] = []
    hands: list[Sequence[Card] | int] = []
    melded: list[bool] | None = None
    unseen = 0
    texts = _TEXTS
    good = _NAMES
    for pd in value:
        if type(pd) is not dict:
            raise _Decline
        try:
            who = pd["name"]
            hand = pd["hand"]
        except KeyError:
            raise _Decline from None
        # A string itself: the reader reads one of a subclass as the text it holds, but the sets of
        # names kept are looked up by equality, which a subclass may define otherwise.
        if type(who) is not str or who not in good and not _name(who):
            raise _Decline
        if len(pd) != 2:  # a word on having melded, or a key no player has
            melded = _has_melded(pd, len(names), melded)
        if type(hand) is str:  # the usual: a text seen before
            known = texts.get(hand)
            if known is not None:
                weight += known[1]
                hand = known[0]
            else:
                hand, w = _cards(hand)
                weight += w
        elif type(hand) is int and hand >= 0:  # a count too big for the decks is refused with them
            unseen += hand
        elif hand is None or type(hand) is int:
            raise _Decline
        else:
            hand, w = _cards(hand)
            weight += w
        names.append(who)
        hands.append(hand)
    seen = set(names)
    if len(seen) != len(names):
        raise _Decline
    if melded is None:
        return names, seen, hands, [False] * len(names), unseen, weight
    return names, seen, hands, melded + [False] * (len(names) - len(melded)), unseen, weight


def _has_melded(pd: dict[str, Any], seat: int, melded: list[bool] | None) -> list[bool]:
    """The players' ``has_melded`` so far, with the one of the player at ``seat`` (``pd``, which holds
    a name and a hand, and must hold nothing else)."""
    if len(pd) != 3 or "has_melded" not in pd:
        raise _Decline
    done = pd["has_melded"]
    if done is None:
        done = False
    elif done is not True and done is not False:
        raise _Decline
    if melded is None:
        melded = []
    melded += [False] * (seat - len(melded))
    melded.append(done)
    return melded


# Names of players and sides seen before, each a name as the reader takes one: a program names the
# same few seats and sides in every position it asks about.
_NAMES: set[str] = set()


def _name(who: str) -> bool:
    """Whether ``who`` (a string) is a name as the reader takes one: not empty, no space around it."""
    if not who or who != who.strip():
        return False
    if len(_NAMES) < _TEXT_MOST and len(who) <= _TEXT_LONGEST:
        _NAMES.add(who)
    return True


def _sides(value: Any, names: list[str], seen: set[str], size: int, weight: int) -> tuple[list[SideParts], int]:
    """The sides' parts (``names``: the players by seat, ``seen``: the same as a set), and ``weight``
    with the weight of their melds' and red threes' cards added."""
    if value is None:  # the default seating, each side named by its players, as the reader seats them
        return [(" & ".join(members), members, 0, [], [], []) for members in partners(names, size)], weight
    if type(value) is not list:
        raise _Decline
    sides: list[SideParts] = []
    side_names: list[str] = []
    seated: list[Any] = []
    for sd in value:
        if type(sd) is not dict or not _SIDE.issuperset(sd):
            raise _Decline
        try:
            side_name = sd["name"]
            members = sd["players"]
        except KeyError:
            raise _Decline from None
        if type(side_name) is not str or side_name not in _NAMES and not _name(side_name):
            raise _Decline
        get = sd.get
        score = get("score")
        if score is None:
            score = 0
        if (side_name in side_names or type(members) is not list or len(members) != size
                or type(score) is not int or not -_WHOLE < score < _WHOLE):
            raise _Decline
        side_names.append(side_name)
        seated += members
        melds_data = get("melds")
        if melds_data:
            ranks, melds, w = _melds(melds_data)
            weight += w
        elif melds_data is None or type(melds_data) is list:  # none yet (a list, and empty)
            ranks = melds = ()
        else:
            raise _Decline
        reds_data = get("red_threes")
        if reds_data is None:
            reds: Sequence[Card] = ()
        else:
            reds, w = _cards(reds_data)
            for c in reds:
                if not c.is_red_three:
                    raise _Decline
            weight += w
        sides.append((side_name, list(members), score, ranks, melds, reds))  # the members, copied: the table's own
    # Every player on one side: as many seats as players, and all of them (names are told apart already).
    try:
        if len(seated) != len(names) or set(seated) != seen:
            raise _Decline
    except TypeError:  # not a name at all
        raise _Decline from None
    for who in seated:  # strings themselves (see _players)
        if type(who) is not str:
            raise _Decline
    return sides, weight


# A side's melds given before, as their texts (a tuple of them), and what they make: a program asks
# about many positions of one game, where a side's melds change far less often than its hands.
_MELD_LISTS: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[tuple[Card, ...], ...], int]] = {}
_MELDS_MOST = 16  # melds in a list kept (a side holds one meld a rank; more are merged, and rare)


def _melds(value: Any) -> tuple[Sequence[str], Sequence[Sequence[Card]], int]:
    """A side's melds: the rank and cards of each (a side holds one meld of each rank: two of the
    same rank are one), and their weight."""
    if type(value) is not list:
        raise _Decline
    key = tuple(value)
    keep = len(key) <= _MELDS_MOST
    try:
        known = _MELD_LISTS.get(key)
    except TypeError:  # a meld given as a list of cards
        known, keep = None, False
    if known is not None:
        # Equal to a kept list, but the reader reads each meld as the text it holds (``_text``), and a
        # value not a str itself may be equal to a text it does not hold: the list of those texts, then.
        for md in value:
            if type(md) is not str:
                known = _MELD_LISTS.get(tuple(map(_text, value)))
                break
        if known is not None:
            return known
    ranks: list[str] = []
    melds: list[tuple[Card, ...]] = []
    weight = 0
    texts = _MELD_TEXTS
    for md in value:
        made = texts.get(md) if type(md) is str else None
        if made is None:
            made = _meld(md)
            if len(md) > _TEXT_LONGEST:  # a text too long to keep: nor is the list that holds it
                keep = False
        rank, cards, w = made
        weight += w
        if rank in ranks:
            i = ranks.index(rank)
            melds[i] = (*melds[i], *cards)
        else:
            ranks.append(rank)
            melds.append(cards)
    if keep and len(_MELD_LISTS) < _TEXT_MOST:
        _MELD_LISTS[key] = (tuple(ranks), tuple(melds), weight)
    return ranks, melds, weight


# The rank, cards and weight of a meld's text seen before: its checks passed once, and they depend on
# the text alone.
_MELD_TEXTS: dict[str, tuple[str, tuple[Card, ...], int]] = {}


def _meld(value: Any) -> tuple[str, tuple[Card, ...], int]:
    """A meld's rank, cards and weight: one rank and wild cards, no red three (a set look done in C,
    against every card a meld of that rank may hold; the rank is the first natural card's)."""
    cards, weight = _cards(value)
    rank = cards[0].rank if cards and not cards[0].is_wild else meld_rank(cards)
    if rank is None or not _MELDABLE[rank].issuperset(cards):
        raise _Decline
    made = (rank, tuple(cards), weight)
    if type(value) is str and len(_MELD_TEXTS) < _TEXT_MOST and len(value) <= _TEXT_LONGEST:
        _MELD_TEXTS[value] = made
    return made
