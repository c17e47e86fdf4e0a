"""``canasta play``: a game against the computer, one command at a time, with the coach beside you.

The human types a move in the usual notation, a number from the ``moves`` list, ``?`` for the coach,
``moves``, ``save FILE``, ``score``, ``help`` or ``quit``. A refused move is answered with exactly the
ruling ``check`` prints. Every computer turn is told in one line: what it did and the coach's reason.

Lines come from any iterable, so a script (or a test) plays a whole game through standard input.
"""
from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from canasta_tutor import texts
from canasta_tutor.engine.table import Table
from canasta_tutor.files.writing import MARKER, write_file
from canasta_tutor.play.finishing import ruled
from canasta_tutor.play.game import Game, NotNow, game_text
from canasta_tutor.play.hint import hint
from canasta_tutor.play.moves import KINDS, Option
from canasta_tutor.reading.strict_yaml import InputError, Said, UsageError
from canasta_tutor.render import report
from canasta_tutor.render.plain import Style, hint_text, score_text, verdict_text
from canasta_tutor.render.safe import clean, clean_data

QUIT, OVER, INTERRUPTED = "quit", "over", "interrupted"
# Answers to "may I go out?": the English words, and those of every language the game speaks.
YES = {"y", "yes", "j", "ja", "s", "sim"}
QUIT_WORDS = {"quit", "q", "exit"}
NO = {"n", "no", "nee", "nej", "nao", "não"}


def say(key: str, **params) -> str:
    """A sentence of the session; its names, moves and echoed input cleaned of control characters
    before any styling is added (the printer cleans again, sparing only the styling)."""
    return texts.section("play", key, clean_data(params))


def told_key(advice) -> tuple[str, str]:
    """Where the reason of a computer player's move is worded: the coach speaks to the player on turn
    ("your side's first meld"), so a reason that says "you" has a third-person twin under
    ``play.coach-told`` (``play.hints-told`` for the first level's ``hints``); any other reason is
    worded as it is."""
    if advice.catalog == "play" and advice.reason.startswith("coach."):
        twin = "coach-told." + advice.reason.removeprefix("coach.")
    elif advice.catalog == "hints":
        twin = "hints-told." + advice.reason
    else:
        return advice.catalog, advice.reason
    entry = texts.catalog(texts.language()).get("play", {})
    for part in twin.split("."):
        entry = entry.get(part) if isinstance(entry, dict) and "other" not in entry else None
    return ("play", twin) if entry is not None else (advice.catalog, advice.reason)


def saved_games() -> Path:
    """Where Ctrl-C saves a game: the learner's data folder."""
    from canasta_tutor.learning.progress import home

    return home() / "games"


def _dealt(game: Game) -> Table:
    """The table of a game: a session plays, saves and resumes only games that have been dealt."""
    if game.table is None:
        raise ValueError("the game has not been dealt")
    return game.table


class Session:
    def __init__(self, game: Game, lines: Iterable[str], write: Callable[[str], None], style: Style,
                 terminal: bool = False, draw: Callable[[Table], None] | None = None, verbose: bool = False,
                 coach: str = "normal", guided: bool = False) -> None:
        self.game = game
        self.lines: Iterator[str] = iter(lines)
        self.write = write
        self.style = style
        self.terminal = terminal
        self.draw_table = draw
        self.human = next((s.name for s in game.seats.values() if s.player == "human"), None)
        self.listed: list[Option] = []
        # quiet: speaks when asked; normal: warns before a discard that feeds the pile, reviews each hand;
        # chatty: also gives every computer move's reason and its own suggestion before each of your steps
        self.coach = coach
        if coach != "quiet" and game.log is None:
            game.log = []  # the hand's moves, for the review when it ends
        self.suggested: object = None  # the position the coach last suggested a move for (chatty)
        self.redraw = False  # 'undo' asks for the table to be drawn again (once)
        self.quit_asked = False  # 'quit' typed at a yes-or-no question of yours
        self.taken_back: list[dict[str, object]] = []  # the game before each of your steps, for 'undo'
        self.verbose = verbose  # every ruling in full and the table after every step, as 'check' prints them
        self.ruling: str | None = None  # the full text of the last ruling, for 'why'
        self.saved: tuple[str, tuple[int, int, str, int]] | None = None  # the last 'save FILE', and when
        if self.human is not None:
            game.ask_human = self._ask_human
        self.guide = None  # --guided: the hand in play explained choice by choice (learning/guide.py)
        if guided and self.human is not None:
            from canasta_tutor.learning.guide import Guide

            self.guide = Guide(game, self.human)

    # -- the game ---------------------------------------------------------------------------------
    def run(self) -> str:
        g = self.game
        self.write(self._welcome())
        if self.guide is not None:
            self.write(self.style(self.guide.intro(), "cyan"))
        drawn = None
        while True:
            self._computer_turns()
            while not g.over and g.end_if_stuck():
                self._hand_over()
                self._computer_turns()
            if g.over:
                self.write(self._game_over())
                return OVER
            # the table is drawn when a turn of yours starts ('show' draws it any time; --verbose after every step)
            key = ((g.hand, g.turns, g.table.turn.phase, len(g.table.mover.hand or [])) if self.verbose
                   else (g.hand, g.turns))
            if key != drawn or self.redraw:
                self._draw()
                drawn, self.redraw = key, False
            for told in self.guide.before_prompt() if self.guide is not None else ():
                self.write(self.style(told, "cyan"))
            if self.coach == "chatty":
                self._suggest()
            try:
                line = next(self.lines)
            except StopIteration:
                self.write(say("end-of-input"))
                return QUIT
            if not self.terminal:
                self.write(f"> {clean(line.strip())}")
            if self.command(line.strip()) == QUIT:
                return QUIT

    def _computer_turns(self) -> None:
        g = self.game
        self._hand_over()  # a hand your move ended is over before the next hand's first turn is told
        while not g.over and g.to_play.player != "human":
            told = g.computer_turn()
            if self.coach == "chatty":  # every move with its own reason
                for move, advice in zip(told.moves, told.advices):
                    reason = self._told_reason(advice) if advice is not None else ""
                    self.write(say("told", player=told.player, moves=texts.show_move(move), reason=reason).rstrip())
            else:
                moves = "; ".join(texts.show_move(m) for m in told.moves)  # in the reader's verbs and letters
                reason = self._told_reason(told.advice) if told.advice is not None else ""
                self.write(say("told", player=told.player, moves=moves, reason=reason).rstrip())
            if told.red_threes:  # laid face up the moment they were drawn: everyone saw them
                self.write(say("told-red-threes", player=told.player, count=len(told.red_threes),
                               cards=texts.show_cards(" ".join(map(str, told.red_threes)))))
            self._answers()
            self._hand_over()
        self._hand_over()

    def _answers(self) -> None:
        """The partners' answers to "may I go out?" since the last report, each in a line."""
        g = self.game
        for a in g.answers:
            reason = texts.section("play", f"answer.{a.reason}", clean_data(a.params))
            self.write(say("answered", partner=a.partner, asker=a.asker, reason=reason))
        g.answers.clear()

    def _ask_human(self, asker: str, partner: str) -> bool:
        """A computer player asks the human, its partner, "may I go out?"; the next line answers.
        At the end of the input the computer answers for the human."""
        for told in self.guide.asked(asker) if self.guide is not None else ():
            self.write(self.style(told, "cyan"))
        self.write(say("partner-asks", asker=asker))
        while True:
            try:
                line = next(self.lines).strip()
            except StopIteration:
                from canasta_tutor.play.partner import decide

                return decide(self.game.table, asker).yes
            if not self.terminal:
                self.write(f"> {clean(line)}")
            word = line.lower()
            if word in YES:
                return True
            if word in NO:
                return False
            # The question comes in the middle of a computer's turn, which cannot stop half made.
            self.write(say("answer-first" if word in QUIT_WORDS else "yes-or-no"))

    def _hand_over(self) -> None:
        g = self.game
        if g.last is None:
            return
        h, g.last = g.last, None
        how = say(f"ended.{h.ended}", player=h.out or "")
        self.write("")
        self.write(self.style(say("hand-over", number=h.number, how=how), "bold"))
        self.write(score_text(clean_data(report.score_dict(h.score)), self.style))
        if self.coach != "quiet" and self.human is not None:
            self.write(self._review(h))
        h.moves = []  # reviewed: the game keeps no more of a past hand than its score
        if not g.over:
            self.write("")
            self.write(say("next-hand", number=g.hand, player=_dealt(g).turn.player))

    def _review(self, h) -> str:
        """The coach's review of the hand that ended: your turning points, the biggest first."""
        from canasta_tutor.play.review import review

        points = review(h.moves, self.human or "")
        if not points:
            return say("review.none", number=h.number)
        lines = [self.style(say("review.head", number=h.number), "bold")]
        for p in points:
            better = self._reason(p.better)
            lines.append("  - " + say(f"review.{p.key}", turn=p.turn, better=better, **p.params))
        return "\n".join(lines)

    def _suggest(self) -> None:
        """Chatty: the coach's move for the position, said once before your step."""
        g = self.game
        key = (g.hand, g.turns, g.table.turn.phase, len(g.table.mover.hand or []), len(self.taken_back))
        if key == self.suggested:
            return
        self.suggested = key
        advice = hint(_dealt(g), g.moves(), memory=g.memory.get(self.human) if self.human is not None else None)
        if advice.option is not None:
            self.write(say("coach-would", move=texts.show_move(advice.option.move), reason=self._reason(advice)))

    def _reason(self, advice) -> str:
        return texts.section(advice.catalog, advice.reason, clean_data(advice.params))

    def _told_reason(self, advice) -> str:
        """The coach's reason for a computer player's move, told to the human: in the third person
        (their side's first meld), begun as a sentence after the moves."""
        section, key = told_key(advice)
        text = texts.section(section, key, clean_data(advice.params))
        text = text[:1].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."  # the first level's hints end bare

    def _welcome(self) -> str:
        g = self.game
        rs = g.ruleset
        side = g.table.side_of(self.human).name if self.human else ""
        partners = [n for n in g.table.side_of(self.human).players if n != self.human] if self.human else []
        title = texts.ruleset_title(rs.id, rs.title)
        if g.max_hands is not None:  # a game of so many hands ends after them, whatever the score
            left = g.max_hands - g.hand + 1
            head = say("welcome-hands", player=self.human or "", side=side, title=title, ruleset=rs.id,
                       hands=texts.counted("hand", left), left=left, target=rs.target_score)
        else:
            head = say("welcome", player=self.human or "", side=side, title=title, ruleset=rs.id,
                       target=rs.target_score)
        lines = [self.style(head, "bold")]
        if partners:
            lines.append(say("partner", partner=texts.listed(partners)))
        lines.append(say("commands"))
        return "\n".join(lines)

    def _game_over(self) -> str:
        g = self.game
        hands = texts.counted("hand", len(g.history))
        totals = ", ".join(f"{name} {points}" for name, points in self._totals().items())
        if g.winner:
            return self.style(say("winner", winner=g.winner, hands=hands, totals=totals), "bold")
        return self.style(say("tie", sides=texts.listed(g.tie), hands=hands, totals=totals), "bold")

    def _totals(self) -> dict[str, int]:
        g = self.game
        if g.over and g.history:
            return {s.name: s.total for s in g.history[-1].score.sides}
        return g.totals()

    def _draw(self) -> None:
        view = _dealt(self.game).seen_by(self.human or "")
        if self.draw_table is not None:
            self.draw_table(view)
        else:
            from canasta_tutor.render.table_view import table_lines

            self.write("")
            self.write(clean("\n".join(table_lines(view)), keep="\n"))

    # -- one command ------------------------------------------------------------------------------
    def command(self, line: str) -> str | None:
        g = self.game
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not line:
            return None
        if word in QUIT_WORDS:
            self._save_on_quit()
            self.write(say("bye"))
            return QUIT
        if word == "why":
            self.write(self.ruling or say("why-nothing"))
            return None
        if word == "show":
            self._draw()
            return None
        if word == "undo":
            self._undo()
            return None
        if word in ("?", "hint"):
            # the same advice as 'canasta hint', dead-end guard included
            advice = hint(_dealt(g), g.moves(), memory=g.memory.get(self.human) if self.human is not None else None)
            self.write(say("coach-says"))
            self.write(hint_text(clean_data(report.hint_dict(advice)), self.style))
            return None
        if word == "moves":
            self.write(self._moves_text())
            return None
        if word == "help":
            self.write(say("commands"))
            return None
        if word == "score":
            self.write(self._score_text())
            return None
        if word == "save":
            name = rest.strip()
            try:
                words = shlex.split(name)  # quoted as a shell would take it (the name the line printed)
            except ValueError:  # a quote left open: the name as typed
                words = []
            self.save(words[0] if len(words) == 1 else name)
            return None
        if word == "done":  # the turn after a red three emptied the stock has no discard to end it
            if not g.end_red_three_turn():
                self.write(say("done-not-now"))
            return None
        if line.isdigit():
            options = self._options()
            n = int(line)
            if not 1 <= n <= len(options):
                self.write(say("no-such-number", number=n, count=len(options)))
                return None
            return self._step(options[n - 1].steps)
        from canasta_tutor.engine.move import MoveError, parse_move

        for warning in texts.doubt_warnings(line, texts.language()):  # as `check` warns of them
            self.write(warning)
        try:
            # the player's own verbs and letters are read, as on the command line
            steps = parse_move(line, None if texts.language() == "en" else texts.language())
        except MoveError as exc:
            self.write(say("bad-move", problem=texts.said(exc.args[0])))
            return None
        return self._step(steps)

    def _step(self, steps) -> str | None:
        """A move of yours: the coach's warning first (unless quiet), then the move, which 'undo' can take back."""
        g = self.game
        if self.coach != "quiet" and not g.over:
            from canasta_tutor.play.warnings import ask_warning, no_safe_discard, pile_warning

            following_first = g.next_in_first_round()
            warning = ask_warning(g.table, steps, g.moves) or \
                pile_warning(g.table, g.named(list(steps)), g.memory.get(self.human or ""), following_first)
            if warning is not None:
                self.write(say(f"warn.{warning.key}", **warning.params))
                if warning.key != "ask" and len(steps) == 1 and \
                        no_safe_discard(g.table, g.memory.get(self.human or ""), following_first):
                    self.write(say("warn.every"))
                self.write(say("confirm"))
                if not self._yes():
                    self.write(say("not-made"))
                    if self.quit_asked:  # 'quit' at the question: the move is not made, the game is kept
                        self._save_on_quit()
                        self.write(say("bye"))
                        return QUIT
                    return None
        before = self._keep()
        made = self._play(steps)
        if made:
            self.taken_back.append(before)
        return None

    def _keep(self) -> dict[str, object]:
        import copy

        g = self.game
        ask, g.ask_human = g.ask_human, None
        log, g.log = g.log, None  # the moves made are never changed: the list is kept, not the tables in it
        try:
            kept = copy.deepcopy(g.__dict__)
        finally:
            g.ask_human, g.log = ask, log
        kept["log"] = None if log is None else list(log)
        return kept

    def _undo(self) -> None:
        """Take back your last step, and the computer turns after it, while the hand is on."""
        g = self.game
        if not self.taken_back or g.over or self.taken_back[-1]["hand"] != g.hand:
            self.taken_back.clear()
            self.write(say("undo-nothing"))
            return
        ask = g.ask_human
        g.__dict__.update(self.taken_back.pop())
        g.ask_human = ask
        self.write(say("undone"))
        self.redraw = True

    def _yes(self) -> bool:
        """The next line as yes or no (asked again until it is one); no at the end of the input."""
        while True:
            try:
                line = next(self.lines).strip()
            except StopIteration:
                return False
            if not self.terminal:
                self.write(f"> {clean(line)}")
            if line.lower() in YES:
                return True
            if line.lower() in NO:
                return False
            if line.lower() in QUIT_WORDS:
                self.quit_asked = True
                return False
            self.write(say("yes-or-no"))

    def _play(self, steps) -> bool:
        """Make the move; whether anything was made (a question to the partner counts)."""
        g = self.game
        asked = len(g.answers)
        try:
            v = g.play(steps, player=True)
        except NotNow as exc:
            made = len(g.answers) > asked
            self._answers()
            self.write(say(exc.key, **exc.params))
            return made
        made = v.legal or len(g.answers) > asked
        title = texts.ruleset_title(v.ruleset.id, v.ruleset.title)
        d = clean_data(report.verdict_dict(ruled(v)))
        self.ruling = verdict_text(d, self.style, clean(title))
        if self.verbose:
            self.write(self.ruling)
        elif v.legal:  # a step is one line; 'why' gives the ruling in full
            self.write(say("step-legal", move=d["move"]))
        else:
            self.write(say("step-refused", move=d["move"],
                           reason=d["violations"][0]["message"]))
        self._answers()  # the partner's answer, after the question
        if not v.legal:
            self.write(say("try-again"))
        elif _dealt(g).turn.red_three_last and not v.state.discarded:
            self.write(say("red-three-last-turn"))
        return made

    def _options(self) -> list[Option]:
        order = {k: i for i, k in enumerate(KINDS)}
        return sorted(self.game.moves().options, key=lambda o: order[o.kind])

    def _moves_text(self) -> str:
        g = self.game
        data = clean_data(report.moves_dict(g.moves()))
        head = texts.section("moves", "heading", {"count": data["count"], "player": data["player"],
                                                     "phase": data["phase"], "ruleset": data["ruleset"]})
        lines = [self.style(head, "bold")]
        kind = None
        for i, m in enumerate(data["moves"], 1):
            if m["kind"] != kind:
                kind = m["kind"]
                lines.append(self.style(texts.section("moves", f"kinds.{kind}"), "cyan"))
            lines.append(f"  {i:>3}. {texts.show_move(m['move'])}")
        for note in data["notes"]:  # the listing's notes, as 'canasta moves' gives them
            lines.append(self.style(texts.label("verdict.note"), "cyan") + f"  {note}")
        lines.append(say("moves-pick"))
        return "\n".join(lines)

    def _score_text(self) -> str:
        g = self.game
        lines = [self.style(say("score-head", hand=g.hand, target=g.ruleset.target_score), "bold")]
        for h in g.history:
            points = ", ".join(f"{s.name} {s.hand_total:+d}" for s in h.score.sides)
            lines.append("  " + say("score-hand", number=h.number, points=points))
        lines.append("  " + say("score-total", totals=", ".join(f"{n} {p}" for n, p in self._totals().items())))
        return "\n".join(lines)

    def _save_on_quit(self) -> None:
        """``quit`` keeps the game: saved under a new name in the games folder, and said where."""
        if self.game.over:
            return
        if self.saved is not None and self.saved[1] == self._state():  # saved with 'save FILE' since the last move
            self.write(say("quit-saved", file=clean(shlex.quote(self.saved[0]))))
            return
        try:
            saved = autosave(self.game)
        except InputError as exc:
            self.write(clean(texts.input_error(exc)))
            return
        self.write(say("quit-saved", file=clean(shlex.quote(str(saved.path)))))

    def save(self, path: str) -> Path | None:
        if not path:
            self.write(say("save-needs-file"))
            return None
        if not path.isprintable():  # refused as 'canasta new' refuses it: no such name is ever written
            self.write(clean(not_saved(texts.section("teaching", "skeleton.control"))))
            return None
        target = Path(path).expanduser()
        try:  # a new file or a game saved before; never someone's file, a link, a pipe or a new folder
            write_file(target, saved_text(self.game), replace_own=True)
        except InputError as exc:
            self.write(clean(not_saved(texts.input_error(exc))))
            return None
        self.write(say("saved", file=shlex.quote(path)))  # as it is typed in the commands the line gives
        self.saved = (path, self._state())
        return target

    def _state(self) -> tuple[int, int, str, int]:
        g = self.game
        return g.hand, g.turns, g.table.turn.phase, len(g.table.mover.hand or [])


def not_saved(problem: str) -> str:
    """A save at the prompt that failed: said so, and the game goes on to be saved elsewhere."""
    return texts.said(Said("game.not-saved", "the game was NOT saved: {problem}; the game goes on: save it under "
                           "another name with 'save FILE'", problem=problem))


class Saved:
    """Where an interrupted game was saved, and why not where it belongs (the games folder), if so."""

    def __init__(self, path: Path, elsewhere: str = "") -> None:
        self.path, self.elsewhere = path, elsewhere


def autosave(game: Game) -> Saved:
    """Save an interrupted game under a name of its own (``interrupted.yaml``, ``interrupted-2.yaml``...
    in the games folder of the learner's data folder): a game saved before is never replaced. When
    that folder cannot be used (a file called ``games``, no permission), the data folder takes the
    game, else the current folder; an InputError when none can, saying what to do."""
    text = saved_text(game)
    problems: list[str] = []
    folder: Path | None
    try:
        folder = saved_games()
        places = [folder, folder.parent, Path.cwd()]
    except UsageError as exc:  # CANASTA_HOME set but empty: no data folder to save in
        folder, places = None, [Path.cwd()]
        problems.append(texts.said(exc.args[0]))
    for place in places:
        try:
            if place == folder:
                place.mkdir(parents=True, exist_ok=True)  # the learner's own data folder, and only that
            path = _save_new(place, text)
        except InputError as exc:
            problems.append(texts.input_error(exc))
        except OSError as exc:  # the folder cannot be made: a file of that name, no permission
            if os.path.lexists(place) and not place.is_dir():
                problems.append(texts.said(Said("game.not-a-folder", "'{folder}' is not a folder", folder=str(place))))
            else:
                problems.append(f"{place}: {exc.strerror or exc}")
        else:
            return Saved(path, problems[0] if problems else "")
    raise InputError(Said("game.autosave-failed", "the game was NOT saved: {problem}; free that name or make the "
                          "folder writable (or set CANASTA_HOME to a folder you can write to), and save with "
                          "'save FILE' before you stop", problem=problems[0]))


def _save_new(folder: Path, text: str) -> Path:
    """``text`` written to the first free name of ``interrupted.yaml``, ``interrupted-2.yaml``... (a
    counter, never the clock: the names sort in the order the games stopped)."""
    n = 1
    while True:
        path = folder / ("interrupted.yaml" if n == 1 else f"interrupted-{n}.yaml")
        n += 1
        if os.path.lexists(path):
            continue
        try:
            write_file(path, text)  # never replaces: a file made meanwhile is left, and the next name tried
            return path
        except InputError:
            if not os.path.lexists(path):
                raise


def saved_text(game: Game) -> str:
    """The saved game, marked as the tool's own so that a later save may replace it."""
    return f"# {MARKER} ('canasta play'); a later save of a game may replace it\n" + game_text(game)


def new_game(ruleset: str, house: dict, players: int | None, seed: int | None, hands: int | None,
             level: int) -> Game:
    """A new game: the human in the first seat, the coach at ``level`` in every other."""
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    game = Game(ruleset, house, players, seed, hands, deal=False)
    for name in game.names:
        game.seat_for(name, "coach", level)
    game.seat_for(game.names[0], "human")
    game.deal({name: 0 for name, _ in game.sides})
    return game


def resume_game(path: str, level: int | None = None, hands: int | None = None,
                given: dict[str, object] | None = None) -> Game:
    """The saved game, to go on with. ``hands``: so many more hands, the one in play the first.
    ``given``: the options of the command line that the saved game fixes (ruleset, players, seed,
    house rules): one that says otherwise is a usage mistake."""
    from canasta_tutor.play.game import load_game

    game = load_game(path)
    _same_game(game, path, given or {})
    if hands is not None:
        game.max_hands = game.hand + hands - 1
    if not any(s.player == "human" for s in game.seats.values()):
        game.seat_for(_dealt(game).turn.player if level is None else game.names[0], "human")
    if level is not None:
        for s in game.seats.values():
            if s.player == "coach":
                s.level = level
    return game


def _same_game(game: Game, path: str, given: dict[str, object]) -> None:
    saved: dict[str, object] = {"ruleset": game.ruleset_ref, "players": len(game.names), "seed": game.seed,
                                "house": game.house}
    for option, value in given.items():
        if value is None or value == {} or option not in saved:
            continue
        there = saved[option]
        if option == "house" and isinstance(value, dict):  # as the file keeps them: parsed values
            from canasta_tutor.play.game import _house_value

            value = {k: _house_value(v[1]) for k, v in value.items()}
        if option == "ruleset" and value in (game.ruleset.id, game.ruleset.base, there):
            continue
        if value != there:
            shown = ", ".join(f"{k}={v}" for k, v in there.items()) if isinstance(there, dict) else str(there)
            raise UsageError(Said("game.resume-contradicts", "--{option} {value}: the saved game {file} is played "
                                  "with {option} {saved}; leave the option out to go on with it",
                                  option=option, value=str(value), file=path, saved=shown or "-"))


__all__ = ["Session", "new_game", "resume_game", "autosave"]
