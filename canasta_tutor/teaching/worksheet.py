"""Printable worksheets: the questions of scenario and lesson files, one per page, each with its table
drawn as an inline SVG, and an answer key apart.

The sheet states the position and asks; it never shows a ruling, a rule id or a score (a scenario's
description and notes are left off too: they usually explain the answer). The key holds, for each
question, the engine's verdict or score under the file's ruleset and every ruleset the file states
an answer for, with the rule ids, the engine's explanation and the sources. Nothing in the key is
copied from the file's stated answers: the engine works each one out.

The page is plain HTML and CSS (no script, no web font), sized for the narrower and shorter of A4
and Letter, and legible in black and white: a teacher prints it from any browser.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field

from canasta_tutor import texts
from canasta_tutor.engine.judge import Verdict, judge
from canasta_tutor.engine.move import parse_move
from canasta_tutor.engine.table import Table
from canasta_tutor.files.snapshot import read_scenario, read_table
from canasta_tutor.files.writing import MARKER
from canasta_tutor.play.finishing import ruled
from canasta_tutor.reading.strict_yaml import InputError, Map, load
from canasta_tutor.render.report import score_dict, verdict_dict
from canasta_tutor.render.svg import table_svg

GENERATOR = "canasta-tutor worksheet"  # the page's generator; the MARKER comment lets a later run replace it


@dataclass
class Question:
    """One question of the sheet: a table and what is asked about it."""
    kind: str  # move (is it allowed?), rule, which, score, play
    title: str
    table: Table
    source: str
    move: str = ""
    moves: list[str] = field(default_factory=list)
    side: str = ""
    out: str | None = None
    concealed: bool = False
    # the same question under the other rulesets the file states an answer for: (ruleset id, table)
    also: list[tuple[str, Table | str]] = field(default_factory=list)  # a str: why it cannot be read
    explanation: str = ""  # a lesson's own words, for the key


def questions(paths: list[str], ruleset: str | None = None) -> list[Question]:
    """Every question of the files, in order: a scenario's checks and score, a lesson's questions, and
    for a bare table, "what would you play?"."""
    from canasta_tutor.teaching.lint import refuse_foreign

    out: list[Question] = []
    for path in paths:
        root = load(path)  # parsed once: the lesson, or the scenario and its tables under each ruleset
        refuse_foreign(root, str(path))
        if isinstance(root, Map) and "steps" in root.items:
            out.extend(_lesson_questions(path, root, ruleset))
        else:
            out.extend(_scenario_questions(root, path, ruleset))
    if not out:
        raise InputError(texts.section("teaching", "worksheet.no-questions"))
    return out


def _scenario_questions(root, path: str, ruleset: str | None) -> list[Question]:
    scenario = read_scenario(root, path, ruleset)
    table = scenario.table
    title = _sheet_title(scenario.title)

    read: dict[str, Table | str] = {}  # each ruleset's table read once, however many checks name it

    def under(rids) -> list[tuple[str, Table | str]]:
        """The table under each other ruleset stated, or why that ruleset cannot read it."""
        if ruleset:  # the teacher asked for one ruleset
            return []
        out: list[tuple[str, Table | str]] = []
        for rid in dict.fromkeys(rids):
            if rid not in read:
                try:
                    read[rid] = read_table(root, path, rid)
                except InputError as exc:
                    read[rid] = exc.message
            other = read[rid]
            if isinstance(other, str) or other.ruleset.id != table.ruleset.id:
                out.append((rid, other))
        return out

    out = [Question("move", title, table, path, move=c.move, also=under(c.by_ruleset)) for c in scenario.checks]
    if scenario.score is not None:
        out.append(Question("score", title, table, path, out=scenario.score.out, concealed=scenario.score.concealed,
                            also=under(scenario.score.by_ruleset)))
    if not out:
        out.append(Question("play", title, table, path))
    return out


def _lesson_questions(path: str, root, ruleset: str | None) -> list[Question]:
    from canasta_tutor.learning.lesson import read_lesson

    lesson = read_lesson(path, ruleset, root=root)
    kinds = {"legal": "move", "rule": "rule", "which": "which", "score": "score"}
    return [Question(kinds[q.kind], _sheet_title(lesson.title), q.table, path, move=q.move, moves=list(q.moves), side=q.side,
                     out=q.out, concealed=q.concealed, explanation=getattr(q, "explanation", ""))
            for q in lesson.questions]


def _sheet_title(title: str) -> str:
    """A file's title as the sheet may show it: left off when it names a rule id or the verdict."""
    from canasta_tutor.engine.rules import RULES

    lowered = title.lower()
    if any(rid in lowered for rid in RULES) or "legal" in lowered:
        return ""
    return title


def _pile_matters(q: Question) -> bool:
    """The pile's cards are drawn when the question is about taking it, or when what lies in it (a
    wild card, a three) decides whether it can be taken."""
    steps = [s for m in ([q.move] if q.move else []) + q.moves for s in parse_move(m)]
    if any(s.kind == "take" for s in steps):
        return True
    return any(c.is_wild or c.rank == "3" for c in q.table.discard[:-1])


# -- the words ----------------------------------------------------------------------------------------

def _t(key: str, lang: str | None, **params) -> str:
    return texts.section("teaching", f"worksheet.{key}", params, lang)


def _prompt(q: Question, lang: str | None) -> str:
    """The question asked, as HTML."""
    player = html.escape(q.table.turn.player)
    if q.kind == "move":
        return _t("ask-move", lang, player=player, move=_code(q.move))
    if q.kind == "rule":
        return _t("ask-rule", lang, player=player, move=_code(q.move))
    if q.kind == "which":
        items = "".join(f"<li>{_code(m)}</li>" for m in q.moves)
        return _t("ask-which", lang, player=player) + f'<ol class="moves">{items}</ol>'
    if q.kind == "score":
        if q.side:
            ask = _t("ask-score-side", lang, side=html.escape(q.side))
        else:
            ask = _t("ask-score", lang)
        if q.out:
            went = _t("went-out-concealed" if q.concealed else "went-out", lang, player=html.escape(q.out))
            return f"{went} {ask}"
        return ask
    return _t("ask-play", lang, player=player)


def _heading(q: Question, number: int, lang: str | None, titled: bool = False) -> str:
    if titled and q.title:
        return _t("question", lang, number=number, title=q.title)
    return _t("question-number", lang, number=number)


def _code(move: str) -> str:
    return f'<code class="move">{html.escape(move)}</code>'


# -- the sheet -----------------------------------------------------------------------------------------

STYLE = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
html { background: #fff; color: #000; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; line-height: 1.35;
       max-width: 186mm; margin: 0 auto; padding: 0; }
header.sheet { margin-bottom: 4mm; }
header.sheet h1 { font-size: 16pt; margin: 0 0 2mm; }
.blank { display: inline-block; min-width: 55mm; border-bottom: 1px solid #000; }
section.question { break-before: page; page-break-before: always; break-inside: avoid;
                   page-break-inside: avoid; padding-top: 1mm; }
section.question.first { break-before: auto; page-break-before: auto; }
section.question h2 { font-size: 13pt; margin: 0 0 2mm; }
.picture svg { display: block; width: 100%; height: auto; max-height: 150mm; }
.prompt { margin: 3mm 0; }
code.move { font-family: "DejaVu Sans Mono", monospace; font-weight: bold; white-space: nowrap; }
ol.moves { margin: 1mm 0 0 6mm; padding: 0; }
.answer { border: 1px solid #000; border-radius: 2mm; min-height: 32mm; padding: 2mm 3mm; }
.answer .label { font-size: 9pt; font-weight: bold; }
.answer .line { border-bottom: 1px dotted #000; height: 8mm; }
.key section { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #000; padding: 2mm 0; }
.key h2 { font-size: 12pt; margin: 0 0 1mm; }
.key .verdict { font-weight: bold; }
.key ul { margin: 1mm 0 1mm 5mm; padding: 0; }
.key code { font-family: "DejaVu Sans Mono", monospace; }
.key .source { font-style: italic; }
@media screen { body { padding: 8mm 0; }
                section.question { border-top: 1px dashed #777; margin-top: 8mm; padding-top: 4mm; } }
"""


def _page(title: str, body: str, lang: str | None, extra_class: str = "") -> str:
    code = html.escape((lang or texts.language()).split("_")[0])
    return ("<!DOCTYPE html>\n"
            f"<!-- {MARKER} ('canasta worksheet'): the next run may replace this file -->\n"
            f'<html lang="{code}"><head><meta charset="utf-8">'
            f'<meta name="generator" content="{GENERATOR}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>\n"
            f'<body class="{extra_class}">\n{body}\n</body></html>\n')


def _svg_inline(q: Question, number: int, lang: str | None) -> str:
    svg = table_svg(q.table, q.title or None, _pile_matters(q))  # the number is in the page's heading
    svg = svg.split("?>", 1)[1].strip() if svg.startswith("<?xml") else svg
    # ids inside one page must be unique: each drawing gets its own hatching pattern
    svg = svg.replace('id="back"', f'id="back-{number}"').replace("url(#back)", f"url(#back-{number})")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(_t("picture", lang, number=number))}" ', 1)


def sheet_html(qs: list[Question], title: str | None = None, lang: str | None = None) -> str:
    """The printable sheet: the questions, their tables and room for the answers; no answer."""
    title = title or _t("title", lang)
    parts = [f'<header class="sheet"><h1>{html.escape(title)}</h1>'
             f'<p>{_t("name", lang)} <span class="blank"></span> &nbsp; {_t("date", lang)} '
             f'<span class="blank"></span></p></header>']
    for n, q in enumerate(qs, 1):
        lines = "".join('<div class="line"></div>' for _ in range(3))
        parts.append(
            f'<section class="question{" first" if n == 1 else ""}" id="q{n}">'
            f'<h2>{html.escape(_heading(q, n, lang))}</h2>'
            f'<div class="picture">{_svg_inline(q, n, lang)}</div>'
            f'<p class="prompt">{_prompt(q, lang)}</p>'
            f'<div class="answer"><div class="label">{html.escape(_t("answer", lang, number=n))}</div>{lines}</div>'
            "</section>")
    return _page(title, "\n".join(parts), lang, "sheet")


# -- the key -------------------------------------------------------------------------------------------

def _verdict_html(v: Verdict, lang: str | None) -> str:
    d = verdict_dict(ruled(v), lang)
    head = _t("allowed" if d["legal"] else "not-allowed", lang, move=_code(d["move"]), ruleset=html.escape(d["ruleset"]))
    items = [_finding_html(f, lang) for f in d["violations"]]
    items += [f'<li>{html.escape(n["message"])} <code>{html.escape(n["note"])}</code></li>' for n in d["notes"]]
    return f'<p class="verdict">{head}</p>' + (f"<ul>{''.join(items)}</ul>" if items else "")


def _finding_html(f: dict, lang: str | None) -> str:
    source = f.get("source") or ""
    cite = f.get("cite") or {}
    if isinstance(cite, dict) and cite:
        where = ", ".join(str(cite[k]) for k in ("title", "where") if cite.get(k))
        link = cite.get("url")
        source_text = html.escape(where or source)
        if link:
            source_text = f'<a href="{html.escape(str(link))}">{source_text}</a>'
    else:  # the source's id, and what it is
        from canasta_tutor.engine.ruleset import SOURCES

        named = SOURCES.get(source)
        source_text = html.escape(f"{source}, {named}" if named and named != source else source)
    tail = f' <span class="source">({_t("source", lang, source=source_text)})</span>' if source_text else ""
    step = _t("step", lang, step=f["step"]) if f.get("step") else ""
    return f'<li><code class="rule">{html.escape(f["rule"])}</code> {step} {html.escape(f["message"])}{tail}</li>'


def _score_html(table: Table, q: Question, lang: str | None) -> str:
    from canasta_tutor.engine.scoring import score_table

    d = score_dict(score_table(table, q.out, q.concealed), lang)
    parts = []
    for s in d["sides"]:
        if q.side and s["name"] != q.side:
            continue
        lines = "".join(f'<li><code class="rule">{html.escape(ln["rule"])}</code> {ln["points"]:+d} '
                        f'{html.escape(ln["detail"])}</li>' for ln in s["lines"])
        head = _t("side-scores", lang, side=html.escape(s["name"]), points=s["hand_total"],
                  ruleset=html.escape(d["ruleset"]))
        parts.append(f'<p class="verdict">{head}</p><ul>{lines}</ul>')
    return "".join(parts)


def _play_html(table: Table, lang: str | None) -> str:
    from canasta_tutor.play.hint import hint
    from canasta_tutor.render.report import hint_dict

    d = hint_dict(hint(table), lang)
    if d["move"] is None:
        return f'<p class="verdict">{html.escape(d["reason"])}</p>'
    return f'<p class="verdict">{_t("suggested", lang, move=_code(d["move"]))}</p><p>{html.escape(d["reason"])}</p>'


def _answer(q: Question, table: Table, lang: str | None) -> str:
    if q.kind in ("move", "rule"):
        return _verdict_html(judge(table, q.move), lang)
    if q.kind == "which":
        return "".join(_verdict_html(judge(table, m), lang) for m in q.moves)
    if q.kind == "score":
        return _score_html(table, q, lang)
    return _play_html(table, lang)


def key_html(qs: list[Question], title: str | None = None, lang: str | None = None) -> str:
    """The answer key: each question's ruling or score, worked out by the engine, with rule ids,
    the engine's explanation and the sources; also under each other ruleset the file states."""
    title = _t("key-title", lang, title=title or _t("title", lang))
    parts = [f"<h1>{html.escape(title)}</h1>"]
    for n, q in enumerate(qs, 1):
        body = _answer(q, q.table, lang)
        for rid, table in q.also:
            body += f'<p class="also">{_t("under", lang, ruleset=html.escape(rid))}</p>'
            body += f"<p>{html.escape(table)}</p>" if isinstance(table, str) else _answer(q, table, lang)
        if q.explanation:
            body += f'<p class="explanation">{html.escape(q.explanation)}</p>'
        parts.append(f'<section id="a{n}"><h2>{html.escape(_heading(q, n, lang, True))}</h2>'
                     f'<p class="asked">{_prompt(q, lang)}</p>{body}'
                     f'<p class="file">{html.escape(q.source)}</p></section>')
    return _page(title, "\n".join(parts), lang, "key")
