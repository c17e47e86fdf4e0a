"""Tables from plain data (``api.table_from_dict``): the same tables and the same errors as the file
reader, whichever way the data is built."""
from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from canasta_tutor import api
from canasta_tutor.files.from_data import _direct, node_of
from canasta_tutor.files.snapshot import load_table, read_table
from canasta_tutor.reading.strict_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml")) + sorted((ROOT / "canasta_tutor" / "examples").glob("*.yaml"))


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
