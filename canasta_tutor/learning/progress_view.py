"""`canasta progress`: what the scheduler says rule by rule and what is due, as data (for --json) and
as a table, ending with the one thing to do next."""
from __future__ import annotations

from datetime import UTC, datetime

from canasta_tutor import texts
from canasta_tutor.learning.day import due_in as _when
from canasta_tutor.learning.progress import Progress
from canasta_tutor.learning.schedule import MASTERED_RETRIEVABILITY, MASTERED_STABILITY
from canasta_tutor.learning.tested import topic_title


def say(key: str, **params) -> str:
    return texts.section("learning", key, params)


def _moment(stamp: float) -> str:
    """A moment as ISO 8601 in UTC, saying so (``2026-12-03T08:30:00+00:00``): a script reading it
    needs no guess about the time zone, and the same database gives the same JSON on every machine."""
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")


def progress_data(store: Progress) -> dict:
    from canasta_tutor.engine.rules import RULES
    from canasta_tutor.learning.path import next_step
    from canasta_tutor.learning.quiz import drillable

    now = store.now()
    known = store.rules()
    every = list(RULES) + [r for r in drillable() if r not in RULES]
    rows = []
    for rule in every:
        p = known.get(rule)
        row = {"rule": rule, "title": topic_title(rule),
               "right": p.right if p else 0, "wrong": p.wrong if p else 0,
               "due": _moment(p.due) if p else None,
               "due_in": _when(p.due, now) if p else None,
               "due_now": bool(p and p.due <= now), "mastered": bool(p and p.mastered),
               "seen": p is not None}
        if p:
            f = p.fsrs
            row.update({"state": f.state, "stability": round(f.stability, 2), "difficulty": round(f.difficulty, 2),
                        "retrievability": round(f.retrievability, 3)})
        else:
            row.update({"state": None, "stability": None, "difficulty": None, "retrievability": None})
        rows.append(row)
    return {
        "database": str(store.path),
        "learner": store.learner,
        "learners": store.learners(),
        "ruleset": store.ruleset(),
        "answers": store.answers(),
        "lessons_finished": store.finished_lessons(),
        "scheduler": {"name": "FSRS", "mastered_when": {"stability_days": MASTERED_STABILITY,
                                                         "retrievability": MASTERED_RETRIEVABILITY}},
        "rules": rows,
        "due": [r["rule"] for r in rows if r["due_now"]],
        "mastered": [r["rule"] for r in rows if r["mastered"]],
        "unseen": [r["rule"] for r in rows if not r["seen"]],
        "next": next_step(store),
    }


def print_progress(d: dict, verbose: bool = False) -> None:
    """The table of rules: each by its title (its id with ``verbose``), right and wrong answers, what
    FSRS expects, when it is due, and a mark for a mastered rule that shows without colour."""
    from rich.markup import escape
    from rich.table import Table

    from canasta_tutor.render.console import ascii_only, console

    full, empty = ("#", "-") if ascii_only() else ("■", "□")
    out = console()
    finished = (", ".join(d["lessons_finished"]) if verbose else lesson_titles(d["lessons_finished"])) or say("none-yet")
    out.print(escape(say("summary", learner=d["learner"], answers=d["answers"], lessons=finished)))
    from rich import box

    # One line a rule in 80 columns: no cell wraps, and a mastered rule is marked where colour is not
    # shown (the mark is explained on the totals line).
    mark = "+" if ascii_only() else "✓"
    grid = Table(show_edge=False, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    # The rule's title gives way (an ellipsis) before any figure or header does; the mark leads its cell.
    grid.add_column(say("column-rule"), no_wrap=True, overflow="ellipsis", max_width=34)
    for col in ("right", "wrong", "memory", "due"):
        header = say(f"column-{col}")
        grid.add_column(header, no_wrap=True, min_width=max(len(header), 12 if col == "due" else 0),
                        justify="right" if col in ("right", "wrong") else "left")
    for r in d["rules"]:
        if not r["seen"]:
            continue
        style = "green" if r["mastered"] else ("yellow" if r["due_now"] else "")
        memory = say("memory", stability=texts.decimal(r["stability"]), retrievability=round(r["retrievability"] * 100))
        name = escape(r["rule"] if verbose else r["title"])
        name = f"[{style}]{name}[/]" if style else name
        grid.add_row(f"{mark if r['mastered'] else ' '} {name}", str(r["right"]), str(r["wrong"]), escape(memory),
                     r["due_in"] or "")
    if grid.row_count:
        out.print(grid)
    out.print(escape(say("totals", mark=mark, mastered=len(d["mastered"]), due=len(d["due"]), unseen=len(d["unseen"]))))
    out.print(f"[bold]{escape(say('next', what=d['next']['text']))}[/]")
    if verbose and d["next"]["rules"]:  # the titles for reading, the ids for looking up (canasta explain)
        out.print(escape(f"  [{', '.join(d['next']['rules'])}]"))


def lesson_titles(lessons: list[str]) -> str:
    """Lessons by their quoted titles (a built-in lesson's, in the chosen language), joined as a
    sentence lists them; a lesson that is not built in by its id."""
    from canasta_tutor.learning.path import builtin_summaries

    titles = {lesson_id: title for lesson_id, title, _, _ in builtin_summaries()}
    order = list(titles)  # in the order of the path, the lessons of a pack after them
    lessons = sorted(lessons, key=lambda x: (order.index(x) if x in titles else len(order), x))
    return texts.listed([texts.section("learning", "quoted", {"title": titles[x]}) if x in titles else x
                         for x in lessons])
