"""The ``canasta`` command: a thin layer over ``canasta_tutor.api``.

Only Typer is imported at start-up; the engine, YAML and Rich are imported inside the commands that
use them, so ``canasta check`` starts nearly as fast as an empty Typer app."""
from __future__ import annotations

import json
import os
import sys
from typing import List, Optional

import typer

EXIT_ILLEGAL, EXIT_USAGE, EXIT_INPUT, EXIT_INTERNAL = 1, 2, 3, 70

APP_SETTINGS = dict(
    name="canasta",
    help="Canasta rule tutor and move checker: judge a move on a table described in YAML, explain every "
         "ruling with its rule id and source, and score the hand.\n\n"
         "Example:  canasta check table.yaml \"take 9S 9D; meld 9S 9D 9H\"",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app = typer.Typer(**APP_SETTINGS)

RulesetOpt = typer.Option(None, "--ruleset", "-r", help="Ruleset id or ruleset file; overrides the table's.")
JsonOpt = typer.Option(False, "--json", help="Print JSON (the shapes of the command-line contract).")
HouseOpt = typer.Option(None, "--house", help="House rule KEY=VALUE, e.g. --house canasta_closed=true (repeatable).")
LangOpt = typer.Option(None, "--lang", help="Language of the messages (en; others where translated).")
LearnerOpt = typer.Option(None, "--learner", help="Whose progress this is (default: $CANASTA_LEARNER, else 'me').")


def _emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _emit(data, as_json: bool, printer) -> None:
    """JSON on stdout with --json, else the human rendering."""
    if as_json:
        _emit_json(data)
    else:
        printer(data)


def _fail(code: int, message: str, as_json: bool, extra: dict | None = None) -> None:
    sys.stderr.write(f"canasta: {message}\n")
    if as_json:
        _emit_json({"error": {"code": code, "message": message, **(extra or {})}})
    raise typer.Exit(code)


def _guard(as_json: bool, lang: str | None, body):
    """Run a command body, turning our errors into exit codes and messages (never a traceback)."""
    if lang:
        from . import messages

        if lang.split("_")[0].lower() not in messages.available():
            sys.stderr.write(f"canasta: no messages in '{lang}' yet; English is used "
                             f"(available: {', '.join(messages.available())})\n")
        os.environ["CANASTA_LANG"] = lang
    from .move import MoveError
    from .source import InputError

    try:
        return body()
    except typer.Exit:
        raise
    except MoveError as exc:
        _fail(EXIT_USAGE, f"bad move: {exc}", as_json)
    except InputError as exc:
        _fail(EXIT_INPUT, str(exc), as_json, exc.as_dict())
    except KeyboardInterrupt:
        raise typer.Exit(130)
    except BrokenPipeError:  # the reader (``| head``) went away: Click ends quietly (exit 1)
        raise
    except RecursionError:
        _fail(EXIT_INPUT, "the input is nested too deeply", as_json)
    except Exception as exc:  # a bug: short message, traceback only on request
        if os.environ.get("CANASTA_DEBUG"):
            raise
        _fail(EXIT_INTERNAL, f"internal error: {type(exc).__name__}: {exc} (set CANASTA_DEBUG=1 for the traceback)",
              as_json)


def _house(options: Optional[List[str]]):
    from .snapshot import parse_house_option

    return dict(parse_house_option(o) for o in options or [])


def _print_plain(renderer: str, data: dict) -> None:
    """Print with one of the plain renderers (imported only when text, not JSON, is wanted)."""
    from .render import plain

    print(getattr(plain, renderer)(data, _style()))


def _style():
    from .render.plain import Style, colour_on

    return Style(colour_on())


@app.command()
def check(
    file: str = typer.Argument(..., help="A table snapshot or scenario file (YAML)."),
    move: str = typer.Argument(..., help="Steps separated by ';', e.g. \"draw; meld 7H 7D 2C; discard 5C\"."),
    compare: bool = typer.Option(False, "--compare", help="Judge the move under every built-in ruleset."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Judge MOVE on the table in FILE: legal or illegal, every reason with its rule id and source.

    Exit 0 when legal, 1 when illegal.

    Example:  canasta check table.yaml "take 9S 9D; meld 9S 9D 9H"
    """
    def body():
        from . import api, report

        if compare:
            return _compare(file, move, house, as_json)
        verdict = api.check_file(file, move, ruleset, _house(house))
        data = report.verdict_dict(verdict)
        if as_json:
            _emit_json(data)
        else:
            from .render.plain import verdict_text

            print(verdict_text(data, _style(), verdict.ruleset.title))
        raise typer.Exit(0 if verdict.legal else EXIT_ILLEGAL)

    _guard(as_json, lang, body)


def _compare(file: str, move: str, house, as_json: bool) -> None:
    from . import api, report

    rulings = api.compare(file, move, _house(house))
    rows = []
    for r in rulings:
        if r.verdict is None:
            rows.append({"ruleset": r.ruleset, "move": move, "legal": None, "violations": [], "notes": [],
                         "score": None, "applicable": False, "problem": r.problem})
        else:
            rows.append(report.verdict_dict(r.verdict) | {"applicable": True})
    if as_json:
        _emit_json({"rulings": rows})
    else:
        from .render.compare import compare_table

        compare_table(rows, move)
    judged = [r for r in rows if r["applicable"]]
    raise typer.Exit(0 if judged and all(r["legal"] for r in judged) else EXIT_ILLEGAL)


@app.command()
def score(
    file: str = typer.Argument(..., help="A table at the end of a hand (snapshot or scenario)."),
    out: Optional[str] = typer.Option(None, "--out", help="The player who went out (default: the scenario's score.out)."),
    concealed: Optional[bool] = typer.Option(None, "--concealed/--not-concealed", help="Whether they went out concealed."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Score the hand on the table, line by line with score ids, and each side's new total.

    Example:  canasta score end-of-hand.yaml --out Ann
    """
    def body():
        from . import api, report

        data = report.score_dict(api.score_file(file, out, concealed, ruleset, _house(house)))
        _emit(data, as_json, lambda d: _print_plain("score_text", d))

    _guard(as_json, lang, body)


@app.command()
def show(
    file: str = typer.Argument(..., help="A table snapshot or scenario file."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    svg: Optional[str] = typer.Option(None, "--svg", metavar="OUT",
                                      help="Write the table as an SVG image to OUT (for worksheets) instead of drawing it."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Draw the table: hands, melds, red threes, the pile and whose turn it is.

    Example:  canasta show table.yaml

    Example:  canasta show table.yaml --svg table.svg
    """
    def body():
        from .snapshot import load_table

        table = load_table(file, ruleset, _house(house))
        if svg is not None:
            return _write_svg(table, svg, as_json)
        if as_json:
            from .render.table_view import table_data

            _emit_json(table_data(table))
        else:
            from .render.table_view import print_table

            print_table(table)

    _guard(as_json, lang, body)


def _write_svg(table, out: str, as_json: bool) -> None:
    from .render.svg import table_svg
    from .source import InputError

    # Checked before writing so the user gets our message, not the operating system's.
    if not out.strip():
        raise InputError("--svg needs a file name to write the SVG to")
    if os.path.isdir(out):
        raise InputError(f"cannot write the SVG to '{out}': it is a folder; give a file name")
    if os.path.exists(out) and (os.path.samefile(out, table.file) if os.path.exists(table.file) else False):
        raise InputError(f"cannot write the SVG to '{out}': it is the table file itself (nothing was written)")
    if os.path.isfile(out):
        with open(out, "rb") as existing:
            head = existing.read(512)
        if b"<svg" not in head:  # only an image written before may be replaced, never a teacher's file
            raise InputError(f"'{out}' exists and is not an SVG image; choose another name (nothing was written)")
    parent = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(parent):
        raise InputError(f"cannot write the SVG to '{out}': the folder '{os.path.dirname(out) or parent}' "
                         "does not exist")
    text = table_svg(table)
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise InputError(f"cannot write the SVG to '{out}': {exc.strerror or exc}") from None
    if as_json:
        _emit_json({"svg": out})
    else:
        print(f"wrote {out}")


@app.command()
def moves(
    file: str = typer.Argument(..., help="A table snapshot or scenario file."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """List every legal move for the player on turn, grouped by kind.

    Cards that are interchangeable are listed once, with how many ways there are.

    Example:  canasta moves table.yaml
    """
    _table_report(file, ruleset, house, as_json, lang, "moves")


@app.command()
def hint(
    file: str = typer.Argument(..., help="A table snapshot or scenario file."),
    ruleset: Optional[str] = RulesetOpt,
    house: Optional[List[str]] = HouseOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Suggest one good legal move for the player on turn, and say why.

    Example:  canasta hint table.yaml
    """
    _table_report(file, ruleset, house, as_json, lang, "hint")


def _table_report(file: str, ruleset, house, as_json: bool, lang, what: str) -> None:
    """``moves`` and ``hint``: load the table, ask the engine, print the answer or its JSON."""
    def body():
        from . import report
        from .snapshot import load_table

        table = load_table(file, ruleset, _house(house))
        if what == "moves":
            from .moves import legal_moves

            data, printer = report.moves_dict(legal_moves(table)), "moves_text"
        else:
            from .hint import hint as best

            data, printer = report.hint_dict(best(table)), "hint_text"
        _emit(data, as_json, lambda d: _print_plain(printer, d))

    _guard(as_json, lang, body)


@app.command()
def selfplay(
    hands: int = typer.Option(1, "--hands", "-n", min=1, help="Hands to play for each ruleset."),
    seed: int = typer.Option(1, "--seed", help="Seed of the first hand; the others follow it."),
    ruleset: Optional[List[str]] = typer.Option(None, "--ruleset", "-r",
                                                help="A ruleset to play (repeatable; default: every built-in one)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Processes to play in."),
    show: bool = typer.Option(False, "--show", help="Print every move of every hand (for one hand or a few)."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Let the engine play random hands against itself, checking every invariant on every move.

    Each card must be in exactly one place, every move legal by check, every table round-tripping
    through YAML, every score adding up. Anything that breaks is reported with the seed that
    reproduces it.

    Exit 0 when nothing broke, 1 otherwise.

    Example:  canasta selfplay --hands 1500 --jobs 2
    """
    def body():
        from .ruleset import BUILTIN

        ids = [_ruleset_ref(r) for r in ruleset] if ruleset else list(BUILTIN)
        if show:
            return _selfplay_show(ids, hands, seed, as_json)
        from .selfplay import play_many

        tty = sys.stderr.isatty() and not as_json

        def progress(done, total):
            if tty and (done % 50 == 0 or done == total):
                sys.stderr.write(f"\r{done}/{total} hands")
                if done == total:
                    sys.stderr.write("\n")

        summary = play_many(ids, hands, seed, jobs, progress)
        data = {
            "hands": summary.hands,
            "moves": summary.moves,
            "rulesets": {rid: {how: n for (r, how), n in sorted(summary.ended.items()) if r == rid} for rid in ids},
            "broken": [{"ruleset": b.ruleset, "seed": b.seed, "turn": b.turn, "move": b.move, "what": b.what,
                        "reproduce": f"canasta selfplay --ruleset {b.ruleset} --seed {b.seed} --show"}
                       for b in summary.broken],
            "unfinished": [{"ruleset": rid, "seed": s, "ended": how,
                            "reproduce": f"canasta selfplay --ruleset {rid} --seed {s} --show"}
                           for rid, s, how in summary.unfinished],
        }
        if as_json:
            _emit_json(data)
        else:
            st = _style()
            for rid, ends in data["rulesets"].items():
                print(f"{rid:<12} " + ", ".join(f"{n} {how}" for how, n in ends.items()))
            for b in data["broken"]:
                print(st(f"BROKEN {b['ruleset']} seed {b['seed']} turn {b['turn']}: {b['what']}", "red"))
                print(f"  reproduce: {b['reproduce']}")
            for u in data["unfinished"]:
                print(st(f"unfinished {u['ruleset']} seed {u['seed']} ({u['ended']}): {u['reproduce']}", "yellow"))
            verdict = "nothing broke" if not data["broken"] else f"{len(data['broken'])} broken invariant(s)"
            print(st(f"{data['hands']} hands, {data['moves']} moves: {verdict}", "green" if not data["broken"] else "bold"))
        raise typer.Exit(EXIT_ILLEGAL if data["broken"] else 0)

    _guard(as_json, lang, body)


def _selfplay_show(ids: list[str], hands: int, seed: int, as_json: bool) -> None:
    from . import report
    from .selfplay import play_hand

    results = [play_hand(rid, s) for s in range(seed, seed + hands) for rid in ids]
    data = [{"ruleset": r.ruleset, "seed": r.seed, "ended": r.ended, "out": r.out, "moves": r.log,
             "broken": [str(b) for b in r.broken], "snapshot": [b.table for b in r.broken if b.table],
             "score": report.score_dict(r.score) if r.score else None} for r in results]
    if as_json:
        _emit_json({"hands": data})
    else:
        from .render.plain import score_text

        st = _style()
        for d in data:
            print(st(f"{d['ruleset']} seed {d['seed']}: {len(d['moves'])} moves, ended: {d['ended']}", "bold"))
            for line in d["moves"]:
                print(f"  {line}")
            for b, snap in zip(d["broken"], d["snapshot"] + [""] * len(d["broken"])):
                print(st(f"BROKEN {b}", "red"))
                if snap:
                    print(snap)
            if d["score"]:
                print(score_text(d["score"], st))
            print()
    raise typer.Exit(EXIT_ILLEGAL if any(d["broken"] for d in data) else 0)


@app.command()
def lesson(
    name: str = typer.Argument(..., help="A lesson id or number, a lesson file, or 'list' for all lessons."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Take the lesson under another ruleset: the engine answers under it."),
    learner: Optional[str] = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Take a lesson: explanations, tables and questions graded by the engine.

    'canasta lesson list' lists them. When standard input is not a terminal, answers are read one
    per line.

    Example:  canasta lesson list
    Example:  canasta lesson melds
    """
    def body():
        from .lesson import builtin_lessons, find_lesson, read_lesson

        if name == "list":
            from .progress import Progress

            store = _progress_or_none(lambda: Progress(learner=learner))
            if getattr(store, "notice", ""):
                sys.stderr.write(f"canasta: {store.notice}\n")
            finished = set(store.finished_lessons())
            lessons = [read_lesson(p) for p in builtin_lessons()]
            if as_json:
                _emit_json({"lessons": [{"id": ls.id, "title": ls.title, "rules": ls.rule_ids(),
                                         "questions": len(ls.questions)} for ls in lessons]})
            else:
                for i, ls in enumerate(lessons, 1):
                    mark = "✓" if ls.id in finished else " "
                    print(f"{mark} {i:2d}. {ls.id:<16} {ls.title}  ({len(ls.questions)} questions)")
                    print(f"       rules: {', '.join(ls.rule_ids())}")
            return
        from .progress import Progress
        from .tutor import run_lesson

        ls = read_lesson(find_lesson(name), ruleset)
        _refuse_broken_lesson(ls)
        progress = Progress(learner=learner)
        if progress.notice:
            sys.stderr.write(f"canasta: {progress.notice}\n")
        try:
            # With --json the lesson talks on stderr and stdout gets only the result, for scripts.
            outcome = _taking(lambda talk: run_lesson(ls, talk, progress), as_json)
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
    ruleset: Optional[str] = RulesetOpt,
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the random positions (the same seed, the same quiz)."),
    learner: Optional[str] = LearnerOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Drill questions on random positions, graded by the engine; the rule you know least comes first.

    Rules are chosen by spaced repetition (Leitner boxes). When standard input is not a terminal,
    answers are read one per line.

    Example:  canasta quiz --count 10
    Example:  canasta quiz --rules pile.needs-natural-pair --ruleset danish
    """
    def body():
        import random

        from .progress import Progress
        from .quiz import drillable
        from .tutor import run_quiz

        known = drillable()
        wanted = []
        for r in rules_ or []:
            wanted += [x for x in r.replace(",", " ").split() if x]
        unknown = [r for r in wanted if r not in known]
        if unknown:
            _fail(EXIT_USAGE, f"--rules: no drill for {', '.join(unknown)}; drills exist for: {', '.join(known)}", as_json)
        rs = _ruleset_ref(ruleset) if ruleset else None
        progress = Progress(learner=learner)
        if progress.notice:
            sys.stderr.write(f"canasta: {progress.notice}\n")
        start = seed if seed is not None else random.randrange(1 << 30)
        try:
            outcome = _taking(lambda talk: run_quiz(talk, progress, wanted or known, count, rs, start), as_json)
        finally:
            progress.close()
        if as_json:
            _emit_json({"learner": progress.learner, "seed": start, "asked": outcome.asked,
                        "right_first": outcome.right_first, "stopped": outcome.quit})

    _guard(as_json, lang, body)


@app.command()
def progress(
    reset: bool = typer.Option(False, "--reset", help="Forget this learner's answers and start again (asks first)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="With --reset: do not ask."),
    learner: Optional[str] = LearnerOpt,
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Accepted for uniformity; progress is "
                                          "kept per rule, whatever the ruleset."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Show what you have mastered, rule by rule (Leitner boxes 1 to 5), and what is due for practice.

    Example:  canasta progress
    Example:  canasta progress --reset --yes
    """
    def body():
        from .progress import Progress
        from .render.progress_view import print_progress, progress_data

        store = Progress(learner=learner)
        if store.notice:
            sys.stderr.write(f"canasta: {store.notice}\n")
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


@app.command()
def schema(
    kind: str = typer.Argument(..., metavar="snapshot|scenario|lesson", help="Which file format."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r", help="Accepted for uniformity; the schema is "
                                          "the same for every ruleset."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Print the JSON Schema of a file format, for editors (YAML language servers read it).

    Example:  canasta schema scenario > canasta-scenario.schema.json
    """
    def body():
        from .schema import KINDS
        from .schema import schema as build

        if kind not in KINDS:
            _fail(EXIT_USAGE, f"unknown format '{kind}'; expected one of: {', '.join(KINDS)}", as_json)
        _emit_json(build(kind))

    _guard(as_json, None, body)


@app.command()
def new(
    kind: str = typer.Argument(..., metavar="scenario|lesson", help="What to start."),
    file: str = typer.Argument(..., help="The file to write (never overwritten)."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", "-r",
                                          help="The ruleset of the skeleton's table (a four-player one)."),
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Write a commented skeleton of a scenario or a lesson, with its JSON Schema beside it.

    The skeleton's first line points editors at the schema, so they check the file as you type.

    Example:  canasta new scenario my-dispute.yaml
    """
    def body():
        from pathlib import Path

        from .schema import schema as build
        from .source import InputError

        if kind not in ("scenario", "lesson"):
            _fail(EXIT_USAGE, f"unknown kind '{kind}'; expected scenario or lesson", as_json)
        if ruleset:
            from .ruleset import load_ruleset

            if load_ruleset(ruleset).players != 4:
                raise InputError(f"--ruleset {ruleset}: the skeleton seats four players; start from a "
                                 "four-player ruleset and change the players and the ruleset in the file")
        if not file.strip():
            raise InputError("give the name of the file to write, e.g. my-dispute.yaml")
        target = Path(file)
        if os.path.lexists(target):  # lexists: a dangling link is a name taken too
            raise InputError(f"{file} already exists; choose another name (nothing was written)")
        if not target.parent.is_dir():
            raise InputError(f"the folder {target.parent} does not exist (nothing was written)")
        schema_file = target.parent / f"canasta-{kind}.schema.json"
        if schema_file.name == target.name:
            raise InputError(f"{file} is the name of the schema written beside the skeleton; choose another name")
        template = (Path(__file__).parent / "templates" / f"{kind}.yaml").read_text(encoding="utf-8")
        text = template.replace("{schema}", schema_file.name).replace("{name}", str(target))
        if ruleset:
            text = text.replace("ruleset: classic", f"ruleset: {ruleset}", 1)
        try:
            with open(target, "x", encoding="utf-8") as out:  # "x": never overwrite, even in a race
                out.write(text)
        except OSError as exc:
            raise InputError(f"cannot write {file}: {exc.strerror or exc} (nothing was written)") from None
        written = [str(target)]
        if not os.path.lexists(schema_file):  # the skeleton first: a failure leaves no stray schema
            schema_file.write_text(json.dumps(build(kind), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(str(schema_file))
        if as_json:
            _emit_json({"written": written})
        else:
            for w in written:
                print(f"wrote {w}")
            print(f"next: edit {target}, then run: canasta lint {target}")

    _guard(as_json, None, body)


def _ruleset_ref(ref: str) -> str:
    """A ruleset as the engine will look it up again later (in other processes too): a built-in id,
    or a ruleset file's absolute path. Loading it first reports a bad one at once."""
    from .ruleset import BUILTIN, load_ruleset

    load_ruleset(ref)
    return ref if ref in BUILTIN else os.path.abspath(ref)


def _taking(run, as_json: bool):
    """Run a lesson or quiz; Ctrl-C stops it like 'q' (every answer given is already saved)."""
    from .tutor import Talk, say

    talk = Talk(stdout=sys.stderr if as_json else None)
    try:
        return run(talk)
    except KeyboardInterrupt:
        talk.out("")
        talk.out(say("saved"))
        raise typer.Exit(130)


def _refuse_broken_lesson(ls) -> None:
    """A lesson whose questions the engine cannot answer as asked is not taken (``lint`` says why)."""
    from .lesson import problems
    from .source import InputError

    found = problems(ls)
    if found:
        line, column, message = found[0]
        raise InputError(f"{message} (see 'canasta lint {ls.file}')", ls.file, line, column)


def _progress_or_none(open_store):
    """The progress database for reading, or an empty stand-in when there is none yet (listing the
    lessons never creates one)."""
    from .progress import database_path

    try:
        if database_path().exists():
            return open_store()
    except Exception:  # noqa: BLE001 - listing lessons must work even where the database cannot be read
        pass

    class Empty:
        def finished_lessons(self):
            return []
    return Empty()


@app.command()
def rules(
    ruleset_id: Optional[str] = typer.Argument(None, metavar="[RULESET]", help="A ruleset id or file."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """List the rulesets, or print one ruleset's parameters and what it inherits from classic.

    Example:  canasta rules danish
    """
    def body():
        from .render import rules_view

        target = ruleset_id or ruleset
        data = rules_view.ruleset_data(target) if target else rules_view.rulesets_list()
        _emit(data, as_json, rules_view.print_rules)

    _guard(as_json, lang, body)


@app.command()
def explain(
    rule_id: str = typer.Argument(..., help="A rule id, e.g. pile.black-three-on-top (or 'all')."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Explain one rule: what it says, how each ruleset treats it, and which source each follows.

    Example:  canasta explain pile.needs-natural-pair
    """
    def body():
        from .render import rules_view
        from .source import InputError

        data = rules_view.explain_data(rule_id)
        if data is None:
            from .rules import RULES

            close = [r for r in RULES if rule_id.split(".")[-1] in r or rule_id in r]
            raise InputError(f"unknown rule id '{rule_id}'"
                             + (f"; did you mean {', '.join(close)}?" if close else "; see 'canasta explain all'"))
        _emit(data, as_json, rules_view.print_explain)

    _guard(as_json, lang, body)


@app.command()
def lint(
    paths: List[str] = typer.Argument(..., help="Scenario files or folders of them."),
    ruleset: Optional[str] = RulesetOpt,
    as_json: bool = JsonOpt,
    lang: Optional[str] = LangOpt,
) -> None:
    """Check teachers' files: the format, the card counts, and every stated answer against the engine.

    Exit 0 when everything agrees, 1 when a file has a problem.

    Example:  canasta lint scenarios/
    """
    def body():
        from . import api
        from .source import InputError

        missing = [p for p in paths if not os.path.exists(p)]
        if missing:
            raise InputError(f"{', '.join(missing)}: no such file or folder")
        files = api.scenario_files(paths)
        if not files:
            raise InputError(f"no YAML files found in {', '.join(paths)}")
        results = []
        total_checked = 0
        for f in files:
            checked, problems = api.lint_file(f, ruleset)
            total_checked += checked
            results.append((str(f), checked, problems))
        bad = [p for _, _, ps in results for p in ps]
        if as_json:
            _emit_json({"files": [{"file": f, "checked": n, "problems": [p.as_dict() for p in ps]}
                                  for f, n, ps in results],
                        "problems": len(bad), "checked": total_checked})
        else:
            st = _style()
            for p in bad:
                print(st(str(p), "red" if p.kind == "invalid" else "yellow"))
            summary = f"{len(files)} file(s), {total_checked} stated answer(s) checked, {len(bad)} problem(s)"
            print(st(summary, "green" if not bad else "bold"))
        raise typer.Exit(EXIT_ILLEGAL if bad else 0)

    _guard(as_json, lang, body)


def _only(name: str) -> typer.Typer | None:
    """An app holding just the command being run. Typer works out every registered command's options
    when it starts, which costs more than a whole ruling; the full app is built only when the
    command name is not known (for the list of commands, or to suggest one)."""
    chosen = [c for c in app.registered_commands if (c.name or c.callback.__name__) == name]
    if not chosen:
        return None
    one = typer.Typer(**APP_SETTINGS)
    one.registered_commands = chosen

    @one.callback()
    def group() -> None:  # a callback keeps `canasta NAME ...` a subcommand, as in the full app
        pass

    return one


def main() -> None:
    target = _only(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else None
    try:
        (target or app)()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
