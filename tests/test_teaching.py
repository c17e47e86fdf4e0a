"""Teachers' tools as a teacher uses them: standard input, messages for common slips, lint that finds
everything at once, lesson packs, the teacher's words in a lesson, `new table` and the pre-commit hook."""
from __future__ import annotations

import json
import re
import shutil
import sqlite3
import zipfile
from pathlib import Path

import pytest
import yaml
from clirun import Ran, run_in_process

from canasta_tutor.files.snapshot import load_table

REPO = Path(__file__).resolve().parents[1]
TABLE = (REPO / "canasta_tutor" / "examples" / "table.yaml").read_text(encoding="utf-8")
LESSONS = REPO / "canasta_tutor" / "learning" / "lessons"


def run(*args, cwd: Path, stdin: str = "") -> Ran:
    env = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_HOME": str(cwd / ".home")}
    proc = run_in_process(*args, cwd=cwd, env=env, input=stdin)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc


# -- standard input -----------------------------------------------------------------------------------

def test_check_reads_the_table_from_standard_input(tmp_path):
    proc = run("check", "-", "draw", "--json", cwd=tmp_path, stdin=TABLE)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["legal"] is True
    assert run("check", "-", "take 3S 3C", cwd=tmp_path, stdin=TABLE).returncode == 1


@pytest.mark.parametrize("command", [["score"], ["show"], ["moves"], ["hint"], ["check", "draw", "--compare"]])
def test_every_command_that_reads_a_table_takes_dash(command, tmp_path):
    args = [command[0], "-", *command[1:]]
    proc = run(*args, cwd=tmp_path, stdin=TABLE if command[0] != "score" else TABLE.replace("hand: 11}", "hand: []}"))
    assert proc.returncode in (0, 3), proc.stderr
    assert "no such file" not in proc.stderr
    if command[0] != "score":
        assert proc.returncode == 0


def test_empty_standard_input_is_an_input_error(tmp_path):
    proc = run("check", "-", "draw", cwd=tmp_path, stdin="")
    assert proc.returncode == 3 and "empty" in proc.stderr


# -- slips -----------------------------------------------------------------------------------------------

def test_a_tab_says_to_indent_with_spaces(tmp_path):
    (tmp_path / "t.yaml").write_text(TABLE.replace("  - name: Ann", "\t- name: Ann"), encoding="utf-8")
    proc = run("check", "t.yaml", "draw", cwd=tmp_path)
    assert proc.returncode == 3
    assert "tabs are not allowed in YAML; indent with spaces" in proc.stderr
    assert "cannot start any token" not in proc.stderr


def test_a_count_with_its_unit_says_to_write_the_number_alone(tmp_path):
    (tmp_path / "t.yaml").write_text(TABLE.replace("{name: Bob, hand: 11}", "{name: Bob, hand: 11 cards}"),
                                     encoding="utf-8")
    proc = run("check", "t.yaml", "draw", cwd=tmp_path)
    assert proc.returncode == 3
    assert "write the count alone, as in hand: 11" in proc.stderr and "players[1].hand" in proc.stderr


def test_two_steps_joined_by_a_comma_say_to_use_a_semicolon(tmp_path):
    proc = run("check", "-", "take 9S 9D, discard 4H", cwd=tmp_path, stdin=TABLE)
    assert proc.returncode == 2
    assert "separate steps with ';'" in proc.stderr and "take 9S 9D; discard 4H" in proc.stderr


# -- lint finds everything at once ---------------------------------------------------------------------

THREE_SLIPS = """\
title: three slips
players:
  - name: Ann
    hand: 7H 7D 4X KS
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 9}
  - {name: Dee, hand: 11}
pile.frozen: true
discard: 5D
stock: 40
turn: {player: Ann}
checks:
  - move: draw; discard 5C
    expect: {legl: true}
"""


def test_lint_reports_three_separate_problems_with_their_lines_in_one_run(tmp_path):
    (tmp_path / "s.yaml").write_text(THREE_SLIPS, encoding="utf-8")
    proc = run("lint", "s.yaml", "--json", cwd=tmp_path)
    assert proc.returncode == 1
    problems = json.loads(proc.stdout)["files"][0]["problems"]
    assert [(p["line"], p["key"]) for p in problems] == [
        (4, "players[0].hand"), (8, "pile.frozen"), (14, "checks[0].expect.legl")]
    text = run("lint", "s.yaml", cwd=tmp_path).stdout
    assert "s.yaml:4:" in text and "s.yaml:8:" in text and "s.yaml:14:" in text



def test_lint_names_a_stated_rule_id_the_engine_does_not_know(tmp_path):
    text = THREE_SLIPS.replace("expect: {legl: true}", "expect: {legal: false, rules: [pile.frozen, meld.too-smal]}")
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    problems = json.loads(run("lint", "s.yaml", "--json", cwd=tmp_path).stdout)["files"][0]["problems"]
    unknown = [p for p in problems if p["key"].startswith("checks[0].expect.rules")]
    assert [p["key"] for p in unknown] == ["checks[0].expect.rules[0]", "checks[0].expect.rules[1]"]
    assert "pile.frozen" in unknown[0]["message"] and "meld.too-small" in unknown[1]["message"]  # the id meant


MANY_SLIPS = """\
players:
  - name: Ann
    hand: 7H 7D 4X KS
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 9}
  - {name: Ann, hand: 11}
sides:
  - {name: NS, players: [Ann, Zed]}
  - {name: EW, players: [Bob, Cas]}
discard: 5D
stock: 40 cards
turn: {player: Nobody, phase: later}
checks:
  - move: take 9S 9D, discard 4H
    expect: {legal: true}
"""


def test_lint_reads_on_past_names_values_and_moves(tmp_path):
    (tmp_path / "s.yaml").write_text(MANY_SLIPS, encoding="utf-8")
    problems = json.loads(run("lint", "s.yaml", "--json", cwd=tmp_path).stdout)["files"][0]["problems"]
    assert [p["line"] for p in problems] == [3, 6, 8, 11, 12, 12, 14]
    assert "separate steps with ';'" in problems[-1]["message"]


def test_lint_counts_the_cards_against_the_decks(tmp_path):
    stock = re.search(r"(?m)^stock: (\d+)$", TABLE)
    (tmp_path / "t.yaml").write_text(TABLE.replace("{name: Bob, hand: 11}", "{name: Bob, hand: 80}")
                                     .replace(stock.group(0), "stock: 200"), encoding="utf-8")
    proc = run("lint", "t.yaml", cwd=tmp_path)
    assert proc.returncode == 1
    stock_line = TABLE[:stock.start()].count("\n") + 1
    assert "2 decks with 4 jokers hold 108" in proc.stdout and f"t.yaml:{stock_line}:" in proc.stdout
    assert run("lint", "-", cwd=tmp_path, stdin=TABLE).returncode == 0  # the example is whole


def test_lint_notes_a_move_that_relies_on_drawing_a_card_without_failing(tmp_path):
    scenario = TABLE + "checks:\n  - move: draw; discard QH\n    expect: {legal: true}\n"
    (tmp_path / "s.yaml").write_text(scenario, encoding="utf-8")
    proc = run("lint", "s.yaml", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout
    data = json.loads(proc.stdout)
    assert data["notes"] == 1 and data["problems"] == 0
    note = data["files"][0]["notes"][0]
    assert "QH" in note["message"] and "draw" in note["message"] and note["line"] == len(TABLE.splitlines()) + 2
    named = TABLE + "checks:\n  - move: draw 6C; discard 6C\n    expect: {legal: true}\n"
    (tmp_path / "n.yaml").write_text(named, encoding="utf-8")
    assert json.loads(run("lint", "n.yaml", "--json", cwd=tmp_path).stdout)["notes"] == 0  # the card is named


# -- lesson packs ----------------------------------------------------------------------------------------

def make_pack(folder: Path, pack_id: str = "club") -> Path:
    folder.mkdir()
    for name in ("01-melds.yaml", "05-pile.yaml"):
        shutil.copy(LESSONS / name, folder / name)
    (folder / "pack.yaml").write_text(f"id: {pack_id}\ntitle: Club night\nauthor: Ann Teacher\n"
                                      "lessons: [01-melds.yaml, 05-pile.yaml]\n", encoding="utf-8")
    return folder


def test_a_packs_problems_at_one_place_are_listed_in_the_order_they_were_found(tmp_path):
    """Lint of a pack lists the problems at one place (a "best" question of several illegal moves) as
    linting the lesson finds them, the same in every process: never in a set's order, which changes
    from one process to the next with the interpreter's string hashing."""
    from canasta_tutor.learning.lesson import problems, read_lesson
    from canasta_tutor.teaching.packs import lint_pack

    folder = tmp_path / "pack"
    folder.mkdir()
    lesson = (LESSONS / "01-melds.yaml").read_text(encoding="utf-8")
    table = lesson[lesson.index("  - table:"):lesson.index("  - id: q1")]
    moves = "meld 9C KS 4H, meld 9C 5S 6S, meld 8H 9D 7D, meld 2C 2D 2H"  # four illegal, none ending the turn
    (folder / "01-best.yaml").write_text(f"title: Best\nsteps:\n{table}  - id: q1\n    ask: best\n"
                                         f"    moves: [{moves}]\n", encoding="utf-8")
    (folder / "pack.yaml").write_text("id: club\ntitle: Club night\nlessons: [01-best.yaml]\n", encoding="utf-8")
    found = [message for _, _, _, _, message, _ in lint_pack(folder)[1]]
    expected = [message for _, _, message in problems(read_lesson(folder / "01-best.yaml"))]
    assert len(expected) == 5 and found == expected, found


def test_a_pack_of_two_builtin_lessons_is_listed_under_its_id_and_passes_lint(tmp_path):
    make_pack(tmp_path / "pack")
    listed = json.loads(run("lesson", "list", "pack", "--json", cwd=tmp_path).stdout)["lessons"]
    assert [ls["id"] for ls in listed] == ["club/melds", "club/pile"]
    plain = run("lesson", "list", "pack", cwd=tmp_path).stdout
    assert plain.count("club/") == 2 and plain.startswith("Club night (pack club), by Ann Teacher")
    about = json.loads(run("lesson", "list", "pack", "--json", cwd=tmp_path).stdout)["pack"]
    assert about["id"] == "club" and about["author"] == "Ann Teacher"
    proc = run("lint", "pack", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert run("lint", "pack/pack.yaml", cwd=tmp_path).returncode == 0


def test_a_manifest_may_name_its_lessons_by_id_and_the_pack_alone_starts_the_first(tmp_path):
    folder = make_pack(tmp_path / "pack")
    (folder / "pack.yaml").write_text("id: club\ntitle: Club night\nlessons: [pile, melds]\n", encoding="utf-8")
    listed = json.loads(run("lesson", "list", "pack", "--json", cwd=tmp_path).stdout)["lessons"]
    assert [ls["id"] for ls in listed] == ["club/pile", "club/melds"]
    assert run("lint", "pack", cwd=tmp_path).returncode == 0
    assert json.loads(run("lesson", "pack", "--json", cwd=tmp_path, stdin="q\n").stdout)["lesson"] == "club/pile"
    # a pack remembered under a built-in lesson's id never hides that lesson
    (folder / "pack.yaml").write_text("id: melds\ntitle: Club night\nlessons: [pile]\n", encoding="utf-8")
    assert run("lesson", "list", "pack", cwd=tmp_path).returncode == 0
    assert json.loads(run("lesson", "melds", "--json", cwd=tmp_path, stdin="q\n").stdout)["lesson"] == "melds"


def test_a_zipped_pack_works_the_same(tmp_path):
    folder = make_pack(tmp_path / "pack")
    with zipfile.ZipFile(tmp_path / "club.zip", "w") as z:
        for f in folder.iterdir():
            z.write(f, f"club/{f.name}")
    listed = json.loads(run("lesson", "list", "club.zip", "--json", cwd=tmp_path).stdout)["lessons"]
    assert [ls["id"] for ls in listed] == ["club/melds", "club/pile"]
    assert run("lint", "club.zip", cwd=tmp_path).returncode == 0


def test_a_pack_lesson_is_taken_by_id_and_kept_apart_from_the_builtin_one(tmp_path):
    make_pack(tmp_path / "pack")
    first = run("lesson", "pack/melds", "--json", cwd=tmp_path, stdin="q\n")
    assert json.loads(first.stdout)["lesson"] == "club/melds"
    # used once by its path, the pack is found by its id from anywhere
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env_home = tmp_path / ".home"
    proc = run_in_process("lesson", "club/pile", "--json", cwd=elsewhere, env={"CANASTA_HOME": str(env_home)},
                          input="q\n")
    assert json.loads(proc.stdout)["lesson"] == "club/pile", proc.stderr
    assert run("lesson", "club/nonesuch", cwd=tmp_path, stdin="q\n").returncode == 3


def test_progress_keeps_pack_and_own_lessons_apart_from_builtin_ones(tmp_path):
    from canasta_tutor.learning.lesson import read_lesson

    make_pack(tmp_path / "pack")
    own = tmp_path / "melds.yaml"
    shutil.copy(LESSONS / "01-melds.yaml", own)
    lesson = read_lesson(LESSONS / "01-melds.yaml")
    answers = []
    for q in lesson.questions:
        right = sorted(q.correct(lesson.id), key=str)[0]
        answers.append("y" if right is True else "n" if right is False else str(right))
    # the own copy and the pack copy finished; the built-in lesson is not
    run("lesson", "melds.yaml", cwd=tmp_path, stdin="\n".join(answers) + "\n")
    with sqlite3.connect(tmp_path / ".home" / "progress.db") as db:
        finished = {row[0] for row in db.execute("SELECT lesson FROM lessons")}
    assert finished == {"own/melds"}
    listing = run("lesson", "list", cwd=tmp_path).stdout
    assert "✓" not in listing


def test_a_broken_manifest_reports_every_problem(tmp_path):
    folder = make_pack(tmp_path / "pack")
    (folder / "pack.yaml").write_text("id: Club Night\ntitle: x\ncolour: red\nlessons: [01-melds.yaml, gone.yaml]\n",
                                      encoding="utf-8")
    data = json.loads(run("lint", "pack", "--json", cwd=tmp_path).stdout)
    messages = " | ".join(p["message"] for f in data["files"] for p in f["problems"])
    assert "small letters" in messages and "unknown key 'colour'" in messages and "gone.yaml" in messages
    notes = " | ".join(p["message"] for f in data["files"] for p in f["notes"])
    assert "not listed" in notes  # 05-pile.yaml is in the folder but not in the manifest


# -- the teacher's words -----------------------------------------------------------------------------------

WORDS = """\
title: Words of mine
steps:
  - table:
      players:
        - {name: Ann, hand: 9S 9D 2C KS 4H}
        - {name: Bob, hand: 11}
        - {name: Cas, hand: 9}
        - {name: Dee, hand: 11}
      discard: 5D 9H
      stock: 40
      turn: {player: Ann}
  - ask: legal
    move: take 9S 9D
    explanation: At our club we say the first meld must reach its minimum.
    feedback:
      yes: Count the points of the meld the pair would make.
"""


def test_feedback_for_a_wrong_answer_and_the_explanation_after_it(tmp_path):
    (tmp_path / "words.yaml").write_text(WORDS, encoding="utf-8")
    proc = run("lesson", "words.yaml", cwd=tmp_path, stdin="y\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.index("Count the points") < out.index("Not this time.") < out.index("At our club")
    right_first = run("lesson", "words.yaml", cwd=tmp_path, stdin="n\n").stdout
    assert "Count the points" not in right_first and "At our club" in right_first
    assert run("lint", "words.yaml", cwd=tmp_path).returncode == 0


def test_lint_refuses_feedback_for_a_right_answer_or_a_non_answer(tmp_path):
    (tmp_path / "right.yaml").write_text(WORDS.replace("      yes:", "      no:"), encoding="utf-8")
    proc = run("lint", "right.yaml", cwd=tmp_path)
    assert proc.returncode == 1 and "the engine finds that answer right" in proc.stdout and "right.yaml:16:" in proc.stdout
    (tmp_path / "odd.yaml").write_text(WORDS.replace("      yes:", "      maybe:"), encoding="utf-8")
    proc = run("lint", "odd.yaml", cwd=tmp_path)
    assert proc.returncode == 1 and "'maybe' is not an answer" in proc.stdout


# -- a table in a minute ---------------------------------------------------------------------------------

ANSWERS = ["", "", "", "9S 9D 2C KS KH 5C 4H JK QD 7H 7D", "11", "9", "11", "KD KC KS 2S", "3H", "1450",
           "", "", "2300", "5D 8C 4S 9H", "", "", ""]


def test_new_table_asks_step_by_step_and_writes_a_file_that_loads(tmp_path):
    proc = run("new", "table", "mine.yaml", cwd=tmp_path, stdin="\n".join(ANSWERS) + "\n")
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "mine.yaml").read_text(encoding="utf-8")
    assert text.startswith("#") and "# the cards" in text
    table = load_table(tmp_path / "mine.yaml")
    assert [p.name for p in table.players] == ["Ann", "Bob", "Cas", "Dee"]
    assert table.sides[0].score == 1450 and [str(c) for c in table.discard] == ["5D", "8C", "4S", "9H"]
    assert table.stock == 108 - 11 - 11 - 9 - 11 - 4 - 1 - 4  # the default: the cards not yet on the table
    assert run("check", "mine.yaml", "take 9S 9D", cwd=tmp_path).returncode == 0
    again = run("new", "table", "mine.yaml", cwd=tmp_path, stdin="\n".join(ANSWERS) + "\n")
    assert again.returncode == 3 and "already exists" in again.stderr


def test_new_table_asks_again_after_a_wrong_answer(tmp_path):
    answers = ["nonesuch", "", "Ann Bob Cas Dee Eve", "", ""] + ["4X", "KH KH KH"] + ANSWERS[3:]
    proc = run("new", "table", "-", cwd=tmp_path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "unknown ruleset 'nonesuch'" in proc.stderr
    assert "found 5 players" in proc.stderr and "'4X' is not a card" in proc.stderr
    assert "that makes 3 of KH" in proc.stderr
    assert yaml.safe_load(proc.stdout)["turn"] == {"player": "Ann", "phase": "draw"}


def test_new_table_takes_a_meld_of_wild_cards_alone_where_the_file_reader_does(tmp_path):
    """Under rules that ask for no natural card the reader reads wild cards alone as a meld of rank "?",
    as the judge lays one; the questions take it too, and still refuse it under the classic rules."""
    (tmp_path / "wild.yaml").write_text("id: wild\ntitle: wild cards alone\nextends: classic\n"
                                        "set: {min_naturals: 0, max_wilds: 7}\n", encoding="utf-8")
    melds = ANSWERS.index("KD KC KS 2S")
    answers = ["wild.yaml"] + ANSWERS[1:melds] + ["KD KC KS 2S; 2H JK 2D"] + ANSWERS[melds + 1:]
    proc = run("new", "table", "mine.yaml", cwd=tmp_path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    wild = load_table(tmp_path / "mine.yaml").sides[0].meld_of("?")
    assert wild is not None and [str(c) for c in wild.cards] == ["2H", "JK", "2D"]
    classic = ["classic"] + answers[1:melds + 1] + ANSWERS[melds:]  # refused, then asked again
    proc = run("new", "table", "-", cwd=tmp_path, stdin="\n".join(classic) + "\n")
    assert proc.returncode == 0 and "'KD KC KS 2S; 2H JK 2D' is not a meld" not in proc.stderr
    assert "'2H JK 2D' is not a meld" in proc.stderr


def test_new_table_stops_cleanly_when_the_input_ends(tmp_path):
    proc = run("new", "table", "mine.yaml", cwd=tmp_path, stdin="classic\nAnn Bob Cas Dee\n")
    assert proc.returncode == 3 and "nothing was written" in proc.stderr
    assert not (tmp_path / "mine.yaml").exists()


# -- the pre-commit hook ---------------------------------------------------------------------------------

def test_the_pre_commit_hook_runs_lint_on_yaml_and_zips():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "canasta-lint")
    assert hook["entry"] == "canasta lint" and hook["language"] == "python"
    import re

    assert re.search(hook["files"], "club/pack.yaml") and re.search(hook["files"], "club.zip")
    assert "id: canasta-lint" in (REPO / "README.md").read_text(encoding="utf-8")
    # the repository's own configuration is no teaching file: the first commit must not fail on it
    for other in (".pre-commit-config.yaml", ".github/workflows/ci.yml"):
        assert re.search(hook["exclude"], other)
    assert not re.search(hook["exclude"], "club/01-melds.yaml")
    packs = next(h for h in hooks if h["id"] == "canasta-lint-packs")
    assert packs["entry"] == "canasta lint --packs ." and packs["always_run"] and not packs["pass_filenames"]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    snippet = yaml.safe_load(readme.split("```yaml\nrepos:", 1)[1].split("```", 1)[0].join(["repos:", ""]))
    local = snippet["repos"][0]["hooks"]
    assert re.search(local[0]["exclude"], ".pre-commit-config.yaml") and local[1]["entry"] == "canasta lint --packs ."


def test_lint_of_a_folder_leaves_out_dot_files_and_a_packs_lesson_brings_its_whole_pack(tmp_path):
    (tmp_path / "repo").mkdir()
    make_pack(tmp_path / "repo" / "club")
    (tmp_path / "repo" / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    (tmp_path / "repo" / ".github").mkdir()
    (tmp_path / "repo" / ".github" / "ci.yml").write_text("on: push\n", encoding="utf-8")
    assert run("lint", "repo", cwd=tmp_path).returncode == 0
    lesson = next(p for p in (tmp_path / "repo" / "club").glob("*.yaml") if p.name != "pack.yaml")
    other = tmp_path / "repo" / "club" / "02-gone.yaml"
    manifest = tmp_path / "repo" / "club" / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("05-pile.yaml]", "05-pile.yaml, 02-gone.yaml]"),
                        encoding="utf-8")
    proc = run("lint", str(lesson.relative_to(tmp_path)), cwd=tmp_path)
    assert proc.returncode == 1 and "02-gone.yaml" in proc.stdout  # the pack whole, not the file alone
    assert not other.exists()
    proc = run("lint", "--packs", "repo", cwd=tmp_path)
    assert proc.returncode == 1 and "02-gone.yaml" in proc.stdout


# -- what the teaching commands write and echo ---------------------------------------------------------

@pytest.mark.parametrize("registry", ["[]", '{"club": 5}', '"x"', "not json"])
def test_a_packs_file_of_the_wrong_shape_counts_as_no_pack_remembered(tmp_path, registry):
    make_pack(tmp_path / "pack")
    (tmp_path / ".home").mkdir()
    (tmp_path / ".home" / "packs.json").write_text(registry, encoding="utf-8")
    assert run("lesson", "list", "pk", cwd=tmp_path).returncode in (2, 3)
    assert run("lesson", "pk", cwd=tmp_path, stdin="q\n").returncode in (2, 3)
    assert run("lesson", "list", "pack", cwd=tmp_path).returncode == 0
    assert (tmp_path / ".home" / "packs.json").read_text(encoding="utf-8") == registry  # not ours: kept


def test_the_packs_file_is_written_with_the_marker_and_read_back(tmp_path):
    make_pack(tmp_path / "pack")
    assert run("lesson", "list", "pack", cwd=tmp_path).returncode == 0
    assert "written by canasta-tutor" in (tmp_path / ".home" / "packs.json").read_text(encoding="utf-8")
    assert json.loads(run("lesson", "club/pile", "--json", cwd=tmp_path, stdin="q\n").stdout)["lesson"] == "club/pile"


def test_new_table_refuses_a_name_with_a_control_character_or_a_separator(tmp_path):
    answers = ["", "A\x1b]0;X\x07 Bob Cas Dee", "Ann Bob Cas D;ee", "", "NS, x: Ann Cas; EW: Bob Dee", ""] + ANSWERS[3:]
    proc = run("new", "table", "-", cwd=tmp_path, stdin="\n".join(answers) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("cannot be a name") == 3 and "A\\x1b]0;X\\x07" in proc.stderr
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", proc.stderr)
    assert [p["name"] for p in yaml.safe_load(proc.stdout)["players"]] == ["Ann", "Bob", "Cas", "Dee"]

