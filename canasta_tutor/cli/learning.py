"""Learning: lessons, quizzes and the learner's progress."""
from __future__ import annotations

import sys

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    AsciiOpt,
    JsonOpt,
    LangOpt,
    LearnerOpt,
    VerboseOpt,
    app,
    emit,
    emit_json,
    fail,
    guarded,
    print_safe,
    ruleset_ref,
)


@app.command()
@guarded
def lesson(
    name: str = typer.Argument(..., metavar="NAME", autocompletion=completion.lesson_ids),
    pack: str | None = typer.Argument(None, metavar="PACK"),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids),
    restart: bool = typer.Option(False, "--restart"),
    verbose: bool = VerboseOpt,
    learner: str | None = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    from canasta_tutor.learning.lesson import find_lesson, read_lesson

    if name == "list":
        return _list_lessons(pack, learner, as_json, verbose)
    from canasta_tutor.learning.tutor import run_lesson

    if pack:
        from canasta_tutor.learning.path import say

        fail(EXIT_USAGE, say("second-name", found=pack), as_json)
    from canasta_tutor.teaching.packs import pack_lesson

    ls = pack_lesson(name, ruleset) or read_lesson(find_lesson(name), ruleset)
    _refuse_broken_lesson(ls)
    progress = open_progress(learner, ruleset)

    def result(outcome) -> dict:
        return {"lesson": ls.id, "learner": progress.learner, "asked": outcome.asked,
                "right_first": outcome.right_first, "finished": not outcome.quit}

    try:
        # With --json the lesson talks on stderr and stdout gets only the result, for scripts.
        outcome = taking(lambda talk: run_lesson(ls, talk, progress, restart), as_json, result, progress,
                          verbose)
    finally:
        progress.close()
        _notice(progress)
    if as_json:
        emit_json(result(outcome))


def _list_lessons(pack: str | None, learner: str | None, as_json: bool, verbose: bool = False) -> None:
    """``lesson list [PACK]``: each lesson new, started (k of n) or finished, the next one marked, and
    the rules it teaches by their titles (with their ids too under ``--verbose``)."""
    from canasta_tutor.learning.path import lesson_states, say
    from canasta_tutor.learning.progress import Progress

    store = _store_or_empty(lambda: Progress(learner=learner, write=False))
    try:
        about = None  # a pack's id, title, author...
        lessons = None
        if pack:
            from canasta_tutor.teaching.packs import listed

            about, lessons = listed(pack)
        states = lesson_states(store, lessons)
    finally:
        store.close()
    if as_json:
        emit_json({"lessons": [{"id": x["id"], "title": x["title"], "rules": x["rules"],
                                 "questions": x["questions"], "state": x["state"], "answered": x["done"],
                                 "next": x["next"]} for x in states],
                    **({"pack": about} if about else {})})
        return
    from canasta_tutor.render.console import ascii_only
    from canasta_tutor.render.safe import clean

    if about:
        from canasta_tutor.teaching.packs import heading

        print(clean(heading(about)))
    import shutil
    import textwrap

    # Lines fit the terminal: wrapped at spaces (an id or a rule id is never broken), under the text.
    width = max(40, min(shutil.get_terminal_size().columns, 1000))
    done_mark, next_mark = ("*", ">") if ascii_only() else ("✓", "▶")
    for i, x in enumerate(states):
        mark = done_mark if x["state"] == "finished" else next_mark if x["next"] else " "
        state = say("list-started", done=x["done"], total=x["questions"]) if x["state"] == "started" \
            else say(f"list-{x['state']}")
        if x["next"]:
            state += ", " + say("list-next")
        number = x.get("number", i)
        head = f"{mark} {number:2d}. {x['id']:<16} "
        for text, first, rest in ((f"{x['title']}  ({state})", head, " " * len(head)),
                                  (say("list-rules", rules=_rule_titles(x["rules"], verbose)), " " * 7, " " * 9)):
            print(clean(textwrap.fill(text, width, initial_indent=first, subsequent_indent=rest,
                                      break_long_words=False, break_on_hyphens=False), keep="\n"))


def _rule_titles(rules: list[str], verbose: bool) -> str:
    """The rules a lesson teaches as a learner reads them: by their titles; an id is for looking a rule
    up (``canasta explain``), so it follows its title only under ``--verbose``."""
    from canasta_tutor import texts
    from canasta_tutor.learning.tested import topic_title, topic_titles

    if not verbose:
        return topic_titles(rules)
    return texts.listed([texts.section("learning", "quoted", {"title": topic_title(r)}) + f" ({r})" for r in rules])


@app.command()
@guarded
def quiz(
    rules_: list[str] | None = typer.Option(None, "--rules", metavar="ID", autocompletion=completion.drill_ids),
    count: int | None = typer.Option(None, "--count", "-n", min=1, max=10_000, metavar="N"),
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids),
    seed: int | None = typer.Option(None, "--seed", metavar="SEED"),
    verbose: bool = VerboseOpt,
    learner: str | None = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    import random

    from canasta_tutor.learning.quiz import DEFAULT_RULESET, drillable
    from canasta_tutor.learning.tutor import run_quiz

    known = drillable()
    wanted = []
    for r in rules_ or []:
        wanted += [x for x in r.replace(",", " ").split() if x]
    unknown = [r for r in wanted if r not in known]
    if unknown:
        from canasta_tutor.learning.path import say

        fail(EXIT_USAGE, say("no-drill", unknown=", ".join(unknown), known=", ".join(known)), as_json)
    progress = open_progress(learner, ruleset)
    rs = ruleset_ref(ruleset) if ruleset else (progress.ruleset() or DEFAULT_RULESET)
    start = seed if seed is not None else random.randrange(1 << 30)

    def result(outcome) -> dict:
        return {"learner": progress.learner, "ruleset": rs, "seed": start, "asked": outcome.asked,
                "right_first": outcome.right_first, "stopped": outcome.quit}

    try:
        outcome = taking(lambda talk: run_quiz(talk, progress, wanted or known, count, rs, start), as_json,
                          result, progress, verbose)
    finally:
        progress.close()
        _notice(progress)
    if as_json:
        emit_json(result(outcome))


@app.command()
@guarded
def progress(
    reset: bool = typer.Option(False, "--reset"),
    yes: bool = typer.Option(False, "--yes", "-y"),
    learner: str | None = LearnerOpt,
    ruleset: str | None = typer.Option(None, "--ruleset", "-r", metavar="ID", autocompletion=completion.ruleset_ids),
    whole_class: bool = typer.Option(False, "--class"),
    as_csv: bool = typer.Option(False, "--csv"),
    export: str | None = typer.Option(None, "--export", metavar="FILE"),
    import_file: str | None = typer.Option(None, "--import", metavar="FILE"),
    verbose: bool = VerboseOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    from canasta_tutor.learning.path import say
    from canasta_tutor.learning.progress import Progress, clock, database_path
    from canasta_tutor.learning.progress_view import print_progress, progress_data

    clock()  # a bad CANASTA_NOW is reported before anything is read
    if whole_class or as_csv or export or import_file:
        from canasta_tutor.cli.progress_class import class_command

        return class_command(whole_class or as_csv, as_csv, export, import_file, learner, as_json, verbose)
    # Reading never creates the database; --reset, or a ruleset to remember, writes to one that exists
    # (no file: nothing to forget).
    writing = (reset or bool(ruleset)) and database_path().exists()
    store = Progress(learner=learner, write=writing)
    _notice(store)
    try:
        if ruleset and writing:
            store.set_ruleset(ruleset_ref(ruleset))
        if reset:
            if not yes:
                if not sys.stdin.isatty():
                    fail(EXIT_USAGE, say("reset-needs-yes"), as_json)
                from canasta_tutor.render.safe import clean

                if not typer.confirm(clean(say("reset-ask", n=store.answers(), learner=store.learner,
                                               path=store.path))):
                    raise typer.Exit(1)
            store.reset()
            if as_json:
                emit_json({"reset": True, "learner": store.learner, "database": str(store.path)})
            else:
                print_safe(say("reset-done", learner=store.learner, path=store.path))
            return
        emit(progress_data(store), as_json, lambda d: print_progress(d, verbose))
    finally:
        store.close()


def open_progress(learner: str | None, ruleset: str | None):
    """The learner's progress, read at $CANASTA_NOW if set; a ruleset given becomes theirs."""
    from canasta_tutor.learning.progress import Progress, clock

    clock()  # a bad CANASTA_NOW is reported before anything is asked
    store = Progress(learner=learner)
    _notice(store)
    if ruleset:
        store.set_ruleset(ruleset_ref(ruleset))
    return store


def taking(run, as_json: bool, result, progress, verbose: bool = False):
    """Run a lesson or quiz; Ctrl-C stops it like 'q' (every answer given is already saved), and with
    --json the result so far is still printed, then the exit code says it was interrupted (130)."""
    from canasta_tutor.learning.tutor import Talk, say

    talk = Talk(stdout=sys.stderr if as_json else None, verbose=verbose)
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
            emit_json(result(outcome) | {"interrupted": True})
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _notice(progress) -> None:
    """What happened to the progress file, once: a line a thing."""
    if progress.notice:
        from canasta_tutor.render.safe import clean

        for line in progress.notices:
            sys.stderr.write(f"canasta: {clean(line)}\n")
        progress.notice = ""


def _refuse_broken_lesson(ls) -> None:
    """A lesson whose questions the engine cannot answer as asked is not taken (``lint`` says why)."""
    from canasta_tutor.learning.lesson import problems
    from canasta_tutor.reading.strict_yaml import InputError

    found = problems(ls)
    if found:
        line, column, message = found[0]
        from canasta_tutor.learning.path import say

        raise InputError(say("broken-lesson", problem=message, file=ls.file), ls.file, line, column)


def _store_or_empty(open_store):
    """The progress database for reading the lesson marks; when it cannot be read the list is still
    shown, and a notice says why the marks are missing."""
    from canasta_tutor.reading.strict_yaml import InputError

    try:
        store = open_store()
    except InputError as exc:
        from canasta_tutor import texts
        from canasta_tutor.learning.path import say
        from canasta_tutor.render.safe import clean

        sys.stderr.write(f"canasta: {clean(say('not-marked', problem=texts.input_error(exc)))}\n")

        class Empty:
            def finished_lessons(self):
                return []

            def lesson_places(self):
                return {}

            def close(self):
                pass
        return Empty()
    _notice(store)
    return store
