"""`canasta show FILE --svg OUT`: the table as an SVG image for printed worksheets.

The image is checked as XML, not as pixels: every card shown is a group of class "card" whose texts
are its rank and suit symbol, so what a reader would see can be compared with the table."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor.engine.cards import SUIT_SYMBOLS, parse_cards
from canasta_tutor.files.snapshot import load_table
from canasta_tutor.render.svg import RED, table_svg

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "canasta_tutor" / "examples" / "table.yaml"
NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def drawn_cards(root: ET.Element) -> list[tuple[str, str, str]]:
    """(rank, mark, fill) of every face-up card, as drawn."""
    found = []
    for g in root.iter(f"{NS}g"):
        if "card" not in g.get("class", "").split():
            continue
        ts = g.findall(f"{NS}text")
        found.append((ts[0].text, ts[1].text if len(ts) > 1 else "", ts[0].get("fill")))
    return found


def expected(card) -> tuple[str, str]:
    return card.rank, "★" if card.rank == "JK" else SUIT_SYMBOLS.get(card.suit, "")


@pytest.fixture
def table():
    return load_table(EXAMPLE)


def test_the_svg_is_well_formed_with_a_title(table):
    root = parse(table_svg(table))
    assert root.tag == f"{NS}svg"
    assert root.get("width") == "800" and int(root.get("height")) > 300
    title = root.find(f"{NS}title")
    assert title is not None and table.ruleset.title in title.text and "classic" in title.text


def test_every_known_card_of_hands_and_melds_is_drawn(table):
    shown = [c for p in table.players if p.hand is not None for c in p.hand]
    shown += [c for s in table.sides for m in s.melds for c in m.cards]
    shown += [c for s in table.sides for c in s.red_threes] + table.discard[-1:]
    assert len(shown) > 20  # the example has hands and melds to show
    root = parse(table_svg(table))
    drawn = Counter((rank, mark) for rank, mark, _ in drawn_cards(root))
    missing = Counter(expected(c) for c in shown) - drawn
    assert not missing, missing
    faces = [r for r in root.iter(f"{NS}rect") if r.get("class") == "face"]
    assert len(faces) >= len(shown)
    assert {"K", "7", "JK", "2", "9", "4", "Q"} <= set(texts(root))


def test_a_hand_given_as_a_count_shows_its_number(table):
    table.player("Bob").count = 13  # a number nothing else on the example table shows
    root = parse(table_svg(table))
    assert "13" in texts(root)
    assert "13 cards face down" in texts(root)
    backs = [r for r in root.iter(f"{NS}rect") if r.get("class") == "back"]
    assert len(backs) >= 13


def test_red_cards_are_red_and_black_cards_are_not(table):
    root = parse(table_svg(table))
    fills = {(rank, mark): fill for rank, mark, fill in drawn_cards(root)}
    assert fills[("9", "♥")] == RED  # the top of the pile
    assert fills[("Q", "♦")] == RED  # in Ann's hand
    assert fills[("K", "♠")] != RED
    assert fills[("JK", "★")] != RED


def test_wild_cards_have_their_own_outline(table):
    root = parse(table_svg(table))
    wild = {g.findall(f"{NS}text")[0].text for g in root.iter(f"{NS}g") if "wild" in g.get("class", "").split()}
    assert wild == {"2", "JK"}


def test_the_player_on_turn_is_marked_and_the_pile_state_is_said(table):
    root = parse(table_svg(table))
    assert "to play" in texts(root) and "Turn: Ann to draw" in texts(root)
    assert "3 cards under the top card" in texts(root) and "frozen" not in texts(root)
    table.discard += parse_cards("2H")
    assert "frozen" in texts(parse(table_svg(table)))


def test_names_are_escaped(table):
    table.sides[1].name = "<East & West>"
    root = parse(table_svg(table))
    assert any(t.startswith("<East & West>") for t in texts(root))


def canasta(*args: str, cwd: Path) -> Ran:
    environ = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "CANASTA_HOME": str(cwd / "home")}
    return run_in_process(*args, cwd=cwd, env=environ)


def test_cli_writes_the_svg(tmp_path):
    proc = canasta("show", str(EXAMPLE), "--svg", "table.svg", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "wrote table.svg\n"
    root = parse((tmp_path / "table.svg").read_text(encoding="utf-8"))
    assert len(drawn_cards(root)) > 20


def test_cli_json_names_the_file(tmp_path):
    proc = canasta("show", str(EXAMPLE), "--svg", "out.svg", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"svg": "out.svg"}
    assert (tmp_path / "out.svg").is_file()


@pytest.mark.parametrize("target, words", [("missing/table.svg", "does not exist"), (".", "folder")])
def test_cli_refuses_a_missing_folder_or_a_folder(tmp_path, target, words):
    proc = canasta("show", str(EXAMPLE), "--svg", target, cwd=tmp_path)
    assert proc.returncode == 3
    assert proc.stderr.startswith("canasta: ") and words in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.stdout == ""
    assert not (tmp_path / "missing").exists()
