"""Tables from plain data (``api.table_from_dict``): the same tables and the same errors as the file
reader, whichever way the data is built."""
from __future__ import annotations

import copy
import random
from enum import Enum
from pathlib import Path

import pytest

from canasta_tutor import api
from canasta_tutor.files.from_data import node_of, table_from_dict
from canasta_tutor.files.snapshot import load_table, read_table
from canasta_tutor.reading.strict_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml")) + sorted((ROOT / "canasta_tutor" / "examples").glob("*.yaml"))


def _direct(data, name="<data>"):
    """The table the direct way makes (kept as its parts), or None where it declines: the reader then
    builds the table (an ordinary one) or refuses it."""
    from canasta_tutor.engine.plain import DataTable

    try:
        table = table_from_dict(data, name)
    except InputError:
        return None
    return table if type(table) is DataTable else None


def tables():
    out = []
    for f in FILES:
        try:
            out.append(load_table(f).to_data())
        except InputError:
            continue
    return out


DATA = tables()


def reader(data):
    """What the one reader of tables says about ``data``: a table, or its error."""
    try:
        return read_table(node_of(data), "<data>")
    except InputError as exc:
        return exc


def same(a, b) -> bool:
    if isinstance(a, InputError) or isinstance(b, InputError):
        return isinstance(a, InputError) and isinstance(b, InputError) and str(a) == str(b)
    return a == b


def test_every_table_file_reads_the_same_from_data():
    assert len(DATA) > 50
    direct = 0
    for data in DATA:
        got = api.table_from_dict(data)
        assert got == reader(data)
        assert got.to_data() == data
        direct += _direct(data, "<data>") is not None
    assert direct >= len(DATA) * 0.9  # the usual shapes take the direct way


ODD = [None, "", " ", 0, -1, 1, 11, 10**12, True, False, 1.5, "x", "KH", "KH KH KH KH", "3H", "2C 2D 2H",
       "JK JK JK JK JK", "7", "7 7 7 7 7 7 7 7 7", "7H 8H 9H", "3S 3C 3H", "3S 3C 2D", "2D 7H 7S", [], {}, ["KH", 1], ["KH"], {"x": 1}, "Ann", " Ann", "Bob",
       "play", "draw", "PLAY", "granted", "classic", "brazilian", "nosuch", "NS", ["Ann", "Bob"], ["Ann", "Ann"]]


def paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*path, i))


def put(data, path, value):
    data = copy.deepcopy(data)
    if not path:
        return value
    target = data
    for p in path[:-1]:
        target = target[p]
    if value is KeyError:
        if isinstance(target, dict):
            del target[path[-1]]
        else:
            del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("seed", range(4))
def test_changed_data_gets_the_readers_answer(seed):
    """Any value anywhere replaced by an odd one, or removed: the same table or the same error."""
    rnd = random.Random(seed)
    for data in rnd.sample(DATA, 12):
        spots = list(paths(data))
        for _ in range(60):
            path = rnd.choice(spots)
            value = rnd.choice([*ODD, KeyError])
            changed = put(data, path, value)
            got: object
            try:
                got = api.table_from_dict(changed)
            except InputError as exc:
                got = exc
            assert same(got, reader(changed)), (path, value)


def test_new_keys_and_extra_keys():
    data = copy.deepcopy(DATA[0])
    data["colour"] = "red"
    with pytest.raises(InputError) as err:
        api.table_from_dict(data)
    assert err.value.key == "colour"


def test_error_names_the_key_path():
    data = copy.deepcopy(DATA[0])
    data["players"][0]["hand"] = "KH ZZ"
    with pytest.raises(InputError) as err:
        api.table_from_dict(data)
    assert err.value.key == "players[0].hand"
    assert "ZZ" in err.value.message


def test_house_rules_go_through_the_reader():
    data = copy.deepcopy(DATA[0])
    data["house_rules"] = {"max_wilds": 2}
    table = api.table_from_dict(data)
    assert table.ruleset.max_wilds == 2
    assert table == reader(data)


def test_the_api_answers_as_the_engine_does():
    from canasta_tutor.engine.judge import judge
    from canasta_tutor.engine.scoring import score_table
    from canasta_tutor.play.moves import legal_moves

    table = api.load_table(str(ROOT / "canasta_tutor" / "examples" / "table.yaml"))
    assert api.check(table, "take 9S 9D").rule_ids == judge(table, "take 9S 9D").rule_ids
    assert [o.move for o in api.legal_moves(table).options] == [o.move for o in legal_moves(table).options]
    assert api.can_take(table) is True
    scored = next(t for t in map(api.table_from_dict, DATA) if all(p.hand is not None for p in t.players))
    assert [s.hand_total for s in api.score(scored).sides] == [s.hand_total for s in score_table(scored).sides]


def test_tables_built_from_the_same_data_share_nothing_a_program_may_change():
    """The cards of a text are looked up once, but every table gets lists of its own."""
    data = copy.deepcopy(DATA[0])
    first, second = api.table_from_dict(data), api.table_from_dict(data)
    for a, b in ((first.discard, second.discard),
                 *[(p.hand, q.hand) for p, q in zip(first.players, second.players) if p.hand is not None],
                 *[(m.cards, n.cards) for s, t in zip(first.sides, second.sides) for m, n in zip(s.melds, t.melds)]):
        assert a == b and a is not b
    first.discard.append(first.discard[0] if first.discard else None)
    third = api.table_from_dict(data)
    assert third.discard == second.discard


def test_a_built_table_changes_no_other_table_of_the_same_data():
    """The reader keeps the cards of the texts (and the melds of a side) it has seen as tuples that
    every table of them shares until it builds: then each part becomes a list of the table's own."""
    data = copy.deepcopy(DATA[0])
    data["players"][0]["hand"] = "7H 7D 2C KS KH"
    data["sides"][0].update({"melds": ["KD KC KS 2S", "9S 9D 9H", "9C 9H"], "red_threes": "3H"})
    data.update({"discard": "5D 8C", "stock": 40})
    before = api.table_from_dict(data)
    first = api.table_from_dict(data)  # every text and the meld list seen before: the kept tuples
    changed = api.cards("4S")[0]
    first.players[0].hand.append(changed)
    first.discard.append(changed)
    first.sides[0].melds[0].cards.append(changed)
    first.sides[0].melds[1].cards.append(changed)  # the two melds of nines, made one
    first.sides[0].red_threes.append(api.cards("3D")[0])
    first.sides[0].players.append("Zed")
    later = api.table_from_dict(data)
    assert later == before == reader(data)
    assert [m.rank for m in later.sides[0].melds] == ["K", "9"]
    assert api.check(later, "meld 7H 7D 2C").legal == api.check(reader(data), "meld 7H 7D 2C").legal


@pytest.mark.parametrize("seats", [(0,), (1,), (2,), (3,), (1, 2), (0, 3)])
def test_has_melded_of_any_seat_takes_the_direct_way(seats):
    """A word on having melded for some players only: the others have not, as the reader says."""
    data = copy.deepcopy(next(d for d in DATA if len(d["players"]) == 4))
    for i, p in enumerate(data["players"]):
        p.pop("has_melded", None)
        if i in seats:
            p["has_melded"] = True
    table = _direct(data, "<data>")
    assert table is not None
    assert [p.has_melded for p in table.players] == [p.has_melded for p in reader(data).players]
    assert table == reader(data)
    for seat in range(4):  # each seat on turn: the kernel reads whether it has melded
        on_turn = put(data, ("turn", "player"), data["players"][seat]["name"])
        assert api.can_take(api.table_from_dict(on_turn)) == api.can_take(reader(on_turn)), seat


def test_the_cards_of_a_long_text_are_not_kept():
    from canasta_tutor.files import from_data

    long_text = " ".join(["9S"] * 300)  # more nines than any decks hold: refused, and not kept either
    with pytest.raises(InputError):
        api.table_from_dict({**copy.deepcopy(DATA[0]), "discard": long_text})
    assert long_text not in from_data._TEXTS


def test_optional_keys_given_as_null_take_the_direct_way():
    """A program may write every optional key, as null when it has no value: the reader takes that as
    left out, and so does the direct way (which is ten times quicker)."""
    data = copy.deepcopy(DATA[0])
    data.update({"ruleset": None, "stock": None, "pile_frozen": None, "cut_bonus": None})
    data["turn"].update({"phase": None, "first_round": None, "permission": None})
    for p in data["players"]:
        p["has_melded"] = None
    for s in data["sides"]:
        s.update({"score": None, "melds": None, "red_threes": None})
    assert _direct(data, "<data>") is not None
    assert api.table_from_dict(data) == reader(data)


def test_the_decks_whole_take_the_direct_way_and_a_card_too_many_does_not():
    """The decks' limits at their edge: every card of two decks and all four jokers is a table the direct
    way builds (no card counted once too often), and a third copy of any card, or a fifth joker, in
    place of another card (so that the count of cards stays within the decks) is left to the reader,
    which refuses it."""
    suited = [f"{r}{s}" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
              for s in "SHDC"]
    data = copy.deepcopy(DATA[0])
    for p in data["players"]:
        p["hand"] = 0
    for s in data["sides"]:
        s.update({"melds": [], "red_threes": []})
    data.update({"stock": 0, "pile_frozen": True, "discard": " ".join(suited * 2 + ["JK"] * 4)})
    rs = api.table_from_dict(data).ruleset
    assert (rs.decks, rs.jokers) == (2, 4)
    assert _direct(data, "<data>") is not None
    assert api.table_from_dict(data) == reader(data)
    for extra in (*suited, "JK"):
        pile = suited * 2 + ["JK"] * 4
        pile.remove("KH" if extra == "AS" else "AS")
        more = {**data, "discard": " ".join([*pile, extra])}
        assert _direct(more, "<data>") is None, extra
        assert isinstance(reader(more), InputError), extra


# -- the bench position, changed every way; generated tables; the unbuilt table against the built one --

def bench_position() -> dict:
    """Four players, two melds (one of them a canasta with a joker), 27 known cards: the usual shape."""
    names = ["Ann", "Bob", "Cas", "Dee"]
    hands = ("7H 7D 2C KS KH 5C 9D 9S 4H JK QD", 11, 9, 11)
    return {"ruleset": "classic",
            "players": [{"name": n, "hand": h} for n, h in zip(names, hands)],
            "sides": [{"name": "NS", "players": ["Ann", "Cas"], "score": 1450,
                       "melds": ["KD KC KS 2S", "7S 7S 7C 7C 7D 7H JK"]},
                      {"name": "EW", "players": ["Bob", "Dee"], "score": 2300, "melds": []}],
            "discard": "5D 8C 4S 9H", "stock": 40, "turn": {"player": "Ann", "phase": "play"}}


# Values that are each right somewhere in a table and wrong elsewhere (or nearly right: a bool for a
# number, a name with a space, one card too many...).
NEAR = [*ODD, "Cas", "Dee", "EW", "NS & EW", "Ann ", 1450, 10**9 - 1, 10**9, -10**9 + 1, 0.0, "40", 108,
        "7S 7S 7C", "7S 7S 7S", "KD KC KS 2S", "JK JK", "3H 3D", "3H 3D 3H", "3C", "KH KD", "9S 9D 2C",
        ["9S", "9D"], [" 9S", "9D "], ["Ann", "Cas"], ["Cas", "Ann"], ["Bob", "Bob"], ["Ann", "Bob", "Cas"],
        {"name": "Eve", "hand": 3}, {"name": "Ann", "hand": 3, "has_melded": 1}, {"name": "X", "players": ["Ann", "Cas"]},
        "refused", "none", "first_round"]


def outcome(data):
    try:
        return api.table_from_dict(data)
    except InputError as exc:
        return exc


def test_the_bench_position_changed_anywhere_gets_the_readers_answer():
    """Every value of the bench position replaced by each near value, removed, or given an extra key:
    the table the reader makes (compared whole, and as data) or its error, word for word and key path."""
    base = bench_position()
    assert type(api.table_from_dict(base)).__name__ == "DataTable"  # the direct way, unbuilt
    refused = accepted = 0
    for path in paths(base):
        for value in [*NEAR, KeyError]:
            if not path and value is not KeyError:
                continue
            changed = put(base, path, value) if path else base
            if value is KeyError and not path:
                continue
            got, want = outcome(changed), reader(changed)
            assert same(got, want), (path, value)
            if isinstance(want, InputError):
                assert isinstance(got, InputError) and got.key == want.key, (path, value)
                refused += 1
            else:
                assert got.to_data() == want.to_data(), (path, value)
                accepted += 1
    for where in ([], ["players", 0], ["sides", 1], ["turn"]):
        changed = copy.deepcopy(base)
        target = changed
        for p in where:
            target = target[p]
        target["extra"] = 1
        assert same(outcome(changed), reader(changed)), where
    for keys in ({"has_melded": True, "extra": 1}, {"has_melded": None, "extra": 1}, {"has_melded": False}):
        changed = copy.deepcopy(base)  # a player's keys told by their count: every count tried
        changed["players"][1].update(keys)
        assert same(outcome(changed), reader(changed)), keys
    assert refused > 500 and accepted > 200, (refused, accepted)


def generated(rnd: random.Random) -> dict:
    """A well-formed table in a built-in ruleset: hands as text, lists or counts, melds by side, the
    optional keys given, left out or null; the cards dealt from the decks, so the limits hold."""
    from canasta_tutor.engine.cards import NATURAL_RANKS, SUITS

    ruleset, count = rnd.choice([("classic", 4), ("classic", 2), ("classic", 3), ("classic", 6)])
    deck = [f"{r}{s}" for r in (*NATURAL_RANKS, "2", "3") for s in SUITS] * 2 + ["JK"] * 4
    rnd.shuffle(deck)
    names = rnd.sample(["Ann", "Bob", "Cas", "Dee", "Eve", "Fay", "Gus", "Hal"], count)

    def text(cards):
        return rnd.choice([" ".join(cards), list(cards), ", ".join(cards)]) if cards else rnd.choice(["", None, []])

    players = []
    for n in names:
        p = {"name": n, "hand": rnd.randint(0, 15) if rnd.random() < 0.4 else text([deck.pop() for _ in range(rnd.randint(0, 12))])}
        if rnd.random() < 0.3:
            p["has_melded"] = rnd.choice([True, False, None])
        players.append(p)
    data = {"ruleset": ruleset, "players": players}
    if count in (4, 6) or rnd.random() < 0.7:
        size = 2 if count in (4, 6) else 1
        sides_n = count // size
        seats = [[names[i + k * sides_n] for k in range(size)] for i in range(sides_n)] if rnd.random() < 0.7 else \
            [names[i * size:(i + 1) * size] for i in range(sides_n)]
        sides = []
        for i, members in enumerate(seats):
            side = {"name": f"S{i}", "players": members}
            melds = []
            for rank in rnd.sample(list(NATURAL_RANKS), rnd.randint(0, 3)):
                naturals = [c for c in deck if c[:-1] == rank and c != "JK"][: rnd.randint(2, 5)]
                wild = [c for c in deck if c == "JK" or c.startswith("2")][: rnd.randint(0, 1)]
                for c in naturals + wild:
                    deck.remove(c)
                melds.append(" ".join(naturals + wild))
            for key, value in (("score", rnd.randint(-500, 5000)), ("melds", melds),
                               ("red_threes", " ".join(c for c in deck if c in ("3H", "3D"))[:2])):
                if rnd.random() < 0.8:
                    side[key] = value if rnd.random() < 0.9 else None
            sides.append(side)
        data["sides"] = sides
    data["discard"] = text([deck.pop() for _ in range(rnd.randint(0, 6))])
    data["stock"] = rnd.choice([0, 20, len(deck) // 2, None])
    if rnd.random() < 0.2:
        data["pile_frozen"] = rnd.choice([True, False, None])
    turn = {"player": rnd.choice(names)}
    for key, values in (("phase", ["draw", "play", None]), ("first_round", [True, False, None]),
                        ("permission", ["none", "granted", "refused", None])):
        if rnd.random() < 0.5:
            turn[key] = rnd.choice(values)
    data["turn"] = turn
    if rnd.random() < 0.2 and "sides" in data:
        data["cut_bonus"] = data["sides"][0]["name"]
    return data


LAZY_LOOKS = ["players", "sides", "turn", "discard", "pile_frozen", "stock", "cut_bonus", "ruleset_ref",
              "house_rules", "ruleset", "mover", "to_data", "repr", "clone", "eq"]


def look(table, what):
    if what == "mover":
        return table.mover
    if what == "to_data":
        return table.to_data()
    if what == "repr":  # a ruleset prints as an object: the same ruleset, not always the same object
        return repr(table).replace(repr(table.ruleset), "ruleset")
    if what == "clone":
        return table.clone().to_data()
    if what == "eq":
        return table == read_table(node_of(table.to_data()), "<data>")
    return getattr(table, what)


def test_generated_tables_read_the_same_and_the_unbuilt_table_is_the_built_one():
    """Generated tables: the reader's table, and every look at the unbuilt table (whatever is looked at
    first) gives what the ordinary table gives."""
    rnd = random.Random(7)
    direct = 0
    for _ in range(400):
        data = generated(rnd)
        want = reader(data)
        got = outcome(data)
        assert same(got, want), data
        if isinstance(want, InputError):
            continue
        assert got.to_data() == want.to_data()
        if _direct(data, "<data>") is None:
            continue
        direct += 1
        first = rnd.choice(LAZY_LOOKS)
        fresh = api.table_from_dict(data)
        assert type(fresh).__name__ == "DataTable" and fresh.parts is not None
        got_first = look(fresh, first)
        assert got_first == look(want, first) if first != "eq" else got_first, (first, data)
        for what in LAZY_LOOKS:
            assert look(fresh, what) == (look(want, what) if what != "eq" else True), (what, data)
        assert want == fresh and fresh == want
    assert direct > 200, direct


def test_a_change_before_the_first_look_is_kept():
    """A program may change a table before it looks at it: the change holds, and every ruling sees it."""
    from canasta_tutor.engine.table import Turn

    for field, value in (("turn", Turn("Bob", "play")), ("stock", 0), ("discard", []), ("pile_frozen", True)):
        table, eager = api.table_from_dict(bench_position()), reader(bench_position())
        setattr(table, field, value)
        setattr(eager, field, value)
        assert table.to_data() == eager.to_data(), field
        for move in ("discard 4H", "draw", "take 9S 9D"):
            assert api.check(table, move).rule_ids == api.check(eager, move).rule_ids, (field, move)


def test_a_change_to_the_data_afterwards_is_not_the_tables():
    data = bench_position()
    table = api.table_from_dict(data)
    data["sides"][0]["players"].append("Bob")
    data["players"][0]["hand"] = "AS"
    assert table.sides[0].players == ["Ann", "Cas"] and len(table.mover.hand) == 11


@pytest.mark.parametrize("new", [" Ann", "Ann ", "", "Bob", 7, None, "Ann\t", "A n n"])
def test_a_player_renamed_everywhere_gets_the_readers_answer(new):
    """The name changed wherever it is said (seat, side, turn, cut bonus): so that only the name's own
    checks can refuse it."""
    data = bench_position()
    data["players"][0]["name"] = new
    data["sides"][0]["players"][0] = new
    data["turn"]["player"] = new
    assert same(outcome(data), reader(data)), new


class _Said(str, Enum):  # noqa: UP042  (not a StrEnum: this one prints its members' names, not their values)
    """Strings a program may keep as a ``str`` enum: equal to their values, printed as their names."""
    ANN = "Ann"
    NS = "NS"
    KINGS = "KD KC KS 2S"
    PLAY = "play"
    NONE = "none"
    CLASSIC = "classic"


@pytest.mark.parametrize(("path", "value"), [
    (("players", 0, "name"), _Said.ANN),
    (("sides", 0, "name"), _Said.NS),
    (("sides", 0, "melds"), [_Said.KINGS, "7S 7S 7C 7C 7D 7H JK"]),
    (("sides", 0, "players"), [_Said.ANN, "Cas"]),
    (("turn", "player"), _Said.ANN),
    (("turn", "phase"), _Said.PLAY),
    (("turn", "permission"), _Said.NONE),
    (("cut_bonus",), _Said.NS),
    (("ruleset",), _Said.CLASSIC),
])
def test_a_string_of_a_subclass_gets_the_readers_answer(path, value):
    """A value equal to a name, a meld or a word seen before, but of a subclass of ``str`` (after the
    same data with plain strings, so that every cache holds the plain value): the reader's to build,
    which reads it as the text it holds, so the table is the one of the plain data, with plain strings."""
    base = bench_position()
    assert type(api.table_from_dict(copy.deepcopy(base))).__name__ == "DataTable"
    plain = api.table_from_dict(put(base, path, [v.value if isinstance(v, Enum) else v for v in value]
                                    if isinstance(value, list) else value.value))
    assert type(plain).__name__ == "DataTable", path
    changed = put(base, path, value)
    assert same(outcome(changed), reader(changed)), path
    got = outcome(changed)
    assert not isinstance(got, InputError), path
    assert got == plain
    assert _plain_strings(got.to_data()), path


class _Posing:
    """Not a string, but equal to one and hashed as it is, and printed otherwise: the reader reads it as
    it prints."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return other == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return "posing"


class _Folded(str):
    """A text equal to any other of the same letters, whatever their case (read as the text it holds)."""
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and self.lower() == other.lower()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.lower())


@pytest.mark.parametrize(("path", "value"), [
    (("turn", "player"), _Posing("Ann")),
    (("turn", "player"), _Folded("ANN")),
    (("turn", "phase"), _Posing("play")),
    (("turn", "permission"), _Posing("none")),
    (("sides", 0, "melds"), [_Posing("KD KC KS 2S"), "7S 7S 7C 7C 7D 7H JK"]),
])
def test_a_value_equal_to_a_word_it_does_not_hold_gets_the_readers_answer(path, value):
    """After the plain data (so that the melds are kept): a value that is only equal to a player, a word
    or a kept meld is refused, as the reader refuses the text it reads."""
    base = bench_position()
    assert type(api.table_from_dict(copy.deepcopy(base))).__name__ == "DataTable"
    changed = put(base, path, value)
    assert isinstance(reader(changed), InputError), path
    assert same(outcome(changed), reader(changed)), path


def _plain_strings(value) -> bool:
    if isinstance(value, dict):
        return all(type(k) is str and _plain_strings(v) for k, v in value.items())
    if isinstance(value, list):
        return all(map(_plain_strings, value))
    return not isinstance(value, str) or type(value) is str


class _Key(str, Enum):  # noqa: UP042  (prints as ``_Key.PLAYERS``)
    PLAYERS = "players"
    TURN = "turn"
    PHASE = "phase"
    NAME = "name"


def test_keys_of_a_subclass_of_str_are_read_as_their_text():
    """A program may key its mappings by a ``str`` enum: each key is the text it holds, whichever way
    the table is built."""
    base = bench_position()
    keyed = {(_Key.PLAYERS if k == "players" else _Key.TURN if k == "turn" else k): v for k, v in base.items()}
    keyed[_Key.PLAYERS] = [{_Key.NAME: p["name"], "hand": p["hand"]} for p in base["players"]]
    keyed[_Key.TURN] = {(_Key.PHASE if k == "phase" else k): v for k, v in base["turn"].items()}
    assert api.table_from_dict(keyed) == reader(keyed) == api.table_from_dict(copy.deepcopy(base))


def test_the_melds_of_a_long_text_are_not_kept():
    from canasta_tutor.files import from_data

    long_meld = " ".join(["KH"] * 300)  # a meld of more kings than any decks hold: refused, and not kept
    data = bench_position()
    data["sides"][1]["melds"] = [long_meld]
    with pytest.raises(InputError):
        api.table_from_dict(data)
    assert (long_meld,) not in from_data._MELD_LISTS
