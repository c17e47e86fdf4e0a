"""The question pages of a worksheet: several questions to a sheet of paper, each page its own block
with the student's name line and "page k of n", so a loose page can always be matched to a student.

Paged media in browsers is too weak to count pages or repeat a header, so the pages are made here:
each question's height is worked out (its drawing's height is known exactly, its text is counted in
lines, generously), and a page holds what fits in the printable height of the smaller of A4 and
Letter. Each page breaks after itself; no question is ever split between pages.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass, field

from canasta_tutor import texts
from canasta_tutor.engine.cards import Card
from canasta_tutor.engine.move import MoveError
from canasta_tutor.files.writing import MARKER
from canasta_tutor.render.svg import COMPACT_WIDTH, table_svg
from canasta_tutor.teaching.worksheet import GENERATOR, Question, pile_matters

# The printable area, in mm, of the smaller of A4 (210 x 297) and Letter (215.9 x 279.4) with 12 mm
# margins, a little kept back for a browser's rounding.
PAGE_W, PAGE_H = 186.0, 249.0
HEAD_H = 21.0  # the page's header: the sheet's title, the name line, the page number
HEADING_H = 8.0  # "Question 3"
GAP_H = 5.0  # between two questions
LINE_H = 5.4  # a line of 11pt text
CHAR_W = 2.25  # a generous average width of an 11pt character
WRITE_H = 8.0  # a line to write on
CHOICE_H = 6.2  # a row with a tick box, before it wraps
WIDTH = COMPACT_WIDTH  # the sheet's drawings, in their own pixels
FULL = PAGE_W / WIDTH  # mm per drawing pixel when the drawing takes the page's width
FEWEST = 0.155  # mm per pixel: smaller, a card's face (34 px) would be under 5.3 mm wide
LEAST = 0.05  # mm per pixel: the smallest drawing a page of many questions may ask for
SIDE_TEXT = 56.0  # the narrowest column the question's words take beside the drawing


def t(key: str, lang: str | None, **params: object) -> str:
    return texts.section("teaching", f"worksheet.{key}", params, lang)


def move_text(move: str, lang: str | None = None) -> str:
    """A move as a person writes it, in the sheet's language: its players' verbs and rank letters, each
    card with its suit symbol (``take 9♦ 2♠; add Q♦ to K``, ``pak 9♦ 2♠; leg aan V♦ bij H``), as every
    other command echoes a move (texts.show_move); a text that is no move is left as it is."""
    return texts.show_move(move, lang, "symbols")


def _cards_in_words(cards: tuple[Card, ...], lang: str | None) -> str:
    """Cards as a sentence names them: "the nine of spades, the nine of diamonds and the two of clubs";
    copies of one card are counted ("2 3s of spades", with the rank's plural the messages use)."""
    counted: dict[Card, int] = {}
    for c in cards:
        counted[c] = counted.get(c, 0) + 1
    said = []
    for c, n in counted.items():
        rank = t(f"words.ranks.{c.rank}", lang)
        if c.suit is None:  # a joker (or a rank written without its suit)
            said.append(rank if n == 1 else f"{n} {texts.rank_name(c.rank, lang)}")
            continue
        suit = t(f"words.suits.{c.suit}", lang)
        said.append(t("words.card", lang, rank_word=rank, suit=suit) if n == 1 else
                    t("words.cards-many", lang, count=n, rank_name=texts.rank_name(c.rank, lang), suit=suit))
    return texts.listed(said, "and", lang)


def move_words(move: str, lang: str | None) -> str:
    """A move in sentences of the sheet's language (``--words``): "take the pile with the nine of spades
    and the two of clubs; discard the four of hearts". A move the engine cannot read is left as written."""
    from canasta_tutor.engine.move import parse_move

    try:
        steps = parse_move(move)
    except (MoveError, ValueError):
        return move
    said = []
    for step in steps:
        cards = _cards_in_words(step.cards, lang)
        if not step.cards and step.kind in ("draw", "take"):
            said.append(t(f"words.{'draw-stock' if step.kind == 'draw' else 'take-alone'}", lang))
        elif step.kind == "add" and not step.to:
            said.append(t("words.add-alone", lang, listed=cards))
        elif step.kind == "add":
            said.append(t("words.add", lang, listed=cards, rank_name=texts.rank_name(step.to or "", lang)))
        else:
            said.append(t(f"words.{step.kind}", lang, listed=cards))
    return "; ".join(said)


def move_html(move: str, lang: str | None = None, words: bool = False) -> str:
    """The move in suit symbols, or in words; it wraps between its words when the line is full, never
    off the edge."""
    return f'<span class="move">{html.escape(move_words(move, lang) if words else move_text(move, lang))}</span>'


def prompt(q: Question, lang: str | None, words: bool = False) -> str:
    """The question as it is asked, as HTML: the teacher's words, or the default for its kind."""
    if q.asked:
        return html.escape(q.asked)
    player = html.escape(q.table.turn.player)
    if q.kind == "move":
        return t("ask-move", lang, player=player, move=move_html(q.move, lang, words))
    if q.kind == "rule":
        return t("ask-rule", lang, player=player, move=move_html(q.move, lang, words))
    if q.kind in ("which", "best"):
        return t(f"ask-{q.kind}", lang, player=player)
    if q.kind == "score":
        ask = t("ask-score-side", lang, side=html.escape(q.side)) if q.side else t("ask-score", lang)
        if q.out:
            return t("went-out-concealed" if q.concealed else "went-out", lang, player=html.escape(q.out)) + " " + ask
        return ask
    return t("ask-play", lang, player=player)


def answer_rows(q: Question, lang: str | None, words: bool = False) -> list[str]:
    """Where the student answers, as rows of HTML: tick boxes for a choice, lines to write on."""
    box = '<span class="box"></span>'
    if q.kind == "move":
        return [f'{box} {t("tick-yes", lang)}', f'{box} {t("tick-no", lang)}',
                f'{t("why", lang)} <span class="write"></span>']
    if q.kind == "rule":
        return [f"{box} {html.escape(texts.rule_entry(r, lang)['title'])}" for r in q.choices()]
    if q.kind in ("which", "best"):
        return [f"{box} {i}. {move_html(m, lang, words)}" for i, m in enumerate(q.moves, 1)]
    if q.kind == "score":
        sides = [q.side] if q.side else [s.name for s in q.table.sides]
        return [f'{html.escape(t("points", lang, side=s))} <span class="write short"></span>' for s in sides]
    return ['<span class="write"></span>', '<span class="write"></span>']


# -- the layout ------------------------------------------------------------------------------------

def _plain(markup: str) -> str:
    """The text of some HTML, to count its characters."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def _lines(text: str, width_mm: float) -> int:
    per_line = max(8, int(width_mm / CHAR_W))
    return sum(max(1, math.ceil(len(part) / per_line)) for part in text.split("\n"))


@dataclass(frozen=True)
class QuestionText:
    """A question's words as counted for its height: the prompt's text, and each answer row's text with
    whether it is a line to write on. They do not change with the drawing's size, and fitting a page
    asks a question's height thousands of times: worded once, counted again at each width."""
    prompt: str
    rows: tuple[tuple[str, bool], ...]


def question_text(q: Question, lang: str | None, words: bool = False) -> QuestionText:
    rows = tuple((_plain(row), "write" in row) for row in answer_rows(q, lang, words))
    return QuestionText(_plain(prompt(q, lang, words)), rows)


def _text_height(text: QuestionText, width_mm: float) -> float:
    height = _lines(text.prompt, width_mm) * LINE_H + 2
    for row, writing in text.rows:
        lines = _lines(row, width_mm - 8)
        height += WRITE_H if writing else CHOICE_H + (lines - 1) * LINE_H
    return height


@dataclass
class Placed:
    """A question on its page: the drawing's width (mm) and whether the words go beside it."""
    q: Question
    number: int
    svg: str
    svg_h: int  # the drawing's height in its own pixels (WIDTH wide)
    scale: float = FULL
    beside: bool = False
    words: bool = False  # moves written in words (``--words``)
    worded: dict[str | None, QuestionText] = field(default_factory=dict, repr=False, compare=False)

    def text(self, lang: str | None) -> QuestionText:
        """The question's words in the language, worded at the first asking."""
        if lang not in self.worded:
            self.worded[lang] = question_text(self.q, lang, self.words)
        return self.worded[lang]

    def height(self, lang: str | None, scale: float) -> float:
        drawing = self.svg_h * scale
        column = PAGE_W - WIDTH * scale - 4
        if column >= SIDE_TEXT:  # the words fit beside the drawing
            return HEADING_H + max(drawing, _text_height(self.text(lang), column)) + GAP_H
        return HEADING_H + drawing + _text_height(self.text(lang), PAGE_W) + GAP_H


def _fit(group: list[Placed], lang: str | None) -> bool:
    """Shrink the group's drawings until the group fits on one page, the one with the largest cards
    first, so that the cards of a page's tables come out the same size: a crowded table (six players)
    needs its cards as large as a small one does, and gave way first when the tallest drawing was
    shrunk first. A drawing whose question would be no shorter at half its size (its words, beside
    it, are taller) is shrunk only when no other can be. False when even the smallest drawings leave the group too tall."""
    for p in group:
        p.scale = FULL
    while HEAD_H + sum(p.height(lang, p.scale) for p in group) > PAGE_H:
        shrinkable = [p for p in group if p.scale > LEAST]
        if not shrinkable:
            return False
        # halved, does the drawing leave its question shorter (a wider column for its words counts)?
        gaining = [p for p in shrinkable if p.height(lang, max(LEAST, p.scale / 2)) < p.height(lang, p.scale)]
        largest = max(gaining or shrinkable, key=lambda p: p.scale)
        largest.scale = max(LEAST, round(largest.scale - 0.0025, 4))
    return True


def pages(placed: list[Placed], lang: str | None, per_page: int | None) -> list[list[Placed]]:
    """The questions cut into pages: ``per_page`` to a page (their drawings made as large as the page
    lets them be), or as many as fit with every card still readable."""
    out: list[list[Placed]] = []
    if per_page:
        out = [placed[i:i + per_page] for i in range(0, len(placed), per_page)]
    else:
        for p in placed:
            if out and _fit(out[-1] + [p], lang) and min(q.scale for q in out[-1] + [p]) >= FEWEST:
                out[-1].append(p)
            else:
                out.append([p])
    for group in out:
        _fit(group, lang)
        for p in group:
            p.beside = PAGE_W - WIDTH * p.scale - 4 >= SIDE_TEXT
    return out


# -- the sheet -------------------------------------------------------------------------------------

STYLE = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
html { background: #fff; color: #000; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; line-height: 1.35;
       width: 186mm; margin: 0 auto; padding: 0; }
div.page { break-after: page; page-break-after: always; }
div.page:last-child { break-after: auto; page-break-after: auto; }
header.page { height: 19mm; border-bottom: 1px solid #000; margin-bottom: 2mm; }
header.page h1 { font-size: 14pt; margin: 0 0 1.5mm; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
header.page p { margin: 0; display: flex; justify-content: space-between; white-space: nowrap; }
.blank { display: inline-block; width: 55mm; border-bottom: 1px solid #000; }
.blank.date { width: 28mm; }
section.question { break-inside: avoid; page-break-inside: avoid; margin-bottom: 5mm; }
section.question h2 { font-size: 12pt; margin: 0 0 2mm; height: 6mm; }
.body.beside { display: flex; gap: 4mm; align-items: flex-start; }
.picture svg { display: block; height: auto; }
.words { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.prompt { margin: 0 0 2mm; }
.move { font-weight: bold; white-space: normal; overflow-wrap: anywhere; }
.row { margin: 0; min-height: 6.2mm; padding-left: 7mm; text-indent: -7mm; }
.box { display: inline-block; width: 3.6mm; height: 3.6mm; border: 1px solid #000; vertical-align: -0.4mm;
       margin-right: 1mm; text-indent: 0; }
.write { display: inline-block; width: 75%; border-bottom: 1px dotted #000; height: 6mm; }
.write.short { width: 30mm; }
.row.writing { height: 8mm; text-indent: 0; padding-left: 0; }
@media screen { body { padding: 8mm 0; } div.page { border-bottom: 1px dashed #777; margin-bottom: 8mm; } }
"""


def document(title: str, body: str, lang: str | None, style: str, extra_class: str) -> str:
    code = html.escape((lang or texts.language()).split("_")[0])
    return ("<!DOCTYPE html>\n"
            f"<!-- {MARKER} ('canasta worksheet'): the next run may replace this file -->\n"
            f'<html lang="{code}"><head><meta charset="utf-8">'
            f'<meta name="generator" content="{GENERATOR}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{style}</style></head>\n"
            f'<body class="{extra_class}">\n{body}\n</body></html>\n')


def drawing(q: Question, number: int, lang: str | None, sheet: bool, width_mm: float) -> str:
    """The question's table as inline SVG at a width in mm: on the sheet without anything that tells
    the answer (no title, no 'frozen'), in the key with everything."""
    svg = table_svg(q.table, None, pile_matters(q), say_frozen=not sheet, compact=sheet)
    svg = svg.split("?>", 1)[1].strip() if svg.startswith("<?xml") else svg
    svg = svg.split("-->", 1)[1].strip() if svg.startswith("<!--") else svg
    # ids inside one page must be unique: each drawing gets its own hatching pattern
    tag = f"{'q' if sheet else 'a'}{number}"
    svg = svg.replace('id="back"', f'id="back-{tag}"').replace("url(#back)", f"url(#back-{tag})")
    label = html.escape(t("picture", lang, number=number))
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" style="width:{width_mm:.1f}mm" ', 1)


def _svg_height(svg: str) -> int:
    import re

    found = re.search(r'<svg [^>]*height="(\d+)"', svg)
    return int(found.group(1)) if found else 600


def sheet_html(qs: list[Question], title: str | None = None, lang: str | None = None,
               per_page: int | None = None, version: str = "", words: bool = False) -> str:
    """The printable sheet: the questions, their tables and room for the answers; no answer."""
    title = title or t("title", lang)
    placed = []
    for n, q in enumerate(qs, 1):
        svg = drawing(q, n, lang, True, PAGE_W)
        placed.append(Placed(q, n, svg, _svg_height(svg), words=words))
    cut = pages(placed, lang, per_page)
    heading = title + (f" · {t('version', lang, version=version)}" if version else "")
    parts = []
    for k, group in enumerate(cut, 1):
        head = (f'<header class="page"><h1>{html.escape(heading)}</h1><p><span>{t("name", lang)} '
                f'<span class="blank"></span> &nbsp; {t("date", lang)} <span class="blank date"></span></span>'
                f'<span class="page-number">{html.escape(t("page", lang, page=k, pages=len(cut)))}</span></p>'
                "</header>")
        parts.append(f'<div class="page" id="page{k}">{head}' + "".join(_question(p, lang) for p in group) + "</div>")
    return document(heading, "\n".join(parts), lang, STYLE, "sheet")


def _question(p: Placed, lang: str | None) -> str:
    width = WIDTH * p.scale
    svg = p.svg.replace(f'style="width:{PAGE_W:.1f}mm"', f'style="width:{width:.1f}mm"', 1)
    rows = "".join(f'<p class="row{" writing" if "write" in row and "box" not in row else ""}">{row}</p>'
                   for row in answer_rows(p.q, lang, p.words))
    return (f'<section class="question" id="q{p.number}"><h2>{html.escape(t("question-number", lang, number=p.number))}</h2>'
            f'<div class="body{" beside" if p.beside else ""}"><div class="picture">{svg}</div>'
            f'<div class="words"><p class="prompt">{prompt(p.q, lang, p.words)}</p>{rows}</div></div></section>')
