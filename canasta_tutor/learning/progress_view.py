"""`canasta progress`: mastery per rule and what is due, as data (for --json) and as a table."""
from __future__ import annotations

import time

from canasta_tutor import texts
from canasta_tutor.learning.progress import BOXES, Progress


def _when(due: float, now: float) -> str:
    if due <= now:
        return "now"
    days = (due - now) / 86400
    return "in " + (texts.counted("day", round(days)) if days >= 1 else texts.counted("hour", max(1, round(days * 24))))


def progress_data(store: Progress) -> dict:
    from canasta_tutor.learning.quiz import drillable
    from canasta_tutor.engine.rules import RULES

    now = store.now()
    known = store.rules()
    every = list(RULES) + [r for r in drillable() if r not in RULES]
    rows = []
    for rule in every:
        p = known.get(rule)
        rows.append({"rule": rule, "title": texts.rule_entry(rule).get("title", rule) if rule in RULES else rule,
                     "box": p.box if p else 0, "right": p.right if p else 0, "wrong": p.wrong if p else 0,
                     "due": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(p.due)) if p else None,
                     "due_in": _when(p.due, now) if p else None,
                     "due_now": bool(p and p.due <= now), "mastered": bool(p and p.mastered)})
    return {
        "database": str(store.path),
        "learner": store.learner,
        "learners": store.learners(),
        "answers": store.answers(),
        "lessons_finished": store.finished_lessons(),
        "boxes": BOXES,
        "rules": rows,
        "due": [r["rule"] for r in rows if r["due_now"]],
        "mastered": [r["rule"] for r in rows if r["mastered"]],
        "unseen": [r["rule"] for r in rows if r["box"] == 0],
    }


def print_progress(d: dict) -> None:
    from rich.markup import escape
    from rich.table import Table

    from canasta_tutor.render.console import ascii_only, console

    full, empty = ("#", "-") if ascii_only() else ("■", "□")
    out = console()
    answers = texts.counted("answer", d["answers"])
    out.print(f"[bold]{escape(d['learner'])}[/]: [bold]{answers}[/] given; lessons finished: "
              f"{escape(', '.join(d['lessons_finished'])) or 'none yet'}")
    grid = Table(show_edge=False, header_style="bold")
    for col in ("rule", "box", "right", "wrong", "due"):
        grid.add_column(col)
    for r in d["rules"]:
        if r["box"] == 0:
            continue
        bar = full * r["box"] + empty * (d["boxes"] - r["box"])
        style = "green" if r["mastered"] else ("yellow" if r["due_now"] else "")
        grid.add_row(f"[{style}]{escape(r['rule'])}[/]" if style else escape(r["rule"]), bar, str(r["right"]), str(r["wrong"]),
                     r["due_in"] or "")
    if grid.row_count:
        out.print(grid)
    out.print(f"mastered: {len(d['mastered'])}   due now: {len(d['due'])}   not practised yet: {len(d['unseen'])}")
    if d["due"] or d["unseen"]:
        out.print("[dim]practise with: canasta quiz   (or canasta lesson list)[/]")
