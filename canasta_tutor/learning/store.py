"""Opening the progress database: where it is, what may go wrong on the way, and never losing a file.

What the learner's situation can be (and what happens):

- no database yet: a reading command (``progress``, ``lesson list``) shows empty progress and
  creates nothing; a lesson or quiz creates it.
- a read-only file, folder or disk: reading works; a lesson or quiz is refused before its first
  question, so no answer is given that cannot be saved.
- a damaged file: moved aside to a name no other process can pick (``progress.db.damaged-<time>-<pid>``),
  under a lock so that several ``canasta`` processes move it once, and a new one is started; the
  notice names the file that really holds it.
- a file of another program, or one edited by hand so that our tables are missing: refused (exit 3),
  left as it is.
- a file of a newer version: refused, left as it is.
- a symbolic link, a folder, a pipe, a device or a socket where the file or its journal belongs:
  refused at once (exit 3), never followed, opened or waited on; nothing is read or written.
- text edited by hand into bytes that are not UTF-8: read as they are (``text``), so that the rows
  holding them are found damaged and repaired (see ``Progress``), never an error on every read.
- two processes upgrading an old file at once: the second sees the upgrade done and does nothing.
- another ``canasta`` holding the database: wait a little (``BUSY_SECONDS``), then go on; an answer
  that cannot be written yet is kept and written with the next one (see ``Progress``).
"""
from __future__ import annotations

import os
import sqlite3
import stat
import time
from pathlib import Path

from canasta_tutor.reading.strict_yaml import InputError, Said, UsageError

BUSY_SECONDS = 3  # another canasta writes an answer in milliseconds; waiting longer helps nobody


def home() -> Path:
    """Where the tool keeps what it writes: $CANASTA_HOME, else the user data directory."""
    env = os.environ.get("CANASTA_HOME")
    if env is not None:
        if not env.strip():
            raise UsageError(_say("home-empty"))
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("canasta-tutor", appauthor=False))


def database_path() -> Path:
    return home() / "progress.db"


def _say(key: str, **params) -> str:
    """A message about the progress database in the learner's language (the ``progress_file`` section)."""
    from canasta_tutor import texts

    return texts.section("progress_file", key, params)


def problem(exc: sqlite3.Error, path: Path, doing: str) -> InputError:
    """A database error as the learner reads it; always says that what was saved before is kept."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        why = "locked"
    elif "full" in text:
        why = "full"
    elif "readonly" in text or "read-only" in text:
        why = "read-only"
    else:
        why = "unknown"
    return InputError(_say(f"problem.{doing}", error=text, why=_say(f"why.{why}", error=text)), str(path))


def text(data: bytes) -> str:
    """A text column as read (the connections' ``text_factory``): bytes that are not UTF-8, edited in
    by hand, become lone surrogates that ``valid`` finds, where SQLite's decoding would fail on every
    read of the row and no repair could see it."""
    return data.decode("utf-8", "surrogateescape")


def valid(value) -> bool:
    """A string SQLite can store: no lone surrogate (read from bytes that are not UTF-8, or given in JSON
    as ``\\ud800``)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def lenient(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.text_factory = text
    return conn


def writable(path: Path) -> bool:
    """Whether answers can be written: the file (if any) and its folder (for the journal) are writable."""
    folder = path.parent
    if path.exists() and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def shape(schema: str) -> dict[str, set[str]]:
    """The tables and columns a schema creates."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(schema)
        return columns(conn)
    finally:
        conn.close()


def columns(conn: sqlite3.Connection) -> dict[str, set[str]]:
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                         "AND name NOT LIKE 'sqlite_%'")]
    return {t: {r[1] for r in conn.execute(f'PRAGMA table_info("{t}")')} for t in tables}


def run_script(conn: sqlite3.Connection, sql: str) -> None:
    """Run several statements inside the caller's transaction (``executescript`` would commit it)."""
    statement = ""
    for piece in sql.split(";"):
        statement += piece + ";"
        if sqlite3.complete_statement(statement):  # not a ';' inside a string or a comment
            if statement.strip(" \n\t;"):
                conn.execute(statement)
            statement = ""


def open_database(path: Path, version: int, schema: str, migrate, write: bool,
                  old_schemas: dict[int, str] | None = None) -> tuple[sqlite3.Connection, str]:
    """The connection and a notice for the learner (empty when nothing happened). ``old_schemas``
    gives the tables an older format must hold, so that a file edited by hand is told apart from one
    to upgrade.

    ``migrate(conn, found)`` brings a file of an older format ``found`` up to ``version``; it runs in
    a transaction that holds the write lock, after the format has been read again under it."""
    _refuse_odd(path)
    if write:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(_say("no-folder", reason=exc.strerror or exc), str(path.parent)) from None
        if not writable(path):
            raise InputError(_say("read-only"), str(path))
    notice = ""
    for _ in range(5):  # another process may move a damaged file aside while we look at it
        if not write and not _exists(path):
            # Nothing to read: an empty database in memory, and no file or folder created.
            conn = lenient(sqlite3.connect(":memory:", isolation_level=None))
            conn.executescript(schema + f"PRAGMA user_version = {version};")
            return conn, notice
        try:
            conn = _connect(path, write)
            damage = _damage(conn)
        except sqlite3.OperationalError as exc:  # locked by another canasta, or not openable: not damage
            raise InputError(_say("cannot-open", error=exc), str(path)) from None
        except sqlite3.DatabaseError as exc:  # not even a connection to close
            damage = str(exc)
        else:
            if not damage:
                break
            conn.close()
        aside = _move_aside(path)
        if aside:
            notice = _say("damaged", error=damage, aside=aside)
    else:  # pragma: no cover - five damaged files in a row
        raise InputError(_say("keeps-damaged"), str(path))
    try:
        _check_format(conn, path, version, schema, old_schemas)
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found < version and write:
            conn.execute("BEGIN IMMEDIATE")
            try:
                found = conn.execute("PRAGMA user_version").fetchone()[0]  # another process may have upgraded it
                if found < version:
                    migrate(conn, found)
                    conn.execute(f"PRAGMA user_version = {version}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        elif found < version:  # reading an old file: upgraded in memory only, the file untouched
            conn.close()
            conn = _upgraded_copy(path, version, migrate)
    except InputError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise problem(exc, path, "opened") from None
    return conn, notice


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError as exc:  # a folder on the way that cannot be searched
        raise InputError(_say("unreachable", reason=exc.strerror or exc), str(path)) from None


# What SQLite opens beside the database, by name, following links: a link planted there would have
# its target written.
JOURNALS = ("-journal", "-wal", "-shm")


def _refuse_odd(path: Path) -> None:
    """Refuse the database, or a journal beside it, that is not a regular file: SQLite would follow a
    link (and create or write its target), wait forever on a pipe and call a folder a disk I/O error."""
    for name in [str(path)] + [f"{path}{extra}" for extra in JOURNALS]:
        what = odd(name)
        if what:
            raise InputError(Said("progress-file.odd", "is {what}, where canasta expects a file of its progress "
                                  "database: move it away, or set CANASTA_HOME to another folder. Nothing was read "
                                  "or written.", what=what), name)


def odd(name: str | Path) -> str:
    """What is at ``name`` when it is neither nothing nor a regular file (said for a message), else ""."""
    try:
        mode = os.lstat(name).st_mode
    except FileNotFoundError:
        return ""
    except OSError as exc:  # a folder on the way that cannot be searched
        raise InputError(_say("unreachable", reason=exc.strerror or exc), str(name)) from None
    if stat.S_ISLNK(mode):
        return Said("progress-file.a-link", "a symbolic link (links are never followed)")
    if stat.S_ISDIR(mode):
        return Said("progress-file.a-folder", "a folder")
    if not stat.S_ISREG(mode):
        return Said("progress-file.a-special", "not a regular file but a pipe, a device or a socket")
    return ""


def set_aside(path: Path, name: str) -> str:
    """Give ``path`` the new ``name`` in its folder (``name-1``, ``name-2``... when taken), never
    replacing a file; "" when ``path`` is gone already (another process set it aside)."""
    for n in range(1000):
        aside = path.with_name(name + (f"-{n}" if n else ""))
        try:
            os.link(path, aside, follow_symlinks=False)  # never onto an existing file
        except FileExistsError:
            continue
        except FileNotFoundError:
            return ""
        except OSError:  # no hard links here: rename, after checking the name is free
            if os.path.lexists(aside):
                continue
            try:
                os.rename(path, aside)
            except FileNotFoundError:
                return ""
            return str(aside)
        try:
            os.unlink(path)
        except FileNotFoundError:  # another process set it aside meanwhile: ours is a second name for it
            os.unlink(aside)
            return ""
        return str(aside)
    raise InputError(_say("not-moved"), str(path))


def _connect(path: Path, write: bool) -> sqlite3.Connection:
    if write:
        return lenient(sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None))
    uri = "file:" + _uri_path(path) + "?mode=ro"
    return lenient(sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None))


def _uri_path(path: Path) -> str:
    from urllib.parse import quote

    return quote(str(path.absolute()))


def _damage(conn: sqlite3.Connection) -> str:
    """Why the file cannot be trusted, or "" (integrity_check also finds damaged indexes)."""
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    if rows and rows[0][0] != "ok":
        return "; ".join(str(r[0]) for r in rows[:3])
    return ""


def _move_aside(path: Path) -> str:
    """Move the damaged file to a name of its own; "" when another process already did.

    The file is locked while it is looked at again and moved, so that of several processes that
    found it damaged, one moves it and the others open the new one."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return ""
    try:
        _lock(fd)
        try:
            now = os.stat(path)
        except FileNotFoundError:
            return ""
        if (now.st_ino, now.st_dev) != (os.fstat(fd).st_ino, os.fstat(fd).st_dev):
            return ""  # already moved aside and replaced by a new database
        try:
            conn = lenient(sqlite3.connect(f"file:{_uri_path(path)}?mode=ro", uri=True, timeout=BUSY_SECONDS))
            try:
                if not _damage(conn):
                    return ""
            finally:
                conn.close()
        except sqlite3.OperationalError:
            return ""
        except sqlite3.DatabaseError:
            pass
        aside = set_aside(path, f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")
        if aside:
            for extra in JOURNALS:  # they belong to the damaged file, not to the new one
                if os.path.exists(f"{path}{extra}"):
                    os.replace(f"{path}{extra}", f"{aside}{extra}")
        return aside
    finally:
        os.close(fd)


def _lock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: one process at a time is the user's care
        return
    fcntl.flock(fd, fcntl.LOCK_EX)


def _check_format(conn: sqlite3.Connection, path: Path, version: int, schema: str,
                  old_schemas: dict[int, str] | None = None) -> None:
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > version:
        raise InputError(_say("newer", found=found, version=version), str(path))
    have = columns(conn)
    expected = schema if found == version else (old_schemas or {}).get(found)
    if expected:
        missing = []
        for table, wanted in shape(expected).items():
            if table not in have:
                missing.append(_say("lacks-table", table=table))
            else:
                missing += [f"{table}.{c}" for c in sorted(wanted - have[table])]
        if missing:
            raise InputError(_say("lacks", missing=", ".join(missing)), str(path))
    elif found == 0 and have:
        raise InputError(_say("foreign", tables=", ".join(sorted(have))), str(path))


def _upgraded_copy(path: Path, version: int, migrate) -> sqlite3.Connection:
    source = _connect(path, False)
    conn = lenient(sqlite3.connect(":memory:", isolation_level=None))
    source.backup(conn)
    source.close()
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.execute("BEGIN")
    migrate(conn, found)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.execute("COMMIT")
    return conn
