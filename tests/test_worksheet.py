"""`canasta worksheet`: questions with their tables drawn, several to a page, no answer on the sheet, and
the engine's rulings (rule ids, explanations, sources) in the key. Printed in a real browser when one is
there, to see that every page the sheet makes stays one printed page in A4 and in Letter."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from clirun import Ran, run_in_process

from canasta_tutor.engine.rules import RULES
from canasta_tutor.files.snapshot import load_table
from canasta_tutor.render.svg import table_svg

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios"
# scenarios whose stated answers name rule ids, under their own ruleset and others
CHOSEN = [SCENARIOS / "disputes" / "d04-pile-natural-and-wild.yaml", SCENARIOS / "disputes" / "d05-wild-on-wild.yaml",
          *sorted((SCENARIOS / "rules").glob("pile.*.yaml"))[:3]]
SVG_NS = "{http://www.w3.org/2000/svg}"
# the tallest drawing a sheet may meet: six players, long hands, many melds, a long pile
TALL = """\
title: A crowded table
players:
  - {name: Ann, hand: 4H 4D 5C 5S 6H 6D 7C 8S 9H 10D JC QS KH AD 2C JK 4S 5H 6C 7D 8H 9S}
  - {name: Bob, hand: 14}
  - {name: Cas, hand: 4C 5D 6S 7H 8D 9C 10S JH QD KC AS 2H 4D 5C 6H 7S 8C 9D 10H}
  - {name: Dee, hand: 12}
  - {name: Eve, hand: 9}
  - {name: Fay, hand: 11}
sides:
  - name: One
    players: [Ann, Dee]
    melds: [KH KD KC KS 2S JK, 10H 10D 10C, AH AD AC AS, QH QD QC QS 2D 2D 2C]
  - name: Two
    players: [Bob, Eve]
    melds: [9H 9D 9C 9S 9H 9D 2S, 8H 8D 8C, 7H 7D 7C 7S]
  - name: Three
    players: [Cas, Fay]
discard: 5H 6C 2H 9C 4S 8S JH QC KD 7S 10S JK 5D 4C
stock: 20
turn: {player: Ann, phase: play}
checks:
  - move: meld 4H 4D 4S
    expect: {legal: true}
"""


def run(*args, cwd: Path, stdin: str | None = None) -> Ran:
    proc = run_in_process(*args, cwd=cwd, env={"CANASTA_HOME": str(cwd / ".home")}, input=stdin)
    assert "Traceback" not in proc.stdout + proc.stderr
    return proc


def stated_rules(path: Path) -> set[str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = set()
    for check in data.get("checks") or []:
        for expect in [check["expect"], *(check.get("by_ruleset") or {}).values()]:
            rules = expect.get("rules") or []
            found.update(rules.replace(",", " ").split() if isinstance(rules, str) else rules)
    return found


def questions_in(data: dict) -> int:
    return len(data.get("checks") or []) + (1 if data.get("score") else 0) or 1


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sheet")
    (tmp / "tall.yaml").write_text(TALL, encoding="utf-8")
    proc = run("worksheet", *map(str, CHOSEN), "tall.yaml", "--out", "sheet.html", "--key", "key.html", cwd=tmp)
    assert proc.returncode == 0, proc.stderr
    return tmp, (tmp / "sheet.html").read_text(encoding="utf-8"), (tmp / "key.html").read_text(encoding="utf-8")


def test_one_question_and_one_picture_per_check_and_score(sheets):
    _, sheet, _ = sheets
    expected = sum(questions_in(yaml.safe_load(p.read_text(encoding="utf-8"))) for p in CHOSEN) + 1
    assert sheet.count('<section class="question') == expected
    assert sheet.count("<svg ") == expected
    for svg in re.findall(r"<svg .*?</svg>", sheet, re.S):
        ET.fromstring(svg)  # each picture is well-formed SVG inside the page


def test_the_sheet_holds_no_answer(sheets):
    _, sheet, key = sheets
    for rule in RULES:
        assert rule not in sheet
    asked = re.sub(r'<p class="row[^"]*">.*?</p>', "", sheet)  # the tick boxes offer every answer alike
    for word in ("illegal", "not allowed", "is allowed", "source:", "scores"):
        assert word not in asked.lower()
    assert "is not allowed under" in key or "is allowed under" in key


def test_the_key_holds_every_stated_rule_id_with_its_explanation_and_source(sheets):
    _, _, key = sheets
    wanted = set().union(*map(stated_rules, CHOSEN))
    assert wanted, "the chosen scenarios state rule ids"
    for rule in wanted:
        assert f'<code class="rule">{rule}</code>' in key
    assert "source:" in key


def test_the_pile_is_shown_when_a_move_takes_it(sheets):
    _, sheet, _ = sheets
    assert "bottom to top" in sheet  # a take question draws the whole pile


def test_svg_default_drawing_is_unchanged_by_the_options():
    table = load_table(REPO / "canasta_tutor" / "examples" / "table.yaml")
    plain = table_svg(table)
    assert "bottom to top" not in plain
    titled = table_svg(table, "Which pair?", whole_pile=True)
    root = ET.fromstring(titled)
    shown = [t.text for t in root.iter(f"{SVG_NS}text")]
    assert "Which pair?" in shown and "bottom to top" in shown
    # every pile card face up, bottom first
    faces = [g for g in root.iter(f"{SVG_NS}g") if "card" in g.get("class", "")]
    assert len(faces) == len(ET.fromstring(plain).findall(f".//{SVG_NS}g[@class]")) + len(table.discard) - 1


def test_a_lesson_and_standard_input_make_questions(tmp_path):
    lesson = REPO / "canasta_tutor" / "learning" / "lessons" / "05-pile.yaml"
    table = (REPO / "canasta_tutor" / "examples" / "table.yaml").read_text(encoding="utf-8")
    proc = run("worksheet", str(lesson), "-", "--out", "s.html", "--key", "k.html", cwd=tmp_path, stdin=table)
    assert proc.returncode == 0, proc.stderr
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    questions = len(yaml.safe_load(lesson.read_text(encoding="utf-8"))["steps"])
    assert 1 < sheet.count('<section class="question') < questions + 2
    assert "What would you play" in sheet  # a bare table asks for a move; the key gives one
    assert "A good move" in (tmp_path / "k.html").read_text(encoding="utf-8")


def test_a_teachers_file_is_never_written_over(tmp_path):
    (tmp_path / "notes.html").write_text("<p>my notes</p>", encoding="utf-8")
    proc = run("worksheet", str(CHOSEN[0]), "--out", "notes.html", cwd=tmp_path)
    assert proc.returncode == 3 and "nothing was written" in proc.stderr
    assert (tmp_path / "notes.html").read_text(encoding="utf-8") == "<p>my notes</p>"
    assert run("worksheet", str(CHOSEN[0]), "--out", "s.html", cwd=tmp_path).returncode == 0
    assert run("worksheet", str(CHOSEN[0]), "--out", "s.html", cwd=tmp_path).returncode == 0  # ours: replaced


def test_a_pipe_or_a_link_is_refused_without_waiting_or_writing_elsewhere(tmp_path):
    os.mkfifo(tmp_path / "ff")
    os.symlink("target.html", tmp_path / "dangling.html")
    for out in ("ff", "dangling.html"):
        proc = run("worksheet", str(CHOSEN[0]), "--out", out, cwd=tmp_path)
        assert proc.returncode == 3 and "nothing was written" in proc.stderr, proc.stderr
    proc = run("worksheet", str(CHOSEN[0]), "--out", "s.html", "--key", "ff", cwd=tmp_path)
    assert proc.returncode == 3 and not (tmp_path / "s.html").exists()  # both checked before either is written
    assert not (tmp_path / "target.html").exists()


# -- printed in a real browser ------------------------------------------------------------------------

def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _pages(pdf: bytes) -> int:
    """The number of pages of a PDF: its page objects (Chromium writes them uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.fixture(scope="module")
def printable(tmp_path_factory):
    """A short sheet for the browser (printing costs time by the page): a plain question, a question
    that draws the whole pile, and the tallest table."""
    tmp = tmp_path_factory.mktemp("print")
    (tmp / "tall.yaml").write_text(TALL, encoding="utf-8")
    proc = run("worksheet", str(CHOSEN[0]), "tall.yaml", "--out", "sheet.html", cwd=tmp)
    assert proc.returncode == 0, proc.stderr
    return (tmp / "sheet.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_each_question_stays_on_its_page_when_printed(printable, paper, tmp_path):
    """Each page the sheet makes prints as one page, so no question is split, in A4 and in Letter (the
    sheet itself sets no paper size, so each is forced here)."""
    browser = _chromium()
    if browser is None:
        pytest.skip("no Chromium to print with (Debian: apt-get install chromium; .ci/run installs it)")
    sheet = printable
    n = sheet.count('<div class="page"')
    html = sheet.replace("</head>", f"<style>@page {{ size: {paper}; }}</style></head>", 1)
    page = tmp_path / f"sheet-{paper}.html"
    page.write_text(html, encoding="utf-8")
    pdf = tmp_path / f"sheet-{paper}.pdf"
    proc = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update", "--disable-sync",
                           f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer",
                           f"--print-to-pdf={pdf}", page.as_uri()],
                          capture_output=True, text=True, timeout=180)
    assert pdf.exists(), proc.stderr[-2000:]
    assert _pages(pdf.read_bytes()) == n


def test_the_name_of_the_sheet_is_shown_not_obeyed(tmp_path):
    proc = run("worksheet", str(CHOSEN[0]), "--out", "s\x1b[2J.html", cwd=tmp_path)
    assert proc.returncode == 0 and "s\\x1b[2J.html" in proc.stdout and "\x1b" not in proc.stdout
