"""The learning path: what to do now, and why. Due reviews first (the rules whose FSRS due time has
come and that a quiz can drill), then the next lesson not yet finished (resumed where it was left),
then a quiz on the rules the learner knows least. ``canasta learn`` follows it; ``progress`` and
``lesson list`` show it.
"""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.learning.progress import Progress

REVIEW_MAX = 8  # reviews asked in one go before the path moves on
WEAK_RULES = 3  # rules in a quiz on the weakest


def say(key: str, **params) -> str:
    return texts.section("learning", key, params)


def lesson_states(store, lessons=None) -> list[dict]:
    """Every lesson in order (the built-in ones, or a pack's ``lessons``): id, title, questions, done
    (answered since last started), finished, its number, and which one is next."""
    from canasta_tutor.learning.lesson import builtin_lessons, read_lesson

    finished = set(store.finished_lessons())
    places = store.lesson_places() if hasattr(store, "lesson_places") else {}
    # Built-in lessons are numbered from 0, as their files are; a pack's from 1.
    numbered = (enumerate(read_lesson(p) for p in builtin_lessons()) if lessons is None
                else enumerate(lessons, 1))
    out = []
    for number, ls in numbered:
        total = len(ls.questions)
        done = min(places.get(ls.id, 0), total)
        state = "started" if 0 < done < total else "finished" if ls.id in finished else "new"
        out.append({"id": ls.id, "title": ls.title, "questions": total, "done": done, "state": state,
                    "rules": ls.rule_ids(), "next": False, "number": number})
    upcoming = next((x for x in out if x["state"] == "started"), None) or next(
        (x for x in out if x["state"] == "new"), None)
    if upcoming:
        upcoming["next"] = True
    return out


def weakest(store: Progress, candidates: list[str], n: int = WEAK_RULES) -> list[str]:
    """The rules the learner knows least: lowest retrievability now, then most often wrong; never
    practised rules count as unknown."""
    known = store.rules()

    def order(rule: str):
        p = known.get(rule)
        if p is None:
            return (0.0, 0, rule)
        return (p.fsrs.retrievability, -p.wrong, rule)
    return sorted(candidates, key=order)[:n]


def next_step(store: Progress) -> dict:
    """What to do now: {"kind": review|lesson|quiz|none, "why", "text", and the rules or lesson}."""
    from canasta_tutor.learning.quiz import drillable, reviewable

    can_drill = set(drillable())
    due = [r for r in store.due_now() if reviewable(r)][:REVIEW_MAX]
    if due:
        names = ", ".join(due)
        return {"kind": "review", "rules": due, "lesson": None,
                "why": say("why-review", rules=names, count_text=say("why-review-count", n=len(due))),
                "text": say("next-review", rules=names, n=len(due))}
    lesson = next((x for x in lesson_states(store) if x["next"]), None)
    if lesson is not None:
        started = lesson["state"] == "started"
        key = "lesson-started" if started else "lesson"
        return {"kind": "lesson", "rules": [], "lesson": lesson["id"],
                "why": say(f"why-{key}", title=lesson["title"]),
                "text": say(f"next-{key}", title=lesson["title"], lesson=lesson["id"],
                            at=lesson["done"] + 1, total=lesson["questions"])}
    rules = weakest(store, sorted(can_drill))
    return {"kind": "quiz", "rules": rules, "lesson": None, "why": say("why-quiz"),
            "text": say("next-quiz", rules=", ".join(rules))}


def run_learn(talk, store: Progress, ruleset: str, seed: int, restart: bool = False):
    """Follow the path until the learner stops (``q`` or the end of the input): each time, say what
    comes next and why, then do it."""
    from canasta_tutor.learning.lesson import find_lesson, read_lesson
    from canasta_tutor.learning.tutor import Outcome, run_lesson, run_quiz

    total = Outcome()
    talk.out(say("learn-ruleset", ruleset=ruleset), "dim")
    while True:
        step = next_step(store)
        talk.out(step["why"], "bold")
        talk.out()
        if step["kind"] == "lesson":
            # A lesson is taken under the rules it teaches (its tables name them), whatever the learner's.
            outcome = run_lesson(read_lesson(find_lesson(step["lesson"])), talk, store)
        else:
            count = len(step["rules"]) if step["kind"] == "review" else 5
            outcome = run_quiz(talk, store, step["rules"], count, ruleset, seed)
            seed += 1
        total.asked += outcome.asked
        total.right_first += outcome.right_first
        if outcome.quit or not outcome.asked:
            total.quit = outcome.quit
            if not outcome.asked and not outcome.quit:
                talk.out(say("nothing", ruleset=ruleset))
            return total

