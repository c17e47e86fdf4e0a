"""`canasta show --svg`: the table as a standalone SVG image for printed worksheets.

Built as plain strings (no Rich, no extra library) so a worksheet can be made wherever the tutor runs.
The drawing must survive a black-and-white printer: apart from red suits, everything is told apart by
shape (wild cards get a double outline, hidden cards a hatched back), never by colour alone.
"""
from __future__ import annotations

import os
import re
from xml.sax.saxutils import escape as _xml_escape
from xml.sax.saxutils import quoteattr

from canasta_tutor import texts
from canasta_tutor.engine.cards import SUIT_SYMBOLS, Card
from canasta_tutor.engine.table import Side, Table
from canasta_tutor.files.writing import MARKER, write_file
from canasta_tutor.render.table_view import house_text, meld_kind, need_text, turn_text

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str) -> str:
    """Text for SVG: XML-escaped, without the control characters XML does not allow (a name may hold them)."""
    return _xml_escape(_NOT_XML.sub("", text))


WIDTH = 800
MARGIN = 20
CARD_W, CARD_H, GAP = 34, 48, 4
LABEL_X = MARGIN + 12
CARDS_X = MARGIN + 170  # wide enough for "natural canasta" under a meld's rank
LABEL_CHARS = 17  # what fits left of the cards at 13px, bold
COMPACT_WIDTH = 640  # a sheet's drawing: narrower, so that the same paper shows larger cards


def _per_row(width: int) -> int:
    return (width - MARGIN - 12 - CARDS_X) // (CARD_W + GAP)


PER_ROW = _per_row(WIDTH)
BACK_STEP = 7  # face-down cards overlap; only their number matters
RED = "#c00000"
FONT = "DejaVu Sans, Arial, sans-serif"


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars - 1] + "…"


def _text(x: float, y: float, text: str, size: int = 12, weight: str = "normal", fill: str = "#000",
          anchor: str = "start", style: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" font-style="{style}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(text)}</text>')


def _rank(rank: str) -> str:
    """A rank as the drawing prints it: the reader's letter (the Dutch H for the king), as the text output
    of the run does; the standard letter where ``--cards standard`` asks for it (or outside a command)."""
    return rank if rank == "JK" or texts.card_style() == "standard" else texts.show_card(rank, style="local")


def _card(x: float, y: float, c: Card) -> str:
    fill = RED if c.is_red else "#000"
    shown = c.symbol() if texts.card_style() == "standard" else texts.show_card(str(c), style="symbols")
    label = texts.label("table.card-wild" if c.is_wild else "table.card", card=shown)
    parts = [f'<g class="card{" wild" if c.is_wild else ""}" aria-label={quoteattr(label)}>',
             f'<rect class="face" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fff" '
             f'stroke="#000" stroke-width="{2 if c.is_wild else 1}"/>']
    if c.is_wild:  # a second, inner outline marks wild cards even on a grey printout
        parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="2" '
                     f'fill="none" stroke="#000" stroke-width="0.75"/>')
    mark = "★" if c.rank == "JK" else SUIT_SYMBOLS.get(c.suit or "", "")  # a card with no suit (a joker) has no mark
    parts.append(_text(x + CARD_W / 2, y + 19, _rank(c.rank), 13, "bold", fill, "middle"))
    if mark:
        parts.append(_text(x + CARD_W / 2, y + 38, mark, 15, "normal", fill, "middle"))
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float) -> str:
    return (f'<rect class="back" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" '
            f'fill="url(#back)" stroke="#000" stroke-width="1"/>')


class _Canvas:
    """Collects elements top to bottom; ``y`` is where the next row starts."""

    def __init__(self, compact: bool = False) -> None:
        self.parts: list[str] = []
        self.y = MARGIN
        self.compact = compact  # a hidden hand as one line of words, not a row of backs: a sheet's room is dear
        self.width = COMPACT_WIDTH if compact else WIDTH

    def add(self, *items: str) -> None:
        self.parts.extend(items)

    def label(self, lines: list[tuple[str, int, str]]) -> None:
        for i, (text, size, weight) in enumerate(lines):
            self.add(_text(LABEL_X, self.y + 16 + i * 15, text, size, weight))

    def cards(self, cards: list[Card], label: list[tuple[str, int, str]]) -> None:
        self.label(label)
        per_row = _per_row(self.width)
        for i in range(0, max(len(cards), 1), per_row):  # long hands wrap rather than run off the page
            for j, c in enumerate(cards[i:i + per_row]):
                self.add(_card(CARDS_X + j * (CARD_W + GAP), self.y, c))
            self.y += CARD_H + 8

    def backs(self, count: int, label: list[tuple[str, int, str]], note: str) -> None:
        self.label(label)
        shown = min(count, 30)
        for i in range(shown):
            self.add(_back(CARDS_X + i * BACK_STEP, self.y))
        right = CARDS_X + (shown - 1) * BACK_STEP + CARD_W if shown else CARDS_X - 10
        if count:  # the number on the top back, so it reads at a glance
            cx = right - CARD_W / 2
            self.add(f'<circle cx="{cx}" cy="{self.y + CARD_H / 2}" r="11" fill="#fff" stroke="#000"/>',
                     _text(cx, self.y + CARD_H / 2 + 4, str(count), 12, "bold", anchor="middle"))
        self.add(_text(right + 10, self.y + CARD_H / 2 + 4, note, 12))
        self.y += CARD_H + 8


def _side(cv: _Canvas, table: Table, side: Side) -> None:
    top, start = cv.y, len(cv.parts)
    head = texts.label("table.svg-side" if side.melds else "table.svg-side-unmelded", side=_fit(side.name, 40),
                       score=side.score, need=need_text(table, side))
    cv.add(_text(LABEL_X, cv.y + 20, head, 14, "bold"))
    cv.y += 32
    for m in side.melds:
        kind = meld_kind(m)
        label = [(texts.label("table.meld-svg", rank=_rank(m.rank), size=len(m.cards)), 12, "normal")] + ([(kind, 11, "bold")] if kind else [])
        cv.cards(m.cards, label)
    if side.red_threes:
        cv.cards(side.red_threes, [(texts.label("table.red-threes"), 12, "normal")])
    for name in side.players:
        p = table.player(name)
        mover = name == table.turn.player
        weight = "bold" if mover else "normal"
        count = f" ({p.count})"
        if len(name) + len(count) <= LABEL_CHARS:
            label = [(name + count, 13, weight)]
        else:  # a long name keeps its own line, cut to the column; the count goes under it
            label = [(_fit(name, LABEL_CHARS), 13, weight), (texts.counted("card", p.count), 11, "normal")]
        if mover:  # a filled arrow and words: the marker must not depend on colour
            label.append((texts.label("table.to-play"), 11, "bold"))
            cv.add(f'<polygon class="turn" points="{MARGIN + 2},{cv.y + 6} {MARGIN + 10},{cv.y + 11} '
                   f'{MARGIN + 2},{cv.y + 16}" fill="#000"/>')
        if p.hand is not None:
            cv.cards(sorted(p.hand, key=Card.sort_key), label)
        elif cv.compact:
            cv.add(_text(LABEL_X, cv.y + 14, f"{_fit(name, 40)}: " + texts.label(
                "table.face-down", cards=texts.counted("card", p.count)), 13, weight))
            cv.y += 22
        else:
            cv.backs(p.count, label, texts.label("table.face-down", cards=texts.counted("card", p.count)))
    cv.y += 4
    # The frame's height is known only now; it goes first so the block is drawn over it.
    cv.parts.insert(start, f'<rect class="side" x="{MARGIN}" y="{top}" width="{cv.width - 2 * MARGIN}" '
                           f'height="{cv.y - top}" rx="6" fill="none" stroke="#000" stroke-width="1.2"/>')
    cv.y += 12


def _pile_cards(cv: _Canvas, table: Table, say_frozen: bool = True) -> None:
    """The whole pile face up, bottom card first (for a worksheet whose question is about its cards)."""
    top = cv.y
    cv.cards(list(table.discard), [(texts.label("table.discard-pile"), 13, "bold"), (texts.label("table.bottom-to-top"), 11, "normal")])
    if say_frozen and table.pile_content_frozen():
        cv.add(_text(LABEL_X, top + 46, texts.label("table.frozen"), 13, "bold"))
    cv.add(_text(LABEL_X, cv.y + 16, texts.label("table.stock-title"), 13, "bold"), _back(CARDS_X, cv.y),
           _text(CARDS_X + CARD_W + 10, cv.y + CARD_H / 2 + 4, texts.counted("card", table.stock), 12))
    cv.y += CARD_H + 16


def _pile(cv: _Canvas, table: Table, whole: bool = False, say_frozen: bool = True) -> None:
    if whole and table.discard:
        _pile_cards(cv, table, say_frozen)
        return
    cv.label([(texts.label("table.discard-pile"), 13, "bold")])
    under = len(table.discard) - 1
    if not table.discard:
        cv.add(f'<rect class="empty" x="{CARDS_X}" y="{cv.y}" width="{CARD_W}" height="{CARD_H}" rx="4" '
               f'fill="none" stroke="#000" stroke-dasharray="3 3"/>')
        note = texts.label("table.empty")
    else:
        if under:  # a back peeking out below the top card says "there is more under it"
            cv.add(_back(CARDS_X + 5, cv.y + 4))
        cv.add(_card(CARDS_X, cv.y, table.discard[-1]))
        note = texts.label("table.under", n=under) if under else texts.label("table.nothing-under")
    cv.add(_text(CARDS_X + CARD_W + 16, cv.y + 20, note, 12))
    if say_frozen and table.pile_content_frozen():
        cv.add(_text(CARDS_X + CARD_W + 16, cv.y + 38, texts.label("table.frozen"), 13, "bold"))
    stock_x = cv.width - MARGIN - 210
    cv.add(_text(stock_x, cv.y + 16, texts.label("table.stock-title"), 13, "bold"), _back(stock_x + 60, cv.y),
           _text(stock_x + 60 + CARD_W + 10, cv.y + CARD_H / 2 + 4, texts.counted("card", table.stock), 12))
    cv.y += CARD_H + 16


def table_svg(table: Table, heading: str | None = None, whole_pile: bool = False, say_frozen: bool = True,
              compact: bool = False) -> str:
    """The whole table as an SVG document (UTF-8 text), 800 wide and as tall as it needs. A worksheet
    may give it a ``heading`` above the ruleset's name, and show every card of the pile; a question's
    sheet leaves ``say_frozen`` off, since whether the pile is frozen is what it may be asking."""
    rs, turn = table.ruleset, table.turn
    title = texts.label("table.ruleset", title=texts.ruleset_title(rs.id, rs.title), id=rs.id)
    cv = _Canvas(compact)
    if heading:
        cv.add(_text(MARGIN, cv.y + 16, _fit(heading, 66), 18, "bold"))
        cv.y += 24
        cv.add(_text(MARGIN, cv.y + 12, _fit(title, 100), 13))
        cv.y += 20
    else:
        cv.add(_text(MARGIN, cv.y + 16, _fit(title, 52 if compact else 66), 18, "bold"))  # the <title> keeps it whole
        cv.y += 26
    if table.house_rules and not compact:  # a sheet leaves them off: their words may name what is asked
        house = texts.label("table.house-rules", rules=house_text(table))
        cv.add(_text(MARGIN, cv.y + 12, _fit(house, 110), 12, style="italic"))
        cv.y += 18
    cv.y += 6
    for side in table.sides:
        _side(cv, table, side)
    _pile(cv, table, whole_pile, say_frozen)
    cv.add(_text(MARGIN, cv.y + 14, texts.label("table.turn", player=_fit(turn.player, 20), doing=turn_text(turn)), 13, "bold"))
    height = int(cv.y + 14 + MARGIN)
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f"<!-- {MARKER} with 'canasta show' and its svg option: the next run may replace this file -->",
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{cv.width}" height="{height}" '
        f'viewBox="0 0 {cv.width} {height}" font-family={quoteattr(FONT)}>',
        f"<title>{escape(heading + ': ' if heading else '')}{escape(title)}: "
        f"{escape(texts.label('table.svg-turn', player=turn.player))}</title>",
        # Hatching rather than a solid fill: it prints light and cannot be mistaken for a card face.
        '<defs><pattern id="back" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/>'
        '<line x1="0" y1="0" x2="0" y2="6" stroke="#777" stroke-width="2"/></pattern></defs>',
        f'<rect width="{cv.width}" height="{height}" fill="#fff"/>',
    ]
    return "\n".join(head + cv.parts + ["</svg>"]) + "\n"


def save_svg(table: Table, out: str, source: str = "") -> None:
    """Write the table's image to ``out``: a new file, or one this command wrote before; never the
    table file itself (``source``, the file it was read from), a file of someone else's, a link or a
    pipe, and never half a file."""
    from canasta_tutor.reading.strict_yaml import InputError

    if not out.strip():
        raise InputError(texts.label("errors.svg-no-name"))
    if os.path.exists(out) and os.path.exists(source) and os.path.samefile(out, source):
        raise InputError(texts.label("errors.svg-table-file", out=out))
    write_file(out, table_svg(table), replace_own=True)
