"""Learning: lessons, quizzes and the learner's progress."""
from __future__ import annotations

import sys
from typing import List, Optional

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import (
    AsciiOpt,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    app,
    JsonOpt,
    LangOpt,
    LearnerOpt,
    _emit_json,
    _emit,
    _fail,
    _guard,
    _ruleset_ref,
    _say,
)


@app.command()
def lesson(
    name: str = typer.Argument(..., metavar="NAME", autocompletion=completion.lesson_ids,
                               help="A lesson id or number, a lesson file, PACK/LESSON, or 'list' for all lessons."),
    pack: Optional[str] = typer.Argument(None, metavar="PACK", help="With 'list': a lesson pack (folder, zip "
                                         "or id) whose lessons to list."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids,
                                          help="Take the lesson under another ruleset: the engine answers under it."),
    learner: Optional[str] = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    """Take a lesson: explanations, tables and questions graded by the engine.

    'canasta lesson list' lists them; 'canasta lesson list PACK' a pack's (a folder with a pack.yaml).
    When standard input is not a terminal, answers are read one per line.

    Example:  canasta lesson list
    Example:  canasta lesson melds
    Example:  canasta lesson list club-pack/  then  canasta lesson club/melds
    """
    def body():
        from canasta_tutor.learning.lesson import builtin_lessons, find_lesson, read_lesson

        if name == "list":
            from canasta_tutor.learning.progress import Progress

            finished = _finished_or_none(lambda: Progress(learner=learner, write=False))
            about = None  # a pack's id, title, author...
            if pack:
                from canasta_tutor.teaching.packs import listed

                about, lessons = listed(pack)
            else:
                lessons = [read_lesson(p) for p in builtin_lessons()]
            if as_json:
                _emit_json({"lessons": [{"id": ls.id, "title": ls.title, "rules": ls.rule_ids(),
                                         "questions": len(ls.questions)} for ls in lessons],
                            **({"pack": about} if about else {})})
            else:
                from canasta_tutor.render.console import ascii_only
                from canasta_tutor.render.safe import clean
                from canasta_tutor.texts import counted

                if about:
                    from canasta_tutor.teaching.packs import heading

                    print(clean(heading(about)))

                done = "*" if ascii_only() else "✓"
                for i, ls in enumerate(lessons, 1):
                    mark = done if ls.id in finished else " "
                    print(clean(f"{mark} {i:2d}. {ls.id:<16} {ls.title}  ({counted('question', len(ls.questions))})"))
                    print(clean(f"       rules: {', '.join(ls.rule_ids())}"))
            return
        from canasta_tutor.learning.progress import Progress
        from canasta_tutor.learning.tutor import run_lesson

        if pack:
            _fail(EXIT_USAGE, f"a second name is taken only after 'list' (found '{pack}')", as_json)
        from canasta_tutor.teaching.packs import pack_lesson

        ls = pack_lesson(name, ruleset) or read_lesson(find_lesson(name), ruleset)
        _refuse_broken_lesson(ls)
        progress = Progress(learner=learner)
        _notice(progress)

        def result(outcome) -> dict:
            return {"lesson": ls.id, "learner": progress.learner, "asked": outcome.asked,
                    "right_first": outcome.right_first, "finished": not outcome.quit}

        try:
            # With --json the lesson talks on stderr and stdout gets only the result, for scripts.
            outcome = _taking(lambda talk: run_lesson(ls, talk, progress), as_json, result, progress)
        finally:
            progress.close()
            _notice(progress)
        if as_json:
            _emit_json(result(outcome))

    _guard(as_json, lang, body)


@app.command()
def quiz(
    rules_: Optional[List[str]] = typer.Option(None, "--rules", metavar="ID", autocompletion=completion.drill_ids,
                                               help="Drill only these rule ids (repeatable)."),
    count: Optional[int] = typer.Option(None, "--count", "-n", min=1, metavar="N",
                                        help="Stop after N questions (default: until you quit)."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids,
                                          help="Ask the questions under this ruleset."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="SEED",
                                       help="Seed for the random positions (the same seed, the same quiz)."),
    learner: Optional[str] = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    """Drill questions on random positions, graded by the engine; the rule you know least comes first.

    Rules are chosen by spaced repetition (Leitner boxes). When standard input is not a terminal,
    answers are read one per line.

    Example:  canasta quiz --count 10
    Example:  canasta quiz --rules pile.needs-natural-pair --ruleset danish
    """
    def body():
        import random

        from canasta_tutor.learning.progress import Progress
        from canasta_tutor.learning.quiz import drillable
        from canasta_tutor.learning.tutor import run_quiz

        known = drillable()
        wanted = []
        for r in rules_ or []:
            wanted += [x for x in r.replace(",", " ").split() if x]
        unknown = [r for r in wanted if r not in known]
        if unknown:
            _fail(EXIT_USAGE, f"--rules: no drill for {', '.join(unknown)}; drills exist for: {', '.join(known)}", as_json)
        rs = _ruleset_ref(ruleset) if ruleset else None
        progress = Progress(learner=learner)
        _notice(progress)
        start = seed if seed is not None else random.randrange(1 << 30)

        def result(outcome) -> dict:
            return {"learner": progress.learner, "seed": start, "asked": outcome.asked,
                    "right_first": outcome.right_first, "stopped": outcome.quit}

        try:
            outcome = _taking(lambda talk: run_quiz(talk, progress, wanted or known, count, rs, start), as_json,
                              result, progress)
        finally:
            progress.close()
            _notice(progress)
        if as_json:
            _emit_json(result(outcome))

    _guard(as_json, lang, body)


@app.command()
def progress(
    reset: bool = typer.Option(False, "--reset", help="Forget this learner's answers and start again (asks first)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="With --reset: do not ask."),
    learner: Optional[str] = LearnerOpt,
    # Accepted, not offered: progress is kept per rule, whatever the ruleset.
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", hidden=True),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    """Show what you have mastered, rule by rule (Leitner boxes 1 to 5), and what is due for practice.

    Example:  canasta progress
    Example:  canasta progress --reset --yes
    """
    def body():
        from canasta_tutor.learning.progress import Progress
        from canasta_tutor.learning.progress_view import print_progress, progress_data

        from canasta_tutor.learning.progress import database_path

        # Reading never creates the database; --reset writes to one that exists (no file: nothing to forget).
        store = Progress(learner=learner, write=reset and database_path().exists())
        _notice(store)
        try:
            if reset:
                if not yes:
                    if not sys.stdin.isatty():
                        _fail(EXIT_USAGE, "--reset needs --yes when there is no terminal to ask", as_json)
                    from canasta_tutor.render.safe import clean

                    if not typer.confirm(clean(f"Forget all {store.answers()} answers of {store.learner} in {store.path}?")):
                        raise typer.Exit(1)
                store.reset()
                if as_json:
                    _emit_json({"reset": True, "learner": store.learner, "database": str(store.path)})
                else:
                    _say(f"progress of {store.learner} reset ({store.path})")
                return
            _emit(progress_data(store), as_json, print_progress)
        finally:
            store.close()

    _guard(as_json, lang, body)


def _taking(run, as_json: bool, result, progress):
    """Run a lesson or quiz; Ctrl-C stops it like 'q' (every answer given is already saved), and with
    --json the result so far is still printed, then the exit code says it was interrupted (130)."""
    from canasta_tutor.learning.tutor import Talk, say

    talk = Talk(stdout=sys.stderr if as_json else None)
    try:
        return run(talk)
    except KeyboardInterrupt as exc:
        talk.out("")
        talk.out(say("saved"))
        outcome = getattr(exc, "outcome", None)
        progress.close()
        _notice(progress)
        if as_json and outcome is not None:
            outcome.quit = True
            _emit_json(result(outcome) | {"interrupted": True})
        raise typer.Exit(EXIT_INTERRUPTED)


def _notice(progress) -> None:
    """What happened to the progress file, once."""
    if progress.notice:
        from canasta_tutor.render.safe import clean

        sys.stderr.write(f"canasta: {clean(progress.notice)}\n")
        progress.notice = ""


def _refuse_broken_lesson(ls) -> None:
    """A lesson whose questions the engine cannot answer as asked is not taken (``lint`` says why)."""
    from canasta_tutor.learning.lesson import problems
    from canasta_tutor.reading.strict_yaml import InputError

    found = problems(ls)
    if found:
        line, column, message = found[0]
        raise InputError(f"{message} (see 'canasta lint {ls.file}')", ls.file, line, column)


def _finished_or_none(open_store) -> set:
    """The lessons finished, for the marks of 'lesson list'; when the database cannot be read the
    list is still shown, and a notice says why the marks are missing."""
    from canasta_tutor.reading.strict_yaml import InputError

    try:
        store = open_store()
    except InputError as exc:
        from canasta_tutor.render.safe import clean

        sys.stderr.write(f"canasta: finished lessons are not marked: {clean(str(exc))}\n")
        return set()
    try:
        _notice(store)
        return set(store.finished_lessons())
    finally:
        store.close()
