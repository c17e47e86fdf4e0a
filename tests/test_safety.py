"""The safety promises of docs/safety.md, each tried the way a hostile file, a careless argument or an
unlucky machine would: no control character from a file or an argument reaches the terminal, no file
is overwritten or lost, nothing blocks, and the exit codes are the documented ones."""
from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from clirun import Ran, run_in_process, run_in_process_elsewhere, run_process

from canasta_tutor.learning import store
from canasta_tutor.learning.progress import Progress
from canasta_tutor.reading.strict_yaml import InputError

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "canasta_tutor" / "examples" / "table.yaml"
HOSTILE = "Ann\x1b]0;PWNED\x07\x1b[2J\x1b]8;;http://x.example\x1b\\link\x1b]8;;\x1b\\\x9b31m"
CONTROLS = [chr(c) for c in range(0x20) if chr(c) not in "\n"] + [chr(c) for c in range(0x7F, 0xA0)]


ENVIRON = {"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "COLUMNS": "120"}


def canasta(*args, cwd: Path, stdin: str | None = None, env: dict | None = None, timeout: float = 30,
            raw: bool = False, process: bool = False) -> Ran:
    """In this process, or in a real one (``process``) where the standard input is the process's own or
    what is tried is the exit code and the messages as they leave a process."""
    environ = {**ENVIRON, "CANASTA_HOME": str(cwd / ".home"), **(env or {})}
    encoding = environ.pop("PYTHONIOENCODING", None) or "utf-8"
    if process:
        proc = run_process(*args, cwd=cwd, env=environ, input=stdin, raw=True, encoding=encoding, timeout=timeout)
    else:
        proc = run_in_process(*args, cwd=cwd, env=environ, input=stdin, raw=True, encoding=encoding)
    if raw:
        return proc
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")  # valid UTF-8, always
    assert "Traceback" not in out + err, out + err
    return Ran(proc.args, proc.returncode, out, err)


def no_controls(text: str) -> None:
    found = sorted({f"{ord(c):#04x}" for c in text if c in CONTROLS and c != "\t"})
    assert not found, f"control characters reached the output: {found}\n{text!r}"


def hostile_table(tmp_path: Path, name: str = HOSTILE) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8").replace("Ann", json.dumps(name))
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# --- 1. no control character from a file or an argument reaches the terminal -----------------------------

@pytest.mark.parametrize("command", [["show", "@"], ["moves", "@"], ["hint", "@"], ["check", "@", "draw; discard 5C"],
                                     ["check", "@", "draw; discard 5C", "--compare"], ["score", "@"],
                                     ["lint", "@"]])
def test_names_with_escapes_are_shown_not_obeyed(tmp_path, command):
    table = str(hostile_table(tmp_path))
    proc = canasta(*[table if a == "@" else a for a in command], cwd=tmp_path)
    no_controls(proc.stdout)
    no_controls(proc.stderr)
    if command[0] in ("show", "moves"):
        assert "\\x1b]0;PWNED" in proc.stdout  # shown, visibly


def test_escapes_in_arguments_and_error_messages_are_shown_not_obeyed(tmp_path):
    for args in (["check", str(EXAMPLE), "draw; discard \x1b[2J"], ["check", "no\x1b]0;x\x07.yaml", "draw"],
                 ["show", str(EXAMPLE), "--house", "x\x1b[2J=1"], ["explain", "pile.\x1b[2J"]):
        proc = canasta(*args, cwd=tmp_path)
        assert proc.returncode in (2, 3)
        no_controls(proc.stdout + proc.stderr)


def test_a_lesson_file_with_escapes_is_shown_not_obeyed(tmp_path):
    lesson = (REPO / "canasta_tutor" / "learning" / "lessons" / "01-melds.yaml").read_text(encoding="utf-8")
    lesson = lesson.replace("title:", 'title: "\\e]0;PWNED\\a"\nx-old-title:', 1)
    path = tmp_path / "l.yaml"
    path.write_text(lesson, encoding="utf-8")
    proc = canasta("lesson", str(path), cwd=tmp_path, stdin="q\n")
    assert proc.returncode == 0, proc.stderr
    no_controls(proc.stdout + proc.stderr)


def test_json_stays_valid_utf8_with_escapes_and_foreign_bytes(tmp_path):
    table = str(hostile_table(tmp_path))
    proc = canasta("moves", table, "--json", cwd=tmp_path, raw=True)
    assert b"\x1b" not in proc.stdout and b"\xc2\x9b" not in proc.stdout
    assert json.loads(proc.stdout.decode("utf-8"))["player"] == HOSTILE
    # A byte that is not UTF-8 in an argument: the JSON is still UTF-8, and no traceback.
    proc = run_process("check", os.fsencode(str(EXAMPLE)), b"draw; discard \xff\xfe", "--json", raw=True,
                       env={"CANASTA_HOME": str(tmp_path)})
    assert proc.returncode == 2
    json.loads(proc.stdout.decode("utf-8"))
    proc.stderr.decode("utf-8")
    assert b"Traceback" not in proc.stderr


# --- 2. a terminal that cannot show the symbols -------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_show_draws_in_ascii_where_the_symbols_cannot_be_encoded(tmp_path, encoding):
    proc = canasta("show", str(EXAMPLE), cwd=tmp_path, env={"PYTHONIOENCODING": encoding}, raw=True)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode("ascii")
    assert "KH" in text and "<- to play" in text and "+--" in text


def test_ascii_on_request(tmp_path):
    proc = canasta("show", str(EXAMPLE), "--ascii", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.isascii() and "KH" in proc.stdout
    assert "♥" in canasta("show", str(EXAMPLE), cwd=tmp_path).stdout


def test_a_lesson_on_an_ascii_terminal_runs(tmp_path):
    proc = canasta("lesson", "1", cwd=tmp_path, stdin="q\n", env={"PYTHONIOENCODING": "ascii"}, raw=True)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr


# --- 3. paths are opened only as regular files ---------------------------------------------------------------

def test_a_table_may_not_name_any_file_as_its_ruleset(tmp_path):
    secret = tmp_path / "shadow"
    secret.write_text("root:$6$secret-hash:19000:0:99999:7:::\n")
    (tmp_path / "shadow.yaml").write_text("root:$6$secret-hash:19000:0:99999:7:::\nx: 1\n")
    for ref in (str(secret), "./shadow", "shadow.yaml"):
        table = tmp_path / "t.yaml"
        table.write_text(EXAMPLE.read_text(encoding="utf-8").replace("ruleset: classic", f"ruleset: {ref}"))
        proc = canasta("show", str(table), cwd=tmp_path)
        assert proc.returncode == 3, proc.stderr
        assert "secret-hash" not in proc.stdout + proc.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_at_once_wherever_a_file_is_read(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    table = tmp_path / "t.yaml"
    table.write_text(EXAMPLE.read_text(encoding="utf-8").replace("ruleset: classic", "ruleset: pipe.yaml"))
    folder = tmp_path / "folder"
    folder.mkdir()
    os.mkfifo(folder / "also.yaml")
    commands = [["show", str(fifo)], ["show", str(table)], ["lint", str(fifo)], ["lint", str(folder)],
                ["show", str(EXAMPLE), "--ruleset", str(fifo)], ["show", str(EXAMPLE), "--svg", str(fifo)]]

    def refused_at_once(args: list[str], proc: Ran, seconds: float) -> None:
        out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")  # valid UTF-8, always
        assert seconds < 10 and "Traceback" not in out + err, out + err
        assert proc.returncode in (1, 3), (args, err)
        assert "regular file" in out + err

    # Every command in one process together, whose timeout ends a run that waits on the FIFO (a run in
    # this process could not be ended), each run timed within it.
    ran = run_in_process_elsewhere(commands, cwd=tmp_path, raw=True, timeout=60,
                                   env={**ENVIRON, "CANASTA_HOME": str(tmp_path / ".home")})
    for args, (proc, seconds) in zip(commands, ran):
        refused_at_once(args, proc, seconds)
    # One command of each outcome (refused with exit 3, reported by lint with exit 1) again as a process of
    # its own: the exit code and the message as they leave a process.
    for args in (commands[0], commands[2]):
        start = time.monotonic()
        proc = canasta(*args, cwd=tmp_path, timeout=15, raw=True, process=True)
        refused_at_once(args, proc, time.monotonic() - start)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="interval timers are POSIX")
def test_ctrl_c_while_a_file_is_read_stays_a_ctrl_c():
    """A Ctrl-C at any moment of reading a file is a KeyboardInterrupt (the command then prints
    its summary and exits 130), never an OSError about a descriptor closed twice."""
    import random

    from canasta_tutor.reading.strict_yaml import read_text

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    seen: dict[str, int] = {}
    rng = random.Random(7)
    try:
        for _ in range(3000):
            try:
                signal.setitimer(signal.ITIMER_REAL, rng.uniform(1e-6, 60e-6))
                while True:
                    read_text(EXAMPLE)
            except BaseException as exc:  # noqa: BLE001 - what the interruption became is the point
                signal.setitimer(signal.ITIMER_REAL, 0)
                seen[type(exc).__name__] = seen.get(type(exc).__name__, 0) + 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert seen == {"KeyboardInterrupt": 3000}


def test_standard_input_is_not_read_through_dev_stdin(tmp_path):
    proc = canasta("show", "/dev/stdin", cwd=tmp_path, stdin=EXAMPLE.read_text(encoding="utf-8"), process=True)
    assert proc.returncode == 3 and "regular file" in proc.stderr


# --- 4. files are never overwritten or lost ----------------------------------------------------------------

def test_svg_replaces_only_an_image_it_wrote_itself(tmp_path):
    notes = tmp_path / "notes.svg"
    notes.write_text("my notes <svg> are precious\n")
    yaml_comment = tmp_path / "commented.svg"
    yaml_comment.write_text("# <svg\nplayers: []\n")
    for target in (notes, yaml_comment):
        before = target.read_bytes()
        proc = canasta("show", str(EXAMPLE), "--svg", str(target), cwd=tmp_path)
        assert proc.returncode == 3 and "not written by canasta" in proc.stderr
        assert target.read_bytes() == before
    out = tmp_path / "table.svg"
    assert canasta("show", str(EXAMPLE), "--svg", str(out), cwd=tmp_path).returncode == 0
    assert canasta("show", str(EXAMPLE), "--svg", str(out), cwd=tmp_path).returncode == 0  # its own: replaced
    assert "written by canasta-tutor" in out.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != ".home") == ["commented.svg", "notes.svg",
                                                                               "table.svg"]


def test_svg_never_follows_a_link(tmp_path):
    dangling = tmp_path / "dangling.svg"
    dangling.symlink_to(tmp_path / "elsewhere" / "made.svg")
    (tmp_path / "elsewhere").mkdir()
    proc = canasta("show", str(EXAMPLE), "--svg", str(dangling), cwd=tmp_path)
    assert proc.returncode == 3 and "symbolic link" in proc.stderr
    assert not (tmp_path / "elsewhere" / "made.svg").exists()


def test_a_full_disk_leaves_the_old_file_whole(tmp_path, monkeypatch):
    from canasta_tutor.files import writing

    out = tmp_path / "table.svg"
    writing.write_file(out, f"<!-- {writing.MARKER} -->\nold\n", replace_own=True)

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writing.os, "fsync", full)
    with pytest.raises(InputError, match="No space left"):
        writing.write_file(out, f"<!-- {writing.MARKER} -->\nnew\n", replace_own=True)
    with pytest.raises(InputError, match="No space left"):
        writing.write_file(tmp_path / "fresh.yaml", "title: x\n")
    assert out.read_text() == f"<!-- {writing.MARKER} -->\nold\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.svg"]  # no half file, no temporary left


def test_a_permission_error_on_the_svg_target_is_a_bad_file(tmp_path, monkeypatch):
    from canasta_tutor.files import writing

    def refused(**kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(writing.tempfile, "mkstemp", refused)
    with pytest.raises(InputError, match="Permission denied"):
        writing.write_file(tmp_path / "t.svg", "x")


def test_new_writes_a_skeleton_that_lint_accepts_whatever_the_names(tmp_path):
    rules = tmp_path / "my #rules.yaml"
    rules.write_text("id: mine\nextends: classic\nset: {canasta_closed: true}\n")
    (tmp_path / "sub").mkdir()
    proc = canasta("new", "scenario", "sub/a b.yaml", "--ruleset", "my #rules.yaml", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lint = canasta("lint", "sub/a b.yaml", cwd=tmp_path)
    assert lint.returncode == 0, lint.stdout
    proc = canasta("new", "scenario", "two\nlines.yaml", cwd=tmp_path)
    # the name is a bad argument, a usage mistake: exit 2 (issue 24; it was 3, the code of a bad file)
    assert proc.returncode == 2 and not any("lines" in p.name for p in tmp_path.iterdir())


def test_new_updates_its_own_schema_and_leaves_anyone_elses(tmp_path):
    assert canasta("new", "scenario", "a.yaml", cwd=tmp_path).returncode == 0
    schema = tmp_path / "canasta-scenario.schema.json"
    assert "written by canasta-tutor" in schema.read_text()
    schema.write_text('{"title": "my own"}\n')
    proc = canasta("new", "scenario", "b.yaml", cwd=tmp_path)
    assert proc.returncode == 0 and "kept" in proc.stdout
    assert schema.read_text() == '{"title": "my own"}\n'


def test_concurrent_runs_on_a_damaged_database_keep_it(tmp_path):
    damaged = b"SQLite format 3\x00" + b"not really" * 400
    db = tmp_path / ".home" / "progress.db"
    db.parent.mkdir()
    db.write_bytes(damaged)
    env = dict(os.environ)
    env.update({"CANASTA_HOME": str(db.parent), "PYTHONIOENCODING": "utf-8"})
    procs = [subprocess.Popen([sys.executable, "-m", "canasta_tutor", "progress", "--reset", "--yes"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(6)]
    results = [p.communicate(timeout=60) + (p.returncode,) for p in procs]
    assert all(code == 0 for _, _, code in results), results
    aside = [p for p in db.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    for _, err, _ in results:
        if "kept as" in err:  # the notice names the file that holds it
            assert str(aside[0]) in err


# Where the package may write other than through files/writing.py, and why: the folders of the learner's
# own data.
OWN_WRITES = {("learning/store.py", "open_database"): {"mkdir"}, ("learning/play_session.py", "autosave"): {"mkdir"},
              ("teaching/packs.py", "remember"): {"mkdir"},
              ("teaching/pack_install.py", "install"): {"mkdir"},  # packs/ in the data folder, and a staging folder
              ("learning/history.py", "_open"): {"mkdir"},  # the data folder, for the game history
              ("cli/__init__.py", "_streams"): {"open"}}  # the null device, for a closed stderr


def _writes(tree) -> list[tuple[str, int]]:
    """(function, call, line) of every write_text, write_bytes, mkdir and open() for writing in a module."""
    import ast

    found = []

    def visit(node, where):
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            if isinstance(child, ast.Call):
                f = child.func
                name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
                mode = child.args[1] if len(child.args) > 1 else next(
                    (k.value for k in child.keywords if k.arg == "mode"), None)
                writing_mode = isinstance(mode, ast.Constant) and isinstance(mode.value, str) and \
                    any(c in mode.value for c in "wxa+")
                if name in ("write_text", "write_bytes", "mkdir", "makedirs") or name == "open" and writing_mode:
                    found.append((where, name, child.lineno))
            visit(child, inside)

    visit(tree, "")
    return found


def test_every_file_is_written_through_the_one_writer():
    import ast

    package = REPO / "canasta_tutor"
    stray = []
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        if module == "files/writing.py":
            continue
        for function, call, line in _writes(ast.parse(path.read_text(encoding="utf-8"))):
            if call not in OWN_WRITES.get((module, function), ()):
                stray.append(f"{module}:{line} in {function or 'the module'}")
    assert not stray, "write through files/writing.py write_file: " + ", ".join(stray)


# --- 5. the progress database in the situations a learner meets ----------------------------------------------

def test_reading_progress_creates_nothing(tmp_path):
    home = tmp_path / "home"
    proc = canasta("progress", "--json", cwd=tmp_path, env={"CANASTA_HOME": str(home)})
    assert proc.returncode == 0 and json.loads(proc.stdout)["answers"] == 0
    assert not home.exists()
    assert canasta("lesson", "list", cwd=tmp_path, env={"CANASTA_HOME": str(home)}).returncode == 0
    assert not home.exists()


def test_an_empty_canasta_home_is_a_usage_error(tmp_path):
    proc = canasta("progress", cwd=tmp_path, env={"CANASTA_HOME": ""})
    assert proc.returncode == 2 and "CANASTA_HOME" in proc.stderr


def test_a_read_only_database_is_read_but_not_taken_a_lesson_in(tmp_path, monkeypatch):
    db = tmp_path / "progress.db"
    Progress(db).record("quiz", "q", ["pile.empty"], "y", True)
    monkeypatch.setattr(store.os, "access", lambda path, mode: False)  # as a read-only mount answers
    assert Progress(db, write=False).answers() == 1
    with pytest.raises(InputError, match="read-only"):
        Progress(db)


def test_a_full_disk_says_so(tmp_path, monkeypatch):
    p = Progress(tmp_path / "progress.db")

    def full(*args):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(p, "_answer", full)
    with pytest.raises(InputError, match="disk is full") as info:
        p.record("quiz", "q", ["pile.empty"], "y", True)
    assert "rollback" not in str(info.value)


def test_an_answer_given_while_another_canasta_holds_the_file_is_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.1)
    db = tmp_path / "progress.db"
    p = Progress(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    p.record("quiz", "q", ["pile.empty"], "y", True)  # no error: kept
    assert len(p.pending) == 1
    holder.execute("ROLLBACK")
    p.record("quiz", "q", ["pile.empty"], "y", True)
    assert p.answers() == 2 and not p.pending
    # Still held when the lesson ends: kept beside the database, added the next time.
    holder.execute("BEGIN EXCLUSIVE")
    p.record("quiz", "q", ["meld.too-small"], "n", False)
    p.close()
    holder.execute("ROLLBACK")
    holder.close()
    assert "kept in" in p.notice
    assert Progress(db).answers() == 3
    assert not list(tmp_path.glob("*.unsaved-*"))


def test_two_processes_upgrading_an_old_database_at_once(tmp_path):
    db = tmp_path / "progress.db"
    with sqlite3.connect(db) as conn:
        conn.executescript("""
            CREATE TABLE answers (id INTEGER PRIMARY KEY, at REAL NOT NULL, source TEXT NOT NULL,
                question TEXT NOT NULL, rules TEXT NOT NULL, given TEXT NOT NULL, correct INTEGER NOT NULL);
            CREATE TABLE boxes (rule TEXT PRIMARY KEY, box INTEGER NOT NULL, due REAL NOT NULL,
                right INTEGER NOT NULL DEFAULT 0, wrong INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE lessons (lesson TEXT PRIMARY KEY, finished REAL);
            INSERT INTO boxes VALUES ('pile.empty', 2, 5, 1, 0);
            INSERT INTO answers VALUES (1, 5, 'quiz', 'q', 'pile.empty', 'y', 1);
            PRAGMA user_version = 1;""")
    # The other process read format 1 too, and upgrades first; ours must then find it done.
    real = store._check_format

    def late(conn, path, version, schema, old_schemas=None):
        real(conn, path, version, schema, old_schemas)
        if not hasattr(late, "done"):
            late.done = True
            Progress(db).close()

    store._check_format = late
    try:
        p = Progress(db)
    finally:
        store._check_format = real
    # Upgraded once, every answer kept, and the schedule rebuilt from them.
    assert p.answers() == 1 and p.rules()["pile.empty"].right == 1


@pytest.mark.parametrize("setup", [
    "CREATE TABLE photos (id, data)",  # another program's database
    "CREATE TABLE answers (x); PRAGMA user_version = 2",  # edited by hand: our tables are not there
])
def test_a_foreign_or_edited_database_is_a_bad_file_left_alone(tmp_path, setup):
    db = tmp_path / ".home" / "progress.db"
    db.parent.mkdir()
    with sqlite3.connect(db) as conn:
        conn.executescript(setup)
    before = db.read_bytes()
    for args in (["progress"], ["quiz", "--count", "1"]):
        proc = canasta(*args, cwd=tmp_path, stdin="q\n")
        assert proc.returncode == 3 and "canasta-tutor can use" in proc.stderr, proc.stderr
    assert db.read_bytes() == before


# --- 6. bounded work ------------------------------------------------------------------------------------

def test_a_move_has_a_length_limit(tmp_path):
    start = time.monotonic()
    for move in ("; ".join(["draw"] * 3000), "draw; " + "add " + " ".join(["7H"] * 4000)):
        proc = canasta("check", str(EXAMPLE), move, "--compare", cwd=tmp_path)
        assert proc.returncode == 2 and "at most" in proc.stderr
    assert time.monotonic() - start < 10


def test_impossible_card_totals_are_a_bad_file(tmp_path):
    text = re.sub(r"(?m)^stock: \d+$", "stock: 999999999", EXAMPLE.read_text(encoding="utf-8"))
    (tmp_path / "t.yaml").write_text(text, encoding="utf-8")
    proc = canasta("moves", str(tmp_path / "t.yaml"), cwd=tmp_path)
    assert proc.returncode == 3 and "108" in proc.stderr


@pytest.mark.parametrize("setting", ["deal: 100", "players: 6, side_size: 2, decks: 1, deal: 11", "decks: 5000"])
def test_impossible_rulesets_are_bad_files(tmp_path, setting):
    (tmp_path / "r.yaml").write_text(f"id: odd\nextends: classic\nset: {{{setting}}}\n")
    proc = canasta("selfplay", "--ruleset", str(tmp_path / "r.yaml"), cwd=tmp_path)
    assert proc.returncode == 3 and "BROKEN" not in proc.stdout, proc.stdout + proc.stderr


# --- 7. exit codes -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["show", str(EXAMPLE), "--house", "foo"], ["show", str(EXAMPLE), "--house", "x=1"],
                                  ["show", str(EXAMPLE), "--house", "canasta_closed=maybe"],
                                  ["explain", "nope"]])
def test_usage_errors_exit_2(tmp_path, args):
    assert canasta(*args, cwd=tmp_path).returncode == 2


def test_lint_reports_a_folder_it_cannot_read(tmp_path, monkeypatch):
    from canasta_tutor import api

    (tmp_path / "a.yaml").write_text("x: 1\n")
    real = os.walk

    def walk(top, onerror=None, **kw):
        onerror(PermissionError(13, "Permission denied", str(tmp_path / "locked")))
        yield from real(top, onerror=onerror, **kw)

    monkeypatch.setattr(os, "walk", walk)
    problems: list = []
    files = api.scenario_files([str(tmp_path)], problems)
    assert [f.name for f in files] == ["a.yaml"]
    assert problems and "cannot be read" in problems[0].message and problems[0].file.endswith("locked")


def test_ctrl_c_at_the_reset_prompt_is_an_interruption(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    Progress(tmp_path / "progress.db").record("quiz", "q", ["pile.empty"], "y", True)
    env = dict(os.environ, CANASTA_HOME=str(tmp_path), PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(sys.executable, ["-m", "canasta_tutor", "progress", "--reset"], env=env,
                          encoding="utf-8", timeout=30)
    child.expect(r"\[y/N\]")
    # A person presses Ctrl-C at the waiting prompt: an interrupt sent in the instant between the
    # prompt's printing and the read that follows is seen only once a line is read (Python's own
    # signal handling), so the test waits for the read as a person would.
    time.sleep(0.5)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "internal error" not in child.before


def test_ctrl_c_during_a_json_lesson_prints_the_result_so_far(tmp_path):
    env = dict(os.environ, CANASTA_HOME=str(tmp_path), PYTHONIOENCODING="utf-8", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "canasta_tutor", "quiz", "--json", "--seed", "3"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = []

    def read():
        for line in proc.stderr:
            seen.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.time() + 30
    while not any("Question 1" in line for line in seen) and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)  # the result so far is short: it fits the pipe, so waiting first is safe
    finally:
        if proc.poll() is None:  # a process that did not stop fails the test, never hangs it
            proc.kill()
    out = proc.stdout.read()
    reader.join(timeout=5)
    assert proc.returncode == 130
    data = json.loads(out)
    assert data["interrupted"] is True and data["asked"] == 0
    assert "Traceback" not in "".join(seen)


def _workers_leaving_ctrl_c(parent: int) -> int | None:
    """How many of ``parent``'s pool workers (multiprocessing's spawned children) ignore SIGINT, as they
    do once set up to leave Ctrl-C to the parent; None where /proc does not tell."""
    proc = Path("/proc")
    if not (proc / "self" / "status").exists():
        return None
    found = 0
    for status in proc.glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
            command = (status.parent / "cmdline").read_bytes()
        except (OSError, ValueError):
            continue  # a process that ended meanwhile
        if fields.get("PPid", "").strip() == str(parent) and b"spawn_main" in command \
                and int(fields.get("SigIgn", "0"), 16) & (1 << (signal.SIGINT - 1)):
            found += 1
    return found


def test_ctrl_c_during_selfplay_in_two_processes_is_quiet(tmp_path):
    env = dict(os.environ, CANASTA_HOME=str(tmp_path), PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "canasta_tutor", "selfplay", "--hands", "400", "--jobs", "2"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    # Ctrl-C once both workers are set up and playing hands: where /proc shows them, as soon as they
    # are (then a moment into their hands), else after a time they surely are.
    deadline = time.time() + 30
    while (ready := _workers_leaving_ctrl_c(proc.pid)) is not None and ready < 2 and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(4 if ready is None else 0.5)
    assert proc.poll() is None  # still playing: the 400 hands take far longer
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "SpawnPoolWorker" not in err and "Traceback" not in err


def test_two_damaged_files_in_one_second_are_both_kept(tmp_path):
    db = tmp_path / "progress.db"
    kept = []
    for content in (b"first damaged file" * 50, b"second damaged file" * 50):
        db.write_bytes(content)
        p = Progress(db)
        assert "kept as" in p.notice
        kept.append(content)
        p.close()
    aside = sorted(p.read_bytes() for p in tmp_path.iterdir() if ".damaged-" in p.name)
    assert aside == sorted(kept)


def test_usage_errors_of_the_parser_show_escapes_too(tmp_path):
    for args in (["show", "--\x1b[2Jx"], ["\x1b]0;PWNED\x07"], ["show", str(EXAMPLE), "extra\x1b[2J"]):
        proc = canasta(*args, cwd=tmp_path)
        assert proc.returncode == 2
        no_controls(proc.stdout + proc.stderr)


# --- 8. what the reader says about odd files ---------------------------------------------------------------

def table_file(tmp_path: Path, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "t.yaml"
    path.write_bytes(text.encode(encoding))
    return path


def read_error(path: Path) -> str:
    from canasta_tutor.files.snapshot import load_table

    with pytest.raises(InputError) as info:
        load_table(path)
    return str(info.value)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_named_as_such(tmp_path, encoding):
    assert "UTF-16" in read_error(table_file(tmp_path, EXAMPLE.read_text(encoding="utf-8"), encoding))


def test_a_number_in_quotes_and_a_huge_number_are_explained(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8")
    quoted = read_error(table_file(tmp_path, text.replace("score: 1450", 'score: "1450"')))
    assert "in quotes" in quoted
    huge = read_error(table_file(tmp_path, text.replace("score: 1450", "score: 1" + "0" * 100)))
    assert "101 digits" in huge and "0" * 20 not in huge


def test_a_huge_bad_card_is_not_echoed_in_full(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("discard: 5D 8C 4S 9H", "discard: [" + "Q" * 900_000 + "]")
    message = read_error(table_file(tmp_path, text))
    assert len(message) < 400 and "which is not a card" in message


def test_look_alike_letters_are_not_cards():
    from canasta_tutor.engine.cards import Card, CardError, parse_card

    for text in ("Kſ", "ǨS", "KＳ", "ⅩS"):
        with pytest.raises(CardError):
            parse_card(text)
    assert parse_card("1H") == Card("A", "H")  # documented: 1 is the ace
    assert parse_card("K♠") == Card("K", "S")


def test_a_damaged_index_is_found(tmp_path):
    db = tmp_path / "progress.db"
    p = Progress(db)
    p.record("quiz", "q", ["pile.empty"], "y", True)
    p.close()
    with sqlite3.connect(db) as conn:  # an index whose entries no longer match its table: quick_check misses it
        conn.execute("CREATE INDEX by_learner ON answers(learner)")
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX by_learner ON answers(given)' "
                     "WHERE name = 'by_learner'")
    damaged = db.read_bytes()
    p = Progress(db)
    assert "kept as" in p.notice
    assert [a.read_bytes() for a in tmp_path.glob("progress.db.damaged-*")] == [damaged]


def test_lesson_list_says_why_the_finished_marks_are_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.1)  # held all along: how long it is waited for changes nothing
    home = tmp_path / ".home"
    home.mkdir()
    Progress(home / "progress.db").finish_lesson("melds")
    holder = sqlite3.connect(home / "progress.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        proc = canasta("lesson", "list", cwd=tmp_path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert proc.returncode == 0 and "not marked" in proc.stderr
    assert "✓" in canasta("lesson", "list", cwd=tmp_path).stdout


def test_a_canasta_home_that_cannot_be_searched_is_a_bad_file(tmp_path, monkeypatch):
    def refused(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "exists", refused)
    with pytest.raises(InputError, match="Permission denied"):
        Progress(tmp_path / "locked" / "progress.db", write=False)
    monkeypatch.setattr(Path, "mkdir", refused)
    with pytest.raises(InputError, match="Permission denied"):
        Progress(tmp_path / "locked" / "progress.db")


def test_a_hostile_ruleset_file_is_shown_not_obeyed(tmp_path):
    (tmp_path / "r.yaml").write_text('id: "x[/]\\e]0;T\\a"\ntitle: "[/bold]t\\e[2J"\nsource: "[/]s\\e"\n'
                                     'extends: classic\nsources: {deal: "[/]\\e[31m"}\n', encoding="utf-8")
    table = tmp_path / "t.yaml"
    table.write_text(EXAMPLE.read_text(encoding="utf-8").replace("ruleset: classic", "ruleset: r.yaml"))
    for args in (["rules", "r.yaml"], ["show", "t.yaml"], ["score", "t.yaml"], ["selfplay", "-r", "r.yaml"],
                 ["selfplay", "-r", "r.yaml", "--show"], ["check", "t.yaml", "draw"]):
        proc = canasta(*args, cwd=tmp_path)
        assert proc.returncode in (0, 1, 3), (args, proc.stderr)
        no_controls(proc.stdout + proc.stderr)


def test_an_answer_in_another_encoding_is_a_wrong_answer_not_a_crash(tmp_path):
    proc = run_process("quiz", "--count", "1", "--seed", "2", "--json", input=b"\xff\xfe\nq\n", raw=True,
                       env={"CANASTA_HOME": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.decode("utf-8"))["stopped"] is True
