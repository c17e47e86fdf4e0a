"""No English left: every command, every scenario and every built-in lesson, rendered as text in Dutch,
Danish and Brazilian Portuguese, holds no English word outside card codes, rule ids, file names and the
files' own words (names, titles).

The English words are those of the English texts (en.yaml and the lessons) that the language's own
catalogs never use ("is" is Dutch too, "to" Danish, "me" Portuguese). Everything runs in this process.
"""
from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from canasta_tutor import texts
from canasta_tutor.cli import app
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS

ROOT = Path(__file__).resolve().parent.parent
LANGS = [lang for lang, name in texts.LANGUAGES.items() if name]
WORD = re.compile(r"[^\W\d_]{2,}")
# ids, paths, files, URLs, quoted page headings and card codes: the same in every language
IDS = re.compile(r"\S*[/\\]\S*|\S+\.(?:yaml|html|db|json|csv|svg)\b|\b\w+(?:[._-]\w+)+\b|https?://\S+|“[^”]*”|»[^«]*«"
                 r"|\b(?:10|[2-9AKQJTHVBEDR]|KN)[SHDCRKOEP♠♥♦♣]?\b|\bJK\b|--?\w[\w-]*"
                 # a ruleset's id beside its title: "(danish, Deense huisregels)", "Deense huisregels (danish)"
                 r"|\((?:" + "|".join(sorted(BUILTIN, key=len, reverse=True)) + r")[,)]"
                 # a word the user typed, echoed: "4 resultaten voor 'frozen'"
                 r"|'[^'\n]{1,30}'"
                 # a metavar (FILE, OPTIONS) and a choice of typed words (install|list|remove)
                 r"|\b[A-Z][A-Z_]+\b|\w+(?:\|\w+)+")
# the files' own words: players, sides, ruleset ids, sources' names
DATA = {*PARAMS, "Ann", "Bob", "Cas", "Dee", "Eve", "Fay", "NS", "EW", "canasta", "Canasta", "pagat", "FSRS", "JSON", "YAML",
        "HTML", "SVG", "CSV", "FILE", "MOVE", "LANG", "ID", "NAME", "RULESET", "ok", *BUILTIN}
SCENARIOS = sorted([*(ROOT / "scenarios").rglob("*.yaml"), *(ROOT / "canasta_tutor/examples").glob("*.yaml")])
LESSONS = sorted((ROOT / "canasta_tutor/learning/lessons").glob("*.yaml"))


def _english_texts():
    yield from (text for _, entry in texts.entries(texts.catalog("en"))
                for text in (entry.values() if isinstance(entry, dict) else [entry]) if isinstance(text, str))
    for path in LESSONS:
        yield from re.findall(r"(?:say|title|hint|explanation|ask|feedback|[a-z]+):\s*(.+)", path.read_text("utf-8"))


@cache
def english_words(lang: str) -> frozenset[str]:
    """English words the language's catalogs never write: one of them in the output is English left over."""
    from babel.messages.pofile import read_po

    own: set[str] = set()
    for name in (f"{texts.LANGUAGES[lang]}.po", f"lessons-{texts.LANGUAGES[lang]}.po"):
        with open(texts.CATALOGS / name, "rb") as fp:
            for message in read_po(fp):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for s in strings:
                    own.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", s or "")))
    # the English texts quote the pages' own headings (“De aflegstapel nemen”): those are no English
    english = {w.lower() for text in _english_texts()
               for w in WORD.findall(re.sub(r"\{[^}]*\}|“[^”]*”|»[^«]*«", " ", text))}
    return frozenset(w for w in english - own if len(w) > 2 or w in {"no", "or", "is", "of", "to", "me", "on", "in"})


@cache
def english_moves(lang: str) -> re.Pattern[str]:
    """A move in the English verbs the language's players do not use (the catalogs name the standard verbs,
    so the words alone pass): a verb before a card, a ``;`` or the end of the line."""
    from canasta_tutor.reading.languages import LANGUAGES

    own = {w for words in LANGUAGES[lang].moves.values() for phrase in words for w in phrase.split()}
    verbs = sorted({"draw", "take", "meld", "add", "discard", "ask"} - own)
    v = "|".join(verbs)
    return re.compile(rf"(?:^|[:;])\s*(?:{v})\s*(?:;|$)|\b(?:{v})\s+(?:10|[2-9AKQJ])")


def english_left(lang: str, output: str, data: set[str] = frozenset()) -> list[str]:
    found = [f"{line.strip()}   <- a move in English verbs" for line in output.splitlines()
             if _english_move(lang, line)]
    # a page's heading, quoted as the page writes it, may be wrapped over lines
    output = re.sub(r"“[^”]*”|»[^«]*«", lambda m: "“" + "\n" * m.group(0).count("\n") + "”", output)
    own = DATA | set(data)
    for line in output.splitlines():
        shown, english = _english_words_in(lang, line)
        left = [w for w in english if w not in own]
        if left:
            found.append(f"{shown.strip()}   <- {' '.join(left)}")
    return found


# A line is looked at once a language: most come again and again (a table's frame and its players, the
# options of a help, the lines a lesson repeats), and the patterns cost more than many of the runs.
@cache
def _english_move(lang: str, line: str) -> bool:
    return not line.startswith("> ") and bool(english_moves(lang).search(re.sub(r"\S*[._/-]\S*", " ", line)))


@cache
def _english_words_in(lang: str, line: str) -> tuple[str, tuple[str, ...]]:
    """The line as it is reported and its words that are English in ``lang`` (ids left out; the file's
    own words are the caller's to let through)."""
    if "│" in line:  # a table's cell may hold a ruleset's id, as a column of ids
        line = re.sub(r"│\s*(?:" + "|".join(BUILTIN) + r")\s*(?=│)", "│", line)
    if line.startswith("> "):  # the echo of a piped answer
        return line, ()
    words = english_words(lang)
    return line, tuple(w for w in WORD.findall(IDS.sub(" ", line)) if w.lower() in words)


@lru_cache(maxsize=1)
def _command():
    from typer.main import get_command

    return get_command(app)


@pytest.fixture(autouse=True)
def _quiet(monkeypatch, tmp_path):
    import typer.testing

    # Typer builds the whole command line again for every run, which costs more than most runs: once here
    monkeypatch.setattr(typer.testing, "_get_command", lambda _: _command())
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    # --lang and --ascii write these for the run; set here, they are taken away again after the test
    monkeypatch.setenv("CANASTA_LANG", "")
    monkeypatch.setenv("CANASTA_ASCII", "")
    monkeypatch.chdir(tmp_path)


# Commands whose answer is their files' and arguments' alone (no input, no learner's data): a few are asked
# the same by two tests (the example table shown, a rule explained), and run once a language.
FILES_ONLY = {"check", "score", "show", "explain"}


def run(lang: str, args: list[str], stdin: str | None = None) -> str:
    if stdin is None and args[0] in FILES_ONLY:
        return _answer(lang, tuple(args))
    return _run(lang, args, stdin)


@cache
def _answer(lang: str, args: tuple[str, ...]) -> str:
    return _run(lang, list(args))


def _run(lang: str, args: list[str], stdin: str | None = None) -> str:
    result = CliRunner().invoke(app, [*args, "--lang", lang], input=stdin)
    # an answer, a ruling, or an error of the file's (a count of cards where a score needs the cards)
    assert result.exit_code in (0, 1, 3), (args, result.output, result.exception)
    return result.stdout + result.stderr


@cache  # its titles and its moves are both read from it
def _data(path: Path) -> dict:
    """The file's data, for its own words only (the tool reads it its own way): with libyaml when there."""
    return yaml.load(path.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}


@cache  # every command's run is checked against the titles of all the files: read each file once
def _titles(path: Path) -> frozenset[str]:
    data = _data(path)
    words = set(WORD.findall(str(data.get("title", "")) + " " + str(data.get("description", ""))))
    for key in ("players", "sides"):
        for item in data.get(key) or []:
            if isinstance(item, dict):
                words.update(WORD.findall(str(item.get("name", ""))))
    return frozenset(words)


@cache  # asked twice a file in each language
def _moves(path: Path) -> tuple[str, ...]:
    data = _data(path)
    found = [c["move"] for c in data.get("checks") or [] if isinstance(c, dict) and isinstance(c.get("move"), str)]
    return tuple(found or (["draw"] if "players" in data else []))


@pytest.mark.parametrize("lang", LANGS)
def test_every_scenario_is_ruled_scored_and_drawn_in_the_language(lang):
    left = []
    for path in SCENARIOS:
        name, own = str(path), _titles(path)
        for move in _moves(path)[:1]:  # one ruling each: the others are worded by the same texts
            left += english_left(lang, run(lang, ["check", name, move]), own)
        if _moves(path):
            for command in (["score", name], ["show", name]):
                left += english_left(lang, run(lang, command), own)
    assert not left, "\n".join(left[:30])


def _answers(n: int) -> str:
    """Answers for a lesson or quiz run to its end: a hint asked, a wrong and a right kind of answer."""
    return "?\ny\nn\n1\n2\n50\n" * n


@pytest.mark.parametrize("lang", LANGS)
def test_every_built_in_lesson_runs_in_the_language(lang):
    left = []
    for path in LESSONS:
        lesson = path.stem.split("-", 1)[1]
        left += english_left(lang, run(lang, ["lesson", lesson], _answers(40)))
    assert not left, "\n".join(left[:30])


COMMANDS = [
    ["rules"], *(["rules", rid] for rid in BUILTIN), ["explain", "all"], ["explain", "pile.needs-natural-pair"],
    ["explain", "score.red-threes"], ["explain", "frozen"], ["lesson", "list"], ["progress"], ["example"],
    ["check", "canasta_tutor/examples/table.yaml", "draw; discard 5C", "--compare"],
    ["check", "canasta_tutor/examples/table.yaml", "take 9S 9D; discard 4H"],
    ["moves", "canasta_tutor/examples/table.yaml"], ["hint", "canasta_tutor/examples/table.yaml"],
    ["score", "scenarios/scoring/seven-kings.yaml"], ["show", "canasta_tutor/examples/table.yaml"],
    ["lint", "scenarios/disputes"], ["selfplay", "--hands", "1", "--ruleset", "classic-2p"],
]


# the ids a user types: lessons, score lines and notes (rule ids have dots, which IDS leaves out)
IDS_TYPED = {path.stem.split("-", 1)[1] for path in LESSONS} | {
    key for section in ("score-texts", "note-texts") for key in texts.catalog("en")["rulings"][section]}


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_answers_in_the_language(lang, tmp_path):
    left = []
    titles = {w for path in SCENARIOS for w in _titles(path)}  # lint lists them
    for args in COMMANDS:
        args = [str(ROOT / a) if a.endswith(".yaml") or a.startswith("scenarios") else a for a in args]
        left += english_left(lang, run(lang, args), IDS_TYPED | titles)
    left += english_left(lang, run(lang, ["quiz", "--count", "4", "--seed", "3"], _answers(4)))
    left += english_left(lang, run(lang, ["learn"], _answers(10) + "q\n"))
    left += english_left(lang, run(lang, ["play", "--seed", "7", "--players", "2", "--hands", "1"],
                                   "moves\n?\nscore\n" + "1\n" * 300))
    run(lang, ["worksheet", str(ROOT / "scenarios/disputes/d04-pile-natural-and-wild.yaml"), "--out", "s.html",
               "--key", "k.html"])
    for page in ("s.html", "k.html"):
        text = re.sub(r"<[^>]+>", "\n", re.sub(r"<style.*?</style>", "", (tmp_path / page).read_text("utf-8"), flags=re.S))
        left += english_left(lang, text, _titles(ROOT / "scenarios/disputes/d04-pile-natural-and-wild.yaml"))
    assert not left, "\n".join(left[:40])


def test_the_check_finds_english_left_over():
    """The list is real: an English label or value in a Dutch line is found, the Dutch words are not."""
    assert english_left("nl", "Beurt: Ann moet trekken, antwoord van de partner: refused")
    assert english_left("nl", "huisregels: partner_permission=required")
    assert english_left("da", "tag den kun med to rene konger fra hånden, the pile is frozen")
    assert english_left("nl", "Ann speelt take 9♠ 2♣. Mag Ann deze zet doen?")
    assert english_left("da", "Ann spiller draw; discard 5♣")
    assert not english_left("nl", "pak HS HH 2K  (classic, Klassiek Canasta)")
    assert not english_left("pt-BR", "pegue o lixo com dois reis naturais: RO, VP, 10E")


def _leaves(command, path=()):
    """Every command of the app, as the words that call it (a group's commands under its name)."""
    if hasattr(command, "commands"):
        for name, sub in command.commands.items():
            yield from _leaves(sub, (*path, name))
    else:
        yield path


def _club_pack(folder: Path) -> Path:
    import shutil
    import zipfile

    (folder / "pack.yaml").write_text("id: club\ntitle: Club\nauthor: Ann\nlessons: [01-pile.yaml]\n", "utf-8")
    shutil.copy(ROOT / "canasta_tutor/learning/lessons/05-pile.yaml", folder / "01-pile.yaml")
    with zipfile.ZipFile(folder / "club.zip", "w") as z:
        for name in ("pack.yaml", "01-pile.yaml"):
            z.write(folder / name, name)
    return folder / "club.zip"


EXAMPLE = str(ROOT / "canasta_tutor/examples/table.yaml")
# A new table, question by question: every answer taken as offered, then the players' hands.
NEW_TABLE_INPUT = "\n" * 40
# Every command the app has, with the runs that show its words: a command added to the app and not
# here fails the test below until its runs are written (the --help of each runs anyway).
EVERY_COMMAND: dict[str, list[list[str]]] = {
    # run with their texts by test_every_command_answers_in_the_language (here their --help only)
    **{name: [] for name in ("check", "score", "show", "moves", "hint", "lesson", "quiz", "learn", "lint",
                             "rules", "explain", "worksheet", "play")},
    "selfplay": [["--hands", "1", "--ruleset", "classic-2p", "--show"]],
    "progress": [[], ["--class"], ["--class", "--csv"]],
    "schema": [[kind] for kind in ("snapshot", "scenario", "lesson", "pack")],
    "new": [["scenario", "s.yaml"], ["lesson", "l.yaml"], ["table", "t.yaml"]],
    "example": [[], ["d04"]],
    "pack": [["install", "club.zip"], ["list"], ["remove", "club"]],
}


def test_every_command_of_the_app_is_run_in_the_languages():
    """The list follows the app: a new command cannot be left out of the languages' test."""
    commands = {" ".join(path) for path in _leaves(_command())}
    assert commands == set(EVERY_COMMAND), commands ^ set(EVERY_COMMAND)


@cache  # the same in every language
def _explained() -> tuple[list[str], ...]:
    """`explain` of every rule id, score line, note and glossary term, each under its own key."""
    import json

    data = json.loads(CliRunner().invoke(app, ["explain", "all", "--json"]).stdout)
    ids = [entry["id"] for section in data.values() for entry in section]
    terms = texts.catalog("en").get("glossary", {})
    return tuple([["explain", i] for i in ids] + [["explain", term] for term in terms])


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_and_its_help_answer_in_the_language(lang, tmp_path):
    _club_pack(tmp_path)
    left = []
    for path in sorted(_leaves(_command())):
        left += english_left(lang, run(lang, [*path, "--help"]), IDS_TYPED | set(path))
        for args in EVERY_COMMAND.get(" ".join(path), []):
            stdin = NEW_TABLE_INPUT if path == ("new",) else _answers(6) + "moves\n?\nscore\n" + "1\n" * 60 + "q\n"
            text = run(lang, [*path, *args], stdin)
            if path == ("schema",) or "--csv" in args:
                continue  # a file's format: JSON Schema keys and CSV columns are read by programs
            left += english_left(lang, text, IDS_TYPED | set(path) | {w for p in SCENARIOS for w in _titles(p)})
    for args in _explained():
        left += english_left(lang, run(lang, args), IDS_TYPED)
    assert not left, "\n".join(list(dict.fromkeys(left))[:60])
