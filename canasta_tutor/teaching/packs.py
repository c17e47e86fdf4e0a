"""Lesson packs: a teacher's lessons, shared as a folder (or that folder zipped) with a ``pack.yaml``.

    id: club                  # the lessons are taken and kept in progress as club/LESSON
    title: Club night lessons
    author: Ann Teacher       # optional
    language: en              # optional: the language the lessons are written in
    ruleset: classic          # optional: the lessons are taken under this ruleset
    lessons:                  # the lesson files, in the order they are taken
      - 01-melds.yaml
      - 02-first-meld.yaml

A pack once used by its path is remembered by its id, so ``canasta lesson club/melds`` finds it again
from anywhere. A zipped pack is read straight from the archive into a temporary folder.
"""
from __future__ import annotations

import json
import re
import shutil
import tempfile
import zipfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from canasta_tutor.engine.ruleset import load_ruleset
from canasta_tutor.files.snapshot import Reader, value_of
from canasta_tutor.learning.lesson import Lesson, read_lesson
from canasta_tutor.reading.strict_yaml import InputError, Said, Scalar, Seq, load

MANIFEST = "pack.yaml"
PACK_KEYS = ("id", "title", "author", "language", "ruleset", "lessons", "description")
PACK_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
ZIP_LIMIT = 8 << 20  # a pack of lessons is some KiB; refuse an archive that unpacks to more than this


@dataclass
class Pack:
    id: str
    title: str
    source: Path  # the folder or the zip file the teacher names
    folder: Path  # where the lesson files are (a temporary folder for a zip)
    lessons: list[tuple[str, int, int]] = field(default_factory=list)  # (file name, line, column)
    author: str = ""
    language: str = ""
    ruleset: str | None = None

    def shown(self, file: str | Path) -> str:
        """A lesson file as the teacher knows it: inside the zip, not in the temporary folder."""
        path = Path(file)
        try:
            inside = path.resolve().relative_to(self.folder.resolve())
        except ValueError:
            return str(file)
        return f"{self.source}:{inside}" if self.source.suffix == ".zip" else str(self.source / inside)


def is_pack(path: str | Path) -> bool:
    """A folder holding a pack.yaml, a pack.yaml itself, or a zip file holding one."""
    p = Path(path)
    if p.is_dir():
        return (p / MANIFEST).is_file()
    if p.name == MANIFEST:
        return p.is_file()
    if p.suffix == ".zip" and p.is_file():
        try:
            with zipfile.ZipFile(p) as z:
                return _manifest_in(z) is not None
        except (zipfile.BadZipFile, OSError):
            return False
    return False


def pack_files(folder: Path, refused=None) -> list[Path]:
    """What ``lint FOLDER`` checks: the YAML files, with a pack standing for its whole folder (its
    manifest is linted, and its lessons through it), and zipped packs. ``refused`` is told of every
    folder that cannot be read, so that none is skipped in silence."""
    import os

    everything: list[Path] = []
    for where, subfolders, names in os.walk(folder, onerror=refused):
        subfolders.sort()
        everything.extend(Path(where) / n for n in names)
    packs = sorted(q.parent for q in everything if q.name == MANIFEST and q.is_file())
    out: list[Path] = []
    for q in sorted(everything):
        if any(pk in q.parents for pk in packs):
            continue
        # A YAML name that is not a regular file (a FIFO, a device) is listed all the same, so that the
        # reader refuses it by name instead of the folder looking empty.
        if q.suffix in (".yaml", ".yml") or (q.suffix == ".zip" and q.is_file() and is_pack(q)):
            out.append(q)
    return sorted(out + [pk / MANIFEST for pk in packs])


def _manifest_in(z: zipfile.ZipFile) -> str | None:
    """The pack.yaml of a zip: at its top, or in the one folder the zip holds."""
    names = [n for n in z.namelist() if n.rstrip("/").split("/")[-1] == MANIFEST]
    return min(names, key=lambda n: n.count("/")) if names else None


def _unzip(path: Path, into: Path) -> Path:
    """Unpack a zipped pack safely (no path leaves the folder, no zip bomb); its folder."""
    try:
        with zipfile.ZipFile(path) as z:
            manifest = _manifest_in(z)
            if manifest is None:
                raise InputError(_say("no-manifest-zip", manifest=MANIFEST), str(path))
            if sum(i.file_size for i in z.infolist()) > ZIP_LIMIT:
                raise InputError(_say("too-large", mib=ZIP_LIMIT >> 20), str(path))
            for info in z.infolist():
                target = (into / info.filename).resolve()
                if info.is_dir() or not str(target).startswith(str(into.resolve())):
                    continue  # a name with ../ or an absolute path is left out
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(info))
    except zipfile.BadZipFile:
        raise InputError(_say("not-zip"), str(path)) from None
    return (into / manifest).parent


@contextmanager
def opened(path: str | Path) -> Iterator[Pack]:
    """The pack at ``path`` (its folder, its pack.yaml or its zip), with its manifest read."""
    p = Path(path)
    if p.name == MANIFEST:
        p = p.parent
    if p.suffix == ".zip" and p.is_file():
        tmp = Path(tempfile.mkdtemp(prefix="canasta-pack-"))
        try:
            yield read_manifest(_unzip(p, tmp), p)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    if not (p / MANIFEST).is_file():
        raise InputError(_say("no-manifest", manifest=MANIFEST), str(path))
    yield read_manifest(p, p)


def read_manifest(folder: Path, source: Path) -> Pack:
    file = str(source / MANIFEST) if source.suffix != ".zip" else f"{source}:{MANIFEST}"
    root = load(folder / MANIFEST)
    r = Reader(file)
    top = r.mapping(root, "", PACK_KEYS, required=("id", "title", "lessons"))
    id_node = top.items["id"][1]
    pack_id = r.text(id_node, "id", Said("what.pack-id", "the pack's id"))
    if not PACK_ID.match(pack_id):
        r.soft(r.fail(id_node, "id", _say("bad-id", found=pack_id)))
    pack = Pack(pack_id, r.text(top.items["title"][1], "title"), source, folder)
    for name in ("author", "language"):
        node = value_of(top, name)
        if node is not None:
            setattr(pack, name, r.text(node, name))
    rs_node = value_of(top, "ruleset")
    if rs_node is not None:
        pack.ruleset = r.text(rs_node, "ruleset", Said("what.ruleset-id", "a ruleset id"))
        try:
            load_ruleset(pack.ruleset, str(folder / MANIFEST))
        except InputError as exc:
            r.soft(r.fail(rs_node, "ruleset", exc.message))
            pack.ruleset = None
    lessons_node = top.items["lessons"][1]
    if not isinstance(lessons_node, Seq) or not lessons_node.items:
        raise r.fail(lessons_node, "lessons", _say("lessons-list"))
    seen: set[str] = set()
    for i, node in enumerate(lessons_node.items):
        key = f"lessons[{i}]"
        name = r.text(node, key, Said("what.lesson-file", "a lesson file such as 01-melds.yaml")) \
            if isinstance(node, Scalar) else None
        if name is None:
            r.soft(r.fail(node, key, _say("lesson-file")))
            continue
        found = _lesson_file(folder, name)
        if found is None:
            r.soft(r.fail(node, key, _say("no-lesson-file", name=name)))
            continue
        name = found
        if name in seen:
            r.soft(r.fail(node, key, _say("twice", name=name)))
            continue
        seen.add(name)
        pack.lessons.append((name, node.line, node.column))
    return pack


def _lesson_file(folder: Path, entry: str) -> str | None:
    """A manifest entry as a file of the folder: its file name, or the name without .yaml, or the
    lesson's id (the file name without its number prefix)."""
    inside = folder.resolve()
    for candidate in (entry, f"{entry}.yaml", f"{entry}.yml"):
        target = (folder / candidate).resolve()
        if str(target).startswith(str(inside)) and target.is_file():
            return candidate
    for f in sorted(folder.glob("*.y*ml")):
        if f.name != MANIFEST and entry in (f.stem, f.stem.split("-", 1)[-1]):
            return f.name
    return None


def lessons_of(pack: Pack, ruleset: str | None = None) -> list[Lesson]:
    """The pack's lessons in order, with ids PACK/LESSON."""
    out = []
    for name, _, _ in pack.lessons:
        lesson = read_lesson(pack.folder / name, ruleset or pack.ruleset, pack.id)
        lesson.file = pack.shown(lesson.file)
        out.append(lesson)
    return out


def lint_pack(path: str | Path) -> tuple[int, list[tuple[str, int, int, str, str, str]]]:
    """Check a pack's manifest and every lesson in it; (questions checked, problems as
    (file, line, column, key, message, kind)). Every problem that reading can go past is reported."""
    from canasta_tutor.files.snapshot import collecting

    out: list[tuple[str, int, int, str, str, str]] = []
    checked = 0
    with collecting() as manifest_found:
        try:
            with opened(path) as pack:
                checked = _lint_lessons(pack, out)
        except InputError as exc:
            manifest_found.append(exc)
    out.extend(_problem(exc, str(path), str) for exc in manifest_found)
    return checked, sorted(set(out), key=lambda p: (p[0], p[1], p[2]))


def _problem(exc: InputError, fallback: str, shown) -> tuple[str, int, int, str, str, str]:
    from canasta_tutor import texts

    return (shown(exc.file) if exc.file else fallback, exc.line, exc.column, exc.key, texts.said(exc.message),
            "invalid")


def _lint_lessons(pack: Pack, out: list) -> int:
    """Every lesson of the pack, read and checked; the number of questions checked."""
    from canasta_tutor.files.snapshot import collecting
    from canasta_tutor.learning.lesson import problems as lesson_problems

    checked = 0
    ids: dict[str, str] = {}
    for name, line, column in pack.lessons:
        lesson = None
        with collecting() as found:
            try:
                lesson = read_lesson(pack.folder / name, pack.ruleset, pack.id)
            except InputError as exc:
                found.append(exc)
        out.extend(_problem(exc, pack.shown(pack.folder / name), pack.shown) for exc in found)
        if found or lesson is None:
            continue
        if lesson.id in ids:
            out.append((pack.shown(pack.folder / MANIFEST), line, column, "lessons",
                        _say("same-id", name=name, id=lesson.id, other=ids[lesson.id]), "invalid"))
        ids[lesson.id] = name
        checked += len(lesson.questions)
        shown = pack.shown(pack.folder / name)
        out.extend((shown, ln, col, "", message, "disagrees") for ln, col, message in lesson_problems(lesson))
    listed = {n for n, _, _ in pack.lessons}
    for extra in sorted(pack.folder.glob("*.y*ml")):
        if extra.name != MANIFEST and extra.name not in listed:
            out.append((pack.shown(extra), 0, 0, "", _say("not-listed", manifest=MANIFEST), "note"))
    return checked


# -- packs remembered by id ---------------------------------------------------------------------------

def _registry() -> Path:
    from canasta_tutor.learning.progress import home

    return home() / "packs.json"


def _known() -> dict[str, str]:
    """The packs remembered so far; anything that is not a mapping of ids to places (a hand-edited
    or damaged file, a pipe, a link) counts as none remembered."""
    from canasta_tutor.reading.strict_yaml import read_text

    try:
        known = json.loads(read_text(_registry()))
    except (InputError, ValueError):
        return {}
    if not isinstance(known, dict):
        return {}
    return {k: v for k, v in known.items() if isinstance(k, str) and PACK_ID.match(k) and isinstance(v, str)}


def remember(pack: Pack) -> None:
    """Keep the pack's place under its id, so ``canasta lesson ID/LESSON`` finds it next time."""
    from canasta_tutor.files.writing import MARKER, write_file

    try:
        known = _known()
        if known.get(pack.id) == str(pack.source.resolve()):
            return
        known[pack.id] = str(pack.source.resolve())
        _registry().parent.mkdir(parents=True, exist_ok=True)  # the learner's own data folder
        text = json.dumps({"$comment": MARKER} | known, indent=2, ensure_ascii=False) + "\n"
        write_file(_registry(), text, replace_own=True)
    except (OSError, InputError):
        pass  # remembering is a convenience: the pack can always be named by its path


def remembered(pack_id: str) -> Path | None:
    place = _known().get(pack_id)
    return Path(place) if place and is_pack(place) else None


def find_pack(name: str) -> Path | None:
    """A pack named by its path (folder, pack.yaml or zip) or by the id it was used under before."""
    if is_pack(name):
        return Path(name)
    if PACK_ID.match(name):
        return remembered(name)
    return None


def split_name(name: str) -> tuple[Path, str] | None:
    """``club/melds`` or ``path/to/pack/melds``: the pack and the lesson named in it; None when the
    name is not a pack lesson (a built-in lesson or a lesson file)."""
    whole = find_pack(name.rstrip("/")) if name.rstrip("/") and not _builtin_name(name) else None
    if whole is not None:  # the pack alone: its first lesson
        return whole, "1"
    head, sep, tail = name.rstrip("/").rpartition("/")
    if not sep or not head:
        return None
    place = find_pack(head)
    return (place, tail) if place is not None else None


def _builtin_name(name: str) -> bool:
    """A built-in lesson's id or number comes before a pack of the same name."""
    from canasta_tutor.learning.lesson import builtin_lessons

    stems = [p.stem for p in builtin_lessons()]
    return name in stems or name in [s.split("-", 1)[-1] for s in stems] or name.isdigit()


def pick(pack: Pack, lessons: list[Lesson], wanted: str) -> Lesson:
    """A lesson of the pack by its id, its file name or its number in the pack."""
    for i, (lesson, (file, _, _)) in enumerate(zip(lessons, pack.lessons), 1):
        short = lesson.id.split("/", 1)[1]
        if wanted in (short, lesson.id, file, Path(file).stem) or (wanted.isdigit() and int(wanted) == i):
            return lesson
    ids = ", ".join(ls.id for ls in lessons)
    raise InputError(_say("no-lesson", pack=pack.id, wanted=wanted, lessons=ids))


def listed(name: str, ruleset: str | None = None) -> tuple[dict, list[Lesson]]:
    """``lesson list PACK``: what the pack says of itself, and its lessons; the pack is remembered
    under its id."""
    place = find_pack(name)
    if place is None:
        raise InputError(_say("not-a-pack", manifest=MANIFEST), name)
    with opened(place) as pack:
        lessons = lessons_of(pack, ruleset)
        remember(pack)
    about = {"id": pack.id, "title": pack.title, "author": pack.author or None,
             "language": pack.language or None, "ruleset": pack.ruleset, "source": str(pack.source)}
    return about, lessons


def _say(key: str, **params) -> str:
    """A message about a lesson pack in the user's language (the ``teaching.packs`` section)."""
    from canasta_tutor import texts

    return texts.section("teaching", f"packs.{key}", params)


def heading(about: dict) -> str:
    """The line above a pack's list of lessons."""
    from canasta_tutor import texts

    key = "pack-by" if about.get("author") else "pack"
    return texts.section("teaching", f"packs.{key}", about)


def pack_lesson(name: str, ruleset: str | None = None) -> Lesson | None:
    """``lesson PACK/LESSON``: that lesson, or None when the name is not one of a pack's."""
    found = split_name(name)
    if found is None:
        return None
    place, wanted = found
    with opened(place) as pack:
        lesson = pick(pack, lessons_of(pack, ruleset), wanted)
        remember(pack)
    return lesson
