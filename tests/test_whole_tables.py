"""Every card counted: a table that gives every hand and the stock holds exactly its decks' cards (lint
says how many are missing or too many, at the stock's line), the table wizard asks again for a stock
that does not fit and keeps what was typed; schemas that take every card notation the reader takes;
packs installed in the data folder. In-process (the shared runner, clirun.run_in_process)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import yaml
from clirun import run_in_process

REPO = Path(__file__).resolve().parents[1]
WHOLE = """\
ruleset: classic
players:
  - {name: Ann, hand: 9D 9S 2S 7H 7D KS 5C JK QD JC 6H}
  - {name: Bob, hand: 11}
  - {name: Cas, hand: 11}
  - {name: Dee, hand: 11}
sides:
  - {name: NS, players: [Ann, Cas], melds: [KD KC KH]}
  - {name: EW, players: [Bob, Dee]}
discard: 4C 8S 9H
stock: 58
turn: {player: Ann, phase: draw}
checks:
  - move: take 9D 9S; discard 5C
    expect: {legal: true}
"""
STOCK_LINE = WHOLE.splitlines().index("stock: 58") + 1


def invoke(*args: object, home: Path, input: str | None = None):
    """``canasta ARGS`` in this process (the shared runner of the ``canasta`` fixture) with its own data
    folder, in English: the run's environment is the run's alone."""
    return run_in_process(*(str(a) for a in args), env={"CANASTA_HOME": str(home), "CANASTA_LANG": "en"},
                          input=input)


def lint(tmp_path: Path, text: str) -> tuple[int, list[dict]]:
    (tmp_path / "t.yaml").write_text(text, encoding="utf-8")
    res = invoke("lint", tmp_path / "t.yaml", "--json", home=tmp_path)
    return res.exit_code, json.loads(res.stdout)["files"][0]["problems"]


def test_a_whole_table_passes_and_a_missing_or_surplus_card_is_a_problem_at_the_stock(tmp_path):
    assert lint(tmp_path, WHOLE) == (0, [])
    for stock, words in ((54, "4 cards are missing"), (57, "1 card is missing"), (59, "108"), (70, "108")):
        code, problems = lint(tmp_path, WHOLE.replace("stock: 58", f"stock: {stock}"))
        assert code == 1 and len(problems) == 1, (stock, problems)
        assert problems[0]["line"] == STOCK_LINE and problems[0]["key"] == "stock", problems
        assert words in problems[0]["message"], problems[0]["message"]
    # a hand of fewer cards is missing cards too, said at the same line
    code, problems = lint(tmp_path, WHOLE.replace("{name: Dee, hand: 11}", "{name: Dee, hand: 5}"))
    assert code == 1 and problems[0]["line"] == STOCK_LINE and "6 cards are missing" in problems[0]["message"]


def test_a_table_that_leaves_out_a_hand_or_the_stock_is_not_counted(tmp_path):
    assert lint(tmp_path, WHOLE.replace("stock: 58\n", ""))[0] == 0
    no_hand = WHOLE.replace("{name: Dee, hand: 11}", "{name: Dee}")
    code, problems = lint(tmp_path, no_hand)
    assert not any("missing" in p["message"] for p in problems)


def test_the_table_wizard_asks_again_for_a_stock_that_does_not_fit_and_keeps_the_answers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = ["classic", "", "", "", "", "", "", "", "", "", "", "", "", ""]  # four hands of 11, nothing melded
    res = invoke("new", "table", "t.yaml", home=tmp_path, input="\n".join(answers + ["70"]) + "\n")
    assert res.exit_code == 3 and not (tmp_path / "t.yaml").exists()
    assert "must hold the 64 cards" in res.output
    kept = (tmp_path / "t.yaml.answers.txt").read_text(encoding="utf-8").splitlines()
    assert kept[0] == "classic" and len(kept) == len(answers)
    res = invoke("new", "table", "t.yaml", home=tmp_path, input="\n".join(kept + ["64", "", ""]) + "\n")
    assert res.exit_code == 0, res.output
    assert invoke("lint", "t.yaml", home=tmp_path).exit_code == 0


def test_the_schema_takes_every_card_notation_lint_takes_and_says_it_in_words(tmp_path):
    schema = json.loads(invoke("schema", "scenario", home=tmp_path).stdout)
    check = jsonschema.Draft7Validator(schema)
    dutch = yaml.safe_load(WHOLE.replace("9D 9S 2S 7H 7D KS 5C JK QD JC 6H", "HH VR BK 9♦ 10S TS 2C JK 3H 4h 5C"))
    assert check.is_valid(dutch), [e.message for e in check.iter_errors(dutch)]
    (tmp_path / "nl.yaml").write_text(yaml.safe_dump(dutch), encoding="utf-8")
    assert "HH" in (tmp_path / "nl.yaml").read_text(encoding="utf-8")
    wrong = yaml.safe_load(WHOLE.replace("9D 9S", "XX 9S"))
    assert not check.is_valid(wrong)
    card = schema["definitions"]["card"]["description"]
    assert "king of hearts" in card and "HH" in card


def test_schema_pack_describes_pack_yaml(tmp_path):
    schema = json.loads(invoke("schema", "pack", home=tmp_path).stdout)
    check = jsonschema.Draft7Validator(schema)
    assert check.is_valid({"id": "club", "title": "Club", "author": "Ann", "ruleset": "danish",
                           "lessons": ["01-melds.yaml"]})
    assert not check.is_valid({"id": "Club Night", "title": "Club", "lessons": ["a.yaml"]})
    assert not check.is_valid({"id": "club", "title": "Club", "lessons": []})


def test_a_skeleton_copied_elsewhere_still_finds_its_schema(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert invoke("new", "scenario", "a.yaml", home=tmp_path).exit_code == 0
    first = (tmp_path / "a.yaml").read_text(encoding="utf-8").splitlines()[0]
    url = first.split("$schema=", 1)[1]
    assert url.startswith("file:///") and Path(url[len("file://"):]).exists()
    published = "https://example.org/canasta-lesson.schema.json"
    assert invoke("new", "lesson", "b.yaml", "--schema", published, home=tmp_path).exit_code == 0
    assert (tmp_path / "b.yaml").read_text(encoding="utf-8").splitlines()[0].endswith(published)


def test_a_pack_installed_in_the_data_folder_outlives_its_zip(tmp_path):
    import shutil
    import zipfile

    sys_pack = tmp_path / "src"
    sys_pack.mkdir()
    (sys_pack / "pack.yaml").write_text("id: club\ntitle: Club\nauthor: Ann\nlessons: [01-pile.yaml]\n",
                                        encoding="utf-8")
    shutil.copy(REPO / "canasta_tutor" / "learning" / "lessons" / "05-pile.yaml", sys_pack / "01-pile.yaml")
    with zipfile.ZipFile(tmp_path / "club.zip", "w") as z:
        for f in sys_pack.iterdir():
            z.write(f, f.name)
    home = tmp_path / "home"
    res = invoke("pack", "install", tmp_path / "club.zip", home=home)
    assert res.exit_code == 0, res.output
    (tmp_path / "club.zip").unlink()  # the zip is gone from Downloads
    listed = json.loads(invoke("pack", "list", "--json", home=home).stdout)["packs"]
    assert [(p["id"], p["installed"], p["found"]) for p in listed] == [("club", True, True)]
    assert invoke("lesson", "list", "club", home=home).exit_code == 0
    other = tmp_path / "other"
    shutil.copytree(sys_pack, other)
    (other / "pack.yaml").write_text("id: club\ntitle: Club\nauthor: Bo\nlessons: [01-pile.yaml]\n", encoding="utf-8")
    res = invoke("pack", "install", other, home=home)
    assert res.exit_code == 3 and "club" in res.output and str(other) in res.output
    assert invoke("pack", "remove", "club", home=home).exit_code == 0
    assert json.loads(invoke("pack", "list", "--json", home=home).stdout)["packs"] == []
    assert invoke("pack", "remove", "club", home=home).exit_code == 2  # an id that names no installed pack: a usage error
    assert invoke("pack", "dance", home=home).exit_code == 2


def test_the_shipped_scenarios_and_examples_are_whole(tmp_path):
    res = invoke("lint", REPO / "scenarios", REPO / "canasta_tutor" / "examples", "--json", home=tmp_path)
    data = json.loads(res.stdout)
    assert res.exit_code == 0 and data["problems"] == 0, [p for f in data["files"] for p in f["problems"]][:3]
    assert not re.search(r"missing", res.stdout)
