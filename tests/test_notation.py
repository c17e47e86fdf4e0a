"""Cards as the players write them (format.md, "Cards in the players' own letters"): suit symbols and each
language's letters, read the same whatever the language of the messages; an ambiguous code is refused
with both readings; the standard notation never changes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor.engine.cards import Card, CardError, parse_card

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("code,card", [
    # Dutch: heer, vrouw, boer, aas; harten, ruiten, schoppen, klaveren (H is heer first, harten last)
    ("HH", "KH"), ("VH", "QH"), ("BD", "JD"), ("BR", "JD"), ("AK", "AC"), ("HK", "KC"), ("10R", "10D"),
    ("3R", "3D"), ("3K", "3C"), ("H", "K"), ("vh", "QH"),
    # Danish: konge, dame, knægt (bonde), es; hjerter, ruder, spar, klør
    ("DR", "QD"), ("KK", "KC"), ("KNH", "JH"), ("Kn♥", "JH"), ("ER", "AD"), ("D", "Q"),
    # Brazilian: rei, dama, valete, ás; ouros, espadas, paus (copas only as ♥)
    ("RO", "KD"), ("VE", "JS"), ("DP", "QC"), ("R♥", "KH"), ("3O", "3D"), ("3P", "3C"), ("coringa", "JK"),
    # suit symbols, all eight, in every notation
    ("9♥", "9H"), ("K♠", "KS"), ("10♦", "10D"), ("2♣", "2C"), ("9♡", "9H"), ("K♤", "KS"), ("10♢", "10D"),
    ("2♧", "2C"),
])
def test_the_players_own_letters(code, card):
    assert str(parse_card(code)) == card


@pytest.mark.parametrize("code", ["KH", "QD", "JC", "AS", "10S", "TS", "3C", "3D", "KD", "AC", "7C", "JK"])
def test_the_standard_notation_always_wins(code):
    """C is clubs and D diamonds even where a language uses those letters otherwise (copas, dame)."""
    card = parse_card(code)
    assert str(card) == code.replace("TS", "10S")


@pytest.mark.parametrize("code,readings", [("V", ("Q", "J")), ("V♥", ("Q♥", "J♥")), ("V♣", ("Q♣", "J♣"))])
def test_a_code_two_languages_read_differently_is_refused_with_both_readings(code, readings):
    """V is vrouw (queen) to a Dutch player and valete (jack) to a Brazilian one."""
    with pytest.raises(CardError) as info:
        parse_card(code)
    assert all(r in info.value.reason for r in readings)
    assert "Dutch" in info.value.reason and "Portuguese" in info.value.reason


@pytest.mark.parametrize("code", ["RH", "XX", "H3", "EE", "3", "VX"])
def test_what_no_notation_reads_is_still_not_a_card(code):
    with pytest.raises(CardError):
        parse_card(code)


def test_a_three_in_the_players_letters_still_needs_its_suit():
    assert parse_card("3R").is_red_three and parse_card("3K").is_black_three
    assert parse_card("3O") is Card("3", "D")


def canasta(*args) -> Ran:
    return run_in_process(*args, cwd=ROOT, env={"CANASTA_LANG": "en"})


@pytest.mark.parametrize("lang", ["en", "pt-BR"])  # the language never changes how a card reads
def test_symbols_rule_exactly_like_the_standard_notation(lang):
    symbols = json.loads(canasta("check", "canasta_tutor/examples/table.yaml", "take 9♠ 9♦ 2♣; discard 4♥", "--json",
                                 "--lang", lang).stdout)
    standard = json.loads(canasta("check", "canasta_tutor/examples/table.yaml", "take 9S 9D 2C; discard 4H", "--json",
                                  "--lang", lang).stdout)
    assert symbols == standard
    assert symbols["move"] == "take 9S 9D 2C; discard 4H"  # JSON speaks the standard notation
    dutch = json.loads(canasta("check", "canasta_tutor/examples/table.yaml", "take 9S 9R 2K; discard 4H", "--json",
                               "--lang", lang).stdout)
    assert dutch == standard


def test_a_table_file_in_the_players_letters_reads_as_the_standard_one(tmp_path):
    from canasta_tutor.files.snapshot import load_table

    standard = (ROOT / "canasta_tutor" / "examples" / "table.yaml").read_text(encoding="utf-8")
    dutch = (standard.replace("hand: 7H 7D 2C KS KH 5C 9D 9S 4H JK QD", "hand: 7♥ 7R 2K HS HH 5♣ 9R 9S 4H JK VR")
             .replace("red_threes: [3H]", "red_threes: [3♥]"))
    (tmp_path / "nl.yaml").write_text(dutch, encoding="utf-8")
    (tmp_path / "std.yaml").write_text(standard, encoding="utf-8")
    assert load_table(tmp_path / "nl.yaml").to_data() == load_table(tmp_path / "std.yaml").to_data()


def test_a_count_of_one_beside_the_cards_is_no_ace():
    """The pile's line says "Bunken: 1 kort", not "E kort": only the engine's card codes are shown anew."""
    from canasta_tutor import texts

    assert texts.show_cards("1 kort", "da", "local") == "1 kort"
    assert texts.show_cards("AS 10H", "da", "local") == "ES 10H"


def test_the_play_prompt_warns_of_a_code_two_notations_read_differently(tmp_path):
    """`pega AC` at the prompt under pt-BR: read as the ace of clubs, with the warning `check` gives,
    naming both readings; a code read one way only is not warned of."""
    from clirun import run_in_process

    home = {"CANASTA_HOME": str(tmp_path)}
    ran = run_in_process("play", "--seed", "7", "--players", "2", "--hands", "1", "--lang", "pt-BR",
                         input="pega AC AC\nquit\n", env=home, cwd=tmp_path)
    warned = [line for line in ran.output.splitlines() if "AC" in line and "A♣" in line and "A♥" in line]
    assert warned, ran.output
    ran = run_in_process("play", "--seed", "7", "--players", "2", "--hands", "1", "--lang", "pt-BR",
                         input="pega AP AP\nquit\n", env=home, cwd=tmp_path)
    assert "A♥" not in ran.output, ran.output
