"""``canasta play --history``: the results of every game played, kept per player in the data folder.

One row a game and player in ``history.db`` beside the progress database: the hands the game has
finished, the hands the player's side won (it scored more than every other side), the side's points
over them, whether the game is over, and when it was last played. A game is named by the ``id`` its
saves keep (``x-game.id``), so a game saved, resumed and stopped again is one game: its row is
replaced with the whole game so far, never added to. A hand still in play when a game stops counts
when it ends, in the resumed game; a game stopped before its first hand ended counts for nothing.

Every write is one transaction, so two games that end at once are both kept (the second waits for the
first). The file is only read by ``--history`` (nothing is created by reading); one that cannot be
read as a history (damaged, another program's, a newer format) is an ``InputError`` that says what to
do, and the file is left as it is.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from canasta_tutor import texts
from canasta_tutor.learning.store import BUSY_SECONDS, home, odd
from canasta_tutor.play.game import Game
from canasta_tutor.reading.strict_yaml import InputError

VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    player TEXT NOT NULL,        -- the learner who played (--learner, CANASTA_LEARNER, else 'me')
    game TEXT NOT NULL,          -- the game's id (x-game.id of its saves)
    ruleset TEXT NOT NULL,       -- the ruleset's id, or its file
    hands INTEGER NOT NULL,      -- hands finished
    won INTEGER NOT NULL,        -- hands the player's side won
    points INTEGER NOT NULL,     -- the player's side's points over those hands
    over INTEGER NOT NULL,       -- 1: the game was played to its end
    at REAL NOT NULL,            -- when it was last played (seconds since the epoch)
    PRIMARY KEY (player, game)
);
"""
COLUMNS = ("player", "game", "ruleset", "hands", "won", "points", "over", "at")
WIDTH = 80  # the text table fits a terminal of 80 columns


def history_path() -> Path:
    return home() / "history.db"


def name_game(game: Game, resumed: bool) -> str:
    """The game's id: a new game gets a name of its own; a saved game keeps its name, and one saved
    before games had names (or a table file) is named by what makes it that game, so that resuming
    it again counts it once."""
    if game.id is None:
        if resumed:
            what = f"{game.ruleset_ref}|{game.seed}|{len(game.names)}|{sorted(game.house.items())}"
            game.id = "from-" + hashlib.sha256(what.encode()).hexdigest()[:16]
        else:
            game.id = os.urandom(8).hex()
    return game.id


@dataclass
class Result:
    """A game as the history keeps it."""

    hands: int
    won: int
    points: int
    over: bool


def result(game: Game, player: str) -> Result:
    """The hands of ``game`` finished so far, seen from the side of the seat ``player``."""
    side = game.table.side_of(player).name
    won = points = 0
    for h in game.history:
        totals = {s.name: s.hand_total for s in h.score.sides}
        mine = totals.get(side, 0)
        points += mine
        if all(mine > t for name, t in totals.items() if name != side):
            won += 1
    return Result(len(game.history), won, points, game.over)


def _say(key: str, **params) -> str:
    return texts.section("play", f"history.{key}", params)


def _problem(path: Path, exc: BaseException) -> InputError:
    return InputError(_say("damaged", error=str(exc) or type(exc).__name__), str(path))


def _open(path: Path, write: bool) -> sqlite3.Connection | None:
    """The history, or None when there is none yet and ``write`` is false (nothing is created)."""
    what = odd(path) or odd(f"{path}-journal")
    if what:  # a link, a folder or a pipe where the file belongs: never followed, opened or waited on
        raise InputError(_say("odd", what=texts.said(what)), str(path))
    if not write and not path.exists():
        return None
    if write:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if write:
            conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        else:
            from urllib.parse import quote

            conn = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True, timeout=BUSY_SECONDS,
                                   isolation_level=None)
    except sqlite3.Error as exc:
        raise _problem(path, exc) from None
    try:
        _check(conn, path, write)
    except BaseException:
        conn.close()
        raise
    return conn


def _check(conn: sqlite3.Connection, path: Path, write: bool) -> None:
    try:
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        check = conn.execute("PRAGMA quick_check").fetchone()
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        have = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    except sqlite3.DatabaseError as exc:  # not a database at all, or damaged past reading
        raise _problem(path, exc) from None
    if check and check[0] != "ok":
        raise _problem(path, Exception(str(check[0])))
    if found > VERSION:
        raise InputError(_say("newer", found=found, version=VERSION), str(path))
    if found == 0 and not tables and write:  # a new file: made ours
        conn.executescript(SCHEMA + f"PRAGMA user_version = {VERSION};")
        return
    missing = [c for c in COLUMNS if c not in have]
    if found != VERSION or missing:
        raise InputError(_say("foreign", missing=", ".join(missing) or "user_version"), str(path))


def record(game: Game, player: str, learner: str, path: Path | None = None, now: float | None = None) -> bool:
    """Keep the game's result for ``learner`` (``player`` is the seat they played). False when there
    is nothing to keep yet (no hand finished); an InputError when the history cannot take it."""
    outcome = result(game, player)
    if outcome.hands == 0:
        return False
    path = path or history_path()
    if now is None:
        from canasta_tutor.learning.progress import clock

        now = clock()
    conn = _open(path, True)
    assert conn is not None
    try:
        conn.execute("BEGIN IMMEDIATE")  # waits for another game that is writing its own result
        conn.execute("INSERT INTO games (player, game, ruleset, hands, won, points, over, at) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, game) DO UPDATE SET "
                     "ruleset = excluded.ruleset, hands = excluded.hands, won = excluded.won, "
                     "points = excluded.points, over = excluded.over, at = excluded.at",
                     (learner, game.id or "", game.ruleset_ref, outcome.hands, outcome.won, outcome.points,
                      int(outcome.over), now))
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise _problem(path, exc) from None
    finally:
        conn.close()
    return True


def history_data(path: Path | None = None, learner: str | None = None) -> dict:
    """Every player's games, as ``--history --json`` gives them (docs/cli.md); ``learner``: only theirs."""
    path = path or history_path()
    conn = _open(path, False)
    players: dict[str, dict] = {}
    if conn is not None:
        try:
            rows = conn.execute("SELECT player, ruleset, hands, won, points, over, at FROM games "
                                "ORDER BY player, at").fetchall()
        except sqlite3.Error as exc:
            raise _problem(path, exc) from None
        finally:
            conn.close()
        for row in rows:
            who, ruleset, hands, won, points, over, at = row
            if not (isinstance(who, str) and isinstance(ruleset, str) and all(
                    isinstance(v, int) for v in (hands, won, points, over)) and isinstance(at, (int, float))
                    and 0 <= won <= hands):  # a row edited by hand: said, never a traceback
                raise _problem(path, Exception(_say("bad-row", row=", ".join(map(repr, row)))))
            if learner is not None and who != learner:
                continue
            p = players.setdefault(who, {"player": who, "games": 0, "finished": 0, "hands": 0, "won": 0,
                                         "points": 0, "average": None, "last_played": None, "rulesets": []})
            p["games"] += 1
            p["finished"] += bool(over)
            p["hands"] += hands
            p["won"] += won
            p["points"] += points
            p["last_played"] = max(p["last_played"] or at, at)
            if ruleset not in p["rulesets"]:
                p["rulesets"].append(ruleset)
    for p in players.values():
        p["average"] = round(p["points"] / p["hands"], 1) if p["hands"] else None
        p["last_played"] = datetime.fromtimestamp(p["last_played"], UTC).isoformat(timespec="seconds")
    return {"history": str(path), "players": list(players.values())}


def history_text(data: dict) -> str:
    """The history as a table of one line a player, within 80 columns in every language."""
    if not data["players"]:
        return _say("none", path=data["history"])
    heads = [_say(f"column.{c}") for c in ("player", "games", "finished", "hands", "won", "average", "last")]
    rows = [[texts.section("play", "history.learner", {"learner": p["player"]}), str(p["games"]),
             str(p["finished"]), str(p["hands"]), str(p["won"]),
             "-" if p["average"] is None else texts.decimal(p["average"]), p["last_played"][:10]]
            for p in data["players"]]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    room = WIDTH - sum(widths[1:]) - 2 * (len(widths) - 1)  # the player's name gives way to the figures
    widths[0] = max(4, min(widths[0], room))

    def line(cells: list[str]) -> str:
        first = cells[0] if len(cells[0]) <= widths[0] else cells[0][: widths[0] - 1] + "…"
        out = [first.ljust(widths[0])] + [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]
        return "  ".join(out).rstrip()

    lines = [_say("heading", path=data["history"]), line(heads), "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in rows]
    return "\n".join(lines)


def said_problem(exc: InputError) -> str:
    """A history that could not take a game's result, as the end of the game says it."""
    return _say("not-kept", problem=texts.input_error(exc))


__all__ = ["history_data", "history_path", "history_text", "name_game", "record", "result"]
