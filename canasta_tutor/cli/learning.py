"""Learning: lessons, quizzes and the learner's progress."""
from __future__ import annotations

import sys
from typing import List, Optional

import typer

from canasta_tutor.cli.common import (
    EXIT_USAGE,
    app,
    JsonOpt,
    LangOpt,
    LearnerOpt,
    VerboseOpt,
    _emit_json,
    _emit,
    _fail,
    _guard,
    _ruleset_ref,
)


@app.command()
def lesson(
    name: str = typer.Argument(..., help="A lesson id or number, a lesson file, or 'list' for all lessons."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Take the lesson under another ruleset: the engine answers under it (and it becomes your ruleset)."),
    restart: bool = typer.Option(False, "--restart", help="Start the lesson over (without it, a lesson goes on at the first question not yet answered)."),
    verbose: bool = VerboseOpt,
    learner: Optional[str] = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Take a lesson: explanations, tables and questions graded by the engine.

    'canasta lesson list' lists them, each new, started or finished, and marks the next one. A lesson
    left before its end goes on where it was left. When standard input is not a terminal, answers are
    read one per line.

    Example:  canasta lesson list
    Example:  canasta lesson melds --restart
    """
    def body():
        from canasta_tutor.learning.lesson import find_lesson, read_lesson

        if name == "list":
            from canasta_tutor.learning.path import lesson_states, say
            from canasta_tutor.learning.progress import Progress

            store = _progress_or_none(lambda: Progress(learner=learner))
            if getattr(store, "notice", ""):
                sys.stderr.write(f"canasta: {store.notice}\n")
            states = lesson_states(store)
            if as_json:
                _emit_json({"lessons": [{"id": x["id"], "title": x["title"], "rules": x["rules"],
                                         "questions": x["questions"], "state": x["state"], "answered": x["done"],
                                         "next": x["next"]} for x in states]})
            else:
                for i, x in enumerate(states):
                    mark = "✓" if x["state"] == "finished" else "▶" if x["next"] else " "
                    state = say("list-started", done=x["done"], total=x["questions"]) if x["state"] == "started" \
                        else say(f"list-{x['state']}")
                    if x["next"]:
                        state += ", " + say("list-next")
                    print(f"{mark} {i:2d}. {x['id']:<16} {x['title']}  ({state})")
                    print(f"       rules: {', '.join(x['rules'])}")
            return
        from canasta_tutor.learning.tutor import run_lesson

        ls = read_lesson(find_lesson(name), ruleset)
        _refuse_broken_lesson(ls)
        progress = _open_progress(learner, ruleset)
        try:
            # With --json the lesson talks on stderr and stdout gets only the result, for scripts.
            outcome = _taking(lambda talk: run_lesson(ls, talk, progress, restart), as_json, verbose)
        finally:
            progress.close()
        if as_json:
            _emit_json({"lesson": ls.id, "learner": progress.learner, "asked": outcome.asked,
                        "right_first": outcome.right_first, "finished": not outcome.quit})

    _guard(as_json, lang, body)


@app.command()
def quiz(
    rules_: Optional[List[str]] = typer.Option(None, "--rules", metavar="ID", help="Drill only these rule ids (repeatable)."),
    count: Optional[int] = typer.Option(None, "--count", "-n", min=1, help="Stop after N questions (default: until you quit)."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Drill under this ruleset (it becomes your ruleset; default: yours, else classic)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the positions (the same seed, the same quiz)."),
    verbose: bool = VerboseOpt,
    learner: Optional[str] = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Drill questions on positions reached by play, graded by the engine; due reviews come first.

    Rules are scheduled by FSRS spaced repetition. When standard input is not a terminal, answers
    are read one per line.

    Example:  canasta quiz --count 10
    Example:  canasta quiz --rules pile.needs-natural-pair --ruleset danish
    """
    def body():
        import random

        from canasta_tutor.learning.quiz import DEFAULT_RULESET, drillable
        from canasta_tutor.learning.tutor import run_quiz

        known = drillable()
        wanted = []
        for r in rules_ or []:
            wanted += [x for x in r.replace(",", " ").split() if x]
        unknown = [r for r in wanted if r not in known]
        if unknown:
            _fail(EXIT_USAGE, f"--rules: no drill for {', '.join(unknown)}; drills exist for: {', '.join(known)}", as_json)
        progress = _open_progress(learner, ruleset)
        rs = _ruleset_ref(ruleset) if ruleset else (progress.ruleset() or DEFAULT_RULESET)
        start = seed if seed is not None else random.randrange(1 << 30)
        try:
            outcome = _taking(lambda talk: run_quiz(talk, progress, wanted or known, count, rs, start), as_json,
                              verbose)
        finally:
            progress.close()
        if as_json:
            _emit_json({"learner": progress.learner, "ruleset": rs, "seed": start, "asked": outcome.asked,
                        "right_first": outcome.right_first, "stopped": outcome.quit})

    _guard(as_json, lang, body)


@app.command()
def progress(
    reset: bool = typer.Option(False, "--reset", help="Forget this learner's answers and start again (asks first)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="With --reset: do not ask."),
    learner: Optional[str] = LearnerOpt,
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Make this your ruleset (progress is "
                                          "kept per rule, whatever the ruleset)."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Show what you have mastered, rule by rule (FSRS: how long you hold each rule), what is due, and what to do next.

    Example:  canasta progress
    Example:  canasta progress --reset --yes
    """
    def body():
        from canasta_tutor.learning.progress_view import print_progress, progress_data

        store = _open_progress(learner, ruleset)
        try:
            if reset:
                if not yes:
                    if not sys.stdin.isatty():
                        _fail(EXIT_USAGE, "--reset needs --yes when there is no terminal to ask", as_json)
                    if not typer.confirm(f"Forget all {store.answers()} answers of {store.learner} in {store.path}?"):
                        raise typer.Exit(1)
                store.reset()
                if as_json:
                    _emit_json({"reset": True, "learner": store.learner, "database": str(store.path)})
                else:
                    print(f"progress of {store.learner} reset ({store.path})")
                return
            _emit(progress_data(store), as_json, print_progress)
        finally:
            store.close()

    _guard(as_json, lang, body)


def _open_progress(learner: Optional[str], ruleset: Optional[str]):
    """The learner's progress, now read at $CANASTA_NOW if set; a ruleset given becomes theirs."""
    from canasta_tutor.learning.progress import Progress, clock

    clock()  # a bad CANASTA_NOW is reported before anything is asked
    store = Progress(learner=learner)
    if store.notice:
        sys.stderr.write(f"canasta: {store.notice}\n")
    if ruleset:
        store.set_ruleset(_ruleset_ref(ruleset))
    return store


def _taking(run, as_json: bool, verbose: bool = False):
    """Run a lesson or quiz; Ctrl-C stops it like 'q' (every answer given is already saved)."""
    from canasta_tutor.learning.tutor import Talk, say

    talk = Talk(stdout=sys.stderr if as_json else None, verbose=verbose)
    try:
        return run(talk)
    except KeyboardInterrupt:
        talk.out("")
        talk.out(say("saved"))
        raise typer.Exit(130)


def _refuse_broken_lesson(ls) -> None:
    """A lesson whose questions the engine cannot answer as asked is not taken (``lint`` says why)."""
    from canasta_tutor.learning.lesson import problems
    from canasta_tutor.reading.strict_yaml import InputError

    found = problems(ls)
    if found:
        line, column, message = found[0]
        raise InputError(f"{message} (see 'canasta lint {ls.file}')", ls.file, line, column)


def _progress_or_none(open_store):
    """The progress database for reading, or an empty stand-in when there is none yet (listing the
    lessons never creates one)."""
    from canasta_tutor.learning.progress import database_path

    try:
        if database_path().exists():
            return open_store()
    except Exception:  # noqa: BLE001 - listing lessons must work even where the database cannot be read
        pass

    class Empty:
        def finished_lessons(self):
            return []

        def lesson_places(self):
            return {}
    return Empty()
