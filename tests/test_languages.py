"""The languages: choosing one, the catalogs kept complete and in step with en.yaml, and every ruling
worded in every language with nothing left in English."""
from __future__ import annotations

import contextvars
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from clirun import Ran, run_in_process

from canasta_tutor import api, texts
from canasta_tutor.files.snapshot import load_scenario
from canasta_tutor.render.report import verdict_dict

babel = pytest.importorskip("babel")
import sync_catalogs as sync  # noqa: E402  (needs Babel; tools/ is on the path, see conftest.py)

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang, name in texts.LANGUAGES.items() if name]
CATALOG_FILES = {lang: texts.CATALOGS / f"{texts.LANGUAGES[lang]}.po" for lang in TRANSLATED}


@pytest.mark.parametrize("code,lang", [
    ("da", "da"), ("da_DK.UTF-8", "da"), ("nl_BE.UTF-8", "nl"), ("NL", "nl"), ("pt_BR.UTF-8", "pt-BR"),
    ("pt-BR", "pt-BR"), ("pt_BR", "pt-BR"), ("pt-br", "pt-BR"), ("en_GB.UTF-8", "en"), ("de_DE.UTF-8", None),
    ("C.UTF-8", None), ("POSIX", None), ("xx", None), ("", None),
])
def test_codes_as_users_and_locales_write_them(code, lang):
    assert texts.normalise(code) == lang


@pytest.mark.parametrize("env,lang", [
    ({"CANASTA_LANG": "da", "LANG": "nl_NL.UTF-8"}, "da"),
    ({"LC_ALL": "pt_BR.UTF-8", "LC_MESSAGES": "da_DK.UTF-8", "LANG": "nl_NL.UTF-8"}, "pt-BR"),
    ({"LC_MESSAGES": "da_DK.UTF-8", "LANG": "nl_NL.UTF-8"}, "da"),
    ({"LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_language_comes_from_canasta_lang_then_the_locale(monkeypatch, env, lang):
    for var in ("CANASTA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert texts.language() == lang


def run(*args, env=None) -> Ran:
    environ = {"CANASTA_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "COLUMNS": "120",
               "NO_COLOR": "1", **(env or {})}
    return run_in_process(*args, env=environ, cwd=ROOT)


def test_the_locale_speaks_as_lang_does_and_an_unknown_locale_is_english():
    move = ("check", "canasta_tutor/examples/table.yaml", "take 9S; meld 4H 4D 4S")
    by_flag = run(*move, "--lang", "da")
    by_locale = run(*move, env={"LANG": "da_DK.UTF-8"})
    assert by_flag.returncode == by_locale.returncode == 1
    assert by_flag.stdout == by_locale.stdout and not by_flag.stderr and not by_locale.stderr
    english, unknown = run(*move), run(*move, env={"LANG": "xx_YY.UTF-8"})
    assert unknown.stdout == english.stdout and not unknown.stderr
    assert by_flag.stdout != english.stdout


@pytest.mark.parametrize("code", ["xx", "zz-BR"])
def test_an_unknown_lang_is_a_usage_error_that_lists_the_languages(code):
    proc = run("check", "canasta_tutor/examples/table.yaml", "draw", "--lang", code)
    assert proc.returncode == 2
    assert f"'{code}'" in proc.stderr and all(lang in proc.stderr for lang in texts.available())


def test_json_keeps_its_ids_and_only_the_messages_change():
    move = ("check", "canasta_tutor/examples/table.yaml", "take 9S; meld 4H 4D 4S", "--json")
    english = json.loads(run(*move).stdout)
    for lang in TRANSLATED:
        proc = run(*move, "--lang", lang.lower().replace("-", "_"))
        other = json.loads(proc.stdout)
        assert not proc.stderr
        assert [v["rule"] for v in other["violations"]] == [v["rule"] for v in english["violations"]]
        assert other.keys() == english.keys() and other["legal"] == english["legal"]
        for mine, theirs in zip(other["violations"] + other["notes"], english["violations"] + english["notes"]):
            assert mine["message"] != theirs["message"]


@cache
def _scenario_verdicts() -> tuple:
    """Each rule scenario's rulings with their English wording: the same for every language, judged once."""
    verdicts = []
    for path in sorted((ROOT / "scenarios" / "rules").glob("*.yaml")):
        scenario = load_scenario(path)
        for check in scenario.checks:
            verdict = api.check(scenario.table, check.move)
            verdicts.append((path.stem, verdict, verdict_dict(verdict, "en")))
    return tuple(verdicts)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_scenario_is_worded_without_english(lang):
    """Every ruling and note the rule scenarios produce differs from its English wording."""
    for name, verdict, english in _scenario_verdicts():
        other = verdict_dict(verdict, lang)
        for mine, theirs in zip(other["violations"] + other["notes"], english["violations"] + english["notes"]):
            assert mine["message"] != theirs["message"], f"{name}: {lang} says {mine['message']!r}"


def test_the_catalogs_are_in_step_with_en_yaml_and_the_sync_check_mode_says_so(capsys, monkeypatch):
    """Running the sync tool would change nothing: the template, every catalog (no message the code no
    longer uses, none missing, none whose English changed unnoticed) and the compiled .mo files. Its
    --check mode changes nothing and says whether all is current. One test: what the sync would write
    (every catalog read, brought up to date and compiled) takes seconds to work out, and --check works
    it out too."""
    planned, work_out = [], sync.plan

    def plan(*args):  # the sync's own, kept to be looked into
        planned.append(work_out(*args))
        return planned[-1]

    monkeypatch.setattr(sync, "plan", plan)
    code = sync.main(["--check"])
    out = capsys.readouterr().out  # complete, or the count of new entries awaiting their translators
    stale = [path.name for path, (_, changed) in planned[0].items() if changed]
    assert not stale, f"out of date: {stale}; run python tools/sync_catalogs.py"
    assert code == 0
    assert all(f"{lang}: complete" in out or f"{lang}: to translate or review: " in out for lang in TRANSLATED)


@cache
def _catalog(lang: str):
    """A language's catalog as the sync reads it, for the tests that only look into it: read once."""
    return sync.read(lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_keeps_a_message_the_code_no_longer_uses(lang):
    english = sync.english()
    catalog = _catalog(lang)
    gone = [m.context for m in catalog if m.id and english.get(m.context) != (
        m.id if isinstance(m.id, str) else tuple(m.id))]
    assert not gone and not catalog.obsolete, f"{lang}: stale {gone}, obsolete {list(catalog.obsolete)}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_have_the_placeholders_of_the_english(lang):
    wrong = []
    for m in _catalog(lang):
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for form in forms:
            if m.id and form and sync.placeholders(form) != sync.placeholders(m.id):
                wrong.append((m.context, form))
    assert not wrong, f"{lang}: {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_keeps_a_translation_of_changed_english(lang):
    """A fuzzy message (its English changed since it was translated) is reviewed before anything else."""
    fuzzy = [m.context for m in _catalog(lang) if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy: {fuzzy}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_is_complete(lang):
    missing = sync.to_review(lang)
    assert not missing, f"{lang}: untranslated or fuzzy: {missing}"


@pytest.mark.parametrize("lang,n,text", [
    ("nl", 1, "1 kaart"), ("nl", 0, "0 kaarten"), ("nl", 2, "2 kaarten"),
    ("da", 1, "1 canasta"), ("da", 3, "3 canastaer"),
    ("pt-BR", 0, "0 cartas"), ("pt-BR", 1, "1 carta"), ("pt-BR", 2, "2 cartas"),
    ("pt-BR", 1000000, "1000000 de cartas"),
])
def test_plural_forms_follow_the_languages_rule(lang, n, text):
    key = "canasta" if "canasta" in text else "card"
    assert texts.counted(key, n, lang) == text


def test_a_message_missing_from_a_catalog_falls_back_to_english():
    import gettext

    english = texts.catalog("en")
    nothing = texts._translate(english, gettext.NullTranslations())
    assert nothing["rules"]["pile.empty"]["message"] == english["rules"]["pile.empty"]["message"]
    assert texts._fill(nothing["counts"]["card"], {"n": 2}) == "2 cards"


def test_rank_names_and_engine_words_are_translated():
    assert texts.score_detail("score.canasta-natural", {"rank_name": "kings", "size": 7}, "nl") == \
        "zuivere canasta van heren (7 kaarten)"
    assert "getrokken" in texts.rule_message("turn.one-draw", {"how": "drew"}, "nl")
    assert texts.score_detail("score.hand", {"players": "Ann and Cas"}, "da").endswith("hos Ann og Cas")
    from canasta_tutor.render.report import _class_name

    assert (_class_name("9", "nl"), _class_name("9", "pt-BR"), _class_name("3b", "da")) == \
        ("negens", "noves", "sorte treere")


def test_reading_a_catalog_needs_no_babel():
    code = ("import sys; from canasta_tutor import texts; texts.catalog('pt-BR'); "
            "assert 'babel' not in sys.modules, 'babel imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_speaks_the_glossarys_words(lang):
    """Each term of the language's glossary is a word its catalog uses, but those only the lessons use
    (``used: lessons``) and those kept for reference (``used: false``)."""
    import yaml

    glossary = yaml.safe_load((texts.HERE / "glossary" / f"{texts.LANGUAGES[lang]}.yaml").read_text("utf-8"))
    assert glossary["language"] == lang
    said = " ".join(t if isinstance(t, str) else " ".join((t.pick(1), t.pick(2)))
                    for _, t in texts.entries(texts.catalog(lang))).lower()
    unused = [(e["en"], part) for e in glossary["terms"] if e.get("used", True) is True
              for part in e["term"].split(" / ") if part.lower() not in said]
    assert not unused, f"{lang}: glossary terms the catalog never uses: {unused}"


def test_the_sync_keeps_translations_marks_changed_english_fuzzy_and_retires_gone_keys():
    from babel.messages.catalog import Catalog

    pot = Catalog()
    pot.add("the pile is empty", "", context="rules.pile.empty.message")
    pot.add("the stock is empty: nothing to draw", "", context="rules.draw.stock-empty.message")
    pot.add(("{n} card", "{n} cards"), ("", ""), context="counts.card")
    pot.add("a new text", "", context="hints.new")
    old = Catalog(locale="nl")
    old.add("the pile is empty", "de aflegstapel is leeg", context="rules.pile.empty.message")
    old.add("the stock is empty", "de stok is leeg", context="rules.draw.stock-empty.message")
    old.add(("{n} card", "{n} cards"), ("{n} kaart", "{n} kaarten"), context="counts.card")
    old.add("a text no longer used", "een oude tekst", context="hints.gone")
    new = sync.updated("nl", pot, old)
    kept, changed = new.get("the pile is empty", "rules.pile.empty.message"), \
        new.get("the stock is empty: nothing to draw", "rules.draw.stock-empty.message")
    assert kept.string == "de aflegstapel is leeg" and not kept.fuzzy
    assert changed.string == "de stok is leeg" and changed.fuzzy and changed.previous_id == ["the stock is empty"]
    assert new.get(("{n} card", "{n} cards"), "counts.card").string == ("{n} kaart", "{n} kaarten")
    assert new.get("a new text", "hints.new").string == ""
    assert [m.string for m in new.obsolete.values()] == ["een oude tekst"]
    assert new.plural_forms == "nplurals=2; plural=(n != 1);"
    # fuzzy and untranslated texts are not compiled: English shows instead
    import gettext
    import io

    compiled = gettext.GNUTranslations(io.BytesIO(sync.mo_bytes(new)))
    assert compiled.pgettext("rules.pile.empty.message", "the pile is empty") == "de aflegstapel is leeg"
    assert compiled.pgettext("rules.draw.stock-empty.message", "the stock is empty: nothing to draw") == \
        "the stock is empty: nothing to draw"


def test_the_sync_can_drop_the_translations_of_removed_keys():
    from babel.messages.catalog import Catalog

    pot, old = Catalog(), Catalog(locale="da")
    old.add("a text no longer used", "en gammel tekst", context="hints.gone")
    assert list(sync.updated("da", pot, old).obsolete) and not sync.updated("da", pot, old, False).obsolete


def test_a_decimal_is_written_as_the_language_writes_it():
    """Days of memory in `progress`: "1,3 dage" in Danish, Dutch and Portuguese, "1.3 days" in English."""
    assert texts.decimal(1.34, 1, "en") == "1.3"
    assert [texts.decimal(1.34, 1, lang) for lang in ("nl", "da", "pt-BR")] == ["1,3"] * 3
    assert texts.decimal(12.0, 1, "da") == "12,0"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_what_a_player_types_stays_as_the_help_writes_it(lang):
    """`save FILE`, `coach:LEVEL`, `NAME=PLAYER`: words a player types at a prompt or in an option are
    kept as written in every translation that quotes them."""
    from babel.messages.pofile import read_po

    typed = ("save FILE", "coach:LEVEL", "NAME=PLAYER")
    with open(texts.CATALOGS / f"{texts.LANGUAGES[lang]}.po", "rb") as fp:
        catalog = read_po(fp)
    changed = []
    for m in catalog:
        english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
        said = " ".join(m.string) if isinstance(m.string, tuple) else m.string
        changed += [(m.context, word) for word in typed if word in english and word not in said]
    assert not changed, changed


def test_a_placeholder_without_a_value_is_an_error_naming_the_text_and_the_placeholder(monkeypatch):
    monkeypatch.setenv("CANASTA_STRICT_TEXTS", "1")
    with pytest.raises(KeyError) as missing:
        texts.section("labels", "verdict.inherited", {})
    assert isinstance(missing.value, texts.MissingPlaceholder)
    assert "'labels.verdict.inherited'" in str(missing.value) and "{owner}" in str(missing.value)


def test_a_user_sees_the_text_with_the_values_given_and_the_missing_placeholder_as_written(monkeypatch):
    """Outside the tests and development, a wording slip never turns a ruling into an internal error
    (docs/decisions.md): every value given is filled in, the missing one stays as its placeholder."""
    monkeypatch.delenv("CANASTA_STRICT_TEXTS")
    monkeypatch.setattr(texts.sys, "flags", type("Flags", (), {"dev_mode": False})())
    assert texts._fill("{first} and {last}", {"first": "Ann"}) == "Ann and {last}"
    assert texts._fill("{0} cards", {}) == "{0} cards"  # not a named placeholder: as written


# A table with a house rule of every kind of value: a set of choices, a flag, null, a bonus, score bands.
HOUSE_TABLE = """\
house_rules:
  pile_frozen_by: [wild, black-three]
  canasta_closed: true
  max_wilds: null
  canasta_bonus: {natural: 600, mixed: 300}
  initial_meld: [{below: 1500, need: 50}, {need: 90}]
  partner_permission: required
"""


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_a_tables_house_rules_are_shown_in_words_and_kept_as_ids_in_json(tmp_path, lang):
    """`show`, its drawing and the lessons' tables name each house rule by its title with the value in
    words, never by the parameter's id; the file and --json keep the ids, for programs."""
    from canasta_tutor.files.snapshot import load_table
    from canasta_tutor.render.table_view import table_lines

    source = (ROOT / "scenarios/rules/pile.needs-natural-pair-black-three.yaml").read_text("utf-8")
    table_file = tmp_path / "house.yaml"
    table_file.write_text(source.replace("house_rules:\n  pile_frozen_by: [wild, black-three]\n", HOUSE_TABLE), "utf-8")
    rules = ("pile_frozen_by", "canasta_closed", "max_wilds", "canasta_bonus", "initial_meld", "partner_permission")
    env = {"COLUMNS": "1000"}
    shown = run("--lang", lang, "show", str(table_file), env=env)
    drawn = run("--lang", lang, "show", str(table_file), "--svg", str(tmp_path / "t.svg"), env=env)
    assert shown.returncode == 0 and drawn.returncode == 0, shown.stderr + drawn.stderr
    header = shown.stdout.splitlines()[0]
    svg = (tmp_path / "t.svg").read_text("utf-8")
    titles = texts.catalog(lang)["parameters"]["titles"]
    for name in rules:
        assert name not in header and name not in svg, (name, header)
    for name in rules:
        assert f"{titles[name]}: " in header, (name, header)
    assert f"{titles['pile_frozen_by']}: " in svg  # (the drawing's line is cut at its width)
    assert "wild, black-three" not in header or lang == "en"  # the choices in the reader's words
    assert f"{texts.catalog(lang)['parameters']['no-limit']};" in header  # max_wilds: null lifts the cap

    def lesson_lines() -> list[str]:  # the plain lines a lesson's table is drawn in
        texts.choose(lang)
        return table_lines(load_table(str(table_file)), teaching=True)

    assert header.endswith("  " + contextvars.copy_context().run(lesson_lines)[1])
    as_json = json.loads(run("--lang", lang, "show", str(table_file), "--json").stdout)
    assert as_json["house_rules"]["pile_frozen_by"] == ["wild", "black-three"]
    assert as_json["house_rules"]["partner_permission"] == "required" and as_json["house_rules"]["max_wilds"] is None


def test_every_house_option_has_a_title_in_every_language():
    from canasta_tutor.engine.ruleset import PARAMS

    house = {name for name, spec in PARAMS.items() if spec.house}
    assert set(texts.catalog("en")["parameters"]["titles"]) == house
    for lang in TRANSLATED:
        titles = texts.catalog(lang)["parameters"]["titles"]
        assert all(titles[n] != texts.catalog("en")["parameters"]["titles"][n] or n == "jokers" for n in house), lang


def test_a_move_quoted_in_a_text_is_in_the_readers_words_to_its_end_even_onto_wild_cards_alone():
    """A lay-off names its meld by rank, or by "?" for a meld of wild cards alone: the whole move is
    the reader's, never half of it ("leg aan 2K to ?")."""
    from canasta_tutor import texts

    assert texts.moves_in_text("type add 2C to K", "nl", "local") == "type leg aan 2K bij H"
    assert texts.moves_in_text("type add 2C to ?", "nl", "local") == "type leg aan 2K bij ?"
    assert texts.moves_in_text("add 2C JK to ?; discard 4H", "da", "local").count(" to ") == 0
