"""`check` on every scenario speaks the chosen language: no label or message of its text or its --json
comes out as the English says it. Run in process to stay fast; a made-up catalog (every
English text with a mark in front) shows that the test passes once every text is translated."""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from clirun import run_in_process

from canasta_tutor import texts
from canasta_tutor.files.snapshot import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
# The words of a JSON answer that are texts (every other value is an id, a number or a card).
WORDED = {"message", "status", "title", "where", "detail"}
ID = re.compile(r"\b[a-z0-9]+(?:[.-][a-z0-9]+)+\b|https?://\S+")


@cache
def _runs() -> tuple:
    """Each scenario's moves, with its table: read once for every language's run."""
    runs = []
    for path in SCENARIOS:
        scenario = load_scenario(path)
        moves = [c.move for c in scenario.checks] or ["draw"]
        runs += [(path, move, scenario.table) for move in dict.fromkeys(moves)]
    return tuple(runs)


def _check(path: Path, move: str, lang: str, as_json: bool) -> str:
    args = ["check", str(path), move, "--lang", lang] + (["--json"] if as_json else [])
    result = run_in_process(*args, env={"CANASTA_LANG": lang, "NO_COLOR": "1"})
    assert result.returncode in (0, 1), (path.name, move, result.stdout, result.stderr)
    return result.stdout


def _data_words(table, move: str) -> set[str]:
    """Words that are the file's own (names) or the move's: they are the same in every language."""
    names = [p.name for p in table.players] + [s.name for s in table.sides] + [table.ruleset.id, move]
    return {w.lower() for name in names for w in re.findall(r"[^\W\d_]+", name)}


def _english_left(text: str, data: set[str]) -> bool:
    words = [w for w in re.findall(r"[^\W\d_]{3,}", ID.sub(" ", text)) if w.lower() not in data]
    return bool(words)


def _same_lines(english: str, other: str, data: set[str]) -> list[str]:
    ours = set(other.splitlines())
    return [ln.strip() for ln in english.splitlines() if ln in ours and _english_left(ln, data)]


def _same_texts(english, other, data: set[str], key: str = "") -> list[str]:
    if isinstance(english, dict) and isinstance(other, dict):
        return [t for k in english.keys() & other.keys() for t in _same_texts(english[k], other[k], data, k)]
    if isinstance(english, list) and isinstance(other, list):
        return [t for e, o in zip(english, other) for t in _same_texts(e, o, data, key)]
    if key in WORDED | {"notes"} and isinstance(english, str) and english == other and _english_left(english, data):
        return [english]
    return []


@cache
def _english(path: Path, move: str, as_json: bool) -> str:
    return _check(path, move, "en", as_json)


def _english_everywhere(lang: str) -> list[str]:
    found = []
    for path, move, table in _runs():
        data = _data_words(table, move)
        for as_json in (False, True):
            english, other = _english(path, move, as_json), _check(path, move, lang, as_json)
            same = (_same_texts(json.loads(english), json.loads(other), data) if as_json
                    else _same_lines(english, other, data))
            found += [f"{path.relative_to(ROOT)} {move!r}{' --json' if as_json else ''}: {s}" for s in same]
    return found


@pytest.mark.parametrize("lang", [lang for lang, name in texts.LANGUAGES.items() if name])
def test_check_speaks_the_language_on_every_scenario(lang):
    found = _english_everywhere(lang)
    assert not found, f"{len(found)} texts in English, e.g.:\n" + "\n".join(found[:30])


class _Marked:
    """A catalog that translates every text by putting a mark before the English (placeholders kept)."""

    def pgettext(self, context, message):
        return "«" + message

    def npgettext(self, context, one, other, n):
        return "«" + (one if n == 1 else other)


@cache
def _marked_catalog() -> dict:
    """The made-up catalog, made once: as every catalog, it is only read."""
    return texts._translate(texts.catalog("en"), _Marked())


def _mark_danish(monkeypatch) -> None:
    marked = _marked_catalog()
    real = texts.catalog

    def catalog(lang="en"):
        return marked if texts.normalise(lang) == "da" else real(lang)

    monkeypatch.setattr(texts, "catalog", catalog)


def test_the_scenario_check_passes_once_every_text_is_translated(monkeypatch):
    """The test above fails only for want of translations: with every catalog entry filled (here with a
    mark), no English is left in any label or message of `check`."""
    _mark_danish(monkeypatch)
    found = _english_everywhere("da")
    assert not found, f"{len(found)} texts never looked up in the catalog, e.g.:\n" + "\n".join(found[:30])


def test_the_scenario_check_finds_english_left_in_the_code():
    """The comparison is not blind: an English label next to translated words is caught."""
    assert _same_lines("  note  step 1: hello\n  NS", "  note  step 1: hello\n  NS", {"ns"}) == \
        ["note  step 1: hello"]
    assert _same_lines("  NS\n  Ann: 9S", "  NS\n  Ann: 9S", {"ns", "ann"}) == []
    assert _same_texts({"message": "the pile", "rule": "pile.empty"}, {"message": "the pile", "rule": "pile.empty"},
                       set()) == ["the pile"]


def test_every_error_of_the_lower_layers_says_the_catalogs_english():
    """An error raised beneath ``texts`` (``Said(key, english)``) is worded from ``errors.<key>`` elsewhere:
    its English and its placeholders must be the catalog's, or the translations would not fit it."""
    import ast

    errors = texts.catalog("en")["errors"]
    wrong = []
    for path in (ROOT / "canasta_tutor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Said" and len(node.args) == 2:
                if not all(isinstance(a, ast.Constant) for a in node.args):
                    continue  # a language's name, worded from its descriptor: test_language_names_are_the_catalogs
                key, english = (a.value for a in node.args)
                entry = errors
                for part in key.split("."):
                    entry = entry.get(part, {}) if isinstance(entry, dict) else {}
                if entry != english:
                    wrong.append((path.name, key, english, entry))
                elif set(re.findall(r"{(\w+)}", english)) != {k.arg for k in node.keywords}:
                    wrong.append((path.name, key, "placeholders", [k.arg for k in node.keywords]))
    assert not wrong, wrong


@pytest.mark.parametrize("args,code", [
    (["check", "no-such-table.yaml", "draw"], 3),
    (["check", "canasta_tutor/examples/table.yaml", "take 9X"], 2),
    (["check", "canasta_tutor/examples/table.yaml", "jump"], 2),
    # an unknown --ruleset name is a usage mistake: exit 2 (issue 24; it was 3, the code of a bad file)
    (["check", "canasta_tutor/examples/table.yaml", "draw", "--ruleset", "nope"], 2),
    (["check", "canasta_tutor/examples/table.yaml", "draw", "--house", "nope=1"], 2),
])
def test_errors_about_files_and_moves_speak_the_chosen_language(monkeypatch, args, code):
    _mark_danish(monkeypatch)
    monkeypatch.setenv("CANASTA_LANG", "da")
    for as_json in (False, True):
        result = run_in_process(*args, "--lang", "da", *(["--json"] if as_json else []), cwd=ROOT)
        assert result.returncode == code
        message = json.loads(result.stdout)["error"]["message"] if as_json else result.stderr
        assert "«" in message, message


def test_language_names_are_the_catalogs():
    """The languages' names a message gives (``notation.name``) come from their descriptors: the English
    there is the catalog's ``errors.language-names``, which the translations word."""
    from canasta_tutor.engine.notation import name
    from canasta_tutor.reading.languages import LANGUAGES

    names = texts.catalog("en")["errors"]["language-names"]
    for code in LANGUAGES:
        if code != "en":
            said = name(code)
            assert (said.key, str(said)) == (f"language-names.{code}", names[code])
