"""Plain terminal text for verdicts, scores and lint reports. Colour is a few ANSI codes when the
output is a terminal (and NO_COLOR is unset), so these commands never pay for importing Rich."""
from __future__ import annotations

import os
import sys

from canasta_tutor import texts

_CODES = {"red": "31", "green": "32", "yellow": "33", "dim": "2", "bold": "1", "cyan": "36"}


def colour_on(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":  # a dumb terminal shows codes as text
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return hasattr(stream, "isatty") and stream.isatty()


class Style:
    def __init__(self, on: bool) -> None:
        self.on = on

    def __call__(self, text: str, *styles: str) -> str:
        if not self.on or not styles:
            return text
        codes = ";".join(_CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


def source_text(d: dict) -> str:
    return texts.source_id(d["source"]) + (f", {texts.inherited_text(d['inherited'])}" if d.get("inherited") else "")


def cite_text(d: dict) -> str:
    """The source line of a violation: the id, and with ``cite`` the page's title, address and place."""
    head = texts.section("rulings", "source-inherited" if d.get("inherited") else "source",
                         {"id": texts.source_id(d["source"]), "inherited": texts.inherited_text(d.get("inherited"))})
    c = d.get("cite")
    if not c:
        return head
    key = "cite" if c.get("where") else "cite-nowhere"
    key += "-url" if c.get("url") else ""
    return head + " — " + texts.section("rulings", key, {**c, "id": texts.source_id(c["id"])})


def _place(d: dict, style: Style) -> str:
    """A note's source in short: the page's key and the place on it."""
    c = d.get("cite")
    if not c:
        return ""
    inherited = texts.inherited_text(c.get("inherited"))
    said = ", ".join(x for x in (texts.source_id(c["id"]), inherited, c.get("where")) if x)
    return style(f"  [{said}]", "dim")


def verdict_text(d: dict, style: Style, title: str = "") -> str:
    lines = []
    head = style(texts.word("legal").upper(), "green", "bold") if d["legal"] \
        else style(texts.word("illegal").upper(), "red", "bold")
    count = len(d["violations"])
    lines.append(f"{head}  {texts.show_move(d['move'])}  " + style(f"({d['ruleset']}{', ' + title if title else ''})", "dim"))
    if d.get("status") and d["legal"] and not d.get("finished"):
        lines.append("  " + (style(d["status"], "yellow") if d.get("can_finish") is False else d["status"]))
    for i, v in enumerate(d["violations"], 1):
        lines.append("  " + texts.label("verdict.violation", number=i, step=v["step"], rule=style(v["rule"], "yellow")))
        lines.append(f"     {v['message']}")
        if v.get("also_steps"):
            steps = ", ".join(map(str, v["also_steps"]))
            lines.append("     " + texts.section("rulings", "also-steps", {"n": len(v["also_steps"]), "steps": steps}))
        lines.append("     " + style(cite_text(v), "dim"))
    if count > 1:
        lines.append(style("  " + texts.counted("problem", count), "dim"))
    for n in d["notes"]:
        said = texts.label("verdict.note-step", step=n["step"], message=n["message"]) if n["step"] else n["message"]
        lines.append("  " + style(texts.label("verdict.note"), "cyan") + f"  {said}" + _place(n, style))
    if d["legal"] and d.get("cite"):
        lines.append("  " + style(cite_text({"source": d["cite"]["id"], "inherited": d["cite"].get("inherited"),
                                              "cite": d["cite"]}), "dim"))
    if d.get("score"):
        lines.append("")
        lines.append(score_text(d["score"], style))
    return "\n".join(lines)


def score_text(d: dict, style: Style) -> str:
    out = texts.label("score.went-out-concealed" if d.get("concealed") else "score.went-out", player=d["out"])
    lines = [style(texts.label("score.heading", ruleset=d["ruleset"]), "bold")
             + (style("  " + out, "dim") if d["out"] else "")]
    width = max((len(ln["detail"]) for s in d["sides"] for ln in s["lines"]), default=20)
    for s in d["sides"]:
        lines.append(f"  {style(s['name'], 'bold')}")
        for ln in s["lines"]:
            pts = f"{ln['points']:+6d}"
            lines.append(f"    {ln['detail']:<{width}}  {style(pts, 'red' if ln['points'] < 0 else 'green')}  "
                         + style(ln["rule"], "dim"))
        lines.append(f"    {texts.label('score.this-hand'):<{width}}  {s['hand_total']:+6d}")
        lines.append(f"    {texts.label('score.total', before=s['before']):<{width}}  {s['total']:6d}")
    if d["game_over"]:
        if d["winner"]:
            lines.append(style("  " + texts.label("score.winner", winner=d["winner"]), "bold"))
        else:
            lines.append(style("  " + texts.label("score.tie"), "bold"))
    for n in d.get("notes", []):
        lines.append("  " + style(texts.label("verdict.note"), "cyan") + f"  {n}")
    return "\n".join(lines)


def moves_text(d: dict, style: Style) -> str:
    head = texts.section("moves", "heading", {"count": d["count"], "player": d["player"],
                                                 "phase": d["phase"], "ruleset": d["ruleset"]})
    lines = [style(head, "bold")]
    if not d["moves"]:
        lines.append("  " + texts.section("moves", "none"))
    kind = None
    for m in d["moves"]:
        if m["kind"] != kind:
            kind = m["kind"]
            lines.append("")
            lines.append(style(texts.section("moves", f"kinds.{kind}"), "cyan"))
        extra = []
        if m["choices"]:
            extra.append("; ".join(texts.show_move(c) for c in m["choices"]))
        lines.append(f"  {texts.show_move(m['move'])}" + (style(f"   ({', '.join(extra)})", "dim") if extra else ""))
    for n in d["notes"]:
        lines.append(style(texts.label("verdict.note"), "cyan") + f"  {n}")
    return "\n".join(lines)


def hint_text(d: dict, style: Style) -> str:
    if d["move"] is None:
        return d["reason"]
    lines = [style(texts.show_move(d["move"]), "bold", "green"), f"  {d['reason']}"]
    for n in d["notes"]:
        lines.append("  " + style(texts.label("verdict.note"), "cyan") + f"  {n}")
    return "\n".join(lines)
