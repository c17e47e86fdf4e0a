"""Issue 24, the command line's part: interrupted games saved under names of their own, resumed games
counted against their decks, standard output closed or full, terminal widths out of range, usage
mistakes exit 2, ruleset files no game can seat, and the names `save` and `new` refuse alike."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from clirun import Ran, run_in_process, run_process

from canasta_tutor.learning import play_session
from canasta_tutor.play.game import load_game
from canasta_tutor.reading.strict_yaml import InputError, Said

ROOT = Path(__file__).resolve().parent.parent
TABLE = str(ROOT / "canasta_tutor" / "examples" / "table.yaml")


def canasta(*args: str, cwd: Path, stdin: str = "", env: dict | None = None, **how) -> Ran:
    """In this process; in a real one when ``how`` redirects or closes its standard streams."""
    environ = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "COLUMNS": "120",
               "CANASTA_HOME": str(cwd / ".home"), **(env or {})}
    if how:
        return run_process(*args, cwd=cwd, env=environ, input=stdin, timeout=60, **how)
    return run_in_process(*args, cwd=cwd, env=environ, input=stdin)


def invoke(*args: str, input: str | None = None, env: dict | None = None) -> Ran:
    return run_in_process(*args, input=input, env=env)


# -- 1. nothing lost: each interrupted game under a name of its own ---------------------------------------

@pytest.fixture
def interrupted(monkeypatch, tmp_path):
    """`canasta play` stopped by Ctrl-C at once, with the data folder in tmp_path/home."""
    def stop(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(play_session.Session, "run", stop)
    monkeypatch.setenv("CANASTA_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return lambda seed: invoke("play", "--seed", str(seed), input="")


def test_a_second_interrupted_game_does_not_replace_the_first(interrupted, tmp_path):
    games = tmp_path / "home" / "games"
    for seed, name in ((2, "interrupted.yaml"), (3, "interrupted-2.yaml"), (4, "interrupted-3.yaml")):
        result = interrupted(seed)
        assert result.exit_code == 130 and str(games / name) in result.output
    assert [load_game(str(games / n)).seed for n in ("interrupted.yaml", "interrupted-2.yaml", "interrupted-3.yaml")] \
        == [2, 3, 4]
    (games / "interrupted.yaml").unlink()  # a freed name is taken again; nothing else is replaced
    assert "games/interrupted.yaml" in interrupted(5).output and load_game(str(games / "interrupted-2.yaml")).seed == 3


def test_a_file_called_games_is_left_and_the_game_saved_in_the_data_folder(interrupted, tmp_path):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "games").write_text("my notes\n")
    result = interrupted(2)
    assert result.exit_code == 130 and "File exists" not in result.output
    assert "is not a folder" in result.output and "saved elsewhere" in result.output
    saved = tmp_path / "home" / "interrupted.yaml"
    assert str(saved) in result.output and load_game(str(saved)).seed == 2
    assert (tmp_path / "home" / "games").read_text() == "my notes\n"


def test_a_game_no_place_takes_is_said_not_saved_with_what_to_do(interrupted, tmp_path, monkeypatch):
    def refuse(folder, text):
        raise InputError(Said("writing.refused", "cannot write '{name}': {why} (nothing was written)",
                              name=str(folder / "interrupted.yaml"), why="No space left on device"))

    monkeypatch.setattr(play_session, "_save_new", refuse)
    result = interrupted(2)
    assert result.exit_code == 130 and "NOT saved" in result.output and "CANASTA_HOME" in result.output
    assert "The game is saved" not in result.output


def test_a_save_at_the_prompt_that_fails_says_the_game_was_not_saved(tmp_path):
    (tmp_path / "notes.yaml").write_text("mine\n")
    proc = canasta("play", "--seed", "3", cwd=tmp_path, stdin="save notes.yaml\nsave sub/x.yaml\nquit\n")
    assert proc.returncode == 0 and proc.stdout.count("the game was NOT saved") == 2
    assert "save it under another name" in proc.stdout and (tmp_path / "notes.yaml").read_text() == "mine\n"


# -- 2. a resumed game's cards are counted against its decks ----------------------------------------

def _saved_game(tmp_path: Path, change) -> Path:
    game = play_session.new_game("classic", {}, None, 5, None, 3)
    data = yaml.safe_load(play_session.saved_text(game))
    change(data)
    path = tmp_path / "game.yaml"
    path.write_text("# written by canasta-tutor\n" + yaml.safe_dump(data, sort_keys=False))
    return path


def _stock_jokers(data: dict) -> None:
    """Jokers in place of stock cards, until the game holds seven (two decks hold four)."""
    words = data["x-game"]["stock"].split()
    held = sum(w == "JK" for p in data["players"] for w in p["hand"].split()) + words.count("JK")
    for i, w in enumerate(words):
        if held >= 7:
            break
        if w != "JK":
            words[i], held = "JK", held + 1
    data["x-game"]["stock"] = " ".join(words)


def _third_three_of_hearts(data: dict) -> None:
    words = data["x-game"]["stock"].split()
    held = sum(w == "3H" for p in data["players"] for w in p["hand"].split()) + words.count("3H")
    while held < 3:
        words[next(i for i, w in enumerate(words) if w != "3H")] = "3H"
        held += 1
    data["x-game"]["stock"] = " ".join(words)


@pytest.mark.parametrize("change,what", [(_stock_jokers, "7 of jokers"), (_third_three_of_hearts, "3 of 3H")])
def test_a_saved_game_with_more_cards_than_its_decks_is_refused(tmp_path, change, what):
    path = _saved_game(tmp_path, change)
    with pytest.raises(InputError) as caught:
        load_game(str(path))
    assert caught.value.key == "x-game.stock" and what in caught.value.message
    proc = canasta("play", "--resume", str(path), cwd=tmp_path, stdin="quit\n")
    assert proc.returncode == 3 and what in proc.stderr and "2 decks with 4 jokers hold" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_an_honest_saved_game_still_resumes(tmp_path):
    path = _saved_game(tmp_path, lambda data: None)
    assert load_game(str(path)).seed == 5
    assert canasta("play", "--resume", str(path), cwd=tmp_path, stdin="quit\n").returncode == 0


# -- 3. standard output closed or full ---------------------------------------------------------------

COMMANDS = [["check", TABLE, "draw"], ["check", TABLE, "draw", "--json"], ["rules"], ["rules", "--json"],
            ["show", TABLE, "--json"], ["--version"], ["check", "--help"]]


def _closed(*fds):
    return lambda: [os.close(fd) for fd in fds]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_closed_standard_output_is_one_line_and_exit_3(tmp_path, args):
    proc = canasta(*args, cwd=tmp_path, stdout=subprocess.DEVNULL, preexec_fn=_closed(1))
    assert proc.returncode == 3 and proc.stderr.count("\n") == 1, proc.stderr
    assert "standard output is closed" in proc.stderr
    silent = canasta(*args, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     preexec_fn=_closed(1, 2))
    assert silent.returncode == 3


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_full_standard_output_is_one_line_and_exit_3(tmp_path, args):
    with open("/dev/full", "w") as full:
        proc = canasta(*args, cwd=tmp_path, stdout=full)
        silent = canasta(*args, cwd=tmp_path, stdout=full, stderr=subprocess.DEVNULL, preexec_fn=_closed(2))
    assert proc.returncode == 3 and proc.stderr.count("\n") == 1, proc.stderr
    assert "cannot write to standard output" in proc.stderr and "Traceback" not in proc.stderr
    assert silent.returncode == 3


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_error_with_a_full_output_keeps_its_own_code_and_line(tmp_path):
    with open("/dev/full", "w") as full:
        proc = canasta("explain", "nope", "--json", cwd=tmp_path, stdout=full)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "nope" in proc.stderr


def test_rules_with_its_output_closed_does_not_claim_success(tmp_path):
    assert canasta("rules", cwd=tmp_path, stdout=subprocess.DEVNULL, preexec_fn=_closed(1)).returncode != 0


# -- 4. terminal widths within a sane range -----------------------------------------------------------

def test_widths_out_of_range_are_clamped(monkeypatch):
    from canasta_tutor.render.console import MAX_WIDTH, MIN_WIDTH, clamp_columns, console

    for columns, width in (("0", MIN_WIDTH), ("3", MIN_WIDTH), ("99999999", MAX_WIDTH), ("100", 100)):
        monkeypatch.setenv("COLUMNS", columns)
        assert console().width == width
        clamp_columns()
        assert os.environ["COLUMNS"] == str(width)
    monkeypatch.setenv("COLUMNS", "wide")  # not a number: left for every reader to ignore
    clamp_columns()
    assert os.environ["COLUMNS"] == "wide"


@pytest.mark.parametrize("columns", ["0", "99999999"])
def test_show_answers_at_once_whatever_columns_says(columns):
    started = time.monotonic()
    result = invoke("show", TABLE, env={"COLUMNS": columns})
    assert result.exit_code == 0 and "Ann" in result.stdout
    assert time.monotonic() - started < 10 and max(map(len, result.stdout.splitlines())) <= 1000


def test_help_with_a_huge_width_answers_at_once(tmp_path):
    proc = canasta("check", "--help", cwd=tmp_path, env={"COLUMNS": "99999999"})
    assert proc.returncode == 0 and max(map(len, proc.stdout.splitlines())) <= 1000


# -- 5. every usage mistake exits 2 ---------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["new", "scenario", ""],
    ["new", "scenario", "two\nlines.yaml"],
    ["new", "bogus", "x.yaml"],
    ["new", "table", ""],
    ["new", "table", "a\x1bb.yaml"],
    ["check", TABLE, "draw", "--ruleset", "nope"],
    ["check", TABLE, "draw", "--ruleset", "/etc/passwd"],
    ["show", TABLE, "--ruleset", "nope"],
    ["rules", "nope"],
    ["lint", TABLE, "--ruleset", "nope"],
    ["new", "scenario", "x.yaml", "--ruleset", "nope"],
    ["selfplay", "--hands", "1", "--ruleset", "classic", "--ruleset", "nope"],
    ["play", "--ruleset", "danish", "--players", "6"],
    ["play", "--ruleset", "danish", "--players", "2"],
])
def test_usage_mistakes_exit_2(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args, input="")
    assert result.exit_code == 2, result.output
    assert not any(tmp_path.iterdir())  # nothing written


def test_an_unknown_ruleset_in_json_is_a_usage_error_too():
    result = invoke("check", TABLE, "draw", "--ruleset", "nope", "--json")
    assert result.exit_code == 2 and json.loads(result.stdout)["error"]["code"] == 2
    assert "unknown ruleset 'nope'" in result.stderr


def test_new_names_every_kind_it_makes():
    result = invoke("new", "bogus", "x.yaml")
    assert "scenario, lesson or table" in result.stderr


def test_a_ruleset_file_that_cannot_be_used_stays_a_bad_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert invoke("check", TABLE, "draw", "--ruleset", "missing.yaml").exit_code == 3
    (tmp_path / "broken.yaml").write_text("id: broken\nextends: nope\n")
    assert invoke("check", TABLE, "draw", "--ruleset", "broken.yaml").exit_code == 3
    table = Path(TABLE).read_text().replace("ruleset: classic", "ruleset: nope")
    (tmp_path / "t.yaml").write_text(table if "ruleset: nope" in table else "ruleset: nope\n" + table)
    assert invoke("check", "t.yaml", "draw").exit_code == 3  # a file's own ruleset: the file is bad


# -- 6. ruleset files no game can seat or deal -------------------------------------------------------------

@pytest.mark.parametrize("values,limit", [
    ("players: 8, decks: 4, jokers: 8", "at most 6"),
    ("players: 7, side_size: 1, decks: 4", "at most 6"),
    ("side_size: 4", "at least two sides"),
])
def test_a_ruleset_file_no_game_can_seat_is_refused_by_every_command(tmp_path, monkeypatch, values, limit):
    monkeypatch.chdir(tmp_path)
    rules = str(tmp_path / "big.yaml")  # a path of its own: ruleset files are cached by path in a process
    Path(rules).write_text(f"id: big\nextends: classic\nset: {{{values}}}\n")
    (tmp_path / "t.yaml").write_text(f"ruleset: {rules}\n" + Path(TABLE).read_text().replace("ruleset: classic\n", ""))
    for args in (["rules", rules], ["selfplay", "--hands", "1", "--ruleset", rules],
                 ["play", "--ruleset", rules], ["check", "t.yaml", "draw"]):
        result = invoke(*args, input="quit\n")
        assert result.exit_code == 3 and limit in result.stderr, (args, result.output)
        assert "IndexError" not in result.output and "internal error" not in result.output


# -- 7. the names `save` refuses, and `new` under a file-size limit ----------------------------------------

def test_save_refuses_a_name_with_an_escape_character_as_new_does(tmp_path):
    proc = canasta("play", "--seed", "3", cwd=tmp_path, stdin="save a\x1b[31mb.yaml\nquit\n")
    assert proc.returncode == 0 and "control character" in proc.stdout and "NOT saved" in proc.stdout
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("a")] and "\x1b[31mb" not in proc.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="file-size limits are POSIX")
def test_new_under_a_file_size_limit_writes_nothing_and_says_so(tmp_path):
    import resource

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))  # the skeleton fits, not its schema

    proc = canasta("new", "scenario", "a.yaml", cwd=tmp_path, preexec_fn=limited)
    assert proc.returncode == 3 and "nothing was written" in proc.stderr
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == []


def test_new_says_which_file_was_written_when_it_cannot_take_it_back(tmp_path, monkeypatch):
    from canasta_tutor.teaching import skeleton

    def no_schema(kind, target, schema_file):
        raise InputError(Said("writing.refused", "cannot write '{name}': {why} (nothing was written)",
                              name=str(schema_file), why="File too large"))

    monkeypatch.setattr(skeleton, "_with_schema", no_schema)
    monkeypatch.setattr(skeleton, "_take_back", lambda target, text: False)
    monkeypatch.chdir(tmp_path)
    result = invoke("new", "scenario", "a.yaml")
    assert result.exit_code == 3 and "a.yaml was written, but not its schema" in result.stderr
    assert "nothing was written" not in result.stderr


@pytest.mark.parametrize("args", [["lesson", "melds"], ["quiz", "-n", "1"], ["learn"], ["new", "table", "x.yaml"]])
def test_a_closed_standard_input_is_the_end_of_the_input(tmp_path, args):
    """`<&-`: nothing to read, as with an empty pipe: the command ends as it does at the end of input,
    never with an internal error."""
    proc = subprocess.run([sys.executable, "-m", "canasta_tutor", *args], cwd=tmp_path, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "CANASTA_HOME": str(tmp_path / "home")},
                          preexec_fn=lambda: os.close(0))
    assert proc.returncode in (0, 3), proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
