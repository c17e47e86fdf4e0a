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
from canasta_tutor.learning.lesson import Lesson, Question, feedback_for
from canasta_tutor.learning.progress import Progress
from canasta_tutor.render.plain import Style, colour_on
from canasta_tutor.render.safe import clean


def say(key: str, **params) -> str:
    return texts.section("tutor", key, params)


def say_learning(key: str, **params) -> str:
    return texts.section("learning", key, params)


class Talk:
    """Where questions go and answers come from."""

    def __init__(self, stdin=None, stdout=None, verbose: bool = False) -> None:
        self.verbose = verbose  # rule ids and sources after each answer
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

    def width(self) -> int:
        """Prose wraps to the terminal (between 40 and 88 columns); 88 when there is no terminal."""
        import shutil

        columns = shutil.get_terminal_size((88, 24)).columns
        return max(40, min(88, columns - 1))

    def text(self, text: str) -> None:
        for para in text.strip().split("\n\n"):
            self.out(textwrap.fill(" ".join(para.split()), width=self.width()))
            self.out()

    def table(self, table, over: bool = False) -> None:
        if self.interactive:
            from canasta_tutor.render.table_view import print_table

            print_table(table, teaching=True, over=over)
        else:
            from canasta_tutor.render.table_view import table_lines

            for line in table_lines(table, teaching=True, over=over):
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

    def count(self, first: bool | None, talk: Talk) -> bool:
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
        tries: int = 2, lesson: tuple[str, int] | None = None) -> bool | None:
    """Ask one question until it is answered right or the tries are spent. Returns whether the
    first answer was right, or None when the learner quits.

    Every answer is saved as it is given. The first answer is the review of the rules the question
    tests: right (FSRS Good, or Hard after a hint) or wrong (Again, a lapse). A retry only teaches:
    it earns nothing, and a question of two choices (legal or not) has none, its answer being the
    other one. A learner who stops before answering is asked the question again next time."""
    from canasta_tutor.learning.feedback import explain, hint, references
    from canasta_tutor.learning.schedule import rating_for
    from canasta_tutor.learning.tested import tested_rules

    options = _prompt(q, talk, seed)
    right = q.correct(seed)
    rules = tested_rules(q)
    if q.kind == "legal" or (q.kind == "best" and len(q.moves) == 2):
        tries = 1  # the answer of two choices is the other one: no retry
    attempts = 0
    first = None
    hints = 0
    while True:
        text = talk.ask()
        if text is None or text.strip().lower() in ("q", "quit", "exit"):
            return None
        if text.strip() in ("?", "h", "hint"):
            talk.out(say("hint", hint=hint(q, hints)), "cyan")
            hints += 1
            continue
        answer = parse_answer(q, text, options)
        if answer is None:
            talk.out(say(f"format-{q.kind}", n=len(options)), "yellow")
            continue
        attempts += 1
        ok = answer in right
        if not ok and feedback_for(q, answer):
            talk.out(feedback_for(q, answer), "cyan")
        settled = ok or attempts >= tries
        review = attempts == 1
        if progress is not None:
            progress.record(source, _question_text(q), rules, text.strip(), ok,
                            rating=rating_for(ok, True, hints > 0) if review else None,
                            lesson=lesson if review else None)
            if getattr(progress, "pending", None):
                talk.out(texts.section("safety", "answer-kept"), "yellow")
        if review:
            first = ok
        if ok:
            talk.out(say("right"), "green", "bold")
            best = q.best_rating() if q.kind == "best" else None
            if best is not None and q.ratings()[answer - 1] is not best:  # nearly as good: said so
                talk.out(say_learning("best-accepted", move=texts.show_move(q.moves[q.ratings().index(best)])), "cyan")
        elif not settled:
            if q.kind == "score":
                talk.out(say("too-high" if answer > next(iter(right)) else "too-low"), "red")
            talk.out(say("wrong-retry"), "red")
            continue
        else:
            talk.out(say("wrong-answer", answer=_show_answer(q, right, options)), "red", "bold")
        for line in explain(q):
            talk.out(textwrap.fill(line, width=talk.width(), subsequent_indent="   ") if talk.interactive else line)
        if talk.verbose:
            for ref in references(q):
                talk.out("  " + texts.section("learning", "rule-ref", ref), "dim")
        if q.explanation:
            talk.out()
            talk.text(q.explanation)
        talk.out()
        return first


def _keeping(result: Outcome, exc: KeyboardInterrupt) -> KeyboardInterrupt:
    """Ctrl-C carries the result so far, for the caller to report."""
    exc.outcome = result  # type: ignore[attr-defined]
    return exc


def run_lesson(lesson: Lesson, talk: Talk, progress: Progress | None, restart: bool = False) -> Outcome:
    """Take a lesson; it goes on at the first question not yet answered (all of it after ``restart``,
    or when every question was answered before)."""
    result = Outcome()
    try:
        return _lesson(lesson, talk, progress, result, restart)
    except KeyboardInterrupt as exc:
        raise _keeping(result, exc) from None


def _lesson(lesson: Lesson, talk: Talk, progress: Progress | None, result: Outcome, restart: bool) -> Outcome:
    total = len(lesson.questions)
    done = progress.answered_questions(lesson.id) if progress is not None else set()
    if progress is not None and (restart or len(done) >= total) and done:
        progress.restart_lesson(lesson.id)
        done = set()
    start = next((q.number for q in lesson.questions if q.number not in done), 1)
    talk.out(lesson.title, "bold")
    talk.out()
    if start > 1:
        talk.out(texts.section("learning", "resume", {"at": start, "total": total}), "dim")
        talk.out()
    steps = _from(lesson, start)
    for i, step in enumerate(steps):
        if step.say:
            talk.text(step.say)
        elif step.table is not None:
            # A table asked about with a score is a hand that is over: nobody is shown "to play".
            ahead = next((s.question for s in steps[i + 1:] if s.question is not None or s.table is not None), None)
            talk.table(step.table, over=ahead is not None and ahead.kind == "score")
        elif step.question is not None:
            if step.question.number in done:
                continue
            if not result.count(ask(step.question, talk, progress, f"lesson:{lesson.id}", lesson.id,
                                    lesson=(lesson.id, step.question.number)), talk):
                return result
    right, asked = result.right_first, result.asked
    if progress is not None:
        progress.finish_lesson(lesson.id)
        if not progress.pending:  # the whole lesson, every sitting of it, as the database has it
            right, asked = progress.lesson_score(lesson.id)
    talk.out(say("lesson-done", right=right, asked=asked), "bold")
    return result


def _from(lesson: Lesson, number: int) -> list:
    """The steps from question ``number`` on, led by the table it is asked on and the words since."""
    steps = lesson.steps
    at = next(i for i, s in enumerate(steps) if s.question is not None and s.question.number == number)
    lead = at
    while lead > 0 and steps[lead - 1].question is None:
        lead -= 1
    tables = [i for i in range(at) if steps[i].table is not None]
    if tables and tables[-1] < lead:  # the table lies further back, before earlier questions
        return [steps[tables[-1]]] + steps[lead:]
    return steps[lead:]


# -- what the learner reads -------------------------------------------------------------------------
def _question_text(q: Question) -> str:
    """The question as its answer is saved: what was asked, and the mark of its position (so that a
    later session can tell a position the learner has seen)."""
    if q.kind == "which":
        text = "which legal: " + " | ".join(q.moves)
    elif q.kind == "best":
        text = "which best: " + " | ".join(q.moves)
    elif q.kind == "score":
        text = f"score {q.side}" + (f" ({q.out} out)" if q.out else "")
    else:
        text = f"{q.kind}: {q.move}"
    return f"{text} {MARK}{position_mark(q)}"


MARK = "@"  # before a saved question's position mark


def position_mark(q: Question) -> str:
    """A short fingerprint of the question and its table: the same position gives the same mark."""
    import hashlib

    return hashlib.blake2b(question_key(q).encode("utf-8"), digest_size=6).hexdigest()


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
    if q.kind in ("which", "best"):
        talk.out(say(f"ask-{q.kind}", player=q.table.turn.player))
        for i, m in enumerate(q.moves, 1):
            talk.out(f"  {i}. {texts.show_move(m)}")
        return q.moves
    talk.out(say("ask-score-out-concealed" if q.concealed else "ask-score-out", player=q.out) if q.out
             else say("ask-score-nobody"))
    talk.out(say("ask-score", side=q.side))
    return []


def _show_answer(q: Question, right: set, options: list[str]) -> str:
    if q.kind == "legal":
        return texts.word("legal" if True in right else "illegal")
    if q.kind == "rule":
        return "; ".join(f"{options.index(r) + 1}. {texts.rule_entry(r)['title']}" for r in sorted(right, key=options.index))
    if q.kind in ("which", "best"):
        return "; ".join(f"{i}. {texts.show_move(q.moves[i - 1])}" for i in sorted(right))
    return str(next(iter(right)))


def run_quiz(talk: Talk, progress: Progress | None, rules: list[str], count: int | None,
             ruleset: str | None, seed: int, where: dict[str, str] | None = None,
             asked: set[str] | None = None, unfinished: frozenset[str] = frozenset()) -> Outcome:
    """Questions until ``count`` are answered (or the learner stops): each time the rule that is
    most due, a position drawn at random, the engine's answer. ``where`` (from the learning path)
    names another ruleset for a rule the learner's cannot drill, and makes a rule no position came
    up for drop out without a word: the path goes on to what comes next. ``asked`` holds the
    questions already asked in the session (the learning path's, across its quizzes): none is asked
    twice; a review drawn from a lesson leaves out the ``unfinished`` lessons."""
    import random

    rng = random.Random(seed)
    result = Outcome()
    try:
        return _quiz(talk, progress, rules, count, ruleset, rng, seed, result, where,
                     set() if asked is None else asked, unfinished)
    except KeyboardInterrupt as exc:
        raise _keeping(result, exc) from None


FRESH_TRIES = 4  # positions drawn for a rule before it is left out as asked already


def question_key(q: Question) -> str:
    """What makes a question the same one: the table and what is asked about it."""
    from canasta_tutor.play.selfplay import snapshot_text

    return "|".join([q.kind, q.move, *q.moves, q.side, str(q.out), snapshot_text(q.table)])


def _quiz(talk: Talk, progress: Progress | None, rules: list[str], count: int | None, ruleset: str | None,
          rng, seed: int, result: Outcome, where: dict[str, str] | None, asked: set[str],
          unfinished: frozenset[str]) -> Outcome:
    from canasta_tutor.learning.quiz import DEFAULT_RULESET, drill_of, lesson_question_for, possible, question_for

    candidates = list(rules)
    rng.shuffle(candidates)  # among rules equally due, no fixed order
    seen = progress.position_marks() if progress is not None else set()  # positions of earlier sessions
    while candidates and (count is None or result.asked < count):
        target = progress.due(candidates)[0] if progress is not None else rng.choice(candidates)
        drill = drill_of(target)
        under = (where or {}).get(target, ruleset)
        topic = texts.section("learning", f"drills.{drill.name.replace(' ', '-')}") if drill else ""
        q = None
        played = False  # a position of play, under ``under``
        known = progress.rules().get(target) if progress is not None else None
        reviews = known.right + known.wrong if known is not None else None
        dry = drill is None  # the drill gave nothing: walking its hands again would not help
        for attempt in range(FRESH_TRIES):  # a position not yet asked about in this session
            q = None if dry else question_for(target, rng, under)
            played, dry = q is not None, q is None
            if q is None:
                # No drill makes positions for the rule, or none came up: a lesson's question on a
                # fresh table, the next one after those of the earlier reviews (never one the
                # learner has yet to meet in a lesson).
                turn = None if reviews is None else reviews + attempt
                found = lesson_question_for(target, rng, unfinished, turn)
                if found is not None:
                    topic, q = found
            if q is None or question_key(q) not in asked and position_mark(q) not in seen:
                break
            q = None
        if q is not None:
            asked.add(question_key(q))
        if q is None:
            if where is None:
                talk.out(say("quiz-skip", rule=target, ruleset=ruleset or DEFAULT_RULESET), "yellow")
            candidates.remove(target)
            continue
        q.number = result.asked + 1
        talk.out(say("quiz-topic", topic=topic), "dim")
        other = under if played else q.table.ruleset.id
        if other != (ruleset or DEFAULT_RULESET) and (played or not possible(target, ruleset or DEFAULT_RULESET)):
            talk.out(say("quiz-other-ruleset", title=texts.rule_entry(target)["title"],
                         ruleset=ruleset or DEFAULT_RULESET, other=other), "dim")
        talk.table(q.table, over=q.kind == "score")
        if not result.count(ask(q, talk, progress, "quiz", str(seed)), talk):
            return result
    talk.out(say("quiz-done", right=result.right_first, asked=result.asked), "bold")
    return result
