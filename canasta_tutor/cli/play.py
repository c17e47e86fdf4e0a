"""`canasta play`: a game against the computer, with the coach beside you."""
from __future__ import annotations

import sys

import typer

from canasta_tutor.cli.common import (
    EXIT_USAGE,
    AsciiOpt,
    HouseOpt,
    JsonOpt,
    LangOpt,
    LearnerOpt,
    app,
    fail,
    guarded,
    house_rules,
    not_one_of,
    plain_style,
)

VOICES = ("quiet", "normal", "chatty")


def _voice(ctx: typer.Context, value: str) -> str:
    if value not in VOICES:
        raise typer.BadParameter(not_one_of(ctx, value, VOICES), param_hint="'--coach'")
    return value


@app.command()
@guarded
def play(
    ruleset: str | None = typer.Option(None, "--ruleset", "-r"),
    house: list[str] | None = HouseOpt,
    players: int | None = typer.Option(None, "--players"),
    seed: int | None = typer.Option(None, "--seed"),
    hands: int | None = typer.Option(None, "--hands", min=1),
    level: int | None = typer.Option(None, "--level", min=1, max=4),
    resume: str | None = typer.Option(None, "--resume", metavar="FILE"),
    verbose: bool = typer.Option(False, "--verbose"),
    coach: str = typer.Option("normal", "--coach", metavar="quiet|normal|chatty", callback=_voice),
    guided: bool = typer.Option(False, "--guided"),
    history: bool = typer.Option(False, "--history"),
    learner: str | None = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
    ascii_drawing: bool = AsciiOpt,
) -> None:
    from canasta_tutor.learning.play_session import Session, autosave, new_game, resume_game

    if history:
        chosen = {"--ruleset": ruleset, "--house": house, "--players": players, "--seed": seed, "--hands": hands,
                  "--level": level, "--resume": resume, "--verbose": verbose, "--coach": coach != "normal",
                  "--guided": guided}
        return _history([name for name, value in chosen.items() if value], learner, as_json)
    if as_json:
        from canasta_tutor.texts import section

        fail(EXIT_USAGE, section("play", "history.json-alone"), False)

    if players is not None and players not in (2, 3, 4, 6):
        from canasta_tutor.texts import section

        fail(EXIT_USAGE, section("play", "players-choice", {"players": players}), False)
    if resume:
        given = {"ruleset": ruleset, "players": players, "seed": seed, "house": house_rules(house) if house else None}
        game = resume_game(resume, level, hands, given)
    else:
        from canasta_tutor.engine.ruleset import BUILTIN

        ruleset = ruleset or "classic"
        ref = ruleset if ruleset in BUILTIN else _abs(ruleset)
        game = new_game(ref, house_rules(house), players, seed, hands, level or 3)
    terminal = sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    from canasta_tutor.learning.history import name_game

    name_game(game, bool(resume))
    session = Session(game, _lines(terminal), _write, plain_style(), terminal, _drawer() if terminal else None,
                      verbose, coach, guided)
    try:
        session.run()
        _keep(game, session.human, learner)
    except KeyboardInterrupt:
        _keep(game, session.human, learner)
        from shlex import quote  # here, not at start-up: only an interrupted game needs it

        from canasta_tutor import texts
        from canasta_tutor.reading.strict_yaml import InputError, Said
        from canasta_tutor.render.safe import clean
        from canasta_tutor.texts import section

        try:
            saved = autosave(game)
        except InputError as exc:  # no place would take it: say so, and what to do, and still stop
            _write("\n" + clean(texts.input_error(exc)))
            raise typer.Exit(130) from None
        told = [section("play", "interrupted", {"file": clean(quote(str(saved.path)))})]
        if saved.elsewhere:  # the games folder could not take it (a file called 'games', say)
            elsewhere = Said("game.saved-elsewhere", "the games folder could not be used ({problem}), so the "
                             "game is saved elsewhere", problem=saved.elsewhere)
            told.insert(0, clean(texts.said(elsewhere)))
        _write("\n" + "\n".join(told))
        raise typer.Exit(130) from None


def _history(given: list[str], learner: str | None, as_json: bool) -> None:
    """``--history``: every player's games (only ``--learner``'s when given), as a table or JSON. The
    options that play a game (``given``) have no meaning here: a usage mistake."""
    from canasta_tutor.cli.common import emit_json
    from canasta_tutor.learning.history import history_data, history_text
    from canasta_tutor.texts import section

    if given:
        fail(EXIT_USAGE, section("play", "history.alone", {"options": ", ".join(given)}), as_json)
    data = history_data(learner=learner)
    if as_json:
        emit_json(data)
    else:
        _write(history_text(data))


def _keep(game, human: str | None, learner: str | None) -> None:
    """The game's result in the player's history; a history that cannot take it is said, and the game
    (saved already) stops as it would."""
    if human is None:
        return
    from canasta_tutor.learning.history import record, said_problem
    from canasta_tutor.learning.progress import default_learner
    from canasta_tutor.reading.strict_yaml import InputError, UsageError

    try:
        record(game, human, learner or default_learner())
    except (InputError, UsageError, OSError) as exc:
        from canasta_tutor import texts

        if isinstance(exc, InputError):
            _write(said_problem(exc))
        else:
            _write(said_problem(InputError(texts.said(exc.args[0]) if exc.args else str(exc))))


def _abs(path: str) -> str:
    import os

    return os.path.abspath(path)


def _write(text: str) -> None:
    # names, titles and echoed input come from files and the keyboard: no control character of
    # theirs reaches the terminal; the session's own line breaks do
    import re

    from canasta_tutor.render.safe import clean

    sgr = "\x1b\\[[0-9;]*m"
    parts = re.split(sgr, text)
    styles = re.findall(sgr, text)  # the session's own bold and colours, the only escapes let through
    out = clean(parts[0], keep="\n") + "".join(s + clean(p, keep="\n") for s, p in zip(styles, parts[1:]))
    if sys.stdout.isatty():  # a long line broken between words, not wherever the terminal's width ends
        import shutil

        from canasta_tutor.render.safe import wrap_words

        out = wrap_words(out, shutil.get_terminal_size().columns)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()


def _lines(terminal: bool):
    if not terminal:
        yield from sys.stdin or ()  # standard input closed (<&-): no command, the game stops at once
        return
    while True:
        try:
            yield input("> ")
        except EOFError:
            return


def _drawer():
    from canasta_tutor.render.table_view import print_table

    return print_table
