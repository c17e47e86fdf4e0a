"""The built-in lessons in every language: their catalogs complete and in step with the lesson files,
every text of every lesson (title, steps, hints, the teacher's words) looked up in the chosen language,
and nothing shown in English once a catalog is complete. A teacher's own lesson is shown as written."""
from __future__ import annotations

import io
import json
import re
import shutil
from functools import cache

import pytest
from clirun import run_in_process

from canasta_tutor import texts
from canasta_tutor.learning.lesson import Lesson, Question, builtin_lessons, read_lesson
from canasta_tutor.learning.tutor import Talk, run_lesson
from canasta_tutor.texts import lessons as lesson_texts

babel = pytest.importorskip("babel")
import sync_catalogs as sync  # noqa: E402  (needs Babel; tools/ is on the path, see conftest.py)

TRANSLATED = [lang for lang, name in texts.LANGUAGES.items() if name]
LANGS = TRANSLATED


# -- the catalogs -----------------------------------------------------------------------------------
@cache
def _lesson_messages() -> tuple[tuple[str, str, tuple[str, int], list[str]], ...]:
    """The built-in lessons' messages as the sync extracts them from the lesson files: the same for every
    test that does not change the files, so extracted once."""
    return tuple(sync.lesson_messages())


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_lesson_catalog_has_every_lesson_text_and_no_other(lang):
    """No lesson text is missing from a catalog, and none is kept that no lesson has (active or #~)."""
    source = {context: english for context, english, _, _ in _lesson_messages()}
    catalog = sync.read(lang, "lessons")
    held = {m.context: m.id for m in catalog if m.id}
    missing = [c for c, english in source.items() if held.get(c) != english]
    stale = [c for c, english in held.items() if source.get(c) != english]
    assert not missing and not stale and not catalog.obsolete, \
        f"{lang}: missing {missing[:5]}, stale {stale[:5]}, obsolete {list(catalog.obsolete)[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_lesson_translations_keep_the_placeholders_of_the_english(lang):
    wrong = [(m.context, m.string) for m in sync.read(lang, "lessons")
             if m.id and m.string and sync.placeholders(m.string) != sync.placeholders(m.id)]
    assert not wrong, f"{lang}: {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_catalog_is_translated_and_reviewed(lang):
    missing = sync.to_review(lang, "lessons")
    assert not missing, f"{lang}: {len(missing)} lesson texts untranslated or fuzzy, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_lessons_speak_the_glossarys_words(lang):
    """Every term of the language's glossary is used by its catalogs, the terms only the lessons use
    (``used: lessons``) included; a term kept for reference only (``used: false``) is not looked for."""
    import yaml

    glossary = yaml.safe_load((texts.HERE / "glossary" / f"{texts.LANGUAGES[lang]}.yaml").read_text("utf-8"))
    said = " ".join(" ".join(m.string) if isinstance(m.string, tuple) else m.string
                    for kind in ("messages", "lessons") for m in sync.read(lang, kind) if m.id).lower()
    unused = [(e["en"], part) for e in glossary["terms"] if e.get("used", True) is not False
              for part in e["term"].split(" / ") if part.lower() not in said]
    assert not unused, f"{lang}: glossary terms no catalog uses: {unused}"


def test_the_sync_keeps_lesson_translations_in_step(tmp_path, monkeypatch):
    """Changed English comes in fuzzy with the old English beside it, a new step untranslated, and the
    text of a step taken out obsolete; the translations of untouched steps stay as they were."""
    source = builtin_lessons()[1]
    words = source.read_text(encoding="utf-8")
    lesson = read_lesson(source, lang="en")
    first, second = lesson.steps[0].say, lesson.steps[1].say
    changed = words.replace("  - id: classic-game\n", "  - id: new-step\n    say: A new first step.\n  - id: classic-game\n")
    changed = changed.replace("Canasta has no runs", "Canasta never has runs")
    changed = changed.replace("  - id: well-done\n", "  - id: well-done-now\n")
    assert changed.count("id: ") == words.count("id: ") + 1
    monkeypatch.setattr(lesson_texts, "LESSON_DIR", tmp_path)
    (tmp_path / source.name).write_text(changed, encoding="utf-8")
    new = sync.updated("nl", sync.lesson_template(), sync.read("nl", "lessons"), header=sync.LESSON_HEADER)
    by_context = {m.context: m for m in new if m.id}
    kept = by_context["lesson.melds.steps.classic-game.say"]
    assert kept.id == first and kept.string and not kept.fuzzy
    fuzzy = by_context["lesson.melds.steps.meld-group.say"]
    assert fuzzy.fuzzy and fuzzy.string and fuzzy.previous_id == [second]
    assert by_context["lesson.melds.steps.new-step.say"].string == ""
    assert by_context["lesson.melds.steps.well-done-now.say"].string == ""
    gone = [context for _, context in new.obsolete if context.startswith("lesson.melds.")]
    assert gone == ["lesson.melds.steps.well-done.say"]  # (the other lessons are not in the folder here)
    dropped = sync.updated("nl", sync.lesson_template(), sync.read("nl", "lessons"), False, sync.LESSON_HEADER)
    assert not dropped.obsolete


def test_every_lesson_text_is_named_by_its_steps_own_id():
    """Every say and ask step of a built-in lesson has an id, so a step put in between renames nothing."""
    unnamed = [c for c, _, _, _ in _lesson_messages() if re.search(r"\.steps\.\d+\.", c)]
    assert not unnamed, unnamed


def test_the_lesson_messages_are_what_the_loader_looks_up(monkeypatch):
    """The extraction and the loader name every text alike: each lookup the loader makes is a message."""
    asked = set()

    class Recording:
        def pgettext(self, context, message):
            asked.add((context, message))
            return message

    monkeypatch.setattr(lesson_texts, "_translations", lambda lang: Recording())
    for path in builtin_lessons():
        read_lesson(path, lang="nl")
    assert asked == {(c, english) for c, english, _, _ in _lesson_messages()}


def test_a_step_inserted_before_another_leaves_its_message_alone(tmp_path, monkeypatch):
    """Named steps keep their context wherever they stand; an unnamed step is named by its position."""
    source = builtin_lessons()[1]
    words = source.read_text(encoding="utf-8")
    first = re.search(r"^  - id: (\S+)\n", words, re.M)
    moved = words[:first.start()] + "  - say: A new first step.\n" + words[first.start():]
    monkeypatch.setattr(lesson_texts, "LESSON_DIR", tmp_path)
    (tmp_path / source.name).write_text(moved, encoding="utf-8")
    contexts = [c for c, _, _, _ in sync.lesson_messages()]
    assert f"lesson.melds.steps.{first.group(1)}.say" in contexts and "lesson.melds.steps.0.say" in contexts


# -- every lesson in every language -------------------------------------------------------------------
def _texts(lesson) -> list[str]:
    """Every text of a lesson as the learner may read it."""
    out = [lesson.title] + [s.say for s in lesson.steps if s.say]
    for q in lesson.questions:
        out += [q.hint, q.explanation] + [words for words, *_ in q.feedback.values()]
    return [t for t in out if t]


@cache
def _english_lesson(path) -> Lesson:
    """A built-in lesson in English, what every language is held against: the same in every test (English
    has no catalog, and the tests' made-up ones give it back as written), so read once."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("CANASTA_LANG", "en")
        return read_lesson(path, lang="en")


def _english_in(lang: str) -> list[str]:
    """The built-in lessons' texts that read as in English when loaded in ``lang``."""
    same = []
    for path in builtin_lessons():
        english, other = _english_lesson(path), read_lesson(path, lang=lang)
        same += [f"{path.name}: {a}" for a, b in zip(_texts(english), _texts(other)) if a == b]
    return same


def _answers(q: Question, seed: str) -> list[str]:
    """A hint, a wrong answer (the teacher's feedback for it shows), then the right one."""
    right = sorted(q.correct(seed), key=str)[0]
    if q.kind == "legal":
        return ["?", "no" if right else "yes", "yes" if right else "no"]
    if q.kind == "rule":
        options = q.options(seed)
        wrong = next(i for i, r in enumerate(options, 1) if r not in q.correct(seed))
        return ["?", str(wrong), str(options.index(right) + 1)]
    if q.kind == "which":
        return ["?", str(next(i for i in range(1, len(q.moves) + 1) if i not in q.correct(seed))), str(right)]
    return ["?", str(right + 5), str(right)]


def _transcript(path, lang: str, monkeypatch) -> str:
    """A whole lesson taken in ``lang``: every step, every question with its hint and feedback."""
    monkeypatch.setenv("CANASTA_LANG", lang)
    lesson = read_lesson(path)
    answers = [a for q in lesson.questions for a in _answers(q, lesson.id)]
    out = io.StringIO()
    run_lesson(lesson, Talk(io.StringIO("\n".join(answers) + "\n"), out), None)
    return out.getvalue()


@cache
def _english_transcript(path) -> str:
    """A built-in lesson taken in English, what every language's transcript is held against: the same
    for every test, so taken once."""
    with pytest.MonkeyPatch.context() as env:
        return _transcript(path, "en", env)


def _lines_left_in_english(lang: str, monkeypatch) -> list[str]:
    """Lines of lesson transcripts that are the English ones, words and all (a line of cards, names and
    moves only is the same in every language)."""
    found = []
    for path in builtin_lessons():
        english = _english_transcript(path)
        other = set(_transcript(path, lang, monkeypatch).splitlines())
        lesson = _english_lesson(path)
        data = {w.lower() for t in [s.table for s in lesson.steps if s.table]
                for w in [p.name for p in t.players] + [s.name for s in t.sides]}
        data |= {w.lower() for q in lesson.questions for m in [q.move, *q.moves] for w in re.findall(r"[a-z]+", m)}
        data |= {"yes", "no"}  # the answers typed, echoed in the transcript
        for line in english.splitlines():
            words = [w for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\b[a-z0-9]+(?:[.-][a-z0-9]+)+\b", " ", line))
                     if w.lower() not in data]
            if line in other and words:
                found.append(f"{path.name}: {line.strip()}")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_text_is_translated(lang):
    same = _english_in(lang)
    assert not same, f"{lang}: {len(same)} lesson texts in English, e.g.\n" + "\n".join(same[:10])


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_is_taken_without_english(lang, monkeypatch):
    found = _lines_left_in_english(lang, monkeypatch)
    assert not found, f"{lang}: {len(found)} lines in English, e.g.\n" + "\n".join(found[:15])


class _Marked:
    """A lesson catalog that translates every text by putting a mark before each English word (so each
    line of a wrapped paragraph differs too)."""

    def pgettext(self, context, message):
        return re.sub(r"\b(?=\w)", "«", message)


def test_the_lesson_checks_pass_once_every_lesson_text_is_translated(monkeypatch):
    """The two tests above fail only for want of translations: with every lesson text translated (here
    by a mark), nothing of a lesson, its steps, questions, hints or feedback comes out in English."""
    monkeypatch.setattr(lesson_texts, "_translations", lambda lang: _Marked() if lang == "da" else None)
    assert not _english_in("da")
    assert not _lines_left_in_english("da", monkeypatch)


def test_the_lesson_checks_find_a_text_left_in_english(monkeypatch):
    """...and they are not blind: with an empty lesson catalog every text is caught."""
    import gettext

    monkeypatch.setattr(lesson_texts, "_translations", lambda lang: gettext.NullTranslations())
    assert len(_english_in("da")) == sum(len(_texts(_english_lesson(p))) for p in builtin_lessons())
    left = _lines_left_in_english("da", monkeypatch)
    assert any("One whole turn, from the deal to going out" in line for line in left)


# -- what the user sees -------------------------------------------------------------------------------
def test_lesson_list_shows_dutch_titles_and_keeps_its_json_keys(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "1000")  # whole titles on their lines, to look them up
    monkeypatch.setenv("CANASTA_LANG", "en")
    dutch = run_in_process("lesson", "list", "--lang", "nl")
    assert dutch.exit_code == 0, dutch.output
    titles = {p.stem: lesson_texts.translator(lesson_texts.file_id(p.stem), "nl")("title", _english_lesson(
        p).title) for p in builtin_lessons()}
    english_titles = [_english_lesson(p).title for p in builtin_lessons()]
    assert all(t in dutch.stdout for t in titles.values()) and not any(t in dutch.stdout for t in english_titles)
    assert "regels: " in dutch.stdout and "rules: " not in dutch.stdout
    runs = {lang: json.loads(run_in_process("lesson", "list", "--json", "--lang", lang).stdout)
            for lang in ("en", "nl")}
    for mine, theirs in zip(runs["nl"]["lessons"], runs["en"]["lessons"]):
        assert mine.keys() == theirs.keys() and mine["title"] != theirs["title"]
        assert {k: v for k, v in mine.items() if k != "title"} == {k: v for k, v in theirs.items() if k != "title"}


def test_a_lesson_runs_in_dutch_from_piped_answers(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("CANASTA_LANG", "en")
    path = builtin_lessons()[1]
    lesson = read_lesson(path, lang="en")
    answers = "\n".join(a for q in lesson.questions for a in _answers(q, lesson.id)) + "\n"
    result = run_in_process("lesson", "melds", "--restart", "--lang", "nl", "--json", input=answers)
    assert result.exit_code == 0, result.output
    done = json.loads(result.stdout)
    english = run_in_process("lesson", "melds", "--restart", "--json", input=answers)
    assert done == json.loads(english.stdout)
    dutch = read_lesson(path, lang="nl")
    assert dutch.title in result.stderr and lesson.title not in result.stderr
    assert dutch.steps[0].say.split()[0] in result.stderr


def test_a_teachers_copy_of_a_lesson_is_shown_as_written(tmp_path):
    own = tmp_path / builtin_lessons()[1].name
    shutil.copy(builtin_lessons()[1], own)
    assert read_lesson(own, lang="nl").title == read_lesson(builtin_lessons()[1], lang="en").title
    assert read_lesson(builtin_lessons()[1], lang="nl").title != read_lesson(own, lang="nl").title


def test_a_lesson_text_whose_english_changed_shows_in_english(monkeypatch):
    """A translation made for other English is not shown: the catalog is looked up by the English too."""
    words = lesson_texts.translator("melds", "nl")
    assert words("title", "Some other title") == "Some other title"


def test_reading_a_lesson_in_another_language_needs_no_babel():
    import subprocess
    import sys

    code = ("import sys; from canasta_tutor.learning.lesson import builtin_lessons, read_lesson; "
            "[read_lesson(p, lang='nl') for p in builtin_lessons()]; assert 'babel' not in sys.modules")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_step_id_is_what_the_schema_allows(tmp_path):
    """Lint and the JSON Schema agree on a step id: plain letters, digits, - and _, not only digits."""
    import re as regex

    from canasta_tutor.learning.lesson import read_lesson
    from canasta_tutor.teaching.schema import schema

    step = schema("lesson")["properties"]["steps"]["items"]
    pattern = regex.compile(step["properties"]["id"]["pattern"])
    table = ("  - table:\n      players: [{name: Ann, hand: 9S 9D 4H}, {name: Bob, hand: 5}, {name: Cas, hand: 5},"
             " {name: Dee, hand: 5}]\n      discard: 9H\n      stock: 30\n      turn: {player: Ann}\n")
    for step_id, ok in (("q1", True), ("hand-been", True), ("-", True), ("_x", True), ("12", False),
                        ("é1", False), ("a b", False)):
        assert bool(pattern.match(step_id)) is ok, step_id
        path = tmp_path / "l.yaml"
        path.write_text(f"title: T\nsteps:\n{table}  - id: '{step_id}'\n    ask: legal\n    move: draw\n", "utf-8")
        problems = []
        try:
            read_lesson(path)
        except Exception as exc:  # noqa: BLE001 - a refused id is a soft problem, raised at the end
            problems.append(str(exc))
        assert (not problems) is ok, (step_id, problems)
