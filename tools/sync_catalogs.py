"""Keep the translation catalogs in step with the English source, for translators and their tools.

    python tools/sync_catalogs.py           # write the .pot files, update every .po, compile the .mo,
                                                 # and help_en.py (the English --help, read at start-up)
    python tools/sync_catalogs.py --check   # change nothing; exit 1 if anything is out of date
    python tools/sync_catalogs.py --drop-obsolete   # also delete the translations of removed keys

Each text of ``en.yaml`` is one gettext message: ``msgctxt`` is its key path (``rules.pile.empty.message``),
``msgid`` the English text, ``msgstr`` the translation; a plural-aware entry is ``msgid``/``msgid_plural``
with one ``msgstr[i]`` per form of the language (Babel knows each language's CLDR plural rule and writes
its ``Plural-Forms`` header). Updating a catalog keeps every translation whose key still exists: a new
key comes in untranslated, a key whose English changed keeps its old translation marked fuzzy (with the
old English as ``#| msgid`` so the translator sees what changed), a key that is gone becomes obsolete
(``#~``). Fuzzy and untranslated messages are left out of the compiled ``.mo``, so English shows there.

The built-in lessons (``learning/lessons/*.yaml``) are a second set of catalogs made the same way:
``lessons.pot`` and ``lessons-<lang>.po``, each text's ``msgctxt`` being ``lesson.<lesson id>.<place>`` (see
``texts/lessons.py``) and its ``#:`` reference the lesson file and line, for the translator who wants to see
the table a sentence talks about.

Babel is needed here and in the tests, never when the tool runs: the command line reads the ``.mo`` with
the standard library's gettext.
"""
from __future__ import annotations

import argparse
import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from canasta_tutor.texts import CATALOGS, HERE, LANGUAGES, entries, lessons

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")
PROJECT = "canasta-tutor"
HEADER = """\
# {language} messages of canasta-tutor, made from canasta_tutor/texts/en.yaml.
# msgctxt is the key in en.yaml and msgid its English; translate the msgstr lines only.
# After en.yaml changes: python tools/sync_catalogs.py (see docs/translating.md).
#"""
LESSON_HEADER = """\
# {language} texts of canasta-tutor's built-in lessons, made from canasta_tutor/learning/lessons/*.yaml.
# msgctxt is lesson.<lesson id>.<place in the file>; translate the msgstr lines only.
# Cards and moves stay in the standard notation (9H, take 9S 9D). After a lesson changes:
# python tools/sync_catalogs.py (see docs/translating.md).
#"""
# The two sets of catalogs: messages (en.yaml) and lessons; each is (file name of a language's catalog, header).
SETS = {"messages": (lambda name: name, HEADER), "lessons": (lessons.catalog_name, LESSON_HEADER)}


def _babel():
    try:
        from babel.messages import catalog, mofile, pofile
    except ImportError:  # pragma: no cover - the test extras install it
        sys.exit("canasta: this tool needs Babel: pip install 'canasta-tutor[test]'")
    return catalog, pofile, mofile


def placeholders(text) -> set[str]:
    """The named placeholders of a text (of every form, for a plural message)."""
    texts = text if isinstance(text, (tuple, list)) else (text,)
    return {name for t in texts if t for name in PLACEHOLDER.findall(t)}


def _source() -> dict:
    import yaml

    # libyaml where PyYAML has it: the same data, read in a tenth of the time (a sync reads it five times)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load((HERE / "en.yaml").read_text(encoding="utf-8"), Loader=loader)


def english() -> dict[str, str | tuple[str, str]]:
    """The source messages: key path -> English text, or (one, other) for a plural-aware entry."""
    tree = _source()
    return {path: (value["one"], value["other"]) if isinstance(value, dict) else value
            for path, value in entries(tree)}


# What a placeholder stands for, where its name does not say it: shown to translators beside the message.
MEANING = {
    "card": "a card in the standard notation, such as 9H",
    "cards": "cards in the standard notation, such as 9H 9D 2C",
    "top": "the top card of the discard pile, such as 9H",
    "rank": "a rank as written on the cards: 9, K, A",
    "rank_name": "a rank in words, in the plural (languages.rank-names)",
    "ranks": "ranks as written on the cards: 4, 5, 6",
    "step_text": "one step of the move as typed, such as 'meld 9S 9D 2C' (move words stay English)",
    "how": "languages.engine-words: 'drew' or 'took the pile'",
    "what": "languages.engine-words: 'take the pile' or 'meld'",
    "verb": "languages.engine-words: 'discarded' or 'melded'",
    "phase": "languages.engine-words: 'draw' or 'play'",
    "how_text": "a whole take_how message",
    "kind": "kinds.natural or kinds.mixed",
    "all_text": "words.red-threes-all, or nothing",
    "negative_text": "words.red-threes-negative, or nothing",
    "frozen": "words.yes or words.no",
    "melded": "words.yes or words.no",
    "players": "player names joined by languages.and",
    "sides": "side names joined by languages.and",
    "player": "a player's name",
    "ruleset": "a ruleset id such as classic or danish",
    "name": "a rank in words (languages.rank-names) or moves.classes",
}


def _comments(text) -> list[str]:
    names = sorted(placeholders(text))
    if not names:
        return []
    return [f"placeholders: {', '.join('{' + n + '}' for n in names)}"] + [
        f"{{{n}}}: {MEANING[n]}" for n in names if n in MEANING]


def template():
    """The POT: every English message, untranslated."""
    catalog_mod, _, _ = _babel()
    pot = catalog_mod.Catalog(project=PROJECT, version=_version(), fuzzy=False,
                              header_comment=HEADER.format(language="The English"), msgid_bugs_address="")
    for path, text in english().items():
        flags = ("python-brace-format",) if placeholders(text) else ()
        pot.add(text, "" if isinstance(text, str) else ("", ""), context=path, flags=flags,
                auto_comments=_comments(text))
    return pot


def lesson_messages() -> list[tuple[str, str, tuple[str, int], list[str]]]:
    """The built-in lessons' texts: (context, English, (file, line), notes for the translator), as the
    lesson loader looks them up (``learning/lesson.py``): the title, and each step's say, hint,
    explanation and feedback."""
    from canasta_tutor.reading.strict_yaml import Map, Scalar, load

    found = []
    for path in sorted(lessons.LESSON_DIR.glob("*.yaml")):
        root = load(path)
        where = f"canasta_tutor/learning/lessons/{path.name}"
        id_node = root.items.get("id", (None, None))[1]
        lesson_id = id_node.text.strip() if isinstance(id_node, Scalar) else lessons.file_id(path.stem)

        def add(place: str, node, notes=(), lesson_id: str = lesson_id, where: str = where) -> None:
            if isinstance(node, Scalar) and node.text.strip():
                found.append((lessons.context(lesson_id, place), node.text.strip(), (where, node.line), list(notes)))

        add("title", root.items["title"][1], ["the lesson's title"])
        number = 0
        for i, step in enumerate(root.items["steps"][1].items):
            if not isinstance(step, Map):
                continue
            own = step.items.get("id", (None, None))[1]
            place = lessons.step_place(i, own.text.strip() if isinstance(own, Scalar) else None)
            asked = _asked(step)
            if asked:
                number += 1
                asked = [f"question {number}: {asked}"]
            for field in lessons.STEP_TEXTS:
                if field in step.items:
                    add(f"{place}.{field}", step.items[field][1], asked)
            feedback = step.items.get("feedback", (None, None))[1]
            for answer, (_, text) in (feedback.items.items() if isinstance(feedback, Map) else ()):
                add(f"{place}.feedback.{answer}", text, asked + [f"shown to a learner who answers {answer}"])
    return found


def _asked(step) -> str:
    """What a question step asks, in the lesson's own terms, so the translator sees what a hint is about."""
    from canasta_tutor.reading.strict_yaml import Scalar, Seq

    kind = step.items.get("ask", (None, None))[1]
    if not isinstance(kind, Scalar):
        return ""
    said = {name: node.text.strip() for name, (_, node) in step.items.items() if isinstance(node, Scalar)}
    moves = step.items.get("moves", (None, None))[1]
    listed = " | ".join(n.text.strip() for n in moves.items if isinstance(n, Scalar)) if isinstance(moves, Seq) else ""
    what = {"legal": "is this move legal? {move}", "rule": "which rule forbids {move}?",
            "which": "which of these moves is legal? {moves}", "score": "what does {side} score?"}.get(kind.text, "")
    return what.format(move=said.get("move", ""), moves=listed, side=said.get("side", ""))


def lesson_template():
    """The POT of the built-in lessons: every English text, untranslated."""
    catalog_mod, _, _ = _babel()
    pot = catalog_mod.Catalog(project=PROJECT, version=_version(), fuzzy=False,
                              header_comment=LESSON_HEADER.format(language="The English"), msgid_bugs_address="")
    for path, text, where, notes in lesson_messages():
        flags = ("python-brace-format",) if placeholders(text) else ()
        pot.add(text, "", context=path, flags=flags, locations=[where], auto_comments=notes + _comments(text))
    return pot


HELP_MODULE = HERE / "help_en.py"


def help_module() -> str:
    """help_en.py: the ``help`` section of en.yaml as a Python dict, flat by key path, which the command
    line reads at start-up instead of parsing YAML (an import of a compiled module costs a fraction of a
    millisecond; YAML is about 10 ms to import and more to parse)."""
    def flat(tree: dict, prefix: str = ""):
        for key, value in tree.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            if isinstance(value, dict) and "other" not in value:
                yield from flat(value, path)
            elif isinstance(value, list):
                yield path, tuple(value)
            else:
                yield path, value

    lines = ['"""The English of every --help, made from the help section of en.yaml by', "",
             "    python tools/sync_catalogs.py", "",
             'Do not edit: change en.yaml and run the sync. Other languages come from the catalogs."""', "",
             "HELP = {"]
    lines += [f"    {path!r}: {value!r}," for path, value in flat(_source()["help"])]
    return "\n".join(lines + ["}", ""])


TEXTS_MODULE = HERE / "en_texts.py"


def texts_module() -> str:
    """en_texts.py: the whole of en.yaml as a Python dict, which ``texts.catalog`` reads instead of parsing
    YAML on every run (parsing en.yaml costs about 15 ms of every command's start-up; importing its
    compiled module, one)."""
    lines = ['"""Every English text, made from en.yaml by', "",
             "    python tools/sync_catalogs.py", "",
             'Do not edit: change en.yaml and run the sync (a test fails when the two differ)."""', "",
             "TEXTS = " + _literal(_source()), ""]
    return "\n".join(lines)


def _literal(value, indent: str = "") -> str:
    """A value as Python source, one key or item a line: the same text on every Python version."""
    inner = indent + "    "
    if isinstance(value, dict):
        return "{\n" + "".join(f"{inner}{k!r}: {_literal(v, inner)},\n" for k, v in value.items()) + indent + "}"
    if isinstance(value, list):
        return "[\n" + "".join(f"{inner}{_literal(v, inner)},\n" for v in value) + indent + "]"
    return repr(value)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(PROJECT)
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return ""


def read(lang: str, kind: str = "messages"):
    _, pofile, _ = _babel()
    path = CATALOGS / f"{SETS[kind][0](LANGUAGES[lang])}.po"
    if not path.exists():
        return None
    with open(path, "rb") as fp:
        return pofile.read_po(fp, locale=LANGUAGES[lang])



def _own_comments(was) -> list[str]:
    """A translator's comments on a message. Babel reads a wrapped ``#| msgid`` (the English a fuzzy
    translation was made for) back as a comment starting with ``|``; those are dropped, or every sync
    would carry the old English along as a comment."""
    if was is None:
        return []
    return [c for c in was.user_comments if not c.lstrip().startswith("|")]

def updated(lang: str, pot, old, keep_obsolete: bool = True, header: str = HEADER):
    """The catalog of ``lang`` brought in step with the template ``pot`` (see the module's docstring)."""
    catalog_mod, _, _ = _babel()
    now = datetime.now(UTC)
    from babel import Locale

    name = Locale.parse(LANGUAGES[lang]).english_name
    new = catalog_mod.Catalog(locale=LANGUAGES[lang], project=PROJECT, version=_version(), fuzzy=False,
                              header_comment=header.format(language=name), msgid_bugs_address="",
                              creation_date=old.creation_date if old else now,
                              revision_date=old.revision_date if old else now,
                              language_team=old.language_team if old else None,
                              last_translator=old.last_translator if old else None)
    previous = {m.context: m for m in (old or []) if m.id and m.context}
    forms = new.num_plurals
    for message in pot:
        if not message.id:
            continue
        was = previous.pop(message.context, None)
        plural = isinstance(message.id, tuple)
        flags, previous_id = set(message.flags), ()
        if was is None:
            string = ("",) * forms if plural else ""
        else:
            string = was.string
            if plural and not isinstance(string, tuple):
                string = (string,) * forms
            elif not plural and isinstance(string, tuple):
                string = string[-1]
            if was.id != message.id:
                flags.add("fuzzy")
                previous_id = was.id if isinstance(was.id, tuple) else (was.id,)
            elif was.fuzzy:
                flags.add("fuzzy")
                previous_id = was.previous_id
        new.add(message.id, string, context=message.context, flags=flags,
                auto_comments=message.auto_comments, user_comments=_own_comments(was),
                locations=message.locations,
                previous_id=previous_id)
    for context, was in previous.items() if keep_obsolete else ():
        if any(s for s in (was.string if isinstance(was.string, tuple) else (was.string,))):
            new.obsolete[(was.id, context)] = was
    return new


def po_bytes(catalog) -> bytes:
    _, pofile, _ = _babel()
    out = io.BytesIO()
    pofile.write_po(out, catalog, width=100, omit_header=False, include_previous=True)
    return out.getvalue()


def mo_bytes(catalog) -> bytes:
    _, _, mofile = _babel()
    out = io.BytesIO()
    mofile.write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _content(data: bytes, locale: str | None = None) -> tuple:
    """What a .po or .pot file says, headers and layout aside: so that another Babel version, which may
    wrap lines or stamp the header differently, does not make a current catalog look stale."""
    _, pofile, _ = _babel()
    catalog = pofile.read_po(io.BytesIO(data), locale=locale)
    messages = sorted((m.context or "", repr(m.id), repr(m.string), m.fuzzy, repr(m.previous_id),
                       repr(list(m.auto_comments)), repr(list(m.locations)))
                      for m in catalog if m.id)
    return messages, sorted(map(repr, catalog.obsolete)), catalog.plural_forms if locale else None


def _compiled(data: bytes) -> dict:
    import gettext

    translations = gettext.GNUTranslations(io.BytesIO(data))
    return {k: v for k, v in translations._catalog.items() if k != ""}


def plan(keep_obsolete: bool = True) -> dict[Path, tuple[bytes, bool]]:
    """Every catalog file as it should be now, and whether the one on disk says something else."""
    files = {}
    for kind, pot in (("messages", template()), ("lessons", lesson_template())):
        files.update(_plan_set(kind, pot, keep_obsolete))
    return files


def _plan_set(kind: str, pot, keep_obsolete: bool) -> dict[Path, tuple[bytes, bool]]:
    file_name, header = SETS[kind]
    pot_path = CATALOGS / ("messages.pot" if kind == "messages" else f"{file_name(None)}.pot")
    pot_data = po_bytes(pot)
    files = {pot_path: (pot_data, not pot_path.exists() or _content(pot_path.read_bytes()) != _content(pot_data))}
    for module, data in ((HELP_MODULE, help_module()), (TEXTS_MODULE, texts_module())):
        data = data.encode("utf-8")
        files[module] = (data, not module.exists() or module.read_bytes() != data)
    for lang, name in LANGUAGES.items():
        if name is None:
            continue
        po_path, mo_path = CATALOGS / f"{file_name(name)}.po", CATALOGS / f"{file_name(name)}.mo"
        po_data = po_bytes(updated(lang, pot, read(lang, kind), keep_obsolete, header))
        mo_data = mo_bytes(_babel()[1].read_po(io.BytesIO(po_data), locale=name))
        files[po_path] = (po_data, not po_path.exists()
                          or _content(po_path.read_bytes(), name) != _content(po_data, name))
        files[mo_path] = (mo_data, not mo_path.exists() or _compiled(mo_path.read_bytes()) != _compiled(mo_data))
    return files


def to_review(lang: str, kind: str = "messages") -> list[str]:
    """The keys a language has yet to translate, or whose translation waits for review (fuzzy)."""
    return [m.context for m in read(lang, kind) or [] if m.id and (m.fuzzy or not all(
        m.string if isinstance(m.string, tuple) else (m.string,)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/sync_catalogs.py", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalog is out of date")
    parser.add_argument("--drop-obsolete", action="store_true",
                        help="delete the translations of keys en.yaml no longer has (kept as #~ otherwise)")
    args = parser.parse_args(argv)
    stale = []
    for path, (content, changed) in plan(not args.drop_obsolete).items():
        if changed:
            stale.append(path.name)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(content)
    for lang, name in LANGUAGES.items():
        for kind in SETS if name else ():
            missing = len(to_review(lang, kind))
            which = lang if kind == "messages" else f"{lang} {kind}"
            print(f"{which}: to translate or review: {missing}" if missing else f"{which}: complete")
    if stale:
        print(("out of date: " if args.check else "written: ") + ", ".join(stale))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
