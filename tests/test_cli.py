"""The `canasta` command as a user runs it (spec/cli.md): through the command's own entry point, so exit
codes, stdout and stderr are exactly what the user sees (in this process; a real one where a terminal
or a reader that goes away is what is tried). Tables are written to tmp_path; the repo's scenarios are read
only where the test is about them (lint of the shipped folder, the numbers of a shipped scoring scenario)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor.engine.ruleset import BUILTIN as ruleset_ids

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios"
COMPARED = ["classic", "official", "brazilian", "danish", "dutch-house"]
BUILTIN = list(ruleset_ids)  # the order the tool lists them in

# Dee has just thrown a black three; Ann holds two more.
BLACK_THREE = """\
ruleset: classic
players:
  - name: Ann
    hand: 3S 3S 9D 9S 7H 7D KS 5C 4H QD JC
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 9}
  - {name: Dee, hand: 10}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 800
    melds:
      - [KD, KC, KH]
  - name: EW
    players: [Bob, Dee]
    score: 650
discard: 4C 8S 3C
stock: 48
turn:
  player: Ann
  phase: draw
"""

# Every hand known, NS has a canasta: Ann can go out with "meld 9H 9D 9S; discard 5C".
GOING_OUT = """\
ruleset: classic
players:
  - {name: Ann, hand: 9H 9D 9S 5C, has_melded: true}
  - {name: Bob, hand: KS 4C}
  - {name: Cas, hand: AS 4D}
  - {name: Dee, hand: JK 6D}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 1000
    melds:
      - [JS, JS, JH, JH, JD, JD, JC]
  - name: EW
    players: [Bob, Dee]
    score: 500
    melds:
      - [8H, 8D, 8C, 2S]
discard: 9C 6S
stock: 31
turn:
  player: Ann
  phase: play
"""
GO_OUT = "ask; meld 9H 9D 9S; discard 5C"  # the classic page: going out needs the partner's consent

# The same hand after Ann went out; NS starts near the target.
END_OF_HAND = """\
ruleset: classic
players:
  - {name: Ann, hand: []}
  - {name: Bob, hand: KS 4C}
  - {name: Cas, hand: AS 4D}
  - {name: Dee, hand: JK 6D}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 4500
    melds:
      - [JS, JS, JH, JH, JD, JD, JC]
      - [9H, 9D, 9S]
  - name: EW
    players: [Bob, Dee]
    score: 500
    melds:
      - [8H, 8D, 8C, 2S]
discard: 9C 6S 5C
stock: 31
turn:
  player: Bob
"""

# Seven kings on the table (a canasta) and no house rule: adding an eighth king is legal.
OPEN_CANASTA = """\
ruleset: official
players:
  - name: Ann
    hand: KH 8D 2S 7H 7D 7S 5C 4H QD JC 6H
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 7}
  - {name: Dee, hand: 10}
sides:
  - name: NS
    players: [Ann, Cas]
    score: 1900
    melds:
      - [KD, KD, KC, KC, KH, KS, KS]
  - name: EW
    players: [Bob, Dee]
    score: 1600
discard: 4C 9S 9H
stock: 40
turn:
  player: Ann
"""


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))


def canasta(*args: str, cwd: Path, env: dict | None = None) -> Ran:
    environ = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "COLUMNS": "120",
               "CANASTA_HOME": str(cwd / ".canasta-home"), **(env or {})}
    proc = run_in_process(*args, cwd=cwd, env=environ)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


def write(tmp_path: Path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def json_out(proc: Ran) -> dict:
    return json.loads(proc.stdout)


def assert_verdict_shape(v: dict) -> None:
    """One ruling as cli.md gives it (extra fields are allowed, none of these may go)."""
    assert {"ruleset", "move", "legal", "violations", "notes", "score"} <= set(v)
    assert isinstance(v["ruleset"], str) and isinstance(v["move"], str) and isinstance(v["legal"], bool)
    assert isinstance(v["violations"], list) and isinstance(v["notes"], list)
    for f in v["violations"]:
        assert {"rule", "step", "message", "source"} <= set(f)
        assert isinstance(f["rule"], str) and "." in f["rule"]
        assert isinstance(f["step"], int) and f["step"] >= 1
        assert isinstance(f["message"], str) and f["message"]
        assert isinstance(f["source"], str) and f["source"]
    assert v["legal"] == (not v["violations"])
    if v["score"] is not None:
        assert_score_shape(v["score"])


def assert_score_shape(s: dict) -> None:
    assert {"ruleset", "sides", "game_over", "winner"} <= set(s)
    assert isinstance(s["game_over"], bool)
    assert s["winner"] is None or s["winner"] in [side["name"] for side in s["sides"]]
    for side in s["sides"]:
        assert {"name", "lines", "hand_total", "total"} <= set(side)
        for line in side["lines"]:
            assert {"rule", "points", "detail"} <= set(line)
            assert isinstance(line["rule"], str) and isinstance(line["points"], int)
            assert isinstance(line["detail"], str)
        assert side["hand_total"] == sum(line["points"] for line in side["lines"])


def by_name(score: dict) -> dict[str, dict]:
    return {side["name"]: side for side in score["sides"]}


# --- check ------------------------------------------------------------------------------------------------

def test_check_legal(tmp_path):
    f = write(tmp_path, "t.yaml", BLACK_THREE)
    proc = canasta("check", f, "draw; discard 5C", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    v = json_out(proc)
    assert_verdict_shape(v)
    assert v == v | {"ruleset": "classic", "move": "draw; discard 5C", "legal": True, "violations": [],
                     "score": None}


def test_check_illegal(tmp_path):
    f = write(tmp_path, "t.yaml", BLACK_THREE)
    proc = canasta("check", f, "take 3S 3S; discard 5C", "--json", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    v = json_out(proc)
    assert_verdict_shape(v)
    assert v["legal"] is False and v["score"] is None
    hit = [x for x in v["violations"] if x["rule"] == "pile.black-three-on-top"]
    assert hit and hit[0]["step"] == 1 and hit[0]["source"] == "S0" and hit[0]["cite"]["where"]
    assert "3C" in hit[0]["message"]


def test_check_going_out_gives_the_score(tmp_path):
    f = write(tmp_path, "t.yaml", GOING_OUT)
    proc = canasta("check", f, GO_OUT, "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    v = json_out(proc)
    assert_verdict_shape(v)
    assert v["legal"] is True
    score = v["score"]
    assert score is not None
    assert_score_shape(score)
    sides = by_name(score)
    # NS: jacks 70 + nines 30, natural canasta 500, going out 100, Cas's A and 4 -25
    assert sides["NS"]["hand_total"] == 675 and sides["NS"]["total"] == 1675
    assert {"score.canasta-natural", "score.going-out"} <= {ln["rule"] for ln in sides["NS"]["lines"]}
    # EW: 8-8-8-2 = 50, hands K 4 JK 6 = -70
    assert sides["EW"]["hand_total"] == -20 and sides["EW"]["total"] == 480
    assert score["game_over"] is False and score["winner"] is None


def test_check_compare(tmp_path):
    f = write(tmp_path, "t.yaml", GOING_OUT)
    proc = canasta("check", f, GO_OUT, "--compare", "--json", cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    data = json_out(proc)
    assert set(data) >= {"rulings"}
    assert [r["ruleset"] for r in data["rulings"]] == BUILTIN
    rulings = {r["ruleset"]: r for r in data["rulings"] if r["applicable"]}
    assert sorted(rulings) == sorted(COMPARED)
    for r in rulings.values():
        assert_verdict_shape(r)
        assert r["move"] == GO_OUT
    for r in data["rulings"]:
        if not r["applicable"]:  # the 2-, 3- and 6-player rulesets do not fit a 4-player table
            assert r["legal"] is None and "played by" in r["problem"]
    # each ruleset really judged it: danish needs two canastas to go out; the bonuses differ
    assert rulings["danish"]["legal"] is False
    assert "out.canastas-needed" in [v["rule"] for v in rulings["danish"]["violations"]]
    assert rulings["classic"]["legal"] is True
    assert by_name(rulings["classic"]["score"])["NS"]["hand_total"] == 675
    assert by_name(rulings["brazilian"]["score"])["NS"]["hand_total"] == 375  # natural canasta 200
    assert by_name(rulings["dutch-house"]["score"])["NS"]["hand_total"] == 575  # no going-out bonus


def test_ruleset_override(tmp_path):
    f = write(tmp_path, "t.yaml", BLACK_THREE)
    move = "draw 6C 8D; discard 5C"  # classic draws one card, danish two
    classic = canasta("check", f, move, "--json", cwd=tmp_path)
    assert classic.returncode == 1
    assert [v["rule"] for v in json_out(classic)["violations"]] == ["draw.count"]
    danish = canasta("check", f, move, "--ruleset", "danish", "--json", cwd=tmp_path)
    assert danish.returncode == 0, danish.stdout
    assert json_out(danish)["ruleset"] == "danish" and json_out(danish)["legal"] is True


def test_house_rule_option(tmp_path):
    f = write(tmp_path, "t.yaml", OPEN_CANASTA)
    move = "draw; add KH to K; discard 5C"
    assert canasta("check", f, move, cwd=tmp_path).returncode == 0
    proc = canasta("check", f, move, "--house", "canasta_closed=true", "--json", cwd=tmp_path)
    assert proc.returncode == 1
    v = json_out(proc)
    assert_verdict_shape(v)
    assert [(x["rule"], x["step"], x["source"]) for x in v["violations"]] == \
        [("meld.canasta-closed", 2, "house rule")]


def test_unknown_house_rule(tmp_path):
    f = write(tmp_path, "t.yaml", OPEN_CANASTA)
    proc = canasta("check", f, "draw", "--house", "nope=1", cwd=tmp_path)
    assert proc.returncode == 2  # a bad option is a usage error, not a bad file
    assert proc.stdout == ""
    assert "nope" in proc.stderr
    for option in ("canasta_closed", "target_score", "draw_count"):  # lists the valid options
        assert option in proc.stderr


# --- score ------------------------------------------------------------------------------------------------

def test_score_of_a_shipped_scenario():
    proc = canasta("score", "scenarios/scoring/out-with-two-canastas.yaml", "--out", "Ann", "--json", cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    s = json_out(proc)
    assert_score_shape(s)
    assert s["ruleset"] == "classic"
    sides = by_name(s)
    assert [side["name"] for side in s["sides"]] == ["NS", "EW"]
    assert (sides["NS"]["hand_total"], sides["NS"]["total"]) == (1020, 1020)
    assert (sides["EW"]["hand_total"], sides["EW"]["total"]) == (80, 80)
    assert {ln["rule"]: ln["points"] for ln in sides["NS"]["lines"]} == {
        "score.cards": 165, "score.canasta-natural": 500, "score.canasta-mixed": 300,
        "score.going-out": 100, "score.hand": -45}
    assert s["game_over"] is False and s["winner"] is None


def test_score_adds_the_score_before_and_ends_the_game(tmp_path):
    f = write(tmp_path, "end.yaml", END_OF_HAND)
    proc = canasta("score", f, "--out", "Ann", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    s = json_out(proc)
    assert_score_shape(s)
    sides = by_name(s)
    assert (sides["NS"]["hand_total"], sides["NS"]["total"]) == (675, 5175)
    assert (sides["EW"]["hand_total"], sides["EW"]["total"]) == (-20, 480)
    assert s["game_over"] is True and s["winner"] == "NS"


# --- show -------------------------------------------------------------------------------------------------

def test_show(tmp_path):
    f = write(tmp_path, "t.yaml", GOING_OUT)
    proc = canasta("show", f, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    for word in ("Ann", "Bob", "Cas", "Dee", "NS", "EW", "♥", "♠", "♦", "♣"):
        assert word in proc.stdout
    assert "\x1b[" not in proc.stdout  # not a terminal: plain text


def _in_terminal(args, cwd: Path, env: dict) -> str:
    """Run with stdout on a pseudo-terminal, as in a user's terminal; returns what it printed."""
    pty = pytest.importorskip("pty")
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environ.update({"TERM": "xterm-256color", "COLUMNS": "120"}, **env)
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "canasta_tutor", *args], cwd=cwd, env=environ,
                            stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE)
    os.close(slave)
    chunks = []
    try:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # the other end closed
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
    _, err = proc.communicate(timeout=60)
    out = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0, err
    assert "Ann" in out
    return out


def test_show_in_a_terminal_has_colour(tmp_path):
    f = write(tmp_path, "t.yaml", GOING_OUT)
    assert "\x1b[" in _in_terminal(["show", f], tmp_path, {})


def test_show_with_no_color_has_no_escape_codes(tmp_path):
    f = write(tmp_path, "t.yaml", GOING_OUT)
    assert "\x1b[" not in _in_terminal(["show", f], tmp_path, {"NO_COLOR": "1"})


def test_show_json(tmp_path):
    f = write(tmp_path, "t.yaml", GOING_OUT)
    proc = canasta("show", f, "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    d = json_out(proc)
    assert d["ruleset"] == "classic"

    def cards(x):
        return x if isinstance(x, str) else " ".join(x)

    players = {p["name"]: p for p in d["players"]}
    assert list(players) == ["Ann", "Bob", "Cas", "Dee"]
    assert cards(players["Ann"]["hand"]) == "9H 9D 9S 5C"
    assert [s["name"] for s in d["sides"]] == ["NS", "EW"]
    assert d["sides"][0]["players"] == ["Ann", "Cas"] and d["sides"][0]["score"] == 1000
    assert cards(d["discard"]) == "9C 6S" and d["stock"] == 31
    assert d["turn"]["player"] == "Ann" and d["turn"]["phase"] == "play"


# --- rules and explain ------------------------------------------------------------------------------------

def test_rules(tmp_path):
    text = canasta("rules", cwd=tmp_path)
    assert text.returncode == 0
    for rid in BUILTIN:
        assert rid in text.stdout
    proc = canasta("rules", "--json", cwd=tmp_path)
    assert proc.returncode == 0
    assert [r["id"] for r in json_out(proc)["rulesets"]] == BUILTIN


def test_rules_danish(tmp_path):
    text = canasta("rules", "danish", cwd=tmp_path)
    assert text.returncode == 0
    assert "Danish" in text.stdout and "jokers" in text.stdout and "S2" in text.stdout
    proc = canasta("rules", "danish", "--json", cwd=tmp_path)
    assert proc.returncode == 0
    d = json_out(proc)
    assert d["id"] == "danish" and d["extends"] == "official"
    params = {p["name"]: p for p in d["parameters"]}
    assert params["jokers"]["value"] == 8 and params["jokers"]["source"] == "S2"
    assert params["draw_count"]["value"] == 2 and params["canastas_to_go_out"]["value"] == 2
    # The Danish page states the two packs itself, so it is cited; what it leaves out is inherited.
    assert params["decks"]["value"] == 2 and params["decks"]["source"] == "S2" and not params["decks"]["inherited"]
    assert params["partner_permission"]["source"] == "pagat" and "official" in (params["partner_permission"]["inherited"] or "")
    assert params["initial_meld"]["source"] == "S2" and "Næste omgang" in params["initial_meld"]["cite"]["where"]


def test_explain(tmp_path):
    text = canasta("explain", "pile.black-three-on-top", cwd=tmp_path)
    assert text.returncode == 0
    assert "pile.black-three-on-top" in text.stdout and "black three" in text.stdout.lower()
    proc = canasta("explain", "pile.black-three-on-top", "--json", cwd=tmp_path)
    assert proc.returncode == 0
    d = json_out(proc)
    assert d["id"] == "pile.black-three-on-top"
    assert d["title"] and "black three" in d["text"].lower()
    assert [r["ruleset"] for r in d["rulesets"]] == BUILTIN
    assert all(r["source"] for r in d["rulesets"])


def test_explain_unknown_rule(tmp_path):
    proc = canasta("explain", "black-tree-on-top", cwd=tmp_path)
    assert proc.returncode == 2  # a usage error, not a bad file
    assert proc.stdout == ""
    assert "black-tree-on-top" in proc.stderr and "unknown id" in proc.stderr
    assert "pile.black-three-on-top" in proc.stderr  # suggests the close id
    # part of an id is a word to search for: it finds the rule
    proc = canasta("explain", "black-three-on-top", "--json", cwd=tmp_path)
    assert proc.returncode == 0 and "pile.black-three-on-top" in {r["id"] for r in json_out(proc)["results"]}


# --- lint -------------------------------------------------------------------------------------------------

def test_lint_shipped_folders():
    proc = canasta("lint", "scenarios/rules", "scenarios/scoring", cwd=REPO)
    assert proc.returncode == 0, proc.stdout
    assert "0 problems" in proc.stdout


WRONG = BLACK_THREE.replace("stock: 48", "stock: 61") + """\
title: One stated answer is wrong
checks:
  - move: take 3S 3S; discard 5C
    expect: {legal: false, rules: [pile.black-three-on-top]}
  - move: draw; discard 5C
    expect: {legal: false}
"""


def test_lint_finds_a_wrong_stated_answer(tmp_path):
    f = write(tmp_path, "wrong.yaml", WRONG)
    bad_line = WRONG.splitlines().index("    expect: {legal: false}") + 1
    proc = canasta("lint", f, cwd=tmp_path)
    assert proc.returncode == 1
    [problem] = [line for line in proc.stdout.splitlines() if line.startswith("wrong.yaml:")]
    assert problem.startswith(f"wrong.yaml:{bad_line}:")
    assert "checks[1].expect" in problem and "draw; discard 5C" in problem
    assert "2 stated answers checked, 1 problem" in proc.stdout


# --- errors -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args,word", [
    (["check", "t.yaml", "draw", "--bogus"], "--bogus"),
    (["check", "t.yaml", "dance 5C"], "dance"),
    (["check", "t.yaml", "draw; meld XX"], "XX"),
])
def test_usage_errors_exit_2(tmp_path, args, word):
    write(tmp_path, "t.yaml", BLACK_THREE)
    proc = canasta(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert word in proc.stderr


def _line(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


_WRONG_TYPE = BLACK_THREE.replace("stock: 48", "stock: many")
_BAD_CARD = BLACK_THREE.replace("hand: 3S 3S 9D 9S 7H 7D KS 5C 4H QD JC", "hand: [3S, XX, 9D]")
_UNKNOWN_KEY = GOING_OUT.replace("  phase: play", "  phaze: play")
_DEEP = BLACK_THREE + "x-deep: " + "[" * 5000 + "]" * 5000 + "\n"
_CONTROL = BLACK_THREE.replace("stock: 48", "stock: 48\x01")


@pytest.mark.parametrize("command,text,where,key", [
    (["check", "{f}", "draw"], _WRONG_TYPE, f"{{f}}:{_line(_WRONG_TYPE, 'stock')}:8", "stock"),
    (["show", "{f}"], _BAD_CARD, f"{{f}}:{_line(_BAD_CARD, 'XX')}:", "players[0].hand[1]"),
    (["score", "{f}", "--out", "Ann"], _UNKNOWN_KEY, f"{{f}}:{_line(_UNKNOWN_KEY, 'phaze')}:3", "turn.phaze"),
    (["check", "{f}", "draw"], _DEEP, f"{{f}}:{_line(_DEEP, 'x-deep')}:", None),
    (["show", "{f}", "--json"], _CONTROL, f"{{f}}:{_line(_CONTROL, 'stock')}:10", None),
    (["score", "{f}", "--out", "Ann"], BLACK_THREE, f"{{f}}:{_line(BLACK_THREE, 'Bob')}:", "players[1].hand"),
], ids=["wrong-type", "bad-card", "unknown-key", "deep-nesting", "control-character", "count-hand-score"])
def test_input_errors_exit_3(tmp_path, command, text, where, key):
    f = write(tmp_path, "table.yaml", text)
    args = [a.format(f=f) for a in command]
    proc = canasta(*args, cwd=tmp_path)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stderr.startswith("canasta: " + where.format(f=f))
    if key:
        assert f": {key}: " in proc.stderr


def test_input_error_as_json(tmp_path):
    f = write(tmp_path, "t.yaml", BLACK_THREE.replace("stock: 48", "stock: many"))
    proc = canasta("check", f, "draw", "--json", cwd=tmp_path)
    assert proc.returncode == 3
    assert "t.yaml:18:8: stock:" in proc.stderr
    err = json_out(proc)["error"]
    assert err == err | {"code": 3, "file": "t.yaml", "line": 18, "column": 8, "key": "stock"}


# --- help -------------------------------------------------------------------------------------------------

def _commands() -> list[str]:
    from canasta_tutor.cli import app

    return [c.name or c.callback.__name__ for c in app.registered_commands]


@pytest.mark.parametrize("command", [[]] + [[c] for c in _commands()], ids=lambda c: " ".join(c) or "canasta")
def test_help(tmp_path, command):
    proc = canasta(*command, "--help", cwd=tmp_path)
    assert proc.returncode == 0
    assert "Example" in proc.stdout


# --- moves, hint, selfplay ----------------------------------------------------------------------------

def test_moves_json_every_entry_passes_check(tmp_path):
    (tmp_path / "t.yaml").write_text(BLACK_THREE.replace("phase: draw", "phase: play"))
    proc = canasta("moves", "t.yaml", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["moves"] and {"move", "kind", "notes"} <= set(data["moves"][0])
    kinds = {m["kind"] for m in data["moves"]}
    assert {"add", "discard"} <= kinds  # pairs and no wild card: no new meld is possible
    for m in data["moves"][:15]:
        assert canasta("check", "t.yaml", m["move"], cwd=tmp_path).returncode == 0, m["move"]


def test_moves_text_groups_by_kind(tmp_path):
    (tmp_path / "t.yaml").write_text(BLACK_THREE)
    proc = canasta("moves", "t.yaml", cwd=tmp_path)
    assert proc.returncode == 0
    assert "draw from the stock" in proc.stdout and "take the discard pile" not in proc.stdout


def test_hint_gives_a_legal_move_and_a_reason(tmp_path):
    (tmp_path / "t.yaml").write_text(BLACK_THREE.replace("phase: draw", "phase: play"))
    data = json.loads(canasta("hint", "t.yaml", "--json", cwd=tmp_path).stdout)
    assert data["move"] and data["reason"]
    assert canasta("check", "t.yaml", data["move"], cwd=tmp_path).returncode == 0


def test_selfplay_reports_hands_and_nothing_broken(tmp_path):
    proc = canasta("selfplay", "--hands", "1", "--ruleset", "danish", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["hands"] == 1 and data["broken"] == [] and list(data["rulesets"]) == ["danish"]


def test_selfplay_show_prints_the_moves(tmp_path):
    proc = canasta("selfplay", "--seed", "4", "--ruleset", "classic", "--show", cwd=tmp_path)
    assert proc.returncode == 0
    assert "classic seed 4" in proc.stdout and "Score (classic)" in proc.stdout


def test_lint_of_a_missing_path_is_an_input_error(tmp_path):
    proc = canasta("lint", "nowhere.yaml", cwd=tmp_path)
    assert proc.returncode == 3 and "nowhere.yaml" in proc.stderr


def test_a_lesson_given_where_a_table_is_expected_says_what_to_do(tmp_path):
    lesson = REPO / "canasta_tutor" / "learning" / "lessons" / "01-melds.yaml"
    proc = canasta("moves", str(lesson), cwd=tmp_path)
    assert proc.returncode == 3 and "canasta lesson FILE" in proc.stderr


def test_a_broken_pipe_is_not_an_internal_error(tmp_path):
    write(tmp_path, "t.yaml", BLACK_THREE.replace("phase: draw", "phase: play"))
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["CANASTA_HOME"] = str(tmp_path / ".canasta-home")
    producer = subprocess.Popen([sys.executable, "-m", "canasta_tutor", "selfplay", "--show", "--hands", "1"],
                                cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    producer.stdout.read(10)
    producer.stdout.close()  # the reader goes away, as `| head` does
    _, err = producer.communicate(timeout=60)
    # Click ends a command whose reader went away with status 1 and no message; it is not a bug of ours.
    assert producer.returncode in (0, 1) and b"internal error" not in err and b"Traceback" not in err


def test_show_svg_never_overwrites_a_table(tmp_path):
    write(tmp_path, "t.yaml", BLACK_THREE)
    proc = canasta("show", "t.yaml", "--svg", "t.yaml", cwd=tmp_path)
    assert proc.returncode == 3 and (tmp_path / "t.yaml").read_text() == BLACK_THREE
    write(tmp_path, "notes.txt", "my notes")
    assert canasta("show", "t.yaml", "--svg", "notes.txt", cwd=tmp_path).returncode == 3
    assert (tmp_path / "notes.txt").read_text() == "my notes"
    assert canasta("show", "t.yaml", "--svg", "t.svg", cwd=tmp_path).returncode == 0
    assert canasta("show", "t.yaml", "--svg", "t.svg", cwd=tmp_path).returncode == 0  # our own image: replaced


def test_markup_in_names_is_text(tmp_path):
    write(tmp_path, "t.yaml", BLACK_THREE.replace("name: NS", "name: '[/]'").replace("Ann", "'[red]Ann'"))
    proc = canasta("show", "t.yaml", cwd=tmp_path, env={"FORCE_COLOR": "1"})
    assert proc.returncode == 0 and "[red]Ann" in proc.stdout and "[/]" in proc.stdout


def test_an_unknown_language_is_a_usage_error_listing_the_languages(tmp_path):
    write(tmp_path, "t.yaml", BLACK_THREE)
    proc = canasta("check", "t.yaml", "draw", "--lang", "xx", cwd=tmp_path)
    assert proc.returncode == 2 and "'xx'" in proc.stderr and "nl, da, pt-BR" in proc.stderr
