"""`canasta learn`: the learning path, one step after another (reviews, the next lesson, a quiz)."""
from __future__ import annotations

import typer

from canasta_tutor.cli.common import (
    EXIT_USAGE,
    AsciiOpt,
    JsonOpt,
    LangOpt,
    LearnerOpt,
    VerboseOpt,
    app,
    emit_json,
    fail,
    guarded,
)


@app.command()
@guarded
def learn(
    ruleset: str | None = typer.Option(None, "--ruleset", "-r"),
    seed: int | None = typer.Option(None, "--seed"),
    goal: str | None = typer.Option(None, "--goal", metavar="N|Nm"),
    verbose: bool = VerboseOpt,
    learner: str | None = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    import random

    from canasta_tutor.cli.learning import open_progress, taking
    from canasta_tutor.learning.day import DEFAULT_GOAL, Goal, today
    from canasta_tutor.learning.path import run_learn, say
    from canasta_tutor.learning.quiz import DEFAULT_RULESET
    from canasta_tutor.reading.strict_yaml import brief

    daily = Goal.parse(goal if goal is not None else DEFAULT_GOAL)
    if daily is None:
        fail(EXIT_USAGE, say("bad-goal", found=brief(goal or "")), as_json)
    store = open_progress(learner, ruleset)
    try:
        rs = store.ruleset() or DEFAULT_RULESET
        start = seed if seed is not None else random.randrange(1 << 30)
        figures: dict = {}  # the day's figures, read while the database is open

        def result(outcome) -> dict:
            return {"learner": store.learner, "ruleset": rs, "seed": start, "asked": outcome.asked,
                    "right_first": outcome.right_first, "stopped": outcome.quit, "today": figures.get("today")}

        def run(talk):
            outcome = run_learn(talk, store, rs, start, goal=daily)
            day = today(store)
            figures["today"] = {"answers": day.answers, "right_first": day.right, "minutes": day.minutes,
                                "streak": day.streak, "goal": daily.amount,
                                "goal_unit": "minutes" if daily.minutes else "answers",
                                "goal_reached": day.reached(daily)}
            return outcome

        outcome = taking(run, as_json, result, store, verbose)
    finally:
        store.close()
    if as_json:
        emit_json(result(outcome))
