"""The commands beyond `check` speak the chosen language: `play` (piped), `selfplay`, `worksheet`, `lint`,
`rules ID`, the lesson and quiz dialogue and `progress`. A made-up catalog marks every word of every
text ("«legal «move"), so a word that comes out unmarked was written in the code, not looked up; the
file's own words (names, ids, moves, titles, paths) are the same in every language and are left out.
The lessons' own texts are another catalog's: the lesson here is a teacher's file of made-up words."""
from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

import pytest
from clirun import run_in_process

from canasta_tutor import texts
from canasta_tutor.reading.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
WORD = re.compile(r"(?<![«\w./-])[^\W\d_]{3,}(?![\w-]*[.(/])")
# ids, paths, files and code-like words: the same in every language
IDS = re.compile(r"\S*[/\\]\S*|\S*\[\d+\]\S*|\S+\.(?:yaml|html|db|json)\b|\b\w+(?:[._-]\w+)+\b|https?://\S+|'[^']*'|“[^”]*”")
# the standard notation of moves, the players of a game, and the words of the lesson file below
# (and the moves' words in each language, which are notation too: træk, læg til, på)
DATA = {*(w for lang in LANGUAGES.values() for said in (*lang.moves.values(), lang.to) for words in said
          for w in words.split()),
        "draw", "take", "meld", "add", "discard", "ask", "to", "Ann", "Bob", "Cas", "Dee", "Eve", "Fay",
        "NS", "EW", "classic", "danish", "brazilian", "canasta", "Zork", "zork", "pagat"}
LESSON_IDS = {p.stem.split("-", 1)[1] for p in (ROOT / "canasta_tutor/learning/lessons").glob("*.yaml")}


def _mark(text: str) -> str:
    """Every word of a text marked, its placeholders kept."""
    parts = re.split(r"(\{[^}]*\})", text)
    return "".join(p if p.startswith("{") else re.sub(r"([^\W\d_]{3,})", "«\\1", p) for p in parts)


class _Marked:
    def pgettext(self, context, message):
        return _mark(message)

    def npgettext(self, context, one, other, n):
        return _mark(one if n == 1 else other)


@cache
def _marked_catalog() -> dict:
    """The made-up catalog, made once: as every catalog, it is only read."""
    return texts._translate(texts.catalog("en"), _Marked())


@pytest.fixture
def danish(monkeypatch, tmp_path):
    """Danish is the made-up catalog; the learner's data is the test's own."""
    marked = _marked_catalog()
    real = texts.catalog
    monkeypatch.setattr(texts, "catalog", lambda lang="en": marked if texts.normalise(lang) == "da" else real(lang))
    monkeypatch.setenv("CANASTA_LANG", "da")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    return tmp_path


def run(args: list[str], stdin: str | None = None, codes=(0, 1)) -> str:
    result = run_in_process(*args, "--lang", "da", input=stdin)
    assert result.returncode in codes, (args, result.output)
    return result.stdout + result.stderr


def english_left(output: str, data: set[str] = frozenset()) -> list[str]:
    """The lines with a word no catalog text wrote (the echoed input of `play` left out)."""
    found = []
    for line in output.splitlines():
        if line.startswith("> "):
            continue
        words = [w for w in WORD.findall(IDS.sub(" ", line)) if w not in DATA | set(data)]
        if words:
            found.append(f"{line.strip()}   <- {' '.join(words)}")
    return found


def test_the_check_finds_a_word_the_code_wrote():
    assert english_left("«Bunken: «kort", set()) == []
    assert english_left("«Bunken: 2 cards (top 9H)", set()) == ["«Bunken: 2 cards (top 9H)   <- cards top"]
    assert english_left("checks[2].move: 'take 9S 9X' «is «not", set()) == []


def test_play_speaks_the_chosen_language(danish):
    commands = ["moves", "1", "?", "score", "help", f"save {danish / 'game.yaml'}", "xyz", "99", "meld 7H"]
    out = run(["play", "--seed", "7", "--hands", "1", "--players", "2", "--coach", "quiet"], "\n".join(commands + ["1"] * 400) + "\n")
    assert "«Game «over" in out  # the hand was played out and scored
    assert not english_left(out), "\n".join(english_left(out)[:20])
    resumed = run(["play", "--resume", str(danish / "game.yaml")], "quit\n")
    assert not english_left(resumed), "\n".join(english_left(resumed)[:20])


@pytest.mark.parametrize("args,code", [
    (["play", "--players", "5"], 2),
    (["play", "--players", "3", "--ruleset", "danish"], 2),  # a usage mistake (issue 24; it was 3)
    (["play", "--resume", "canasta_tutor/examples/table.yaml"], 3),
    (["selfplay", "--hands", "1", "--side", "NS=nobody"], 2),
    (["selfplay", "--hands", "1", "--side", "XX=coach"], 2),
    (["selfplay", "--hands", "1", "--side", "NS"], 2),
    (["quiz", "--rules", "nothing.here"], 2),
    (["lesson", "no-such-lesson"], 2),
    (["lesson", "first-turn", "second"], 2),
    (["worksheet", "canasta_tutor/examples/table.yaml", "--out", "same.html", "--key", "same.html"], 3),
    (["new", "recipe", "x.yaml"], 2),
    (["schema", "recipe"], 2),
    (["lesson", "list", "no-such-pack"], 3),
    (["lint", "no-such-file.yaml"], 3),
    (["lint", "docs"], 3),  # a folder with no YAML file in it
])
def test_the_errors_of_these_commands_speak_the_chosen_language(danish, args, code):
    out = run(args, codes=(code,))
    # the kinds `new` takes are names, not words: scenario, lesson and table (issue 24 lists all three)
    assert "«" in out and not english_left(out, LESSON_IDS | {"snapshot", "scenario", "lesson", "table", "docs",
                                                              "pack"}), out


def test_selfplay_speaks_the_chosen_language(danish):
    out = run(["selfplay", "--hands", "2", "--ruleset", "classic-2p", "--ruleset", "danish"])
    out += run(["selfplay", "--hands", "1", "--ruleset", "classic-2p", "--show"])
    assert not english_left(out), "\n".join(english_left(out)[:20])


def _page_text(path: Path) -> str:
    page = re.sub(r"<style.*?</style>", "", path.read_text(encoding="utf-8"), flags=re.S)
    page = re.sub(r"<!--.*?-->", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def test_a_worksheet_and_its_key_speak_the_chosen_language(danish):
    files = ["scenarios/disputes/d04-pile-natural-and-wild.yaml", "scenarios/scoring/seven-kings.yaml",
             "canasta_tutor/examples/table.yaml"]
    out = run(["worksheet", *files, "--out", str(danish / "s.html"), "--key", str(danish / "k.html")])
    titles = {w for f in files for w in re.findall(r"\w+", (ROOT / f).read_text().split("\n")[0])}
    for page in ("s.html", "k.html"):
        left = english_left(_page_text(danish / page), titles | {"title"})
        assert not left, "\n".join(left[:20])
    assert not english_left(out)


WRONG = """\
  - move: take 9S 2C
    expect: {legal: false, rules: [pile.empty, pile.no-match]}
    by_ruleset:
      danish: {legal: true}
  - move: take 9S 9X
    expect: {legal: true}
    by_ruleset:
      brazilian: {legal: true}
      danish: {legal: true}
"""


def _wrong_scenario(folder: Path) -> Path:
    """The table of a dispute, with answers the engine disagrees with and a move that does not parse."""
    text = (ROOT / "scenarios/disputes/d04-pile-natural-and-wild.yaml").read_text(encoding="utf-8")
    path = folder / "wrong.yaml"
    path.write_text(text[:text.index("checks:")] + "checks:\n" + WRONG, encoding="utf-8")
    score = (ROOT / "scenarios/scoring/seven-kings.yaml").read_text(encoding="utf-8")
    (folder / "score.yaml").write_text(score.replace("{NS: 660, EW: 5}", "{NS: 600, EW: 5}"), encoding="utf-8")
    return path


def test_lint_reports_a_disagreeing_answer_in_the_chosen_language(danish):
    wrong = _wrong_scenario(danish)
    out = run(["lint", str(wrong), str(danish / "score.yaml")], codes=(1,))
    assert out.count("«") > 20 and not english_left(out), out


def test_lint_of_a_lesson_pack_and_a_new_skeleton_speak_the_chosen_language(danish):
    pack = danish / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: Not An Id\ntitle: Zork\nlessons: [a.yaml, a.yaml, zz]\n", encoding="utf-8")
    for name in ("a.yaml", "b.yaml"):
        (pack / name).write_text((ROOT / "canasta_tutor/learning/lessons/01-melds.yaml").read_text(encoding="utf-8"),
                                 encoding="utf-8")
    out = run(["lint", str(pack)], codes=(0, 1))
    assert out.count("«") > 10 and not english_left(out, {"Not", "An", "Id", "zz", "lessons"}), out
    out = run(["new", "scenario", str(danish / "mine.yaml")])
    assert "«" in out and not english_left(out), out


def test_lint_reports_a_move_that_does_not_parse_once_naming_its_rulesets(monkeypatch, tmp_path):
    monkeypatch.setenv("CANASTA_LANG", "en")
    wrong = _wrong_scenario(tmp_path)
    result = run_in_process("lint", str(wrong), "--json")
    problems = [p for f in __import__("json").loads(result.stdout)["files"] for p in f["problems"]]
    bad = [p for p in problems if p["key"] == "checks[1].move"]
    assert len(bad) == 1, bad
    assert "classic, brazilian and danish" in bad[0]["message"] and "'9X'" in bad[0]["message"]
    assert any("under danish" in p["message"] for p in problems if p["key"] == "checks[0].by_ruleset.danish")


def test_lint_lists_the_problems_of_a_file_in_its_order(monkeypatch, tmp_path):
    """A move that does not parse, stated first, is listed before the answers the engine disagrees with."""
    monkeypatch.setenv("CANASTA_LANG", "en")
    text = (ROOT / "scenarios/disputes/d04-pile-natural-and-wild.yaml").read_text(encoding="utf-8")
    first, second = WRONG.split("  - move: take 9S 9X")
    path = tmp_path / "first.yaml"
    path.write_text(text[:text.index("checks:")] + "checks:\n  - move: take 9S 9X" + second + first, encoding="utf-8")
    result = run_in_process("lint", str(path), "--json")
    problems = [p for f in __import__("json").loads(result.stdout)["files"] for p in f["problems"]]
    assert problems[0]["key"] == "checks[0].move" and len(problems) > 2
    assert [(p["line"], p["column"]) for p in problems] == sorted((p["line"], p["column"]) for p in problems)


def test_the_rules_of_a_ruleset_speak_the_chosen_language(danish):
    out = run(["rules", "danish"])
    # the values a ruleset file writes (freeze, required...) are ids, the same in every language
    from canasta_tutor.engine.ruleset import PARAMS

    values = {"freeze", "bury", "required", "optional", "end", "pagat", "unless-concealed", "hand-ends",
              "no-discard", "going-out", "never", "not-melded", "wild", "red-three", "black-three"} | set(PARAMS)
    # the source page's section headings are quoted as the page writes them (here in Danish)
    from canasta_tutor.render.rules_view import ruleset_data

    values |= {w for p in ruleset_data("danish")["parameters"] for w in WORD.findall(p["place"])}
    assert "«" in out and not english_left(out, values), "\n".join(english_left(out, values)[:20])


def test_every_parameter_has_its_meaning_in_the_catalog():
    """The engine keeps the English meaning of each parameter (no texts there); the catalog's must match it."""
    from canasta_tutor.engine.ruleset import PARAMS

    assert texts.catalog("en")["parameters"]["help"] == {n: p.help for n, p in PARAMS.items()}


LESSON = """\
title: Zork zork
steps:
  - say: Zork zork zork.
  - table: TABLE
  - ask: which
    moves: [meld 7H 7D 7S, take 9D 9S, discard 5C]
    hint: Zork.
  - ask: legal
    move: draw 8C
  - ask: legal
    move: discard 5C
  - ask: rule
    move: take 9D 9S; discard 5C; add QC QH to Q
"""


def test_the_lesson_and_quiz_dialogue_and_progress_speak_the_chosen_language(danish):
    import json

    import yaml

    first = yaml.safe_load((ROOT / "canasta_tutor/learning/lessons/00-first-turn.yaml").read_text(encoding="utf-8"))
    table = next(step["table"] for step in first["steps"] if "table" in step)  # the first lesson's table
    lesson = danish / "zork.yaml"
    lesson.write_text(LESSON.replace("TABLE", json.dumps(table)), encoding="utf-8")
    out = run(["lesson", str(lesson)], "y\n?\nx\n1\n2\nn\ny\n1\n" * 3)
    assert "«" in out and not english_left(out), "\n".join(english_left(out)[:20])
    out = run(["quiz", "--rules", "meld.too-small", "--rules", "score.cards", "--count", "4", "--seed", "3"],
              "?\nx\ny\n1\n350\nq\n" * 4)
    assert not english_left(out), "\n".join(english_left(out)[:20])
    out = run(["progress"])
    assert "«" in out and not english_left(out), "\n".join(english_left(out)[:20])
    # the list of lessons: their titles are the lessons' own texts, the rest is the catalog's
    listed = run(["lesson", "list"])
    rest = re.sub(r"^(\S*\s+\d+\.)\s+\S+\s+.*(\s\s\(.*\))$", r"\1\2", listed, flags=re.M)
    assert "«" in rest and not english_left(rest), "\n".join(english_left(rest)[:20])


@pytest.mark.parametrize("change,move,code", [
    (None, "discard V♥", 2),  # read as a queen by a Dutch player and as a jack by a Brazilian one
    (("- {name: Bob, hand: 11}", "- {name: [Bob], hand: 11}"), "draw", 3),  # {what}: a player's name
    (("KS KH 5C", "KS KH JK JK JK 5C"), "draw", 3),  # {what}: jokers, {decks}: 2 decks with 4 jokers
    (("stock: 50", "stock: 50\nbogus: 1"), "draw", 3),  # an unknown key of a table file (keys are the file's)
])
def test_the_words_the_engine_puts_into_an_error_speak_the_chosen_language(danish, change, move, code):
    table = ROOT / "canasta_tutor/examples/table.yaml"
    if change:
        text = table.read_text(encoding="utf-8")
        assert change[0] in text
        table = danish / "table.yaml"
        table.write_text(text.replace(*change), encoding="utf-8")
    out = run(["check", str(table), move], codes=(code,))
    keys = {"bogus", "ruleset", "players", "sides", "discard", "stock", "turn", "title", "description", "checks",
            "score"}
    assert "«" in out and not english_left(out, keys), out


def test_a_rank_the_engine_names_takes_the_catalogs_word(danish):
    from canasta_tutor.engine.cards import RANK_NAMES

    assert texts.RANK_WORDS == {name: rank for rank, name in RANK_NAMES.items()}
    told = texts.section("teaching", "wizard.too-many", {"what": "jokers", "found": 5, "decks": 2, "allowed": 4})
    assert "«jokers" in told and not english_left(told), told


def test_a_list_is_joined_in_the_chosen_language(danish):
    assert texts.listed(["Ann", "Bob", "Cas"]) == "Ann, Bob «and Cas"
    assert texts.listed(["Q♥", "J♥"], "or", "pt-BR") == "Q♥ ou J♥"
    assert texts.listed(["Q♥ (a)", "J♥ (b)"], "or-as", "nl") == "Q♥ (a) of als J♥ (b)"
    assert texts.listed(["Ann"]) == "Ann" and texts.listed([]) == ""


BROKEN_LESSONS = {
    "feedback.yaml": "  - ask: legal\n    move: take 9S 9D\n    feedback: {maybe: nope}\n  - ask: score\n    side: XY\n",
    "moves.yaml": "  - ask: which\n    moves: [draw]\n",
    "out.yaml": "  - ask: score\n    side: NS\n    out: Zed\n",
    "no-table.yaml": "  - ask: legal\n    move: draw\n",
    "kind.yaml": "  - say: hi\n    ask: legal\n",
    "move.yaml": "  - ask: legal\n    move: take 9S 9X\n",
    "rule.yaml": "  - ask: rule\n    move: draw\n    choices: [pile.nope]\n",
    "needs.yaml": "  - ask: legal\n",
    "ids.yaml": "  - id: a\n    say: one\n  - id: a\n    say: two\n  - ask: legal\n    move: draw\n    feedback: [x]\n",
}
TABLE_STEP = ("  - table:\n      ruleset: classic\n      players:\n        - {name: Ann, hand: 9S 9D 4H}\n"
              "        - {name: Bob, hand: 5}\n        - {name: Cas, hand: 5}\n        - {name: Dee, hand: 5}\n"
              "      discard: 9H\n      stock: 30\n      turn: {player: Ann, phase: draw}\n")


@pytest.mark.parametrize("name", sorted(BROKEN_LESSONS))
def test_a_teachers_broken_lesson_is_reported_in_the_chosen_language(danish, name):
    """The format problems of a lesson file a teacher writes (its steps, questions, feedback, moves)."""
    body = BROKEN_LESSONS[name]
    path = danish / name
    path.write_text("title: Zork\nsteps:\n" + ("" if name == "no-table.yaml" else TABLE_STEP) + body, "utf-8")
    out = run(["lint", str(path)], codes=(1,))
    assert "steps" in out and english_left(out, {"yes", "no", "XY", "nope", "maybe", "say", "table", "Zed"}) == [], out


def test_a_written_svg_and_an_empty_home_are_said_in_the_chosen_language(danish, monkeypatch):
    out = run(["show", "canasta_tutor/examples/table.yaml", "--svg", str(danish / "t.svg")])
    assert (danish / "t.svg").exists() and "«" in out and not english_left(out), out
    monkeypatch.setenv("CANASTA_HOME", "")
    out = run(["progress"], codes=(2,))
    assert "«empty" in out and not english_left(out), out


def test_a_busy_progress_database_is_said_in_the_chosen_language(danish, monkeypatch):
    import sqlite3

    from canasta_tutor.learning import progress

    def busy(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(progress.Progress, "__init__", busy)
    out = run(["progress"], codes=(3,))
    assert "database is locked" in out and not english_left(out.replace("database is locked", "")), out



def test_a_meld_of_wild_cards_alone_is_named_in_words_in_every_language(tmp_path):
    """Where the rules ask for no natural card a meld of wild cards alone has rank "?": the drawing
    shows that sign, but a ruling and a score name the meld in words, as they name every rank."""
    table = tmp_path / "wild.yaml"
    table.write_text("""\
ruleset: classic
house_rules: {min_naturals: 0, max_wilds: 7}
players:
  - {name: Ann, hand: 2S 5C 9H}
  - {name: Bob, hand: 5H 6H}
  - {name: Cas, hand: 9S}
  - {name: Dee, hand: 10H}
sides:
  - {name: NS, players: [Ann, Cas], melds: [QS QD QH, 2H 2C JK 2D JK 2S JK]}
  - {name: EW, players: [Bob, Dee]}
discard: 4C
stock: 40
turn: {player: Ann, phase: play}
""", encoding="utf-8")
    words = {"en": "wild cards", "nl": "jokers", "da": "jokere", "pt-BR": "coringas"}  # meld 2S: onto a closed canasta
    for lang, word in words.items():
        told = json.loads(run_in_process("--lang", lang, "check", "--json", str(table), "meld 2S; discard 9H").stdout)
        scored = json.loads(run_in_process("--lang", lang, "score", "--json", str(table)).stdout)
        said = [v["message"] for v in told["violations"] if v["rule"] == "meld.canasta-closed"]
        said += [n["message"] for n in told["notes"] if n["note"] == "merge"]
        said += [line["detail"] for line in scored["sides"][0]["lines"] if line["rule"] == "score.canasta-mixed"]
        assert len(said) == 3 and all(word in text and "?" not in text for text in said), said


def test_a_lay_off_onto_a_meld_of_wild_cards_alone_is_named_by_its_sign_and_told_in_words(tmp_path):
    """A table shows a meld of wild cards alone as "?", so a move may name it so ("add 2C to ?"); a
    natural card laid there is told as such (not as "ranks ?, 9"), with its cards in the reader's
    notation; one card that joins a meld is told in the singular."""
    table = tmp_path / "wild.yaml"
    table.write_text("""\
ruleset: classic
house_rules: {min_naturals: 0}
players:
  - {name: Ann, hand: 2C JK 9S 9D 4H 5C}
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 11}
  - {name: Dee, hand: 11}
sides:
  - {name: NS, players: [Ann, Cas], melds: [2H JK]}
  - {name: EW, players: [Bob, Dee]}
discard: 5D 8C
stock: 40
turn: {player: Ann, phase: play}
""", encoding="utf-8")
    told = json.loads(run_in_process("check", "--json", str(table), "add 2C to ?").stdout)
    assert told["legal"], told
    told = json.loads(run_in_process("check", "--json", str(table), "meld 2C").stdout)
    assert [n["message"] for n in told["notes"] if n["note"] == "merge"] == [
        "2C joins your side's meld of wild cards: a side has one meld of each rank"], told
    nines = {"en": "(9S)", "nl": "(9S)", "da": "(9S)", "pt-BR": "(9E)"}  # Portuguese spades: espadas
    for lang, nine in nines.items():
        told = json.loads(run_in_process("--lang", lang, "check", "--json", str(table), "add 9S to ?").stdout)
        said = [v["message"] for v in told["violations"] if v["rule"] == "meld.mixed-ranks"]
        assert not told["legal"] and len(said) == 1, told
        assert "?" not in said[0] and "ranks" not in said[0] and "mixes" not in said[0], said
        if lang != "en":
            assert "a meld of wild cards alone" not in said[0], said
        shown = run_in_process("--lang", lang, "check", str(table), "add 9S to ?").stdout
        assert nine in shown, shown


def _ann_to_play(folder: Path, hand: str) -> Path:
    """A table file: Ann, past her draw, holds ``hand``; nobody has melded."""
    table = folder / "t.yaml"
    table.write_text(f"""\
players:
  - {{name: Ann, hand: {hand}}}
  - {{name: Bob, hand: 11}}
  - {{name: Cas, hand: 11}}
  - {{name: Dee, hand: 11}}
discard: 5D 8C
stock: 40
turn: {{player: Ann, phase: play}}
""", encoding="utf-8")
    return table


def test_cards_missing_from_a_hand_are_shown_in_the_readers_notation(tmp_path):
    """Both lists of the mixed case (one card not held at all, another named more often than held)
    are cards, written as the reader writes cards."""
    table = _ann_to_play(tmp_path, "9S 9D 4H 5C 6C 7D")
    shown = run_in_process("--lang", "pt-BR", "check", str(table), "meld 9S 9S KD").stdout
    lines = shown.splitlines()
    said = lines[next(i for i, x in enumerate(lines) if x.endswith("turn.not-in-hand")) + 1]
    assert "RO" in said and "9E" in said and "9S" not in said and "KD" not in said, shown


def test_the_ranks_a_meld_mixes_are_written_with_the_readers_rank_letters(tmp_path):
    """The cards of a meld that mixes ranks are shown in the reader's notation (the Dutch queen a V),
    so the ranks named beside them are too; --json keeps the standard letters."""
    table = _ann_to_play(tmp_path, "9S 9D QD 4H 5C 6C")
    queens = {"en": "Q", "nl": "V", "da": "D", "pt-BR": "D"}
    for lang, queen in queens.items():
        for style in ("local", "symbols"):
            shown = run_in_process("--lang", lang, "check", "--cards", style, str(table), "meld 9S 9D QD").stdout
            lines = shown.splitlines()
            said = lines[next(i for i, x in enumerate(lines) if x.endswith("meld.mixed-ranks")) + 1]
            assert f"9, {queen}" in said, (lang, style, said)
    told = json.loads(run_in_process("--lang", "nl", "check", "--json", str(table), "meld 9S 9D QD").stdout)
    assert "(9, Q)" in told["violations"][0]["message"], told
