"""Strict loading of tables (format.md): every bad input is an InputError naming the line and the key path,
never another exception, and is found quickly."""
from __future__ import annotations

import time

import pytest

from canasta_tutor.engine.cards import Card
from canasta_tutor.files.snapshot import load_table, table_from_text
from canasta_tutor.reading.strict_yaml import InputError

NAME = "t.yaml"


def table_text(hand: str = "KH 7D 2C", ruleset: str = "classic", extra: str = "", **replace: str) -> str:
    """A small valid four-player table; ``replace`` swaps whole substrings to break it."""
    text = f"""\
ruleset: {ruleset}
players:
  - {{name: Ann, hand: {hand}}}
  - {{name: Bob, hand: 11}}
  - {{name: Cas, hand: 11}}
  - {{name: Dee, hand: 11}}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 1200
    melds:
      - [QH, QS, QD]
  - name: EW
    players: [Bob, Dee]
discard: 5C 9H
stock: 40
turn:
  player: Ann
  phase: draw
""" + extra
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    """1-based line number of the ``occurrence``-th line containing ``fragment``."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if fragment in line]
    return hits[occurrence - 1]


def load_error(text: str, ruleset: str | None = None) -> InputError:
    start = time.perf_counter()
    with pytest.raises(InputError) as info:
        table_from_text(text, NAME, ruleset)
    assert time.perf_counter() - start < 1.0
    err = info.value
    assert err.file == NAME
    assert str(err).startswith(f"{NAME}:")  # printed as file:line:column: key: message
    return err


def test_the_base_table_loads():
    t = table_from_text(table_text(), NAME)
    assert [p.name for p in t.players] == ["Ann", "Bob", "Cas", "Dee"]
    assert t.players[0].hand == [Card("K", "H"), Card("7", "D"), Card("2", "C")]
    assert t.stock == 40 and t.turn.player == "Ann" and t.ruleset.id == "classic"
    assert [s.name for s in t.sides] == ["NS", "EW"] and t.sides[0].score == 1200


# --- the schema ----------------------------------------------------------------------------------------

def test_unknown_top_level_key():
    text = table_text(extra="colour: red\n")
    err = load_error(text)
    assert (err.line, err.column) == (line_of(text, "colour:"), 1)
    assert err.key == "colour"
    assert "unknown key 'colour'" in err.message
    assert "players" in err.message  # lists what is expected


def test_unknown_nested_key_has_its_path():
    text = table_text(**{"phase: draw": "phaze: draw"})
    err = load_error(text)
    assert err.line == line_of(text, "phaze")
    assert err.key == "turn.phaze"


def test_wrong_type():
    text = table_text(**{"stock: 40": "stock: many"})
    err = load_error(text)
    assert (err.line, err.column) == (line_of(text, "stock:"), 8)
    assert err.key == "stock"
    assert "many" in err.message and "whole number" in err.message
    assert str(err) == f"{NAME}:{err.line}:8: stock: {err.message}"


def test_bad_card_in_a_string_of_cards():
    text = table_text("KH XX")
    err = load_error(text)
    assert err.line == line_of(text, "KH XX")
    assert err.key == "players[0].hand"
    assert "'XX'" in err.message


def test_bad_card_in_a_yaml_list_names_the_item():
    text = table_text("[KH, XX]")
    err = load_error(text)
    assert err.line == line_of(text, "[KH, XX]")
    assert err.key == "players[0].hand[1]"
    assert "'XX'" in err.message


def test_a_three_without_suit():
    err = load_error(table_text("KH 3"))
    assert err.key == "players[0].hand"
    assert "three" in err.message and "suit" in err.message


def test_a_three_without_suit_in_a_meld():
    text = table_text(**{"[QH, QS, QD]": "[QH, QS, QD, 3]"})
    err = load_error(text)
    assert err.line == line_of(text, "[QH, QS, QD, 3]")
    assert err.key == "sides[0].melds[0][3]"


def test_turn_player_who_does_not_exist():
    text = table_text(**{"player: Ann": "player: Zed"})
    err = load_error(text)
    assert err.line == line_of(text, "player: Zed")
    assert err.key == "turn.player"
    assert "'Zed'" in err.message and "Ann" in err.message


def test_side_player_who_does_not_exist():
    text = table_text(**{"[Ann, Cas]": "[Ann, Zed]"})
    err = load_error(text)
    assert err.line == line_of(text, "[Ann, Zed]")
    assert err.key == "sides[0].players[1]"
    assert "'Zed'" in err.message


def test_a_player_on_two_sides():
    text = table_text(**{"[Bob, Dee]": "[Bob, Ann]"})
    err = load_error(text)
    assert err.line == line_of(text, "[Bob, Ann]")
    assert err.key == "sides[1].players[1]"
    assert "Ann" in err.message and "NS" in err.message


def test_two_players_with_one_name():
    text = table_text(**{"{name: Dee,": "{name: Ann,"})
    err = load_error(text)
    assert err.line == line_of(text, "{name: Ann,", 2)
    assert err.key == "players[3].name"


# --- how many copies the decks hold ----------------------------------------------------------------------

def test_three_copies_of_a_card_in_two_decks_points_at_the_third():
    text = table_text("KH 7D", **{"[QH, QS, QD]": "[KH, KS, KD]", "discard: 5C 9H": "discard: 5C KH"})
    err = load_error(text)
    assert err.line == line_of(text, "discard:")
    assert err.key == "discard"
    assert "3 of KH" in err.message and "2" in err.message


def test_nine_kings_without_suits():
    err = load_error(table_text("K K K K K K K K K"))
    assert err.key == "players[0].hand"
    assert "9 of kings" in err.message


def test_eight_kings_without_suits_are_fine():
    t = table_text("K K K K K K K K")
    assert len(table_from_text(t, NAME).players[0].hand) == 8


def test_suited_and_suitless_copies_count_together():
    err = load_error(table_text("KH KS KD KC K K K", **{"[QH, QS, QD]": "[KH, KS, KD]"}))
    assert "kings" in err.message and "10" in err.message


def test_five_jokers_classic_but_fine_in_danish():
    err = load_error(table_text("JK JK JK JK JK"))
    assert err.key == "players[0].hand"
    assert "5 of jokers" in err.message
    t = table_from_text(table_text("JK JK JK JK JK", ruleset="danish"), NAME)
    assert t.ruleset.id == "danish" and len(t.players[0].hand) == 5
    # danish has 8 jokers, not unlimited
    assert "9 of jokers" in load_error(table_text("JK " * 9, ruleset="danish")).message


def test_ruleset_override_changes_the_deck_limit():
    text = table_text("JK JK JK JK JK")
    assert table_from_text(text, NAME, "danish").ruleset.id == "danish"
    with pytest.raises(InputError):
        table_from_text(table_text("JK JK JK JK JK", ruleset="danish"), NAME, "classic")


# --- scalars stay what they are written as ----------------------------------------------------------------

@pytest.mark.parametrize("name", ["No", "Yes", "off", "true", "1"])
def test_names_stay_strings(name):
    text = table_text(**{"name: Ann": f"name: {name}", "[Ann, Cas]": f"[{name}, Cas]",
                         "player: Ann": f"player: {name}"})
    t = table_from_text(text, NAME)
    assert t.players[0].name == name
    assert t.sides[0].players == [name, "Cas"]
    assert t.turn.player == name


def test_hand_as_a_number_is_a_count():
    t = table_from_text(table_text("11"), NAME)
    assert t.players[0].hand is None
    assert t.players[0].count == 11


def test_a_yaml_list_of_numbers_is_ranks():
    t = table_from_text(table_text("[10, 2, K]"), NAME)
    assert [c.rank for c in t.players[0].hand] == ["10", "2", "K"]
    assert all(c.suit is None for c in t.players[0].hand)


def test_suit_symbols_and_t():
    t = table_from_text(table_text("K♥ T♠ ts 10d jk"), NAME)
    assert [str(c) for c in t.players[0].hand] == ["KH", "10S", "10S", "10D", "JK"]
    assert t.players[0].hand[0] == Card("K", "H")


def test_a_string_and_a_list_of_cards_are_the_same():
    a = table_from_text(table_text("KH 7D 2C"), NAME).players[0].hand
    b = table_from_text(table_text("[KH, 7D, 2C]"), NAME).players[0].hand
    assert a == b


# --- the YAML features we refuse --------------------------------------------------------------------------

def test_duplicate_keys():
    text = table_text(extra="stock: 12\n")
    err = load_error(text)
    assert err.line == line_of(text, "stock:", 2)
    assert err.key == "stock"
    assert "duplicate key 'stock'" in err.message


def test_duplicate_nested_key_names_its_path():
    text = table_text(**{"phase: draw": "player: Bob"})
    err = load_error(text)
    assert err.line == line_of(text, "player: Bob")
    assert err.key == "turn.player"


def test_anchor():
    text = table_text("&mine KH 7D")
    err = load_error(text)
    assert err.line == line_of(text, "&mine")
    assert err.key == "players[0].hand"
    assert "anchor" in err.message


def test_alias():
    text = table_text(**{"{name: Bob, hand: 11}": "{name: Bob, hand: *mine}"})
    err = load_error(text)
    assert err.line == line_of(text, "*mine")
    assert err.key == "players[1].hand"
    assert "alias" in err.message


def test_billion_laughs_is_refused_at_once():
    lol = 'x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"x-{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8))
    err = load_error(table_text(extra=lol))
    assert "anchor" in err.message


@pytest.mark.parametrize("value", ["!!python/object:os.system {}", "!!python/object/apply:os.system ['true']",
                                   "!!python/name:os.system ''", "!!int 3", "!custom [1]"])
def test_tags(value):
    text = table_text(extra=f"x-note: {value}\n")
    err = load_error(text)
    assert err.line == line_of(text, "x-note")
    assert err.key == "x-note"
    assert "tag" in err.message


def test_merge_key():
    text = table_text(**{"stock: 40": "<<: {stock: 40}"})
    err = load_error(text)
    assert err.line == line_of(text, "<<")
    assert "merge" in err.message


def test_two_documents():
    text = table_text() + "---\n" + table_text()
    err = load_error(text)
    assert err.line == line_of(text, "---")
    assert "document" in err.message


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n", "~\n", "null\n"])
def test_empty(text):
    assert "empty" in load_error(text).message


@pytest.mark.parametrize("text", ["just text\n", "- a\n- b\n", "42\n"])
def test_top_level_must_be_a_mapping(text):
    assert "mapping" in load_error(text).message


def test_invalid_yaml_names_the_line():
    text = table_text(**{"stock: 40": "stock: [40"})
    err = load_error(text)
    assert err.line >= line_of(text, "stock:")
    assert "YAML" in err.message


def test_a_control_character_names_its_line():
    text = table_text(**{"stock: 40": "stock: 40\x01"})
    err = load_error(text)
    assert "character" in err.message and "not allowed" in err.message
    assert (err.line, err.column) == (line_of(text, "stock:"), len("stock: 40") + 1)


@pytest.mark.parametrize("text", [
    "x-deep: " + "[" * 5000 + "]" * 5000 + "\n",
    "x-deep: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n",
    "players:\n" + "".join(" " * i + "- \n" for i in range(1, 5000)),
])
def test_deep_nesting(text):
    err = load_error(text)
    assert err.line >= 1
    assert "nest" in err.message


# --- files ------------------------------------------------------------------------------------------------

def file_error(path) -> InputError:
    start = time.perf_counter()
    with pytest.raises(InputError) as info:
        load_table(path)
    assert time.perf_counter() - start < 1.0
    assert info.value.file == str(path)
    return info.value


def test_load_table_reads_a_file(tmp_path):
    p = tmp_path / "table.yaml"
    p.write_text(table_text("K♥ 7D"), encoding="utf-8")
    assert load_table(p).players[0].hand == [Card("K", "H"), Card("7", "D")]
    assert load_table(str(p), "danish").ruleset.id == "danish"


def test_file_errors_carry_the_file_name(tmp_path):
    p = tmp_path / "table.yaml"
    p.write_text(table_text(**{"stock: 40": "stock: many"}), encoding="utf-8")
    err = file_error(p)
    assert err.key == "stock"
    assert str(err).startswith(f"{p}:{err.line}:{err.column}: stock: ")


def test_a_folder(tmp_path):
    assert "folder" in file_error(tmp_path).message


def test_a_missing_path(tmp_path):
    assert "no such file" in file_error(tmp_path / "nope.yaml").message


def test_not_utf8(tmp_path):
    p = tmp_path / "latin1.yaml"
    p.write_bytes(table_text().replace("Bob", "Ren\u00e9").encode("latin-1"))
    err = file_error(p)
    assert err.line == 4
    assert "UTF-8" in err.message


def test_utf8_with_bom_is_fine(tmp_path):
    p = tmp_path / "bom.yaml"
    p.write_bytes(b"\xef\xbb\xbf" + table_text().encode())
    assert load_table(p).players[0].name == "Ann"


def test_a_nul_byte(tmp_path):
    p = tmp_path / "nul.yaml"
    p.write_bytes(table_text().encode() + b"\x00\n")
    assert "NUL" in file_error(p).message


def test_utf16_is_refused(tmp_path):
    p = tmp_path / "utf16.yaml"
    p.write_bytes(table_text().encode("utf-16"))
    assert "UTF-16" in file_error(p).message  # named as such, not "binary data"


def test_a_2mb_file(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_text(table_text() + "".join(f"x-{i}: {'y' * 60}\n" for i in range(32000)), encoding="utf-8")
    assert p.stat().st_size > 2_000_000
    assert "larger" in file_error(p).message


def test_an_empty_file(tmp_path):
    p = tmp_path / "empty.yaml"
    p.write_text("")
    assert "empty" in file_error(p).message


WILD_MELD = """\
ruleset: classic
{house}players:
  - {{name: Ann, hand: 2S 2D JK 5C 6D 7C 8H KS}}
  - {{name: Bob, hand: 11}}
  - {{name: Cas, hand: 11}}
  - {{name: Dee, hand: 11}}
sides:
  - {{name: NS, players: [Ann, Cas], score: 0, melds: [[QS, QD, QH], [2H, 2C, JK]]}}
  - {{name: EW, players: [Bob, Dee], score: 0, melds: []}}
discard: 4C
stock: 60
turn: {{player: Ann, phase: play}}
"""


def test_a_meld_of_wild_cards_alone_loads_where_the_rules_ask_for_no_natural_card():
    """House rules with no natural card required let the judge lay wild cards alone (a meld of rank
    "?"); a table holding one, as a game saved under those rules does, reads back as it was written."""
    from canasta_tutor.engine.judge import judge

    table = table_from_text(WILD_MELD.format(house="house_rules: {min_naturals: 0, max_wilds: 7}\n"), "t.yaml")
    wild = table.sides[0].meld_of("?")
    assert wild is not None and [str(c) for c in wild.cards] == ["2H", "2C", "JK"]
    after = judge(table, "meld 2S 2D JK; discard 5C").after  # laid again: onto the same meld
    assert len(after.sides[0].meld_of("?").cards) == 6
    from canasta_tutor.play.dealing import snapshot_text

    assert table_from_text(snapshot_text(after), "again.yaml").to_data() == after.to_data()
    with pytest.raises(InputError, match="found only wild cards"):  # the default rules ask for natural cards
        table_from_text(WILD_MELD.format(house=""), "t.yaml")


def test_an_empty_meld_is_called_empty_not_wild():
    with pytest.raises(InputError, match="found an empty meld") as caught:
        table_from_text(WILD_MELD.format(house="").replace("[2H, 2C, JK]", "[]"), "t.yaml")
    assert "wild" not in str(caught.value)
