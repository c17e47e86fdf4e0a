"""A club's classroom: worksheets that ask without telling (and keys that tell), several questions to a
printed page with the student's name and the page number on each, A/B versions, lesson packs whose
ruleset holds for every command and whose ids are their own, and a class's results for the teacher.

Run in this process by the shared runner (clirun.run_in_process, the ``canasta`` fixture's); the printing
is checked in a real browser when there is one."""
from __future__ import annotations

import csv
import html
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from clirun import run_in_process

REPO = Path(__file__).resolve().parents[1]
RULES_DIR = REPO / "scenarios" / "rules"
FROZEN = RULES_DIR / "pile.needs-natural-pair.yaml"  # "Before your side melds, the pile is frozen"
# five scenarios of the pile that hold 14 questions between them
FOURTEEN = [RULES_DIR / f"pile.{n}.yaml" for n in (
    "black-three-on-top", "empty", "needs-natural-pair-black-three", "needs-natural-pair-unmelded",
    "needs-natural-pair")]


def invoke(*args: object, home: Path, input: str | None = None, learner: str | None = None):
    """``canasta ARGS`` in this process with its own data folder (and learner), in English unless the
    arguments say otherwise: the run's environment is the run's alone."""
    env = {"CANASTA_HOME": str(home), "CANASTA_LANG": "en", "CANASTA_LEARNER": learner}
    return run_in_process(*(str(a) for a in args), env=env, input=input)


def last_json(text: str) -> dict:
    """The JSON object a command prints last (the lesson's words may come before it)."""
    at = text.rfind("\n{") + 1 if not text.startswith("{") or "\n{" in text else 0
    return json.loads(text[at:])


# -- the sheet asks, the key tells ------------------------------------------------------------------

def test_a_frozen_pile_sheet_shows_neither_its_title_nor_frozen_and_its_key_does(tmp_path):
    import yaml

    title = yaml.safe_load(FROZEN.read_text(encoding="utf-8"))["title"]
    res = invoke("worksheet", FROZEN, "--out", tmp_path / "s.html", "--key", tmp_path / "k.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    key = (tmp_path / "k.html").read_text(encoding="utf-8")
    assert "frozen" in title.lower()
    assert title not in sheet and "frozen" not in sheet.lower() and "pile_frozen" not in sheet
    assert title in key and "frozen" in key.lower()


def test_a_checks_own_question_is_asked_and_moves_print_in_suit_symbols(tmp_path):
    text = re.sub(r"\n  - move:", "\n  - question: Can Ann pick up the pile here?\n    move:",
                  FROZEN.read_text(encoding="utf-8"), count=1)
    (tmp_path / "q.yaml").write_text(text, encoding="utf-8")
    res = invoke("worksheet", tmp_path / "q.yaml", "--out", tmp_path / "s.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert sheet.count("Can Ann pick up the pile here?") == 1
    assert "♦" in sheet or "♠" in sheet or "♣" in sheet or "♥" in sheet
    assert not re.search(r'class="move">[^<]*\b(?:[2-9]|10|[JQKA])[SHDC]\b', sheet)  # no program syntax


@pytest.mark.parametrize("lang,said", [("en", "add Q♦ to K; discard 5♣"), ("nl", "leg aan V♦ bij H; leg af 5♣"),
                                        ("pt-BR", "junta D♦ em R; descarta 5♣")])
def test_moves_in_symbols_speak_the_sheets_language_and_keep_the_to_of_an_add(tmp_path, lang, said):
    text = FROZEN.read_text(encoding="utf-8").replace(
        "checks:\n", "checks:\n  - move: draw; add QD to K; discard 5C\n    expect: {legal: false}\n", 1)
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    res = invoke("worksheet", tmp_path / "a.yaml", "--lang", lang, "--out", tmp_path / "s.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    moves = re.findall(r'class="move">([^<]*)<', (tmp_path / "s.html").read_text(encoding="utf-8"))
    assert any(m.endswith(said) for m in moves), moves  # never "add Q♦ 10♦ K" ("to" read as a card)
    if lang != "en":
        assert not any(re.search(r"\b(?:take|draw|meld|add|discard)\b", m) for m in moves), moves


WORDED = {  # the move of the check added below, as each language's players say it
    "en": "take the pile with the nine of spades, the nine of diamonds and the two of clubs; discard the four of hearts",
    "nl": "pak de aflegstapel met schoppen negen, ruiten negen en klaveren twee; leg harten vier af",
    "da": "tag bunken med spar ni, ruder ni og klør to; smid hjerter fire",
    "pt-BR": "pegue o lixo com o nove de espadas, o nove de ouros e o dois de paus; descarte o quatro de copas",
}


@pytest.mark.parametrize("lang", list(WORDED))
def test_words_writes_moves_in_the_sheets_language(tmp_path, lang):
    text = FROZEN.read_text(encoding="utf-8").replace(
        "checks:\n", "checks:\n  - move: take 9S 9D 2C; discard 4H\n    expect: {legal: false}\n"
        "  - move: meld 3S 3S JK; add QD to K; discard 5C\n    expect: {legal: false}\n", 1)
    (tmp_path / "w.yaml").write_text(text, encoding="utf-8")
    res = invoke("worksheet", tmp_path / "w.yaml", "--words", "--lang", lang, "--out", tmp_path / "s.html",
                 "--key", tmp_path / "k.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    moves = re.findall(r'class="move">([^<]*)<', sheet)
    assert WORDED[lang] in moves
    assert not any(ch in "".join(moves) for ch in "♠♥♦♣")  # words only, no symbol
    # two copies of one card are counted, with the rank's plural the messages use; the added-to meld named
    from canasta_tutor import texts

    plural = texts.rank_name("3", lang)
    assert any(f"2 {plural}" in m or re.search(rf"2 \w+ {plural}", m) for m in moves), [m[:60] for m in moves]
    assert any(texts.rank_name("K", lang) in m for m in moves), moves
    assert WORDED[lang] in (tmp_path / "k.html").read_text(encoding="utf-8")  # the key asks in the same words
    res = invoke("worksheet", tmp_path / "w.yaml", "--lang", lang, "--out", tmp_path / "s.html", home=tmp_path)
    assert "♠" in (tmp_path / "s.html").read_text(encoding="utf-8")  # without --words: suit symbols


@pytest.mark.parametrize("lang", list(WORDED))
def test_words_name_one_joker_and_several_by_the_same_word(lang):
    """A joker written out alone ("a joker") and counted ("2 jokers") is the same word, the one the
    messages use for the rank: in Portuguese "coringa" is any wild card, a 2 as well as a joker."""
    from canasta_tutor import texts
    from canasta_tutor.teaching.sheet import move_words, t

    one = t("words.ranks.JK", lang).split()[-1]
    several = texts.rank_name("JK", lang)
    assert several.startswith(one), (one, several)
    said = move_words("meld 9S 9D JK; meld JK JK 8S", lang)
    assert f" {one}" in said and f"2 {several}" in said, said


def test_words_is_in_the_help_in_every_language(tmp_path):
    for lang, said in (("en", "in words"), ("nl", "in woorden"), ("da", "med ord"), ("pt-BR", "em palavras")):
        res = invoke("worksheet", "--help", "--lang", lang, home=tmp_path, )
        assert res.exit_code == 0 and "--words" in res.output and said in res.output, (lang, res.output)


def test_a_rule_question_offers_rule_names_with_tick_boxes_and_the_key_answers_alone(tmp_path):
    lesson = REPO / "canasta_tutor" / "learning" / "lessons" / "06-frozen-pile.yaml"
    res = invoke("worksheet", lesson, "--out", tmp_path / "s.html", "--key", tmp_path / "k.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    from canasta_tutor.engine.rules import RULES

    assert not any(rid in sheet for rid in RULES)  # rule names in words, never their ids
    assert sheet.count('class="box"') >= 2 * sheet.count('class="question"')
    key = (tmp_path / "k.html").read_text(encoding="utf-8")
    assert key.count('<p class="answer">Answer: ') == sheet.count('class="question"')


# -- paper -------------------------------------------------------------------------------------------

def _sheet(tmp_path: Path, *extra: str, lang: str = "en") -> str:
    res = invoke("worksheet", *FOURTEEN, "--per-page", "3", "--out", tmp_path / "s.html", "--lang", lang,
                 *extra, home=tmp_path)
    assert res.exit_code == 0, res.output
    return (tmp_path / "s.html").read_text(encoding="utf-8")


def test_fourteen_questions_three_to_a_page_name_and_number_every_page(tmp_path):
    sheet = _sheet(tmp_path)
    pages = re.findall(r'<div class="page" id="page\d+">(.*?)</div>\s*(?=<div class="page"|</body>)', sheet, re.S)
    assert sheet.count('<section class="question"') == 14
    assert len(pages) == 5
    for k, page in enumerate(pages, 1):
        assert "Name:" in page and f"page {k} of 5" in page
        assert 1 <= page.count('<section class="question"') <= 3


def _chromium() -> str | None:
    return next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)


BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Measured in the page by the browser itself: every question inside its page's box and every move
# inside the printable width, and each page no taller than the paper's printable height (PAGE_MM, set
# per paper); the verdict is written into the document, which --dump-dom prints.
MEASURE = """<script>
window.addEventListener('load', () => {
  const bad = [];
  const width = document.body.getBoundingClientRect();
  const mm = width.width / 186;  // the body is 186 mm wide
  for (const m of document.querySelectorAll('.move, .words, .picture, section.question, .prompt, svg')) {
    const r = m.getBoundingClientRect();
    if (r.right > width.right + 1 || r.left < width.left - 1) bad.push('cut:' + m.textContent.slice(0, 40));
  }
  for (const page of document.querySelectorAll('div.page')) {
    const r = page.getBoundingClientRect();
    if (r.height > PAGE_MM * mm) bad.push('tall:' + page.id + ':' + Math.round(r.height / mm) + 'mm');
    for (const q of page.querySelectorAll('section.question')) {
      const b = q.getBoundingClientRect();
      if (b.bottom > r.top + PAGE_MM * mm) bad.push('split:' + q.id);
    }
  }
  document.body.setAttribute('data-measured', bad.length ? bad.join('|') : 'ok');
});
</script>"""
PRINTABLE_MM = {"A4": 297 - 24, "Letter": 279.4 - 24}  # the paper's height inside the 12 mm margins


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


LONG_TURN = ("take 3S 3S; meld 9D 9S 2C; meld 7H 7D 7C; add QD to K; add 4H to K; meld 5C 5S 5H; "
             "discard 5C")  # seven steps, past one line
LONG_QUESTION = (  # a teacher who explains before asking
    "Ann holds three kings of hearts at a table of six, with three partnerships and three decks in play. "
    "Her partner Dee sits three seats away and has already laid down the side's aces and nines. Before "
    "you decide, think about how many kings of hearts exist in three decks, whether her side has made "
    "its initial meld, and whether the discard she plans at the end leaves the next player anything "
    "useful. May Ann meld her three kings and then discard the five of clubs, and if not, which rule of "
    "the game stops her?")
SIX_HANDS = ("KH KH KH 9S 5C 4D 4S 6H 7C 8D JD QS TH", "2H 3D 4C 5S 6D 7H 8S 9C TD JS QH KC AD",
             "2C 3S 4H 5D 6S 7D 8H 9D TS JH QC KD AS", "2D 3C 4S 5H 6C 7S 8C 9H TC JC QD KS AH",
             "2S 3H 4D 5C 6H 7C 8D 9S TH JD QS KC AC", "5S 6S 7S 8S 9S TS JS QS KS AS 4H 4C 6C")


def _six_players(path: Path) -> Path:
    """A six-player table with every hand shown (the widest drawing a sheet holds), asked in a
    teacher's very long words."""
    players = "".join(f"  - {{name: {n}, hand: {h}{', has_melded: true' if n == 'Ann' else ''}}}\n"
                      for n, h in zip(("Ann", "Bob", "Cas", "Dee", "Eve", "Fay"), SIX_HANDS))
    path.write_text(
        f"title: Six players\nruleset: classic\nplayers:\n{players}sides:\n"
        "  - {name: AD, players: [Ann, Dee], score: 1200, melds: [AS AD AC, 9H 9D 9C]}\n"
        "  - {name: BE, players: [Bob, Eve], score: 1000, melds: [QH QD QC]}\n"
        "  - {name: CF, players: [Cas, Fay], score: 900, melds: [JH JD JC]}\n"
        "discard: 4C 6D 7S\nstock: 69\nturn: {player: Ann, phase: play}\n"
        f"checks:\n  - question: {LONG_QUESTION}\n    move: meld KH KH KH; discard 5C\n    expect: {{legal: true}}\n",
        encoding="utf-8")
    return path


def test_a_six_player_table_keeps_cards_as_large_as_the_small_table_beside_it(tmp_path):
    six = _six_players(tmp_path / "six.yaml")
    res = invoke("worksheet", six, FOURTEEN[4], "--per-page", "2", "--out", tmp_path / "s.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    first = sheet.split('<div class="page" id="page2">')[0]
    # every drawing is the same number of its own pixels wide: its printed width is its cards' size
    widths = [float(w) for w in re.findall(r'<svg role="img"[^>]* style="width:([\d.]+)mm"', first)]
    assert len(widths) == 2 and max(widths) / min(widths) < 1.1, widths


@pytest.mark.parametrize("paper,lang,extra", [("A4", "en", ()), ("Letter", "nl", ()), ("A4", "da", ("--words",)),
                                              ("Letter", "pt-BR", ("--words",))])
def test_printed_in_a_browser_no_question_is_split_and_no_move_cut(tmp_path, paper, lang, extra):
    browser = _chromium()
    if browser is None:
        pytest.skip("no Chromium to print with (Debian: apt-get install chromium; .ci/run installs it)")
    six = _six_players(tmp_path / "six.yaml")
    assert invoke("lint", six, home=tmp_path).exit_code == 0  # a whole, lawful table
    # the longest move of the sheet: a seven-step turn, asked in a teacher's long words too
    long_turn = FOURTEEN[0].read_text(encoding="utf-8").replace(
        "checks:\n", f"checks:\n  - move: {LONG_TURN}\n    expect: {{legal: false}}\n"
        f"  - question: {LONG_QUESTION}\n    move: {LONG_TURN}\n    expect: {{legal: false}}\n", 1)
    (tmp_path / "long.yaml").write_text(long_turn, encoding="utf-8")
    res = invoke("worksheet", *FOURTEEN[1:], tmp_path / "long.yaml", six, "--per-page", "3", "--lang", lang,
                 *extra, "--out", tmp_path / "s.html", home=tmp_path)
    assert res.exit_code == 0, res.output
    sheet = (tmp_path / "s.html").read_text(encoding="utf-8")
    declared = sheet.count('<div class="page"')
    assert sheet.count('<section class="question"') >= 16 and declared <= 6
    assert sheet.count(html.escape(LONG_QUESTION)) == 2
    page = tmp_path / "p.html"
    page.write_text(sheet.replace("</head>", f"<style>@page {{ size: {paper}; }}</style></head>", 1), encoding="utf-8")
    pdf = tmp_path / "p.pdf"
    measured = tmp_path / "m.html"
    script = MEASURE.replace("PAGE_MM", str(PRINTABLE_MM[paper]))
    measured.write_text(sheet.replace("</body>", script + "</body>", 1), encoding="utf-8")
    # The two browsers (printed, measured) have profiles of their own and run side by side: each
    # spends most of its time starting up and waiting, not working.
    printing = subprocess.Popen([browser, *BROWSER_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                                 "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        dom = subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={tmp_path / 'profile2'}",
                              "--virtual-time-budget=5000", "--dump-dom", measured.as_uri()],
                             capture_output=True, text=True, timeout=180).stdout
        printing.wait(timeout=180)
    finally:
        printing.kill()
    assert pdf.exists()
    assert _pdf_pages(pdf.read_bytes()) == declared  # a page that overflowed would make one more
    assert 'data-measured="ok"' in dom, re.findall(r'data-measured="[^"]*"', dom)


# -- versions ----------------------------------------------------------------------------------------

def test_two_versions_have_their_own_order_and_keys_and_a_seed_repeats_them(tmp_path):
    args = ("worksheet", *FOURTEEN, "--versions", "2", "--seed", "thursday", "--out", tmp_path / "s.html",
            "--key", tmp_path / "k.html")
    assert invoke(*args, home=tmp_path).exit_code == 0
    a, b = ((tmp_path / f"s-{v}.html").read_text(encoding="utf-8") for v in "AB")
    assert (tmp_path / "k-A.html").exists() and (tmp_path / "k-B.html").exists()
    assert "version A" in a and "version B" in b

    def order(text: str) -> list[str]:
        return re.findall(r'class="move">([^<]*)</span>\. May', text)
    assert sorted(order(a)) == sorted(order(b)) and order(a) != order(b)
    first = order(a)
    assert invoke(*args, home=tmp_path).exit_code == 0
    assert order((tmp_path / "s-A.html").read_text(encoding="utf-8")) == first


# -- packs -------------------------------------------------------------------------------------------

TABLE = """\
  - table:
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
          melds: [KD KC KH]
        - name: EW
          players: [Bob, Dee]
          score: 650
      discard: 4C 8S 3C
      stock: 48
      turn: {player: Ann, phase: draw}
"""
DRAW_TWO = "draw 6C 8D; discard 5C"  # classic draws one card, danish two


def _pack(folder: Path, pack_id: str = "club", author: str = "Ann Teacher", ask: str = "legal",
          move: str = DRAW_TWO) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(f"id: {pack_id}\ntitle: Club lessons\nauthor: {author}\nruleset: danish\n"
                                      "lessons:\n  - 01-draw.yaml\n", encoding="utf-8")
    (folder / "01-draw.yaml").write_text(f"title: Drawing two\nsteps:\n  - say: You draw two.\n{TABLE}"
                                         f"  - ask: {ask}\n    move: {move}\n", encoding="utf-8")
    return folder


def test_a_packs_ruleset_holds_for_lint_lesson_and_worksheet_of_one_file(tmp_path, monkeypatch):
    pack = _pack(tmp_path / "club")
    lesson = pack / "01-draw.yaml"
    # lesson: 'yes, legal' is right under danish (two cards drawn), wrong under classic
    res = invoke("lesson", lesson, "--json", home=tmp_path, input="y\n")
    assert res.exit_code == 0, res.output
    assert last_json(res.stdout)["right_first"] == 1
    monkeypatch.chdir(pack)
    res = invoke("lesson", "01-draw.yaml", "--json", "--restart", home=tmp_path, input="y\n", learner="bea")
    assert last_json(res.stdout)["right_first"] == 1
    # worksheet: the key rules as the pack does, for the file and for the pack
    for given in (lesson, pack):
        res = invoke("worksheet", given, "--out", tmp_path / "s.html", "--key", tmp_path / "k.html", home=tmp_path)
        assert res.exit_code == 0, res.output
        key = (tmp_path / "k.html").read_text(encoding="utf-8")
        assert "is allowed under danish" in key and "classic" not in key
    # lint: a rule question ('which rule stops it?') on a move danish allows is a problem of the file
    # alone as of the pack
    ruled = _pack(tmp_path / "ruled", "ruled", ask="rule")
    for given in (ruled, ruled / "01-draw.yaml"):
        res = invoke("lint", given, "--json", home=tmp_path)
        problems = json.loads(res.stdout)["problems"]
        assert res.exit_code == 1 and problems == 1, (given, res.stdout)


def test_a_pack_zip_is_a_worksheet_input(tmp_path):
    pack = _pack(tmp_path / "club")
    with zipfile.ZipFile(tmp_path / "club.zip", "w") as z:
        for f in pack.iterdir():
            z.write(f, f"club/{f.name}")
    res = invoke("worksheet", tmp_path / "club.zip", "--out", tmp_path / "s.html", "--key", tmp_path / "k.html",
                 home=tmp_path)
    assert res.exit_code == 0, res.output
    assert "is allowed under danish" in (tmp_path / "k.html").read_text(encoding="utf-8")


def test_another_teachers_pack_with_the_same_id_is_refused_naming_both(tmp_path):
    first = _pack(tmp_path / "mine", author="Ann Teacher")
    other = _pack(tmp_path / "theirs", author="Bo Teacher")
    assert invoke("lesson", "list", first, home=tmp_path).exit_code == 0
    res = invoke("lesson", "list", other, home=tmp_path)
    assert res.exit_code == 3
    assert str(first.resolve()) in res.output and str(other) in res.output
    moved = shutil.copytree(first, tmp_path / "moved")  # the same teacher's pack, elsewhere: fine
    assert invoke("lesson", "list", moved, home=tmp_path).exit_code == 0


# -- class results -----------------------------------------------------------------------------------

def test_class_csv_lists_every_learner_of_the_data_folder(tmp_path):
    home = tmp_path / "club-computer"
    pack = _pack(tmp_path / "club", move="take 3S 3S; discard 5C")  # a black three on the pile stops it
    for who, answer in (("ann", "n\n"), ("bob", "y\nn\n"), ("cas", "")):
        invoke("lesson", pack / "01-draw.yaml", home=home, input=answer, learner=who)
    invoke("progress", "--ruleset", "danish", home=home, learner="dee")  # chose a ruleset, answered nothing
    res = invoke("progress", "--class", "--csv", home=home)
    assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert {r["learner"] for r in rows} >= {"ann", "bob"}
    lessons = {r["learner"]: r["finished"] for r in rows if r["kind"] == "lesson"}
    assert lessons["ann"] == "yes" and lessons["bob"] == "yes"
    rules = {r["learner"]: r for r in rows if r["kind"] == "rule"}
    assert int(rules["bob"]["wrong_first_tries"]) >= 1 and int(rules["ann"]["wrong_first_tries"]) == 0
    data = json.loads(invoke("progress", "--class", "--json", home=home).stdout)
    assert [w["learner"] for w in data["learners"]] == sorted({r["learner"] for r in rows})


def test_progress_handed_in_from_another_computer(tmp_path):
    pack = _pack(tmp_path / "club")
    invoke("lesson", pack / "01-draw.yaml", home=tmp_path / "laptop", input="y\n", learner="eva")
    res = invoke("progress", "--export", tmp_path / "eva.json", home=tmp_path / "laptop", learner="eva")
    assert res.exit_code == 0, res.output
    for _ in range(2):  # handed in twice: counted once
        res = invoke("progress", "--import", tmp_path / "eva.json", home=tmp_path / "club")
        assert res.exit_code == 0, res.output
    rows = list(csv.DictReader(io.StringIO(invoke("progress", "--class", "--csv", home=tmp_path / "club").stdout)))
    laptop = list(csv.DictReader(io.StringIO(invoke("progress", "--class", "--csv", home=tmp_path / "laptop").stdout)))
    assert [(r["learner"], r["item"], r["answers"]) for r in rows] == [(r["learner"], r["item"], r["answers"])
                                                                       for r in laptop]
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    res = invoke("progress", "--import", tmp_path / "bad.json", home=tmp_path / "club")
    assert res.exit_code == 3 and "progress --export" in res.output


def test_class_text_names_weak_rules_by_title_and_by_id_with_verbose(tmp_path):
    from canasta_tutor import texts

    home = tmp_path / "club-computer"
    pack = _pack(tmp_path / "club", move="take 3S 3S; discard 5C")
    invoke("lesson", pack / "01-draw.yaml", home=home, input="y\nn\n", learner="bob")  # wrong at the first try
    rows = list(csv.DictReader(io.StringIO(invoke("progress", "--class", "--csv", home=home).stdout)))
    missed = [r["item"] for r in rows if r["kind"] == "rule" and int(r["wrong_first_tries"])]
    assert missed
    later = {"CANASTA_HOME": str(home), "CANASTA_LANG": "en", "CANASTA_NOW": "2099-01-01T09:00:00Z"}  # memory faded
    plain = run_in_process("progress", "--class", env=later).stdout
    verbose = run_in_process("progress", "--class", "--verbose", env=later).stdout
    for rule in missed:
        title = texts.rule_entry(rule, "en")["title"]
        assert title != rule and f"{title}: memory" in plain and f"{rule}: memory" not in plain
        assert f"{rule}: memory" in verbose
    both = invoke("progress", "--class", "--csv", "--json", home=home)
    assert both.exit_code == 2 and "not both" in both.output


def test_the_class_counts_a_learners_answers_as_progress_does(tmp_path):
    """An answer that tests two rules is one answer given, in the class's line as in `progress`."""
    home = tmp_path / "club-computer"
    pack = _pack(tmp_path / "club", move="take 3S 3S; discard 5C")
    invoke("lesson", pack / "01-draw.yaml", home=home, input="y\nn\n", learner="bob")
    from canasta_tutor.learning.progress import Progress
    from canasta_tutor.learning.schedule import AGAIN

    p = Progress(home / "progress.db", learner="bob")
    p.record("quiz", "q", ["meld.mixed-ranks", "meld.too-small"], "y", False, rating=AGAIN)  # wrong: two rules at stake
    p.close()
    mine = json.loads(invoke("progress", "--json", home=home, learner="bob").stdout)
    data = json.loads(invoke("progress", "--class", "--json", home=home).stdout)
    (bob,) = [w for w in data["learners"] if w["learner"] == "bob"]
    assert bob["answers"] == mine["answers"] < sum(r["answers"] for r in bob["rules"])
    assert 1 <= bob["wrong_first_tries"] <= sum(r["wrong_first_tries"] for r in bob["rules"])
    line = invoke("progress", "--class", home=home).stdout.splitlines()[0]
    assert f"answers: {mine['answers']};" in line, line


def test_a_question_missed_twice_is_one_wrong_first_try_in_the_class_view(tmp_path):
    home = tmp_path / "club-computer"
    out = invoke("lesson", "brazilian", home=home, learner="eva",
                 input="y\n1\n2\ny\ny\ny\n1\n1\n1\n1\n1\n1\n").stdout  # question 2 wrong, then wrong again
    right, asked = map(int, re.search(r"(\d+) of (\d+) right at the first try", out).groups())
    data = json.loads(invoke("progress", "--class", "--json", home=home).stdout)
    eva = next(w for w in data["learners"] if w["learner"] == "eva")
    assert eva["wrong_first_tries"] == asked - right
