"""Cards and moves in the players' own words: one descriptor per language, moves typed in the reader's
verbs and letters, echoed in the notation of the rest of the output (``--cards``), a code two notations
read differently never taken silently, ranks named in sentences, and the seed words of each page."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from canasta_tutor import texts
from canasta_tutor.cli import app
from canasta_tutor.engine.cards import parse_card
from canasta_tutor.engine.move import MoveError, parse_move
from canasta_tutor.engine.notation import doubts
from canasta_tutor.reading.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
TABLE = """\
ruleset: classic
players:
  - name: Ann
    hand: KS KH 2C 5D 6C 7H 8S 9D QS QH
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 11}
  - {name: Dee, hand: 11}
sides:
  - {name: NS, players: [Ann, Cas], score: 0, melds: []}
  - {name: EW, players: [Bob, Dee], score: 0, melds: []}
discard: 4C 8S KD
stock: 40
turn: {player: Ann, phase: draw}
"""


@lru_cache(maxsize=1)
def _command():
    from typer.main import get_command

    return get_command(app)


@pytest.fixture
def table(tmp_path, monkeypatch):
    import typer.testing

    monkeypatch.setattr(typer.testing, "_get_command", lambda _: _command())
    monkeypatch.setenv("NO_COLOR", "1")
    # --lang and --ascii write these for the run; set here, they are taken away again after the test
    monkeypatch.setenv("CANASTA_LANG", "")
    monkeypatch.setenv("CANASTA_ASCII", "")
    path = tmp_path / "table.yaml"
    path.write_text(TABLE, encoding="utf-8")
    return str(path)


def run(*args: str, code: int | None = None):
    if "--lang" not in args:  # every run says its language: an earlier run's must not carry over
        args = (*args, "--lang", "en")
    result = CliRunner().invoke(app, list(args))
    if code is not None:
        assert result.exit_code == code, (args, result.output, result.exception)
    return result


# -- one descriptor per language ------------------------------------------------------------------

def test_one_descriptor_per_language_feeds_texts_and_the_card_reader():
    assert texts.LANGUAGES == {code: lang.catalog for code, lang in LANGUAGES.items()}
    assert texts.DECIMAL_COMMA == {code for code, lang in LANGUAGES.items() if lang.decimal_comma}
    for code, lang in LANGUAGES.items():
        if lang.catalog:
            assert (texts.CATALOGS / f"{lang.catalog}.po").exists()
        for verb, words in lang.moves.items():  # every word printed is read back as its verb
            assert parse_move(f"{words[0]}{' 9S 9D' if verb in ('take', 'meld') else ''}"
                              f"{' 4H' if verb == 'discard' else ''}{' 9S to 9' if verb == 'add' else ''}",
                              code)[0].kind == verb
        for standard, letter in lang.rank_letters.items():  # and every card printed reads as itself
            for suit, shown in lang.suit_letters.items():
                assert str(parse_card(letter + shown, code)) == standard + suit


# -- moves in the players' verbs ------------------------------------------------------------------

@pytest.mark.parametrize("lang,move,standard", [
    ("nl", "pak HS HH 2K", "take KS KH 2C"),
    ("nl", "trek; leg aan 9S bij H; leg af 4H", "draw; add 9S to K; discard 4H"),
    ("nl", "meld 7H 7R 2S; vraag", "meld 7H 7D 2S; ask"),
    ("da", "træk; læg til KK på K; smid 4H", "draw; add KC to K; discard 4H"),
    ("da", "tag ES EH", "take AS AH"),
    ("pt-BR", "pega RE RO 2P; descarta 4O", "take KS KD 2C; discard 4D"),
    ("pt-BR", "compra; baixa 7O 7E 2P; junta VE no V", "draw; meld 7D 7S 2C; add JS to J"),
    ("nl", "take KS KH 2C", "take KS KH 2C"),  # the English words are always read
])
def test_a_move_is_read_in_the_readers_verbs(lang, move, standard):
    assert "; ".join(map(str, parse_move(move, lang))) == standard


def test_another_languages_verbs_are_not_read():
    with pytest.raises(MoveError):
        parse_move("pak 9S 9D")  # English only
    with pytest.raises(MoveError):
        parse_move("pega 9S 9D", "nl")


def test_pak_is_read_ruled_and_echoed_in_dutch_letters(table):
    out = run("check", table, "pak HS HH 2K", "--lang", "nl", code=0).stdout
    assert "pak HS HH 2K" in out and "KS" not in out and "2C" not in out
    assert "HR" in out  # the top of the pile, the king of diamonds, named in Dutch letters too
    data = json.loads(run("check", table, "pak HS HH 2K", "--lang", "nl", "--json", code=0).stdout)
    assert data["move"] == "take KS KH 2C"  # --json keeps the standard notation


def test_cards_option_chooses_the_notation_of_the_text(table):
    standard = run("check", table, "pak HS HH 2K", "--lang", "nl", "--cards", "standard", code=0).stdout
    assert "take KS KH 2C" in standard
    symbols = run("check", table, "pak HS HH 2K", "--lang", "nl", "--cards", "symbols", code=0).stdout
    assert "pak H♠ H♥ 2♣" in symbols
    english = run("check", table, "take KS KH 2C", "--cards", "symbols", code=0).stdout
    assert "take K♠ K♥ 2♣" in english
    assert run("check", table, "draw", "--cards", "runes").exit_code == 2


def test_a_bad_cards_word_is_named_in_the_readers_language(table):
    for lang, words in (("da", "'runes' er ingen af standard, local, symbols"),
                        ("nl", "'runes' is geen van standard, local, symbols")):
        said = run("check", table, "draw", "--cards", "runes", "--lang", lang)
        flat = " ".join(said.stderr.replace("│", " ").split())  # the error's box may wrap it
        assert said.exit_code == 2 and words in flat, flat


def test_symbols_where_the_output_cannot_show_them_are_letters(table):
    out = run("check", table, "pak HS HH 2K", "--lang", "nl", "--cards", "symbols", "--ascii", code=0).stdout
    assert "pak HS HH 2K" in out


def test_the_table_and_its_rank_names_in_the_readers_letters(table):
    out = run("show", table, "--lang", "da", "--cards", "local", "--ascii", code=0).stdout
    assert "KS KH" in out and "DS DH" in out  # Danish dame
    out = run("check", table, "take 5D 2C", "--lang", "pt-BR", code=1).stdout
    assert "dois reis naturais" in out and "RO" in out  # the rank in words, the card in letters


# -- no silent misreads ---------------------------------------------------------------------------

def test_vc_under_pt_br_is_never_silently_the_queen_of_clubs(table):
    result = run("check", table, "draw; discard VC", "--lang", "pt-BR")
    said = result.stdout + result.stderr
    assert result.exit_code == 2 or ("Q♣" in said and "J♥" in said)
    assert "discard DC" not in said and "descarta DP" not in said  # not taken as the queen of clubs
    assert str(parse_card("VC", "pt-BR")) == "JH" and doubts("VC", "pt-BR") == [(("Q", "C"), ["nl"])]


def test_a_code_two_notations_read_differently_is_refused_without_a_reader(table):
    for code in ("VC", "DC", "V♥"):
        result = run("check", table, f"draw; discard {code}")
        assert result.exit_code == 2 and "Q" in result.stderr and "J" in result.stderr or code == "DC"


def test_a_standard_code_a_brazilian_reads_otherwise_is_warned(table):
    result = run("check", table, "draw; discard AC", "--lang", "pt-BR")
    assert "A♣" in result.stderr and "A♥" in result.stderr
    assert run("check", table, "draw; discard AC").stderr == ""  # English: the standard letters only
    assert doubts("JK", "da") == [] and doubts("QC", "pt-BR") == []  # letters the reader shares with English


def test_the_bad_card_error_lists_the_readers_letters(table):
    said = run("check", table, "draw; discard XZ", "--lang", "nl", code=2).stderr
    assert "H V B" in said or "heer" in said


# -- words ----------------------------------------------------------------------------------------

SEEDS = {"nl": ("trekstapel", "aflegstapel"), "da": ("bunken", "lukke"), "pt_BR": ("lixo", "monte")}
AVOIDED = {"nl": (" stok ",), "da": ("spærrer", " udsmid ", "udsmid;"), "pt_BR": ("0 problema\"",)}


@pytest.mark.parametrize("lang", SEEDS)
def test_the_seed_words_keep_their_use(lang):
    """The pages' words: trekstapel and aflegstapel, bunken and lukke, lixo and monte, held to what they
    name in the glossary and used by the catalog; the words a review found wrong are gone."""
    glossary = yaml.safe_load((texts.HERE / "glossary" / f"{lang}.yaml").read_text("utf-8"))
    terms = {t["term"]: t["en"] for t in glossary["terms"]}
    uses = {"trekstapel": "stock", "aflegstapel": "discard pile", "bunken": "discard pile", "lukke": "going out",
            "lixo": "discard pile", "monte": "stock"}
    po = (texts.CATALOGS / f"{lang}.po").read_text("utf-8")
    strings = "\n".join(line for line in po.splitlines() if line.startswith(("msgstr", '"')))
    for seed in SEEDS[lang]:
        assert terms.get(seed) == uses[seed]
        assert seed in strings
    for word in AVOIDED[lang]:
        assert word not in strings


def test_zero_takes_the_plural_in_brazilian_portuguese():
    assert texts.counted("card", 0, "pt-BR") == "0 cartas"
    assert texts.counted("card", 1, "pt-BR") == "1 carta"


@pytest.mark.parametrize("lang,words", [("nl", ("twee gewone vrouwen",)), ("da", ("to rene damer",)),
                                        ("pt-BR", ("duas damas naturais",)), ("en", ("two natural queens",))])
def test_a_rank_is_named_in_a_sentence_with_its_number(lang, words, tmp_path, table):
    frozen = TABLE.replace("discard: 4C 8S KD", "discard: 4C 2D QD")
    path = tmp_path / "frozen.yaml"
    path.write_text(frozen, encoding="utf-8")
    out = run("check", str(path), "take QH 2C", "--lang", lang, code=1).stdout
    assert all(w in out for w in words), out
    assert "Q's" not in out and "Q'ere" not in out


def test_explain_finds_a_glossary_word_by_the_readers_word(table):
    for lang, word in (("nl", "zwarte drie"), ("da", "sort treer"), ("pt-BR", "três preto")):
        out = run("explain", word, "--lang", lang, code=0).stdout
        assert word in out.split("\n")[1]  # the term first, under its own name


@pytest.mark.parametrize("text", ["a: b: c\n", 'a: "x\n', "a: [1, 2\n", "players:\n  - 1\n b: 2\n", "a: @x\n"])
def test_the_yaml_parsers_problem_is_said_in_our_own_words(text, tmp_path, table):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    said = run("check", str(path), "draw", "--lang", "nl", code=3).stderr
    assert "geen geldige YAML" in said
    for english in ("mapping values", "unexpected end", "did not find", "expected", "cannot start"):
        assert english not in said, said


def test_the_meld_a_lay_off_names_is_not_warned_of_but_every_card_is(table):
    """``bij V`` names the Dutch player's own meld of queens, which the ruling shows: warning at every
    lay-off onto queens that a Brazilian reads V as a jack was noise. A card V typed alone still is."""
    from canasta_tutor.texts import doubt_warnings

    assert doubt_warnings("leg aan VR VK 2R bij V", "nl") == []
    assert len(doubt_warnings("leg aan V bij V", "nl")) == 1  # the card, not the meld
    assert len(doubt_warnings("add VC to K", "pt-BR")) == 1


def test_the_one_card_of_a_lay_off_that_names_no_meld_is_warned_of():
    """``leg aan VC`` (Dutch) and ``læg til DC`` (Danish) lay off one queen, its meld read from the card:
    the last word of the verb is no "to", so the card is still warned of as a card another notation
    reads otherwise."""
    from canasta_tutor.texts import doubt_warnings

    assert len(doubt_warnings("leg aan VC", "nl")) == 1
    assert len(doubt_warnings("læg til DC", "da")) == 1
    assert doubt_warnings("læg til DC til D", "da") == doubt_warnings("læg til DC", "da")
