"""The built-in lessons' own words in the learner's language.

All built-in lessons share one gettext catalog per language, kept apart from the messages of ``en.yaml``:
``catalogs/lessons.pot``, and ``catalogs/lessons-<lang>.po`` compiled to ``lessons-<lang>.mo``. A message's
``msgctxt`` is ``lesson.<lesson id>.<place>``, the place being the key path inside the lesson file with a
step named by its own ``id`` (``lesson.frozen-pile.steps.later-hand.say``, ``lesson.pile.steps.q2.hint``), by
its position only when it has none: so a step put in between moves no other message. Cards, moves, tables
and rule ids are not texts: they stay as written, in the standard notation every language reads.

A teacher's own lesson file is shown as written: only the files shipped in ``learning/lessons`` are looked
up. An untranslated (or fuzzy) text shows in English.
"""
from __future__ import annotations

from canasta_tutor.texts import HERE, compiled, moves_in_text

LESSON_DIR = HERE.parent / "learning" / "lessons"
STEP_TEXTS = ("say", "hint", "explanation")  # a step's texts; ``feedback`` is a mapping of answer: text


def catalog_name(lang_file: str | None) -> str:
    """The file name (without suffix) of the lesson catalog of a language's catalog name (``nl``,
    ``pt_BR``), or of the template for None."""
    return f"lessons-{lang_file}" if lang_file else "lessons"


def file_id(stem: str) -> str:
    """A lesson's id when its file gives none: the file name without its number prefix."""
    return stem.split("-", 1)[1] if stem[:2].isdigit() and "-" in stem else stem


def step_place(index: int, step_id: str | None) -> str:
    """A step's place in a message's context: its own id, or its position (from 0) when it has none."""
    return f"steps.{step_id or index}"


def context(lesson_id: str, place: str) -> str:
    return f"lesson.{lesson_id}.{place}"


def _translations(lang: str):
    return compiled(lang, "lessons-")  # lessons-nl.mo: catalog_name's file beside the messages' nl.mo


def translator(lesson_id: str, lang: str):
    """``words(place, english)``: a built-in lesson's text at ``place`` in ``lang``, English when the
    catalog has no translation of that very English."""
    found = _translations(lang)
    if found is None:
        return lambda place, english: english
    # the moves a translation quotes in the standard notation ("draw 6C"), in the reader's words and letters
    return lambda place, english: moves_in_text(found.pgettext(context(lesson_id, place), english), lang)
