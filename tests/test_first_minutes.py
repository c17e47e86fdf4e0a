"""What a newcomer meets first: the version, completion for their shell, an example to try the tool on
from any folder, and tables that read in 80 columns."""
from __future__ import annotations

import contextvars
import json
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "canasta_tutor" / "examples"


def canasta(*args: str, cwd: Path | None = None, **env: str) -> Ran:
    return run_in_process(*args, cwd=cwd, env=env)


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_the_version_comes_from_the_installed_metadata(flag):
    from importlib.metadata import version

    proc = canasta(flag)
    assert proc.returncode == 0 and proc.stdout.strip() == f"canasta {version('canasta-tutor')}"


@pytest.mark.parametrize("shell,marker", [("fish", "complete --command canasta"), ("zsh", "compdef"),
                                          ("bash", "complete -o"), ("powershell", "Register-ArgumentCompleter")])
def test_completion_for_the_shell_named(shell, marker):
    proc = canasta("--show-completion", shell)
    assert proc.returncode == 0 and marker in proc.stdout and "_CANASTA_COMPLETE" in proc.stdout


def test_completion_for_an_unknown_shell_is_a_usage_error():
    proc = canasta("--show-completion", "nonsense")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "nonsense" in proc.stderr and "fish" in proc.stderr


def test_an_example_is_written_and_judged_from_an_empty_folder(tmp_path):
    proc = canasta("example", "table.yaml", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "table.yaml").read_text(encoding="utf-8") == (BUNDLED / "table.yaml").read_text(encoding="utf-8")
    assert 'canasta check table.yaml "draw"' in proc.stdout
    assert canasta("check", "table.yaml", "draw", cwd=tmp_path).returncode == 0
    # never over a file that is there
    again = canasta("example", "table.yaml", cwd=tmp_path)
    assert again.returncode == 3 and "already exists" in again.stderr


def test_examples_are_listed_printed_and_found_by_the_start_of_their_name(tmp_path):
    listed = json.loads(canasta("example", "--json").stdout)["examples"]
    names = [e["name"] for e in listed]
    assert names[0] == "table.yaml" and len(names) >= 12 and all(e["title"] for e in listed)
    printed = canasta("example", "d04", "--print")
    assert printed.returncode == 0 and printed.stdout == (BUNDLED / "d04-pile-natural-and-wild.yaml").read_text(encoding="utf-8")
    unknown = canasta("example", "nope")
    assert unknown.returncode == 2 and "table.yaml" in unknown.stderr
    out = canasta("example", "d04", "--out", str(tmp_path / "dispute.yaml"))
    assert out.returncode == 0 and canasta("lint", str(tmp_path / "dispute.yaml")).returncode == 0


@pytest.mark.parametrize("path", sorted(p for p in BUNDLED.glob("*.yaml") if p.name != "table.yaml"),
                         ids=lambda p: p.name)
def test_a_bundled_scenario_is_the_scenario_it_copies(path):
    """The dozen scenarios that ship as examples are copies of scenarios the suite runs: kept the same."""
    originals = list((ROOT / "scenarios").rglob(path.name))
    assert len(originals) == 1 and originals[0].read_bytes() == path.read_bytes()


def test_a_missing_file_points_at_the_examples(tmp_path):
    proc = canasta("check", "nothere.yaml", "draw", cwd=tmp_path)
    assert proc.returncode == 3 and "canasta example" in proc.stderr


@pytest.mark.parametrize("lang", ["en", "nl", "da", "pt-BR"])
@pytest.mark.parametrize("ruleset", ["brazilian", "classic", "dutch-house"])
def test_a_ruleset_reads_in_80_columns_with_no_word_broken(lang, ruleset):
    out = canasta("rules", ruleset, "--lang", lang, COLUMNS="80").stdout
    data = json.loads(canasta("rules", ruleset, "--lang", lang, "--json").stdout)
    assert max(len(line) for line in out.splitlines()) <= 80
    flat = " ".join(out.split())
    for p in data["parameters"]:
        for word in f"{p['name']} {p['shown']} {p['help']}".split():
            assert word in flat, (word, p["name"])


def test_progress_reads_in_80_columns_and_marks_mastery_in_plain_text(tmp_path):
    home = {"CANASTA_HOME": str(tmp_path), "COLUMNS": "80"}
    run_in_process("lesson", "first-meld", input="y\nn\ny\n", env=home)
    out = canasta("progress", **home).stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    row = next(line for line in out.splitlines() if "The first meld must reach" in line)  # rules by title
    assert "%" in row and " d," in row  # memory and its unit on the rule's own line
    assert "mastered (" in out  # the mark is explained, not left to colour


def test_a_dumb_terminal_gets_no_colour(monkeypatch):
    from canasta_tutor.render.plain import colour_on

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert colour_on(Terminal())
    monkeypatch.setenv("TERM", "dumb")
    assert not colour_on(Terminal())


@pytest.mark.parametrize("lang", ["en", "nl", "da", "pt-BR"])
def test_the_lesson_list_reads_in_80_columns(tmp_path, lang):
    out = canasta("lesson", "list", "--lang", lang, COLUMNS="80", CANASTA_HOME=str(tmp_path)).stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    flat = " ".join(out.split())
    for lesson in json.loads(canasta("lesson", "list", "--json", "--lang", lang).stdout)["lessons"]:
        titles = contextvars.copy_context().run(_titles, lesson["rules"], lang)
        assert lesson["id"] in flat and all(t in flat for t in titles), (lesson["id"], titles)


def _titles(rules: list[str], lang: str) -> list[str]:
    """The rules as a learner reads them in ``lang``: each title quoted (run in a context of its own)."""
    from canasta_tutor import texts
    from canasta_tutor.learning.tested import topic_title

    texts.choose(lang)
    return [texts.section("learning", "quoted", {"title": topic_title(r)}) for r in rules]
