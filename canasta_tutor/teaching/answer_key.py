"""A worksheet's answer key: for each question the answer on its own line, then the engine's ruling or
score with the rule ids, the reason and the sources, the file's title and a small drawing of the table
(which may say what the sheet must not: that the pile is frozen)."""
from __future__ import annotations

import html

from canasta_tutor import texts
from canasta_tutor.engine.judge import Verdict, judge
from canasta_tutor.engine.table import Table
from canasta_tutor.play.finishing import ruled
from canasta_tutor.render.report import score_dict, verdict_dict
from canasta_tutor.teaching.sheet import document, drawing, move_html, prompt, t
from canasta_tutor.teaching.worksheet import Question

KEY_STYLE = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
html { background: #fff; color: #000; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; line-height: 1.35;
       width: 186mm; margin: 0 auto; padding: 0; }
h1 { font-size: 15pt; }
section { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #000; padding: 2mm 0;
          display: flow-root; }
section h2 { font-size: 12pt; margin: 0 0 1mm; }
.picture { float: right; margin: 0 0 2mm 3mm; }
.picture svg { display: block; height: auto; }
.answer { font-weight: bold; font-size: 11.5pt; margin: 1mm 0; }
.verdict { font-weight: bold; }
.move { font-weight: bold; overflow-wrap: anywhere; }
ul { margin: 1mm 0 1mm 5mm; padding: 0; }
code { font-family: "DejaVu Sans Mono", monospace; }
.source { font-style: italic; }
.file { font-size: 9pt; color: #333; overflow-wrap: anywhere; }
"""
KEY_DRAWING = 70.0  # mm: enough to recognise the table the question was about


def _verdict_html(v: Verdict, lang: str | None) -> str:
    d = verdict_dict(ruled(v), lang)
    head = t("allowed" if d["legal"] else "not-allowed", lang, move=move_html(d["move"]), ruleset=html.escape(d["ruleset"]))
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
    tail = f' <span class="source">({t("source", lang, source=source_text)})</span>' if source_text else ""
    step = t("step", lang, step=f["step"]) if f.get("step") else ""
    title = html.escape(texts.rule_entry(f["rule"], lang)["title"])
    return (f'<li><code class="rule">{html.escape(f["rule"])}</code> {title}: {step} '
            f'{html.escape(f["message"])}{tail}</li>')


def _score_html(table: Table, q: Question, lang: str | None) -> str:
    from canasta_tutor.engine.scoring import score_table

    d = score_dict(score_table(table, q.out, q.concealed), lang)
    parts = []
    for s in d["sides"]:
        if q.side and s["name"] != q.side:
            continue
        lines = "".join(f'<li><code class="rule">{html.escape(ln["rule"])}</code> {ln["points"]:+d} '
                        f'{html.escape(ln["detail"])}</li>' for ln in s["lines"])
        head = t("side-scores", lang, side=html.escape(s["name"]), points=s["hand_total"],
                 ruleset=html.escape(d["ruleset"]))
        parts.append(f'<p class="verdict">{head}</p><ul>{lines}</ul>')
    return "".join(parts)


def _play_html(table: Table, lang: str | None) -> str:
    from canasta_tutor.play.hint import hint
    from canasta_tutor.render.report import hint_dict

    d = hint_dict(hint(table), lang)
    if d["move"] is None:
        return f'<p class="verdict">{html.escape(d["reason"])}</p>'
    return f'<p class="verdict">{t("suggested", lang, move=move_html(d["move"]))}</p><p>{html.escape(d["reason"])}</p>'


def _ratings(q: Question, table: Table) -> list:
    from canasta_tutor.learning.lesson import rate_verdicts

    return rate_verdicts(table, [judge(table, m) for m in q.moves])


def _best_html(q: Question, table: Table, lang: str | None) -> str:
    """The coach's rating of each move: the best, those nearly as good, how much worse the others are
    and why (play/evaluate.py)."""
    from canasta_tutor.learning.lesson import rating_words
    from canasta_tutor.play.evaluate import NEAR

    rated = _ratings(q, table)
    best = max((r for r in rated if r is not None), key=lambda r: r.value, default=None)
    items = []
    for i, (m, r) in enumerate(zip(q.moves, rated), 1):
        if r is None or best is None:
            items.append(_verdict_html(judge(table, m), lang))
            continue
        reason = rating_words(r, lang)
        key = "best-best" if r is best else "best-near" if best.value - r.value <= NEAR else "best-worse"
        line = texts.section("learning", key, {"number": i, "move": m, "reason": reason,
                                               "worse": round(best.value - r.value)}, lang)
        items.append(f"<li>{html.escape(line)}</li>")
    return f"<ul>{''.join(items)}</ul>"


def _ruling(q: Question, table: Table, lang: str | None) -> str:
    if q.kind == "best":
        return _best_html(q, table, lang)
    if q.kind in ("move", "rule"):
        return _verdict_html(judge(table, q.move), lang)
    if q.kind == "which":
        return "".join(_verdict_html(judge(table, m), lang) for m in q.moves)
    if q.kind == "score":
        return _score_html(table, q, lang)
    return _play_html(table, lang)


def short_answer(q: Question, lang: str | None) -> str:
    """The answer alone, as the student would tick or write it (HTML)."""
    if q.kind == "move":
        return t("tick-yes" if judge(q.table, q.move).legal else "tick-no", lang)
    if q.kind == "rule":
        broken = {v.rule for v in judge(q.table, q.move).violations}
        right = [r for r in q.choices() if r in broken] or list(broken)
        return html.escape(texts.listed([texts.rule_entry(r, lang)["title"] for r in right], lang=lang))
    if q.kind == "which":
        legal = [f"{i}. {move_html(m)}" for i, m in enumerate(q.moves, 1) if judge(q.table, m).legal]
        return ", ".join(legal)
    if q.kind == "best":  # the coach's choice; its reason follows in the ruling
        rated = _ratings(q, q.table)
        best = max((r for r in rated if r is not None), key=lambda r: r.value, default=None)
        return f"{rated.index(best) + 1}. {move_html(q.moves[rated.index(best)])}" if best is not None else "—"
    if q.kind == "score":
        from canasta_tutor.engine.scoring import score_table

        report = score_table(q.table, q.out, q.concealed)
        return "; ".join(html.escape(t("points-are", lang, side=s.name, points=s.hand_total))
                         for s in report.sides if not q.side or s.name == q.side)
    from canasta_tutor.play.hint import hint

    found = hint(q.table)
    return move_html(found.option.move) if found.option else "—"


def key_html(qs: list[Question], title: str | None = None, lang: str | None = None, version: str = "",
             words: bool = False) -> str:
    """The answer key: each question's answer, ruling or score, worked out by the engine, with rule
    ids, the engine's explanation and the sources; also under each other ruleset the file states."""
    name = (title or t("title", lang)) + (f" · {t('version', lang, version=version)}" if version else "")
    heading = t("key-title", lang, title=name)
    parts = [f"<h1>{html.escape(heading)}</h1>"]
    for n, q in enumerate(qs, 1):
        body = f'<p class="answer">{t("answer-is", lang, answer=short_answer(q, lang))}</p>'
        body += _ruling(q, q.table, lang)
        for rid, table in q.also:
            body += f'<p class="also">{t("under", lang, ruleset=html.escape(rid))}</p>'
            body += f"<p>{html.escape(table)}</p>" if isinstance(table, str) else _ruling(q, table, lang)
        if q.explanation:
            body += f'<p class="explanation">{html.escape(q.explanation)}</p>'
        number = t("question", lang, number=n, title=q.title) if q.title else t("question-number", lang, number=n)
        parts.append(f'<section id="a{n}"><div class="picture">{drawing(q, n, lang, False, KEY_DRAWING)}</div>'
                     f'<h2>{html.escape(number)}</h2><p class="asked">{prompt(q, lang, words)}</p>{body}'
                     f'<p class="file">{html.escape(q.source)}</p></section>')
    return document(heading, "\n".join(parts), lang, KEY_STYLE, "key")
