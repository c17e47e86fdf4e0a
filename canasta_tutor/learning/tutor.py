"""Taking lessons and quizzes in the terminal: ask, read the answer, grade it by the engine, explain.

Two ways to talk: at a terminal, prompts and a drawn table; when standard input is not a terminal,
one answer per line and plain text, so a script (or a test) can take a whole lesson. Every answer
goes to the progress database as it is given.
"""
from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass

from canasta_tutor import texts
from canasta_tutor.render import report
from canasta_tutor.learning.lesson import Lesson, Question, feedback_for
from canasta_tutor.learning.progress import Progress
from canasta_tutor.render.plain import Style, colour_on, score_text, verdict_text
from canasta_tutor.render.safe import clean, clean_data


def say(key: str, **params) -> str:
    return texts.section("tutor", key, params)


class Talk:
    """Where questions go and answers come from."""

    def __init__(self, stdin=None, stdout=None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.interactive = hasattr(self.stdin, "isatty") and self.stdin.isatty()
        self.style = Style(colour_on(self.stdout) and self.interactive)

    def out(self, text: str = "", *styles: str) -> None:
        """One line for the learner; a control character from a lesson file or an answer is shown as
        an escape, never obeyed by the terminal."""
        self.styled(self.style(clean(text, keep="\n"), *styles))

    def styled(self, text: str) -> None:
        """Text already styled by us, from cleaned data (``clean_data``)."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def text(self, text: str) -> None:
        for para in text.strip().split("\n\n"):
            self.out(textwrap.fill(" ".join(para.split()), width=88))
            self.out()

    def table(self, table) -> None:
        if self.interactive:
            from canasta_tutor.render.table_view import print_table

            print_table(table)
        else:
            from canasta_tutor.render.table_view import table_lines

            for line in table_lines(table):
                self.out(line)
        self.out()

    def ask(self, prompt: str = "> ") -> str | None:
        """One answer, or None at the end of the input (the learner is done for now)."""
        if self.interactive:
            try:
                return input(self.style(prompt, "bold"))
            except EOFError:
                return None
        line = self.stdin.readline()
        if not line:
            return None
        answer = line.rstrip("\n")
        self.out(prompt + answer)  # a transcript that reads like the session it replays
        return answer


@dataclass
class Outcome:
    asked: int = 0
    right_first: int = 0
    quit: bool = False

    def count(self, first: bool | None, talk: "Talk") -> bool:
        """Count one question's outcome; False when the learner stopped (their answers are saved)."""
        if first is None:
            self.quit = True
            talk.out(say("saved"))
            return False
        self.asked += 1
        self.right_first += int(first)
        return True


def parse_answer(q: Question, text: str, options: list[str]):
    """The learner's answer as the value ``Question.correct`` holds, or None if not understood."""
    t = text.strip().lower()
    if q.kind == "legal":
        if t in ("y", "yes", "legal", "l", "ok", "j", "ja", "sim", "s"):
            return True
        if t in ("n", "no", "illegal", "i", "nee", "nej", "não", "nao"):
            return False
        return None
    if q.kind == "score":
        try:
            return int(t.replace(" ", "").replace("+", ""))
        except ValueError:
            return None
    if t.isdigit() and 1 <= int(t) <= len(options):
        return options[int(t) - 1] if q.kind == "rule" else int(t)
    if q.kind == "rule" and t in options:
        return t
    return None


def ask(q: Question, talk: Talk, progress: Progress | None, source: str, seed: str = "",
        tries: int = 2) -> bool | None:
    """Ask one question until it is answered right or the tries are spent. Returns whether the
    first answer was right, or None when the learner quits."""
    options = _prompt(q, talk, seed)
    right = q.correct(seed)
    attempts = 0
    first = None
    while True:
        text = talk.ask()
        if text is None or text.strip().lower() in ("q", "quit", "exit"):
            return None
        if text.strip() in ("?", "h", "hint"):
            talk.out(say("hint", hint=q.hint or _auto_hint(q)), "cyan")
            continue
        answer = parse_answer(q, text, options)
        if answer is None:
            talk.out(say(f"format-{q.kind}", n=len(options)), "yellow")
            continue
        attempts += 1
        ok = answer in right
        if not ok and feedback_for(q, answer):
            talk.out(feedback_for(q, answer), "cyan")
        if progress is not None:
            # Every answer is kept; only the first one moves the rule boxes, so a retry after being
            # told "not quite" does not count as knowing the rule.
            progress.record(source, _question_text(q), q.rule_ids() if attempts == 1 else [], text.strip(), ok)
            if getattr(progress, "pending", None):
                talk.out(texts.section("safety", "answer-kept"), "yellow")
        if attempts == 1:
            first = ok
        if ok:
            talk.out(say("right"), "green", "bold")
        elif attempts < tries:
            talk.out(say("wrong-retry"), "red")
            continue
        else:
            talk.out(say("wrong-answer", answer=_show_answer(q, right, options)), "red", "bold")
        _explain(q, talk)
        if q.explanation:
            talk.out()
            talk.text(q.explanation)
        talk.out()
        return first


def _keeping(result: Outcome, exc: KeyboardInterrupt) -> KeyboardInterrupt:
    """Ctrl-C carries the result so far, for the caller to report."""
    exc.outcome = result  # type: ignore[attr-defined]
    return exc


def run_lesson(lesson: Lesson, talk: Talk, progress: Progress | None) -> Outcome:
    result = Outcome()
    try:
        return _lesson(lesson, talk, progress, result)
    except KeyboardInterrupt as exc:
        raise _keeping(result, exc)


def _lesson(lesson: Lesson, talk: Talk, progress: Progress | None, result: Outcome) -> Outcome:
    talk.out(lesson.title, "bold")
    talk.out()
    for step in lesson.steps:
        if step.say:
            talk.text(step.say)
        elif step.table is not None:
            talk.table(step.table)
        elif step.question is not None:
            if not result.count(ask(step.question, talk, progress, f"lesson:{lesson.id}", lesson.id), talk):
                return result
    if progress is not None:
        progress.finish_lesson(lesson.id)
    talk.out(say("lesson-done", right=result.right_first, asked=result.asked), "bold")
    return result


# -- what the learner reads -------------------------------------------------------------------------
def _question_text(q: Question) -> str:
    if q.kind == "which":
        return "which legal: " + " | ".join(q.moves)
    if q.kind == "score":
        return f"score {q.side}" + (f" ({q.out} out)" if q.out else "")
    return f"{q.kind}: {q.move}"


def _prompt(q: Question, talk: Talk, seed: str) -> list[str]:
    talk.out(say("question", number=q.number), "bold")
    if q.kind == "legal":
        talk.out(say("ask-legal", player=q.table.turn.player, move=q.move))
        return []
    if q.kind == "rule":
        options = q.options(seed)
        talk.out(say("ask-rule", move=q.move))
        for i, rid in enumerate(options, 1):
            talk.out(f"  {i}. {texts.rule_entry(rid)['title']}")
        return options
    if q.kind == "which":
        talk.out(say("ask-which", player=q.table.turn.player))
        for i, m in enumerate(q.moves, 1):
            talk.out(f"  {i}. {m}")
        return q.moves
    talk.out(say("ask-score-out", player=q.out) if q.out else say("ask-score-nobody"))
    talk.out(say("ask-score", side=q.side))
    return []


def _show_answer(q: Question, right: set, options: list[str]) -> str:
    if q.kind == "legal":
        return texts.word("legal" if True in right else "illegal")
    if q.kind == "rule":
        return "; ".join(f"{options.index(r) + 1}. {texts.rule_entry(r)['title']}" for r in sorted(right, key=options.index))
    if q.kind == "which":
        return "; ".join(f"{i}. {q.moves[i - 1]}" for i in sorted(right))
    return str(next(iter(right)))


def _explain(q: Question, talk: Talk) -> None:
    """The engine's own words: what ``check`` or ``score`` would print."""
    if q.kind in ("legal", "rule"):
        talk.styled(verdict_text(clean_data(report.verdict_dict(q.verdict())), talk.style))
    elif q.kind == "which":
        for v in q.verdicts():
            talk.styled(verdict_text(clean_data(report.verdict_dict(v)), talk.style))
    else:
        talk.styled(score_text(clean_data(report.score_dict(q.report())), talk.style))


def _auto_hint(q: Question) -> str:
    t = q.table
    if q.kind == "score":
        return say("hint-score")
    side = t.side_of(t.turn.player)
    tier = t.ruleset.threshold(side.score)
    top = str(t.discard[-1]) if t.discard else say("none")
    return say("hint-table", top=top, size=len(t.discard), size_text=texts.counted("card", len(t.discard)),
               frozen=texts.word("yes" if t.pile_content_frozen() else "no"),
               melded=texts.word("yes" if side.has_melded else "no"),
               need=tier.need if tier.need is not None else say("a-canasta"),
               canastas=side.canastas, ruleset=t.ruleset.id)


def run_quiz(talk: Talk, progress: Progress | None, rules: list[str], count: int | None,
             ruleset: str | None, seed: int) -> Outcome:
    """Questions until ``count`` are answered (or the learner stops): each time the rule that is
    most due, a position drawn at random, the engine's answer."""
    import random


    rng = random.Random(seed)
    result = Outcome()
    try:
        return _quiz(talk, progress, rules, count, ruleset, rng, seed, result)
    except KeyboardInterrupt as exc:
        raise _keeping(result, exc)


def _quiz(talk: Talk, progress: Progress | None, rules: list[str], count: int | None, ruleset: str | None,
          rng, seed: int, result: Outcome) -> Outcome:
    from canasta_tutor.learning.quiz import drill_of, question_for

    candidates = list(rules)
    rng.shuffle(candidates)  # among rules equally due, no fixed order
    while candidates and (count is None or result.asked < count):
        target = progress.due(candidates)[0] if progress is not None else rng.choice(candidates)
        q = question_for(target, rng, ruleset)
        if q is None:
            talk.out(say("quiz-skip", rule=target, ruleset=ruleset or ""), "yellow")
            candidates.remove(target)
            continue
        q.number = result.asked + 1
        talk.out(say("quiz-topic", topic=drill_of(target).name), "dim")
        talk.table(q.table)
        if not result.count(ask(q, talk, progress, "quiz", str(seed)), talk):
            return result
    talk.out(say("quiz-done", right=result.right_first, asked=result.asked), "bold")
    return result
