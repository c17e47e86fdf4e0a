"""The craft of the command line: help that reads well, shell completion, the greeting of a bare
`canasta`, progress bars only on a terminal, and the generated command reference."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import Ran, run_in_process, run_process

REPO = Path(__file__).resolve().parents[1]


def run(*args: str, env: dict | None = None, cwd: Path | None = None) -> Ran:
    environ: dict = {k: None for k in os.environ if k.startswith("_CANASTA")}
    environ.update({"NO_COLOR": None, "FORCE_COLOR": None, "CANASTA_DEBUG": None, "COLUMNS": "100", **(env or {})})
    return run_in_process(*args, env=environ, cwd=cwd or REPO)


def _commands() -> list[str]:
    from canasta_tutor.cli import app

    return [c.name or c.callback.__name__ for c in app.registered_commands]


# --- help ---------------------------------------------------------------------------------------------

def greedy_breaks(text: str, width: int) -> list[tuple[str, str]]:
    """Pairs of lines where a line of prose ends early: the next line's first word would have fitted.
    Rich wraps greedily at the terminal's width, so such a break is a hard line break of the source.
    Inside a panel a continuation is a line that starts in a later column than the panel's rows."""
    found = []
    lines = text.splitlines()
    for a, b in zip(lines, lines[1:]):
        in_panel = a.startswith("│") and b.startswith("│")
        if in_panel:
            a, b = a.rstrip()[1:-1], b.rstrip()[1:-1]
            right = len(a) - 1  # one column of padding before the border
        elif a.startswith(("│", "╭", "╰")) or b.startswith(("│", "╭", "╰")):
            continue
        else:
            right = width - 1
        if not a.strip() or not b.strip():
            continue
        x = len(b) - len(b.lstrip())
        if in_panel and x <= 1:
            continue  # the next row of the panel
        piece = a[x:].rstrip()
        if not piece or a[x - 1:x].strip() or piece[-1] in ".:!?":
            continue
        if re.search(r"\[(required|default: [^\]]*)\]$", piece):
            continue  # Typer closes an option's row with its [required] or [default] mark
        if b.strip().startswith(("Example", "canasta ")):
            continue  # commands to copy, one to a line
        if x + len(piece) + 1 + len(b.split()[0]) <= right:
            found.append((a.rstrip(), b.rstrip()))
    return found


def test_the_break_check_can_fail():
    text = " Each card must be in exactly one place, every table round-tripping\n through YAML.\n"
    assert greedy_breaks(text, 100) and not greedy_breaks(text, 60)


def assert_reads_well(out: str, width: int) -> None:
    assert not re.search(r"<(bool|str|int|float|list\[[a-z]+\]|int range)>", out), out
    assert not greedy_breaks(out, width), greedy_breaks(out, width)
    usage = next(line for line in out.splitlines() if "Usage:" in line)
    assert "{" not in usage and "[[" not in usage, usage


@pytest.mark.parametrize("command", [[]] + [[c] for c in _commands()], ids=lambda c: " ".join(c) or "canasta")
def test_help_reads_well(command):
    for width in (100, 140):
        result = run_in_process(*command, "--help", env={"COLUMNS": str(width), "NO_COLOR": "1"})
        assert result.returncode == 0, result.output
        assert_reads_well(result.stdout, width)


def test_help_reads_well_as_the_user_runs_it():
    for args in (["--help"], ["check", "--help"], ["selfplay", "--help"]):
        proc = run_process(*args, env={"COLUMNS": "100", "NO_COLOR": None, "FORCE_COLOR": None})
        assert proc.returncode == 0, proc.stderr
        assert_reads_well(proc.stdout, 100)


def test_an_option_that_does_nothing_is_not_offered_but_still_accepted():
    def help_of(command: str) -> str:
        return run_in_process(command, "--help", env={"COLUMNS": "100"}).stdout

    for command in ("schema", "explain"):  # progress --ruleset makes it the learner's ruleset
        assert "--ruleset" not in help_of(command), command
    assert "--lang" in help_of("schema") and "--lang" in help_of("new")  # their messages are translated
    # Old scripts keep working.
    assert run("schema", "scenario", "--ruleset", "danish").returncode == 0


def test_reflow_keeps_examples_and_joins_prose():
    from canasta_tutor.cli.help import reflow

    text = "First line.\n\n    Some prose broken\n    in the source.\n\n    Example:  canasta a\n    Example:  canasta b\n"
    assert reflow(text) == "First line.\n\nSome prose broken in the source.\n\nExample:  canasta a\nExample:  canasta b"


# --- a bare canasta ---------------------------------------------------------------------------------------

def test_a_bare_canasta_greets_then_lists_the_commands():
    proc = run()
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    tries = [line for line in lines[:5] if line.strip().startswith("canasta ")]
    assert [t.split()[1] for t in tries] == ["example", "lesson", "learn"], lines[:5]
    assert "canasta example table.yaml" in tries[0]  # a file every installation has
    rest = "\n".join(lines[5:])
    assert "Commands" in rest and all(c in rest for c in _commands())


# --- completion -------------------------------------------------------------------------------------------

def complete_bash(words: str, cword: int) -> list[str]:
    proc = run(env={"_CANASTA_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_show_completion_prints_a_script():
    proc = run("--show-completion", "bash")
    assert proc.returncode == 0, proc.stderr
    assert "complete -o default -F _canasta_completion canasta" in proc.stdout
    assert "_CANASTA_COMPLETE=complete_bash" in proc.stdout


def test_explain_completes_rule_ids():
    from canasta_tutor.engine.rules import RULES

    offered = complete_bash("canasta explain pile.", 2)
    assert offered and sorted(offered) == sorted(r for r in RULES if r.startswith("pile."))


def test_commands_options_lessons_rulesets_and_house_keys_complete():
    from canasta_tutor.engine.ruleset import BUILTIN, PARAMS
    from canasta_tutor.learning.quiz import drillable

    assert complete_bash("canasta ex", 1) == ["explain", "example"]
    assert {"--compare", "--ruleset", "--house", "--json"} <= set(complete_bash("canasta check --", 2))
    assert complete_bash("canasta lesson mel", 2) == ["melds"]
    assert complete_bash("canasta rules d", 2) == [r for r in BUILTIN if r.startswith("d")]
    assert complete_bash("canasta check t.yaml draw --ruleset classic-", 5) == \
        [r for r in BUILTIN if r.startswith("classic-")]
    assert complete_bash("canasta quiz --rules pile.", 3) == [r for r in drillable() if r.startswith("pile.")]
    house = complete_bash("canasta check t.yaml draw --house pile_", 5)
    assert house and house == [f"{k}=" for k, p in PARAMS.items() if p.house and k.startswith("pile_")]


def test_zsh_and_fish_complete_too():
    proc = run(env={"_CANASTA_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "canasta explain pile.bl"})
    assert "pile.black-three-on-top" in proc.stdout
    proc = run(env={"_CANASTA_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args",
                    "_TYPER_COMPLETE_ARGS": "canasta rules dan"})
    assert proc.stdout.split() == ["danish"]


def test_the_command_line_imports_no_engine_rich_or_yaml_at_start_up():
    code = ("import sys, canasta_tutor.cli as c; "
            "print(sorted(m for m in sys.modules if m.startswith(('canasta_tutor.engine', 'canasta_tutor.learning', "
            "'rich', 'yaml'))))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "[]", proc.stdout + proc.stderr


# --- progress bars --------------------------------------------------------------------------------------

def test_play_many_gives_the_same_summary_with_a_progress_callback():
    from canasta_tutor.play.selfplay import play_many

    seen = []
    with_bar = play_many(["classic"], 3, 4, 1, lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert with_bar == play_many(["classic"], 3, 4, 1)


def test_play_many_interrupted_keeps_the_hands_so_far():
    from canasta_tutor.play.selfplay import play_many

    def stop_after_two(done, total):
        if done == 2:
            raise KeyboardInterrupt

    summary = play_many(["classic"], 5, 1, 1, stop_after_two)
    assert summary.stopped and summary.hands == 2


def test_the_bar_does_nothing_off_a_terminal(capsys):
    from canasta_tutor.render.progress_bar import progress_bar

    with progress_bar(3, "work") as bar:
        bar.advance()
        bar.to(3)
    assert capsys.readouterr() == ("", "")


def test_piped_selfplay_prints_no_bar():
    proc = run("selfplay", "--hands", "2", "--ruleset", "classic")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and "\r" not in proc.stdout
    assert proc.stdout.splitlines()[-1].startswith("2 hands, ")


def _spawn(*args: str, cwd: Path):
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update({"COLUMNS": "100", "LINES": "30", "TERM": "xterm", "PYTHONIOENCODING": "utf-8"})
    return pexpect.spawn(sys.executable, ["-m", "canasta_tutor", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=90, dimensions=(30, 100))


def test_a_long_selfplay_shows_a_bar_on_a_terminal(tmp_path):
    child = _spawn("selfplay", "--hands", "3", "--ruleset", "classic", cwd=tmp_path)
    child.expect("Playing hands")
    child.expect(r"\d+/3")
    child.expect("3 hands, ")
    child.expect(r"nothing broke")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_stops_lint_with_the_summary_so_far(tmp_path):
    sources = sorted((REPO / "scenarios").rglob("*.yaml"))
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(400):
        shutil.copy(sources[i % len(sources)], folder / f"{i:04d}-{sources[i % len(sources)].name}")
    child = _spawn("lint", "many", cwd=tmp_path)
    child.expect("Checking files")
    child.expect(r"[1-9]\d*/400")
    child.sendintr()
    child.expect(r"(\d+) files?(\(s\))?, \d+ stated answers?(\(s\))? checked")
    done = int(child.match.group(1))
    child.expect("Stopped early")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert 0 < done < 400
    assert child.exitstatus == 130
    assert "Traceback" not in child.before


# --- the command reference ------------------------------------------------------------------------------

def test_the_command_reference_matches_the_code():
    from canasta_tutor.cli.reference_doc import reference

    written = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    assert written == reference(), ("docs/commands.md is out of date; regenerate it with: "
                                    "python -m canasta_tutor.cli.reference_doc > docs/commands.md")


def test_the_reference_lists_every_command_and_no_hidden_option():
    from canasta_tutor.cli.reference_doc import reference

    text = reference()
    for c in _commands():
        assert f"## `canasta {c}`" in text
    schema = text.split("## `canasta schema`")[1].split("\n## ")[0]
    assert "--ruleset" not in schema


def test_each_command_is_found_in_the_module_that_registers_it():
    """Running a command imports only its own module: the table in cli/__init__.py must name, for
    every command, the module that registers it."""
    import canasta_tutor.cli as cli

    app = cli.app
    found = {(c.name or c.callback.__name__): c.callback.__module__.rsplit(".", 1)[-1] for c in app.registered_commands}
    assert found == cli.COMMAND_MODULES
    assert set(cli.MODULES) == set(found.values())


def test_check_starts_without_the_other_command_modules():
    code = ("import sys; sys.argv = ['canasta', 'check', 'canasta_tutor/examples/table.yaml', 'draw', '--json']\n"
            "import canasta_tutor.cli as cli\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('canasta_tutor.cli.')), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    loaded = proc.stderr.strip().splitlines()[-1]
    assert "judging" in loaded and "learning" not in loaded and "worksheet" not in loaded, loaded


def test_every_command_is_guarded_by_the_one_decorator():
    """Each command's errors become exit codes and messages through ``@guarded`` (common.py), not a
    guard of its own: a new command without it would print a traceback for a bad file."""
    from canasta_tutor.cli import app
    from canasta_tutor.cli.common import guarded

    wrapper = guarded(lambda: None).__code__
    unguarded = [c.callback.__name__ for c in app.registered_commands
                 if getattr(c.callback, "__code__", None) is not wrapper or not hasattr(c.callback, "__wrapped__")]
    assert not unguarded, unguarded
    nested = [p.name for p in (REPO / "canasta_tutor" / "cli").glob("*.py") if "def body(" in p.read_text()]
    assert not nested, nested
