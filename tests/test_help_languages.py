"""--help in the user's language: every command's summary, paragraphs and option help, the words Typer
prints around them and the common usage errors; English read without YAML; the command reference
always English."""
from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import typer.main
from clirun import Ran, run_in_process

from canasta_tutor import texts
from canasta_tutor.cli import app
from canasta_tutor.cli import help as cli_help
from canasta_tutor.texts.help_en import HELP

REPO = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang, name in texts.LANGUAGES.items() if name]
COMMANDS = [c.name or c.callback.__name__ for c in app.registered_commands]
LANG_VARS = ("CANASTA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@cache
def english_shown(command: str | None) -> tuple[str, ...]:
    """Every English text the help of ``command`` (of ``canasta`` itself when None) shows: its paragraphs
    but the examples, each argument's and option's help, and the words Typer puts around them. They are
    en.yaml's, whatever a run did before: worked out once a command."""
    group = _english_app()
    shown = ["Usage:", "Options", "Show this message and exit.", "Example:"]
    target = group if command is None else group.commands[command]
    with target.make_context(command or "canasta", [], resilient_parsing=True) as ctx:
        paragraphs = [p for p in target.help.split("\n\n") if not p.startswith("Example")]
        shown += paragraphs + [p.help for p in target.get_params(ctx) if p.help and not p.hidden]
        if any(getattr(p, "param_type_name", "") == "argument" for p in target.get_params(ctx)):
            shown.append("Arguments")
    if command is None:
        shown += ["Commands"] + [group.commands[c].help.split("\n\n")[0] for c in COMMANDS]
    return tuple(shown)


@cache
def _english_app():
    """The whole command line as Typer builds it, built once (building it costs more than a help): it
    stays in en.yaml's English, as only showing a help words it in another language, and this one is
    only read."""
    return typer.main.get_command(app)


def help_of(args: list[str], **env) -> str:
    # Wide enough that no text is wrapped: each one shows whole or not at all.
    environ = {"COLUMNS": "2000", "NO_COLOR": "1", **dict.fromkeys(LANG_VARS), **env}
    result = run_in_process(*args, "--help", env=environ)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def english_left(output: str, command: str | None) -> list[str]:
    return [text for text in english_shown(command) if text in output]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("command", [None, *COMMANDS], ids=lambda c: c or "canasta")
def test_the_help_of_every_command_is_in_the_users_language(command, lang):
    output = help_of([command] if command else [], CANASTA_LANG=lang)
    assert not english_left(output, command), english_left(output, command)
    assert cli_help.say("words.usage", lang) in output


def test_the_check_can_fail_on_a_catalog_that_says_it_in_english(monkeypatch):
    """A made-up Danish catalog that translates nothing: the help is English, and the check sees it."""
    real = cli_help._catalog
    monkeypatch.setattr(cli_help, "_catalog", lambda lang: gettext.NullTranslations() if lang == "da" else real(lang))
    output = help_of(["check"], CANASTA_LANG="da")
    assert "Judge MOVE on the table in FILE" in output
    assert len(english_left(output, "check")) == len(english_shown("check"))


def test_english_help_is_as_before_and_all_from_en_yaml():
    help_of(["check"], CANASTA_LANG="da")  # Typer's words, once given in Danish, are English again after
    output = help_of(["check"])
    assert "Options" in output and "[required]" in output and "Tilvalg" not in output
    assert not [t for t in english_shown("check") if t not in output]
    assert HELP["check.summary"] in output and "Example:  canasta check table.yaml" in output


def run(*args: str, **env: str) -> Ran:
    environ: dict = dict.fromkeys((*LANG_VARS, "CANASTA_DEBUG"))
    environ.update({"COLUMNS": "100", "NO_COLOR": "1", **env})
    return run_in_process(*args, env=environ, cwd=REPO)


def test_lang_on_the_line_the_environment_and_the_locale_all_give_danish_help():
    by_option = run("check", "--help", "--lang", "da")
    by_option_first = run("check", "--lang=da", "--help")
    by_variable = run("check", "--help", CANASTA_LANG="da")
    by_locale = run("check", "--help", LANG="da_DK.UTF-8")
    for proc in (by_option, by_option_first, by_variable, by_locale):
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == by_option.stdout
    assert "Bedøm MOVE på bordet i FILE" in by_option.stdout and "Brug: canasta check" in by_option.stdout
    assert "Judge MOVE" not in by_option.stdout and not by_option.stderr
    # --lang wins over the environment, as it does for the messages
    assert run("check", "--help", "--lang", "nl", CANASTA_LANG="da").stdout.count("Beoordeel MOVE") == 1


def test_lang_before_the_command_or_with_the_tools_own_help():
    """`canasta --lang da --help`, `canasta --help --lang da` and `canasta --lang da check ...`: the
    language may also come before the command, as the tool's own option."""
    first, after = run("--lang", "da", "--help"), run("--help", "--lang", "da")
    assert first.returncode == after.returncode == 0, first.stderr + after.stderr
    assert first.stdout == after.stdout == run("--help", CANASTA_LANG="da").stdout and "Brug: canasta" in first.stdout
    ruled = run("--lang", "da", "check", "canasta_tutor/examples/table.yaml", "take 9S 9D 2C")
    assert ruled.returncode == 0 and ruled.stdout == run("check", "canasta_tutor/examples/table.yaml", "take 9S 9D 2C",
                                                         "--lang", "da").stdout
    assert run("--lang", "xx", "check", "canasta_tutor/examples/table.yaml", "draw").returncode == 2
    # before the command it is the command's own option: a bad one is a JSON error, and --help wins
    bad = run("--lang", "xx", "check", "canasta_tutor/examples/table.yaml", "draw", "--json")
    assert bad.returncode == 2 and "unknown language" in json.loads(bad.stdout)["error"]["message"]
    helped = run("--lang", "xx", "check", "--help")
    assert helped.returncode == 0 and "Judge MOVE on the table in FILE" in helped.stdout


def test_every_command_takes_lang():
    """`canasta --lang da NAME ...` becomes `canasta NAME --lang da ...`: every command must take it."""
    from canasta_tutor.cli import COMMAND_MODULES

    for name in COMMAND_MODULES:
        result = run_in_process("--lang", "da", name, "--help")
        assert result.returncode == 0 and "Brug: canasta" in result.stdout, (name, result.stderr)


def test_an_unknown_lang_with_help_shows_the_english_help():
    """--help acts before any other option is read, as in Click: it wins over a bad value, so an unknown
    language gives the English help (exit 0); without --help, --lang xx stays a usage error (exit 2)."""
    proc = run("check", "--lang", "xx", "--help", CANASTA_LANG="da")
    assert proc.returncode == 0 and "Judge MOVE on the table in FILE" in proc.stdout
    assert run("check", "t.yaml", "draw", "--lang", "xx").returncode == 2


def test_usage_errors_speak_the_language_too():
    missing = run("check", "--lang", "da")
    assert missing.returncode == 2
    assert "Brug: canasta check" in missing.stderr and "Argumentet 'FILE' mangler." in missing.stderr
    assert "Fejl" in missing.stderr and "Prøv 'canasta check -h'" in missing.stderr
    unknown = run("chek", CANASTA_LANG="nl")
    assert unknown.returncode == 2 and "Onbekende opdracht 'chek'. Bedoel je 'check'" in unknown.stderr
    extra = run("check", "a", "b", "c", "d", LANG="pt_BR.UTF-8")
    assert extra.returncode == 2 and "2 argumentos extras inesperados: c d" in extra.stderr
    english = run("check")
    assert "Missing argument 'FILE'." in english.stderr and "Usage: canasta check" in english.stderr


def test_help_parses_no_yaml_in_any_language():
    code = ("import sys; sys.argv = ['canasta', 'check', '--help', *sys.argv[1:]]\n"
            "from canasta_tutor.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(str(sorted(m for m in sys.modules if m.startswith(('yaml', 'canasta_tutor.engine')))))")
    for extra in ([], ["--lang", "da"]):
        proc = subprocess.run([sys.executable, "-c", code, *extra], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "COLUMNS": "100"})
        assert proc.stderr.endswith("[]"), proc.stderr[-300:]


def test_the_command_reference_stays_english_whatever_the_language():
    written = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    for env in ({"CANASTA_LANG": "da"}, {"LANG": "pt_BR.UTF-8"}):
        environ = {**{k: v for k, v in os.environ.items() if k not in LANG_VARS}, **env}
        proc = subprocess.run([sys.executable, "-m", "canasta_tutor.cli.reference_doc"], capture_output=True,
                              text=True, encoding="utf-8", env=environ, timeout=120)
        assert proc.stdout == written


def test_every_argument_and_option_has_help_and_every_help_entry_is_used():
    """An option added without its entry in en.yaml's help section shows with no help: this fails then.
    An entry whose command or option is gone fails too."""
    group = typer.main.get_command(app)
    used, bare = set(), []
    for name in COMMANDS:
        command = group.commands[name]
        used |= {f"{name}.summary", f"{name}.text", f"{name}.examples"}
        with command.make_context(name, [], parent=None, resilient_parsing=True) as ctx:
            for param in command.get_params(ctx):
                if param.hidden:
                    continue
                if not param.help:
                    bare.append(f"{name} {param.name}")
                kind = "arguments" if param.param_type_name == "argument" else "options"
                key = param.name if kind == "arguments" else next(o[2:] for o in param.opts if o.startswith("--"))
                used |= {f"{name}.{kind}.{key}", f"options.{key}"}
    used |= {"app.summary", "app.examples", "options.install-completion", "options.show-completion",
             "options.version"}
    assert not bare, f"no help: {bare}"
    unused = [k for k in HELP if k not in used and not k.startswith(("words.", "errors."))]
    assert not unused, f"help entries no command uses: {unused}"
    reserved = {"app", "options", "words", "errors"}
    assert not reserved & set(COMMANDS)


@pytest.mark.parametrize("args,found", [
    (["--lang", "da"], "da"), (["x", "--lang=pt_BR"], "pt-BR"), (["--lang", "nl", "--lang", "da"], "da"),
    (["--lang", "xx"], "en"), (["--", "--lang", "da"], None), (["--lang"], None), ([], None),
])
def test_the_language_is_found_on_the_line_before_click_reads_it(args, found):
    assert cli_help.lang_on_line(args) == found
