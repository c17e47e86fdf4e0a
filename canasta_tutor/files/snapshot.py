"""Reading tables and scenarios (format 1) from YAML, strictly: every error names file:line:column,
the key path, what was found and what was expected."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from canasta_tutor.engine.cards import RANK_NAMES, Card, CardError, over_deck_limit, parse_card
from canasta_tutor.engine.ruleset import PARAMS, Ruleset, convert_param, load_ruleset, resolve_for_players
from canasta_tutor.engine.table import Meld, Player, Side, Table, Turn, default_sides, laid_rank
from canasta_tutor.reading.strict_yaml import (
    InputError,
    Map,
    Node,
    Said,
    Scalar,
    Seq,
    UsageError,
    bool_value,
    brief,
    int_value,
    load,
    not_ours,
    number_problem,
    our_kind_of_key,
    parse,
)
from canasta_tutor.reading.strict_yaml import describe as show

SNAPSHOT_KEYS = ("ruleset", "house_rules", "players", "sides", "discard", "pile_frozen", "stock", "cut_bonus",
                 "turn")
SCENARIO_KEYS = ("title", "description", "checks", "score")


class Expect:
    """What a scenario states about a move: legal or not, and the rule ids expected."""
    legal: bool | None
    rules: list[str]
    line: int
    column: int

    def __init__(self, legal: bool | None, rules: list[str], line: int, column: int) -> None:
        self.legal = legal
        self.rules = rules
        self.line = line
        self.column = column


class Check:
    """A move of a scenario and what is stated about it, by ruleset."""
    move: str
    expect: Expect
    by_ruleset: dict[str, Expect]
    line: int
    column: int
    key: str
    question: str  # the teacher's wording of the question on a worksheet ("" for the default)

    def __init__(
        self,
        move: str,
        expect: Expect,
        by_ruleset: dict[str, Expect],
        line: int,
        column: int,
        key: str,
        question: str = "",
    ) -> None:
        self.question = question
        self.move = move
        self.expect = expect
        self.by_ruleset = by_ruleset
        self.line = line
        self.column = column
        self.key = key


class ScoreExpect:
    """What a scenario states about the score of its table."""
    out: str | None
    concealed: bool
    expect: dict[str, int]
    by_ruleset: dict[str, dict[str, int]]
    line: int
    column: int

    def __init__(
        self,
        out: str | None,
        concealed: bool,
        expect: dict[str, int],
        by_ruleset: dict[str, dict[str, int]],
        line: int,
        column: int,
    ) -> None:
        self.out = out
        self.concealed = concealed
        self.expect = expect
        self.by_ruleset = by_ruleset
        self.line = line
        self.column = column


class Scenario:
    """A table and what its author states about it, and where: the file, and where in it each hand is."""
    table: Table
    title: str
    checks: list[Check]
    score: ScoreExpect | None
    file: str
    positions: dict[str, tuple[int, int]]

    def __init__(
        self,
        table: Table,
        title: str = "",
        checks: list[Check] | None = None,
        score: ScoreExpect | None = None,
        file: str = "",
        positions: dict[str, tuple[int, int]] | None = None,
    ) -> None:
        self.table = table
        self.title = title
        self.checks = [] if checks is None else checks
        self.score = score
        self.file = file
        self.positions = {} if positions is None else positions

    def located(self, exc: InputError) -> InputError:
        """An error about the table (the engine's, which names a key path) placed in this file."""
        if exc.file:
            return exc
        line, column = self.positions.get(exc.key, (0, 0))
        return InputError(exc.message, self.file, line, column, exc.key)


# Where the problems go that reading can carry on past (an unknown key, a card that is not one...)
# while ``lint`` collects every problem of a file; None: the first problem stops the reading.
_COLLECTED: ContextVar[list[InputError] | None] = ContextVar("collected", default=None)


@contextmanager
def collecting() -> Iterator[list[InputError]]:
    """Read on past every problem that does not stop the reading, keeping them in the list yielded."""
    found: list[InputError] = []
    token = _COLLECTED.set(found)
    try:
        yield found
    finally:
        _COLLECTED.reset(token)


class Reader:
    """Typed access to the position-keeping tree, raising InputError with the key path."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.collected = _COLLECTED.get()

    def soft(self, problem: InputError) -> None:
        """A problem the reading can go on past: kept while collecting (lint), else raised at once."""
        if self.collected is None:
            raise problem
        self.collected.append(problem)

    def fail(self, node: Node | None, key: str, message: str) -> InputError:
        return InputError(message, self.file, node.line if node else 0, node.column if node else 0, key)

    def mapping(self, node: Node, key: str, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> Map:
        if not isinstance(node, Map):
            raise self.fail(node, key, Said("table.mapping", 'found {found}, expected a mapping with keys {keys}', found=show(node), keys=', '.join(allowed)))
        if not key and node.items and not set(node.items) & set(allowed):
            # The whole file is another program's (a credentials file, say): named as such, never a
            # word of it quoted.
            raise not_ours(self.file)
        for name, (kn, _) in node.items.items():
            if name not in allowed and not name.startswith("x-"):
                if not our_kind_of_key(name):  # not a word of our formats: not quoted
                    self.soft(self.fail(kn, key, Said("table.unknown-key-unnamed", "a key that is none of: {keys}",
                                                      keys=', '.join(allowed))))
                    continue
                self.soft(self.fail(kn, join(key, brief(name)),
                                    Said("table.unknown-key", "unknown key '{key}'; expected one of: {keys}",
                                         key=brief(name), keys=', '.join(allowed))))
        for name in required:
            if name not in node.items or _null(node.items[name][1]):
                raise self.fail(node, join(key, name), Said("table.required", "'{name}' is required", name=name))
        return node

    def text(self, node: Node, key: str, what: str = Said("what.text", "text")) -> str:
        if isinstance(node, Scalar) and not node.is_null and node.text.strip():
            return node.text.strip()
        raise self.fail(node, key, Said("table.expected", 'found {found}, expected {what}', found=show(node), what=what))

    def integer(self, node: Node, key: str, minimum: int | None = None) -> int:
        value = int_value(node)
        if value is not None:
            if minimum is not None and value < minimum:
                self.soft(self.fail(node, key, Said("table.at-least", 'found {value}, expected {minimum} or more', value=value, minimum=minimum)))
                return minimum
            return value
        self.soft(self.fail(node, key, counted_slip(node, key) or number_problem(node)))
        return minimum or 0

    def boolean(self, node: Node, key: str) -> bool:
        value = bool_value(node)
        if value is None:
            self.soft(self.fail(node, key, Said("table.boolean", 'found {found}, expected true or false', found=show(node))))
            return False
        return value

    def choice(self, node: Node, key: str, choices: tuple[str, ...]) -> str:
        if isinstance(node, Scalar) and node.text.strip().lower() in choices:
            return node.text.strip().lower()
        self.soft(self.fail(node, key, Said("table.choice", 'found {found}, expected one of: {choices}', found=show(node), choices=', '.join(choices))))
        return choices[0]

    def cards(self, node: Node, key: str, sink: list[Any] | None = None) -> list[Card]:
        """A YAML list of card codes, or one string of codes separated by spaces."""
        if _null(node):
            return []
        if isinstance(node, Scalar):
            words = [(w, node, key) for w in node.text.replace(",", " ").split()]
        elif isinstance(node, Seq):
            words = []
            for i, item in enumerate(node.items):
                if not isinstance(item, Scalar):
                    self.soft(self.fail(item, f"{key}[{i}]", Said("table.card-item", 'found {found}, expected a card such as KH', found=show(item))))
                    continue
                words.append((item.text.strip(), item, f"{key}[{i}]"))
        else:
            raise self.fail(node, key, Said("table.cards-mapping", "found a mapping, expected cards: a list like [KH, KS, 2C] or 'KH KS 2C'"))
        out = []
        for word, where, k in words:
            try:
                card = parse_card(word)
            except CardError as exc:
                slip = counted_slip(where, key)
                self.soft(self.fail(where, k, slip or Said("table.not-a-card", "found '{word}', which is not a card: {reason}", word=brief(word), reason=exc.reason)))
                if slip:
                    break  # one message for "11 cards", not one per word
                continue
            out.append(card)
            if sink is not None:
                sink.append((card, where, k))
        return out




def counted_slip(node: Node, key: str) -> str | None:
    """The fix for a count written with its unit (``hand: 11 cards``), which YAML reads as text."""
    text = node.text if isinstance(node, Scalar) else ""
    words = text.split()
    if len(words) == 2 and words[0].isdigit() and words[1].lower() in ("card", "cards"):
        return Said("table.count-with-unit", "found '{found}': write the count alone, as in {key}: {count}", found=text.strip(), key=key.split('.')[-1], count=words[0])
    return None


def join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _null(node: Node | None) -> bool:
    return node is None or (isinstance(node, Scalar) and node.is_null)


def value_of(m: Map, name: str) -> Node | None:
    """The value under ``name``, or None when the key is missing or null."""
    item = m.items.get(name)
    if item is None or _null(item[1]):
        return None
    return item[1]


def read_house_rules(r: Reader, node: Node | None, key: str = "house_rules") -> dict[str, tuple[Any, str]]:
    if node is None:
        return {}
    allowed = tuple(p for p, spec in PARAMS.items() if spec.house)
    m = r.mapping(node, key, allowed)
    out = {}
    for name, (_, vn) in m.items.items():
        if name.startswith("x-"):
            continue
        out[name] = (convert_param(name, vn, r.file, join(key, name)), _scalar_text(vn))
    return out


def _scalar_text(node: Node) -> Any:
    """A house rule's value as the file gave it, typed, so that the table writes it back the same."""
    if isinstance(node, Scalar):
        if node.is_null:
            return None
        number = int_value(node)
        if number is not None:
            return number
        flag = bool_value(node)
        return node.text if flag is None else flag
    if isinstance(node, Map):
        return {k: _scalar_text(v) for k, (_, v) in node.items.items()}
    if isinstance(node, Seq):
        return [_scalar_text(v) for v in node.items]
    return None


def read_table(root: Node, file: str, ruleset_override: str | None = None,
               house_override: dict[str, tuple[Any, str]] | None = None,
               extra_keys: tuple[str, ...] = SCENARIO_KEYS,
               positions: dict[str, tuple[int, int]] | None = None) -> Table:
    """The table a file's node describes. ``positions``, when given, receives where in the file each
    hand is (``players[1].hand`` -> line, column), for messages about the table that come later."""
    r = Reader(file)
    if isinstance(root, Map) and "steps" in root.items and "players" not in root.items:
        raise r.fail(root, "", Said("table.lesson", "this is a lesson (it has 'steps'), not a table: take it with 'canasta lesson FILE'"))
    top = r.mapping(root, "", SNAPSHOT_KEYS + extra_keys, required=("players", "turn"))

    ref_node = value_of(top, "ruleset")
    ref = ruleset_override or (r.text(ref_node, "ruleset", Said("what.ruleset", "a ruleset id or a ruleset file")) if ref_node
                               else "classic")
    try:
        ruleset = load_ruleset(ref, None if ruleset_override else file)
    except InputError as exc:
        if ruleset_override or exc.file:
            raise
        raise r.fail(ref_node, "ruleset", exc.message) from None

    players_node = top.items["players"][1]
    if not isinstance(players_node, Seq) or not players_node.items:
        raise r.fail(players_node, "players", Said("table.players-list", 'found {found}, expected a list of players', found=show(players_node)))
    # The number of players decides the ruleset (classic with 2, 3 or 6 is its variant); checking it
    # first also answers at once for a file with thousands of players.
    ruleset = resolve_for_players(ruleset, len(players_node.items))
    house = dict(read_house_rules(r, value_of(top, "house_rules")))
    house.update(house_override or {})
    ruleset = ruleset.with_house(house)
    if len(players_node.items) != ruleset.players:
        if ruleset.variants:
            said = Said("table.player-count-variants",
                        "found {found} players, but {ruleset} is played by {players} (classic and official also take {variants})",
                        found=len(players_node.items), ruleset=ruleset.id, players=ruleset.players,
                        variants=", ".join(str(n) for n in sorted(ruleset.variants)))
        else:
            said = Said("table.player-count", "found {found} players, but {ruleset} is played by {players}",
                        found=len(players_node.items), ruleset=ruleset.id, players=ruleset.players)
        raise r.fail(players_node, "players", said)
    card_sink: list[Any] = []
    if positions is None:
        positions = {}
    players: list[Player] = []
    seen: set[str] = set()
    for i, pn in enumerate(players_node.items):
        key = f"players[{i}]"
        pm = r.mapping(pn, key, ("name", "hand", "has_melded"), required=("name",))
        name = r.text(pm.items["name"][1], f"{key}.name", Said("what.player-name", "a player's name"))
        if name in seen:
            r.soft(r.fail(pm.items["name"][1], f"{key}.name", Said("table.same-player", "two players are called '{name}'", name=name)))
        seen.add(name)
        hand_node = value_of(pm, "hand")
        if hand_node is None:
            r.soft(r.fail(pm, f"{key}.hand", Said("table.hand-required", "'hand' is required: the cards, or a count such as 11")))
            players.append(Player(name, None, 0, False))
            continue
        if isinstance(hand_node, Scalar) and hand_node.plain and hand_node.text.strip().lstrip("-").isdigit():
            # a bare number is a count of unknown cards; a one-card hand is written as a list: [10]
            hand, count = None, r.integer(hand_node, f"{key}.hand", 0)
        else:
            hand = r.cards(hand_node, f"{key}.hand", card_sink)
            count = len(hand)
        positions[f"{key}.hand"] = (hand_node.line, hand_node.column)
        melded_node = value_of(pm, "has_melded")
        has_melded = r.boolean(melded_node, f"{key}.has_melded") if melded_node is not None else False
        players.append(Player(name, hand, count, has_melded))
    names = [p.name for p in players]

    sides = _read_sides(r, value_of(top, "sides"), players, ruleset, card_sink)

    discard_node = value_of(top, "discard")
    discard = r.cards(discard_node, "discard", card_sink) if discard_node is not None else []
    frozen_node = value_of(top, "pile_frozen")
    pile_frozen = r.boolean(frozen_node, "pile_frozen") if frozen_node is not None else None
    stock_node = value_of(top, "stock")
    stock = r.integer(stock_node, "stock", 0) if stock_node is not None else 0
    cut_node = value_of(top, "cut_bonus")
    cut_bonus = None
    if cut_node is not None:
        cut_bonus = r.text(cut_node, "cut_bonus", Said("what.side-name", "a side's name"))
        if not any(s.name == cut_bonus for s in sides):
            r.soft(r.fail(cut_node, "cut_bonus",
                          Said("table.cut-side", "found '{found}', expected a side: {sides}", found=brief(cut_bonus), sides=', '.join(s.name for s in sides))))
            cut_bonus = None

    tm = r.mapping(top.items["turn"][1], "turn", ("player", "phase", "first_round", "permission", "red_three_last"),
                   required=("player",))
    player_node = tm.items["player"][1]
    turn_player = r.text(player_node, "turn.player", Said("what.player-name", "a player's name"))
    if turn_player not in names:
        r.soft(r.fail(player_node, "turn.player", Said("table.turn-player", "found '{found}', expected a player: {players}", found=brief(turn_player), players=', '.join(names))))
        turn_player = names[0]
    phase_node, fr_node, perm_node = value_of(tm, "phase"), value_of(tm, "first_round"), value_of(tm, "permission")
    turn = Turn(turn_player,
                r.choice(phase_node, "turn.phase", ("draw", "play")) if phase_node is not None else "draw",
                r.boolean(fr_node, "turn.first_round") if fr_node is not None else False,
                r.choice(perm_node, "turn.permission", ("none", "granted", "refused"))
                if perm_node is not None else "none")
    last_node = value_of(tm, "red_three_last")
    if last_node is not None:
        turn.red_three_last = r.boolean(last_node, "turn.red_three_last")
        # It records a draw this turn that emptied the stock: only a turn past its draw, with no stock.
        if turn.red_three_last and (turn.phase != "play" or stock != 0):
            r.soft(r.fail(last_node, "turn.red_three_last",
                          Said("table.red-three-last", "found true, but the last stock card was drawn this turn only "
                               "when the turn is past its draw (phase: play) and the stock is empty (stock: 0)")))
            turn.red_three_last = False

    _check_deck(r, card_sink, ruleset)
    _check_total(r, top, players, sides, discard, stock, ruleset)
    return Table(ruleset, players, sides, turn, discard, pile_frozen, stock, cut_bonus, ref,
                 {k: v[1] for k, v in house.items()})


def _read_sides(r: Reader, node: Node | None, players: list[Player], ruleset: Ruleset, sink: list[Any]) -> list[Side]:
    names = [p.name for p in players]
    if node is None:
        return default_sides(names, ruleset.side_size)
    if not isinstance(node, Seq):
        raise r.fail(node, "sides", Said("table.sides-list", 'found {found}, expected a list of sides', found=show(node)))
    sides: list[Side] = []
    seen: dict[str, str] = {}
    for i, sn in enumerate(node.items):
        key = f"sides[{i}]"
        sm = r.mapping(sn, key, ("name", "players", "score", "melds", "red_threes"), required=("name", "players"))
        name = r.text(sm.items["name"][1], f"{key}.name", Said("what.side-name", "a side's name"))
        if any(s.name == name for s in sides):
            raise r.fail(sm.items["name"][1], f"{key}.name", Said("table.same-side", "two sides are called '{name}'", name=name))
        pl_node = sm.items["players"][1]
        if isinstance(pl_node, Scalar):
            members: list[tuple[str, Node, str]] = [(w, pl_node, f"{key}.players") for w in pl_node.text.replace(",", " ").split()] \
                if " " in pl_node.text.strip() or "," in pl_node.text else [(pl_node.text.strip(), pl_node, f"{key}.players")]
        elif isinstance(pl_node, Seq):
            members = [(r.text(it, f"{key}.players[{j}]", Said("what.player-name", "a player's name")), it, f"{key}.players[{j}]")
                       for j, it in enumerate(pl_node.items)]
        else:
            raise r.fail(pl_node, f"{key}.players", Said("table.player-names", 'expected a list of player names'))
        member_names = []
        for who, where, k in members:
            if who not in names:
                r.soft(r.fail(where, k, Said("table.side-player", "found '{found}', expected a player: {players}", found=brief(who), players=', '.join(names))))
                continue
            if who in seen:
                r.soft(r.fail(where, k, Said("table.on-two-sides", "'{player}' is already on side '{side}'", player=who, side=seen[who])))
                continue
            seen[who] = name
            member_names.append(who)
        if len(member_names) != ruleset.side_size and len(member_names) == len(members):  # else said above
            r.soft(r.fail(pl_node, f"{key}.players",
                          Said("table.side-size", 'found {count} players, but {ruleset} plays in sides of {size}', count=len(member_names), ruleset=ruleset.id, size=ruleset.side_size)))
        score_node = value_of(sm, "score")
        score = r.integer(score_node, f"{key}.score") if score_node is not None else 0
        melds: list[Meld] = []
        melds_node = value_of(sm, "melds")
        if melds_node is not None:
            if not isinstance(melds_node, Seq):
                raise r.fail(melds_node, f"{key}.melds", Said("table.melds-list", 'found {found}, expected a list of melds', found=show(melds_node)))
            for j, mn in enumerate(melds_node.items):
                mk = f"{key}.melds[{j}]"
                cards = r.cards(mn, mk, sink)
                rank = laid_rank(cards, ruleset)
                if not cards:
                    r.soft(r.fail(mn, mk, Said("table.meld-empty", 'found an empty meld: a meld on the table holds its cards')))
                    continue
                if rank is None:
                    r.soft(r.fail(mn, mk, Said("table.meld-wild", 'a meld needs natural cards to show its rank; found only wild cards')))
                    continue
                if any(not c.is_wild and c.rank != rank for c in cards) or any(c.is_red_three for c in cards):
                    r.soft(r.fail(mn, mk, Said("table.meld-ranks", 'found {cards}: a meld holds one rank and wild cards', cards=' '.join(map(str, cards)))))
                    continue
                existing = next((m for m in melds if m.rank == rank), None)
                if existing:
                    existing.cards.extend(cards)  # a side holds one meld of each rank
                else:
                    melds.append(Meld(rank, list(cards)))
        red_node = value_of(sm, "red_threes")
        reds = r.cards(red_node, f"{key}.red_threes", sink) if red_node is not None else []
        for c in reds:
            if not c.is_red_three:
                r.soft(r.fail(red_node, f"{key}.red_threes", Said("table.red-threes", 'found {card}, expected red threes only (3H, 3D)', card=c)))
        reds = [c for c in reds if c.is_red_three]
        sides.append(Side(name, member_names, score, melds, reds))
    missing = [n for n in names if n not in seen]
    if missing:
        r.soft(r.fail(node, "sides", Said("table.no-side", '{players} not on any side', players=', '.join(missing))))
    return sides


def _check_deck(r: Reader, sink: list[Any], ruleset: Ruleset) -> None:
    problems = over_deck_limit((c for c, _, _ in sink), ruleset.decks, ruleset.jokers)
    # while collecting, every surplus is reported; else the first stops the reading
    for what, found, allowed in problems:
        # point at the place where the surplus copy appears
        seen = 0
        where, key = None, ""
        for card, node, k in sink:
            hit = str(card) == what or (card.rank == "JK" and what == "jokers") or RANK_NAMES.get(card.rank) == what
            if hit:
                seen += 1
                if seen > allowed:
                    where, key = node, k
                    break
        decks = Said("decks", "{decks} decks with {jokers} jokers", decks=ruleset.decks, jokers=ruleset.jokers)
        r.soft(r.fail(where, key, Said("table.too-many-of", 'the table holds {found} of {what}, but {decks} hold {allowed}', found=found, what=what, decks=decks, allowed=allowed)))


def _check_total(r: Reader, top: Map, players: list[Player], sides: list[Side], discard: list[Any], stock: int,
                 ruleset: Ruleset) -> None:
    """Hands given as counts and the stock cannot hold more cards than the decks: a table of a
    billion cards is a mistake, and would make every search over it unbounded."""
    deck = ruleset.decks * 52 + ruleset.jokers
    total = (sum(p.count for p in players) + sum(len(m.cards) for s in sides for m in s.melds)
             + sum(len(s.red_threes) for s in sides) + len(discard) + stock)
    if total > deck:
        node = value_of(top, "stock") or top.items["players"][1]
        raise r.fail(node, "stock" if value_of(top, "stock") else "players",
                     Said("table.card-total", 'the table holds {total} cards in hands, melds, pile and stock, but {decks} decks with {jokers} jokers hold {deck}', total=total, decks=ruleset.decks, jokers=ruleset.jokers, deck=deck))


def _expect(r: Reader, node: Node, key: str) -> Expect:
    m = r.mapping(node, key, ("legal", "rules"))
    legal_node = value_of(m, "legal")
    legal = r.boolean(legal_node, f"{key}.legal") if legal_node is not None else None
    rules_node = value_of(m, "rules")
    rules: list[str] = []
    if rules_node is not None:
        if isinstance(rules_node, Scalar):
            rules = rules_node.text.replace(",", " ").split()
        elif isinstance(rules_node, Seq):
            rules = [r.text(it, f"{key}.rules[{i}]", Said("what.rule-id", "a rule id")) for i, it in enumerate(rules_node.items)]
        else:
            raise r.fail(rules_node, f"{key}.rules", Said("table.rule-ids", 'expected a list of rule ids'))
        _known_rule_ids(r, rules_node, rules, f"{key}.rules")
    misspelt = any(k not in ("legal", "rules") and not k.startswith("x-") for k in m.items)
    if legal is None and not rules and not misspelt:  # a misspelt key is reported already
        r.soft(r.fail(m, key, Said("table.expectation", "an expectation needs 'legal' or 'rules'")))
    if legal is None:
        legal = False
    return Expect(legal, rules, m.line, m.column)


def _known_rule_ids(r: Reader, node: Node, rules: list[str], key: str) -> None:
    """A stated rule id the engine does not know is a typo the teacher should hear of at once, with
    the ids it may have meant."""
    from difflib import get_close_matches

    from canasta_tutor.engine.rules import RULES

    items = node.items if isinstance(node, Seq) else [node] * len(rules)
    for i, (rid, where) in enumerate(zip(rules, items)):
        if rid in RULES:
            continue
        at = f"{key}[{i}]" if isinstance(node, Seq) else key
        close = get_close_matches(rid, list(RULES), n=3, cutoff=0.6) or [x for x in RULES if rid in x][:3]
        if close:
            said = Said("table.unknown-rule", "'{id}' is not a rule id; did you mean {close}?",
                        id=brief(rid), close=", ".join(close))
        else:
            said = Said("table.unknown-rule-plain", "'{id}' is not a rule id; 'canasta explain all' lists them",
                        id=brief(rid))
        r.soft(r.fail(where, at, said))


def _read_checks(r: Reader, node: Node | None) -> list[Check]:
    if node is None:
        return []
    if not isinstance(node, Seq):
        raise r.fail(node, "checks", Said("table.checks-list", 'found {found}, expected a list of checks', found=show(node)))
    checks = []
    for i, cn in enumerate(node.items):
        key = f"checks[{i}]"
        cm = r.mapping(cn, key, ("move", "expect", "by_ruleset", "note", "question"), required=("move", "expect"))
        mn = cm.items["move"][1]
        if isinstance(mn, Seq):
            move = "; ".join(r.text(s, f"{key}.move[{j}]", Said("what.step", "a step")) for j, s in enumerate(mn.items))
        else:
            move = r.text(mn, f"{key}.move", Said("what.move", "a move such as 'draw; discard 5C'"))
        expect = _expect(r, cm.items["expect"][1], f"{key}.expect")
        by: dict[str, Expect] = {}
        by_node = value_of(cm, "by_ruleset")
        if by_node is not None:
            if not isinstance(by_node, Map):
                raise r.fail(by_node, f"{key}.by_ruleset", Said("table.by-ruleset", 'expected a mapping of ruleset id: expectation'))
            for rid, (_, en) in by_node.items.items():
                by[rid] = _expect(r, en, f"{key}.by_ruleset.{rid}")
        qn = value_of(cm, "question")
        asked = r.text(qn, f"{key}.question", Said("what.question", "the question as the worksheet asks it")) \
            if qn is not None else ""
        checks.append(Check(move, expect, by, cm.line, cm.column, key, asked))
    return checks


def _score_map(r: Reader, node: Node, key: str) -> dict[str, int]:
    m = r.mapping(node, key, tuple(node.items) if isinstance(node, Map) else ())
    return {name: r.integer(vn, join(key, name)) for name, (_, vn) in m.items.items()}


def _read_score(r: Reader, node: Node | None) -> ScoreExpect | None:
    if node is None:
        return None
    m = r.mapping(node, "score", ("out", "concealed", "expect", "by_ruleset"))
    out_node, conc_node, exp_node = value_of(m, "out"), value_of(m, "concealed"), value_of(m, "expect")
    out = r.text(out_node, "score.out", Said("what.player-name", "a player's name")) if out_node is not None else None
    concealed = r.boolean(conc_node, "score.concealed") if conc_node is not None else False
    expect = _score_map(r, exp_node, "score.expect") if exp_node is not None else {}
    by: dict[str, dict[str, int]] = {}
    by_node = value_of(m, "by_ruleset")
    if by_node is not None:
        bm = r.mapping(by_node, "score.by_ruleset", tuple(by_node.items) if isinstance(by_node, Map) else ())
        for rid, (_, en) in bm.items.items():
            by[rid] = _score_map(r, en, f"score.by_ruleset.{rid}")
    return ScoreExpect(out, concealed, expect, by, m.line, m.column)


def read_scenario(root: Node, file: str, ruleset_override: str | None = None,
                  house_override: dict[str, Any] | None = None) -> Scenario:
    positions: dict[str, tuple[int, int]] = {}
    table = read_table(root, file, ruleset_override, house_override, positions=positions)
    r = Reader(file)
    assert isinstance(root, Map)
    title_node = value_of(root, "title")
    title = r.text(title_node, "title") if title_node is not None else ""
    scenario = Scenario(table, title, _read_checks(r, value_of(root, "checks")), _read_score(r, value_of(root, "score")),
                        file, positions)
    names = [p.name for p in table.players]
    if scenario.score:
        if scenario.score.out and scenario.score.out not in names:
            raise r.fail(value_of(root, "score"), "score.out",
                         Said("table.score-out", "found '{found}', expected a player: {players}", found=scenario.score.out, players=', '.join(names)))
        sides = [s.name for s in table.sides]
        for name in scenario.score.expect:
            if name not in sides:
                raise r.fail(value_of(root, "score"), f"score.expect.{name}",
                             Said("table.score-side", "found '{found}', expected a side: {sides}", found=name, sides=', '.join(sides)))
    return scenario


def load_scenario(path: str | Path, ruleset: str | None = None, house: dict[str, Any] | None = None) -> Scenario:
    """Load a snapshot or a scenario file (a snapshot is a scenario without checks)."""
    return read_scenario(load(path), str(path), ruleset, house)


def load_table(path: str | Path, ruleset: str | None = None, house: dict[str, Any] | None = None) -> Table:
    return load_scenario(path, ruleset, house).table


def table_from_text(text: str, name: str = "<table>", ruleset: str | None = None) -> Table:
    return read_table(parse(text, name), name, ruleset)


def parse_house_option(text: str) -> tuple[str, tuple[Any, str]]:
    """``--house KEY=VALUE`` from the command line, through the same validation as a file; a bad one
    is a usage error (exit 2), not a bad file."""
    if "=" not in text:
        raise UsageError(Said("table.house-form", "--house takes KEY=VALUE, found '{found}'; options: {options}", found=brief(text), options=', '.join(_house_names())))
    key, _, value = text.partition("=")
    key = key.strip()
    if key not in PARAMS or not PARAMS[key].house:
        raise UsageError(Said("table.house-unknown", "unknown house rule '{found}'; options: {options}", found=brief(key), options=', '.join(_house_names())))
    try:
        node = parse(f"{key}: {value}", "--house")
        if not isinstance(node, Map) or key not in node.items:
            raise InputError(Said("table.house-one-value", "found '{found}', expected one value", found=brief(value)), "--house")
        return key, (convert_param(key, node.items[key][1], "--house", key), value.strip())
    except InputError as exc:
        raise UsageError(Said("table.house-value", '--house {key}: {problem}', key=brief(key), problem=exc.message)) from None


def _house_names() -> list[str]:
    return [p for p, spec in PARAMS.items() if spec.house]
