"""`canasta learn`: the learning path, one step after another (reviews, the next lesson, a quiz)."""
from __future__ import annotations

import typer

from canasta_tutor.cli.common import AsciiOpt, JsonOpt, LangOpt, LearnerOpt, VerboseOpt, app, emit_json, guarded


@app.command()
@guarded
def learn(
    ruleset: str | None = typer.Option(None, "--ruleset", "-r"),
    seed: int | None = typer.Option(None, "--seed"),
    verbose: bool = VerboseOpt,
    learner: str | None = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    import random

    from canasta_tutor.cli.learning import open_progress, taking
    from canasta_tutor.learning.path import run_learn
    from canasta_tutor.learning.quiz import DEFAULT_RULESET

    store = open_progress(learner, ruleset)
    try:
        rs = store.ruleset() or DEFAULT_RULESET
        start = seed if seed is not None else random.randrange(1 << 30)

        def result(outcome) -> dict:
            return {"learner": store.learner, "ruleset": rs, "seed": start, "asked": outcome.asked,
                    "right_first": outcome.right_first, "stopped": outcome.quit}

        outcome = taking(lambda talk: run_learn(talk, store, rs, start), as_json, result, store, verbose)
    finally:
        store.close()
    if as_json:
        emit_json(result(outcome))
