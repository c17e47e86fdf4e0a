"""The learning path: what to do now, and why. Due reviews first (the rules whose FSRS due time has
come and that a quiz can drill), then the next lesson not yet finished (resumed where it was left),
then a quiz on the rules the learner knows least. ``canasta learn`` follows it; ``progress`` and
``lesson list`` show it.
"""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.learning.progress import Progress
from canasta_tutor.learning.tested import topic_titles

REVIEW_MAX = 8  # reviews asked in one go before the path moves on
WEAK_RULES = 3  # rules in a quiz on the weakest


def say(key: str, **params) -> str:
    return texts.section("learning", key, params)


def lesson_states(store, lessons=None) -> list[dict]:
    """Every lesson in order (the built-in ones, or a pack's ``lessons``): id, title, questions, done
    (answered since last started), finished, its number, and which one is next."""
    finished = set(store.finished_lessons())
    places = store.lesson_places() if hasattr(store, "lesson_places") else {}
    # Built-in lessons are numbered from 0, as their files are; a pack's from 1.
    numbered = (enumerate(builtin_summaries()) if lessons is None
                else enumerate(((ls.id, ls.title, len(ls.questions), ls.rule_ids()) for ls in lessons), 1))
    out = []
    for number, (lesson_id, title, total, rules) in numbered:
        done = min(places.get(lesson_id, 0), total)
        state = "started" if 0 < done < total else "finished" if lesson_id in finished else "new"
        out.append({"id": lesson_id, "title": title, "questions": total, "done": done, "state": state,
                    "rules": list(rules), "next": False, "number": number})
    upcoming = next((x for x in out if x["state"] == "started"), None) or next(
        (x for x in out if x["state"] == "new"), None)
    if upcoming:
        upcoming["next"] = True
    return out


_SUMMARIES: dict[str, list[tuple[str, str, int, list[str]]]] = {}


def builtin_summaries() -> list[tuple[str, str, int, list[str]]]:
    """(id, title, questions, rules) of every built-in lesson, in the chosen language: read once, as
    the path asks for them at every step."""
    from canasta_tutor.learning.lesson import builtin_lessons, read_lesson

    lang = texts.language()
    if lang not in _SUMMARIES:
        _SUMMARIES[lang] = [(ls.id, ls.title, len(ls.questions), ls.rule_ids())
                            for ls in map(read_lesson, builtin_lessons())]
    return _SUMMARIES[lang]


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


def drill_ruleset(rule: str, ruleset: str, chosen: bool) -> str | None:
    """The ruleset a review of ``rule`` is drilled under: the learner's when it has the rule (or the
    review is a lesson's own question, which keeps its table's rules); else, for a learner who never
    chose a ruleset, the first built-in one that has it (a lesson taught it under those rules); None
    when the learner chose a ruleset without it: the rule leaves their path."""
    from canasta_tutor.engine.ruleset import BUILTIN
    from canasta_tutor.learning.quiz import drill_of, possible

    if drill_of(rule) is None or possible(rule, ruleset):
        return ruleset
    if chosen:
        return None
    return next((rs for rs in BUILTIN if possible(rule, rs)), None)


def next_step(store: Progress, ruleset: str | None = None, skip: frozenset[str] = frozenset()) -> dict:
    """What to do now: {"kind": review|lesson|quiz|none, "why", "text", the rules or lesson, and
    "rulesets": the ruleset each rule is drilled under}. ``skip`` holds the rules and lessons already
    tried in this session that asked nothing: the path goes on past them."""
    from canasta_tutor.learning.quiz import DEFAULT_RULESET, drillable, reviewable

    chosen = store.ruleset()
    ruleset = ruleset or chosen or DEFAULT_RULESET
    where: dict[str, str] = {}

    def usable(rule: str) -> bool:
        if rule in skip:
            return False
        rs = drill_ruleset(rule, ruleset, chosen is not None)
        if rs is not None:
            where[rule] = rs
        return rs is not None

    due = [r for r in store.due_now() if reviewable(r) and usable(r)][:REVIEW_MAX]
    if due:
        names = topic_titles(due)
        return {"kind": "review", "rules": due, "lesson": None, "rulesets": where,
                "why": say("why-review", rules=names, count_text=say("why-review-count", n=len(due))),
                "text": say("next-review", rules=names, n=len(due))}
    lesson = next((x for x in lesson_states(store) if x["next"] and x["id"] not in skip), None)
    if lesson is None:
        lesson = next((x for x in lesson_states(store) if x["state"] != "finished" and x["id"] not in skip), None)
    if lesson is not None:
        started = lesson["state"] == "started"
        key = "lesson-started" if started else "lesson"
        title = say("quoted", title=lesson["title"])  # in the language's own quotation marks
        return {"kind": "lesson", "rules": [], "lesson": lesson["id"], "rulesets": {},
                "why": say(f"why-{key}", title=title),
                "text": say(f"next-{key}", title=title, lesson=lesson["id"],
                            at=lesson["done"] + 1, total=lesson["questions"])}
    rules = weakest(store, [r for r in sorted(set(drillable())) if usable(r)])
    if not rules:
        return {"kind": "none", "rules": [], "lesson": None, "rulesets": {}, "why": say("nothing", ruleset=ruleset),
                "text": say("nothing", ruleset=ruleset)}
    return {"kind": "quiz", "rules": rules, "lesson": None, "rulesets": {r: where[r] for r in rules},
            "why": say("why-quiz"), "text": say("next-quiz", rules=topic_titles(rules))}


def run_learn(talk, store: Progress, ruleset: str, seed: int, restart: bool = False, goal=None):
    """Follow the path until the learner stops (``q`` or the end of the input): each time, say what
    comes next and why, then do it. A step that could ask nothing (no position came up for a rule)
    is passed over for the rest of the session, so the path never stalls on it. Once the day's
    ``goal`` is reached (between steps), the day's summary, and the choice to go on."""
    from canasta_tutor.learning import day
    from canasta_tutor.learning.lesson import find_lesson, read_lesson
    from canasta_tutor.learning.tutor import Outcome, question_key, run_lesson, run_quiz

    goal = goal or day.Goal.parse(day.DEFAULT_GOAL)
    total = Outcome()
    skip: set[str] = set()
    asked: set[str] = set()  # no question twice in one session
    talk.out(say("learn-ruleset", ruleset=ruleset), "dim")
    talk.out(day.start_line(store, goal), "dim")
    talk.out()
    going_on = day.today(store).reached(goal)  # a learner who comes back after the goal came to go on
    while True:
        if not going_on and day.today(store).reached(goal):
            for line in day.summary(store, skip):
                talk.out(line, "bold")
            talk.out(say("go-on"))
            answer = talk.ask()
            if answer is None or answer.strip().lower() not in ("y", "yes", "j", "ja", "s", "sim"):
                talk.out(say("day-end"))
                return total
            going_on = True
        step = next_step(store, ruleset, frozenset(skip))
        if step["kind"] == "none":
            talk.out(step["why"])
            for line in day.summary(store, skip):
                talk.out(line, "bold")
            return total
        talk.out(step["why"], "bold")
        talk.out()
        if step["kind"] == "lesson":
            # A lesson is taken under the rules it teaches (its tables name them), whatever the learner's.
            lesson = read_lesson(find_lesson(step["lesson"]))
            outcome = run_lesson(lesson, talk, store)
            asked.update(map(question_key, lesson.questions))
        else:
            count = len(step["rules"]) if step["kind"] == "review" else 5
            unfinished = frozenset(x["id"] for x in lesson_states(store) if x["state"] != "finished")
            # The answers so far move the seed on: the same --seed another day draws other positions.
            outcome = run_quiz(talk, store, step["rules"], count, ruleset, seed * 1_000_003 + store.answers(),
                               where=step["rulesets"], asked=asked, unfinished=unfinished)
        total.asked += outcome.asked
        total.right_first += outcome.right_first
        if outcome.quit:
            total.quit = True
            return total
        if not outcome.asked:
            skip.update(step["rules"] or [step["lesson"]])
