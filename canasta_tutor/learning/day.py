"""A day's shape for ``canasta learn``: the learner's daily goal (answers, or minutes), how far today
has come, the streak of days with practice, and the summary that closes the day ("done for today").

Days are UTC days of the progress clock ($CANASTA_NOW in tests), so the same answers give the same
streak on every machine.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from canasta_tutor import texts
from canasta_tutor.learning.progress import DAY, Progress

DEFAULT_GOAL = "20"
MAX_GOAL = 1000  # answers or minutes: beyond any day's practice


def say(key: str, **params: object) -> str:
    return texts.section("learning", key, params)


@dataclass(frozen=True)
class Goal:
    amount: int
    minutes: bool  # minutes of practice today, else answers given today

    @staticmethod
    def parse(text: str) -> Goal | None:
        """``20`` (answers) or ``15m`` (minutes); None when it is neither."""
        found = re.fullmatch(r"\s*(\d{1,4})\s*(m|min)?\s*", text or "")
        if not found or not 1 <= int(found.group(1)) <= MAX_GOAL:
            return None
        return Goal(int(found.group(1)), bool(found.group(2)))

    def words(self) -> str:
        return texts.counted("minute" if self.minutes else "answer", self.amount)


@dataclass
class Today:
    answers: int  # questions answered today (their first answers)
    right: int  # of those, right at the first try
    minutes: int  # from the first answer of the day until now
    streak: int  # days in a row, up to today, with at least one answer

    def reached(self, goal: Goal) -> bool:
        return (self.minutes if goal.minutes else self.answers) >= goal.amount

    def share(self) -> int:
        return round(100 * self.right / self.answers) if self.answers else 0


def today(store: Progress) -> Today:
    now = store.now()
    start = now - now % DAY
    answers, right, first = store.conn.execute(
        "SELECT count(*), coalesce(sum(correct), 0), min(at) FROM answers WHERE learner = ? AND rating IS NOT NULL "
        "AND at >= ? AND at <= ?", (store.learner, start, now)).fetchone()
    days = {int(d) for (d,) in store.conn.execute(
        "SELECT DISTINCT CAST(at / ? AS INTEGER) FROM answers WHERE learner = ? AND at <= ? AND typeof(at) = 'real'",
        (DAY, store.learner, now))}
    day = int(now // DAY)
    if day not in days:
        day -= 1  # a streak stands until a whole day goes by without practice
    streak = 0
    while day in days:
        streak += 1
        day -= 1
    minutes = int((now - first) // 60) if first is not None else 0
    return Today(answers, right, minutes, streak)


def due_in(due: float, now: float) -> str:
    """When a review is due, from now: now, in minutes, hours or days."""
    if due <= now:
        return say("due-now")
    days = (due - now) / DAY
    if days >= 1:
        return say("due-days", n=round(days))
    if days * 24 >= 1:
        return say("due-hours", n=round(days * 24))
    return say("due-minutes", n=max(1, round(days * 24 * 60)))


def next_review(store: Progress, skip: set[str]) -> tuple[str, float] | None:
    """The next rule to come due after now that the path would offer, and when."""
    from canasta_tutor.learning.quiz import reviewable

    now = store.now()
    for rule, due in store.conn.execute("SELECT rule, due FROM cards WHERE learner = ? AND due > ? ORDER BY due",
                                        (store.learner, now)):
        if rule not in skip and reviewable(rule):
            return rule, due
    return None


def start_line(store: Progress, goal: Goal) -> str:
    t = today(store)
    done = t.minutes if goal.minutes else t.answers
    return say("day-start", done=done, goal=goal.words(), streak=texts.counted("day", t.streak))


def summary(store: Progress, skip: set[str]) -> list[str]:
    """"Done for today": answers, the share right, the streak, and what is due next and when."""
    t = today(store)
    lines = [say("day-done", answers=texts.counted("answer", t.answers), share=t.share(),
                 streak=texts.counted("day", t.streak))]
    found = next_review(store, skip)
    if found is None:
        lines.append(say("day-next-none"))
    else:
        rule, due = found
        from canasta_tutor.learning.tested import topic_title

        title = topic_title(rule)
        lines.append(say("day-next", rule=title, when=due_in(due, store.now())))
    return lines
