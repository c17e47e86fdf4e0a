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
from anywhere. A pack reads only its own files: in a folder, nothing a link leads to outside it; in a zip,
the entries it needs, inflated in memory (never onto the disk) and counted as they come.
"""
from __future__ import annotations

import json
import os
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from canasta_tutor.engine.ruleset import load_ruleset
from canasta_tutor.files.snapshot import Reader, value_of
from canasta_tutor.learning.lesson import Lesson, read_lesson
from canasta_tutor.reading.strict_yaml import (
    MAX_BYTES,
    InputError,
    Map,
    Node,
    Said,
    Scalar,
    Seq,
    brief,
    parse,
    read_text,
)

MANIFEST = "pack.yaml"
PACK_KEYS = ("id", "title", "author", "language", "ruleset", "lessons", "description")
PACK_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
# A pack of lessons is some KiB in a few dozen files. What a zip inflates is counted as it comes (its
# headers may lie), and its list of entries is measured before zipfile reads it whole.
ZIP_LIMIT = 8 << 20  # bytes inflated, all entries read together
ZIP_ENTRIES = 1000
ZIP_DIRECTORY = ZIP_ENTRIES * 1024  # bytes of the zip's list of entries
ZIP_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)  # what zip tools write; others inflate unbounded
ZIP_CHUNK = 64 << 10
# What zipfile raises for a damaged or crafted archive (a bad header, a name that is not UTF-8, a
# damaged deflate stream, a wrong checksum): each is a file the user cannot use, never a bug of ours.
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, RuntimeError,
              NotImplementedError, zlib.error, struct.error)


@dataclass
class Pack:
    id: str
    title: str
    source: Path  # the folder or the zip file the teacher names
    files: _Folder | _Zip  # where its files are read from
    lessons: list[tuple[str, int, int]] = field(default_factory=list)  # (file name, line, column)
    author: str = ""
    language: str = ""
    ruleset: str | None = None


def is_pack(path: str | Path) -> bool:
    """A folder holding a pack.yaml, a pack.yaml itself, or a zip file holding one. A zip that cannot
    be read safely counts as one, so that opening it says what is wrong with it."""
    p = Path(path)
    if p.is_dir():
        return (p / MANIFEST).is_file()
    if p.name == MANIFEST:
        return p.is_file()
    if p.suffix == ".zip" and p.is_file():
        try:
            with _Zip(p) as z:
                return z.manifest is not None
        except InputError:
            return True
    return False


def _inside(root: str, path: str | Path) -> bool:
    """Whether ``path``, its links followed, lies in the folder ``root`` (itself resolved). realpath,
    not Path.resolve, which raises on a loop of links: such a path is left for the reading to refuse."""
    real = os.path.realpath(path)
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def pack_files(folder: Path, refused=None, outside=None) -> list[Path]:
    """What ``lint FOLDER`` checks: the YAML files, with a pack standing for its whole folder (its
    manifest is linted, and its lessons through it), and zipped packs. ``refused`` is told of every
    folder that cannot be read, so that none is skipped in silence; ``outside`` of every file lint would
    read that is a link out of ``folder``: it is not read (a link in a repository must not make lint
    read, and quote, a file elsewhere). Links to folders are not walked, as before."""
    root = os.path.realpath(folder)
    everything: list[Path] = []
    for where, subfolders, names in os.walk(folder, onerror=refused):
        # dot-folders and dot-files (.git, .github, .pre-commit-config.yaml) are never teaching files
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in names:
            if name.startswith("."):
                continue
            q = Path(where) / name
            if q.is_symlink() and not _inside(root, q):
                if outside is not None and q.suffix in (".yaml", ".yml", ".zip"):
                    outside(q)
                continue
            everything.append(q)
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


def _said_outside(name: str) -> Said:
    return Said("pack.outside", "'{name}' leads out of the pack's folder (a link, or a path elsewhere); a pack "
                "reads only its own files", name=brief(name))


class _Folder:
    """A pack's files in a folder: only what lies inside it, its links followed, is read."""

    def __init__(self, source: Path) -> None:
        self.source = source
        self.root = os.path.realpath(source)

    def shown(self, name: str) -> str:
        return str(self.source / name)

    def has(self, name: str) -> bool:
        """Whether the pack holds the file ``name``; a name that leads out of the folder is refused."""
        path = self.source / name
        if not os.path.lexists(path):
            return False
        if not _inside(self.root, path):
            raise InputError(_said_outside(name), self.shown(MANIFEST))
        return path.is_file()

    def yaml_names(self) -> list[str]:
        """The YAML files at the top of the pack, its manifest left out (names only: nothing is read)."""
        try:
            return sorted(n for n in os.listdir(self.source) if n.endswith((".yaml", ".yml")) and n != MANIFEST)
        except OSError:
            return []

    def text(self, name: str) -> str:
        """A file of the pack, read from where its links lead only when that is inside the pack."""
        path = self.source / name
        if os.path.lexists(path) and not _inside(self.root, path):
            raise InputError(_said_outside(name), self.shown(name))
        try:
            return read_text(os.path.realpath(path))  # what was checked is what is read
        except InputError as exc:
            exc.file = self.shown(name)
            raise

    def ruleset_file(self, ref: str) -> None:
        """A ruleset file a lesson or the manifest names may not be a link out of the pack (a path that
        says it lies elsewhere, ../rules.yaml, is the teacher's to name)."""
        if not os.path.isabs(ref) and not os.path.normpath(ref).startswith(".."):
            self.has(ref)

    def close(self) -> None:
        pass


class _Zip:
    """A zipped pack, read in memory: the list of its entries is checked (size, count, names) before
    anything is inflated, and what is inflated is counted as it comes, whatever the headers say."""

    def __init__(self, path: Path) -> None:
        self.source = path
        self.inflated = 0
        self.handle = _open_regular(path)
        try:
            if _directory_size(self.handle) > ZIP_DIRECTORY:
                raise InputError(_said_entries(), str(path))
            self.zip = zipfile.ZipFile(self.handle)
            infos = self.zip.infolist()
            if len(infos) > ZIP_ENTRIES:
                raise InputError(_said_entries(), str(path))
            self.entries: dict[str, zipfile.ZipInfo] = {}
            for info in infos:
                name = _entry_name(info.filename, path)
                if name in self.entries:
                    raise InputError(Said("pack.zip-twice", "is in the zip twice; zip the pack's folder again"),
                                     f"{path}:{brief(name, 80)}")
                self.entries[name] = info
        except InputError:
            self.close()
            raise
        except ZIP_ERRORS:
            self.close()
            raise InputError(_say("not-zip"), str(path)) from None
        # The pack.yaml at the top, or in the one folder the zip holds: the pack's files are beside it.
        manifests = [n for n in self.entries if n.split("/")[-1] == MANIFEST and not n.endswith("/")]
        self.manifest = min(manifests, key=lambda n: n.count("/")) if manifests else None
        self.prefix = self.manifest[: -len(MANIFEST)] if self.manifest else ""

    def __enter__(self) -> _Zip:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if getattr(self, "zip", None) is not None:
            self.zip.close()
        self.handle.close()

    def shown(self, name: str) -> str:
        return f"{self.source}:{self.prefix}{name}"

    def _info(self, name: str) -> zipfile.ZipInfo | None:
        parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
        if ".." in parts:
            raise InputError(_said_outside(name), self.shown(MANIFEST))
        info = self.entries.get(self.prefix + "/".join(parts))
        return info if info is not None and not info.is_dir() else None

    def has(self, name: str) -> bool:
        return self._info(name) is not None

    def yaml_names(self) -> list[str]:
        return sorted(n[len(self.prefix):] for n in self.entries
                      if n.startswith(self.prefix) and "/" not in n[len(self.prefix):]
                      and n.endswith((".yaml", ".yml")) and n != self.manifest)

    def text(self, name: str) -> str:
        from canasta_tutor.reading.strict_yaml import _decode  # the checks read_text makes of a file's bytes

        info, shown = self._info(name), self.shown(name)
        if info is None:
            raise InputError(_say("no-lesson-file", name=name), shown)
        if info.flag_bits & 0x1:
            raise InputError(Said("pack.zip-password", "is protected by a password; zip the pack without one"), shown)
        if info.compress_type not in ZIP_METHODS:
            raise InputError(Said("pack.zip-method", "is compressed with method {method}, which the tool does not "
                                  "read; zip the pack with the usual method (deflate)", method=info.compress_type),
                             shown)
        parts, size = [], 0
        try:
            with self.zip.open(info) as f:
                # In small pieces: read at once, a deflate stream whose header says 100 bytes is
                # inflated whole first (a gigabyte, in memory), and cut to 100 bytes only then.
                while size <= MAX_BYTES:
                    part = f.read(ZIP_CHUNK)
                    if not part:
                        break
                    parts.append(part)
                    size += len(part)
                    self.inflated += len(part)
                    if self.inflated > ZIP_LIMIT:
                        raise InputError(_say("too-large", mib=ZIP_LIMIT >> 20), shown)
        except ZIP_ERRORS:
            raise InputError(Said("pack.zip-damaged", "is damaged in the zip (its data does not inflate to what its "
                                  "header says); zip the pack's folder again"), shown) from None
        return _decode(b"".join(parts), shown)

    def ruleset_file(self, ref: str) -> None:
        raise InputError(Said("pack.zip-ruleset", "'{name}' is a ruleset file, which a zipped pack cannot use (the "
                              "tool reads nothing out of a zip onto the disk); name a built-in ruleset, or share "
                              "the pack as a folder", name=brief(ref)))


def _said_entries() -> Said:
    return Said("pack.zip-entries", "holds more than {most} entries; a pack of lessons holds far fewer",
                most=ZIP_ENTRIES)


def _open_regular(path: Path):
    """The zip file opened for reading, only when it is a regular file (never waiting on a FIFO)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise InputError(Said("file.unreadable", 'cannot be read ({reason})', reason=exc.strerror or str(exc)),
                         str(path)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InputError(Said("file.not-regular", 'is not a regular file (a pipe, a device or a socket); give a YAML file'), str(path))
    return os.fdopen(fd, "rb")


def _directory_size(f) -> int:
    """The size of a zip's list of entries, as its end record gives it (or its zip64 record, which
    zipfile prefers): zipfile reads that many bytes and makes an object of every entry in them before
    anything can be counted. 0 when there is no end record (zipfile then says it is no zip)."""
    f.seek(0, os.SEEK_END)
    end = f.tell()
    start = max(0, end - (0xFFFF + 22))  # the end record (22 bytes) and its comment, at most 64 KiB
    f.seek(start)
    tail = f.read()
    at = tail.rfind(b"PK\x05\x06")
    size = int.from_bytes(tail[at + 12: at + 16], "little") if at >= 0 and len(tail) - at >= 22 else 0
    if at >= 0 and start + at >= 76:  # the zip64 record (56 bytes) and its locator (20) just before it
        f.seek(start + at - 76)
        before = f.read(76)
        if before[:4] == b"PK\x06\x06" and before[56:60] == b"PK\x06\x07":
            size = max(size, int.from_bytes(before[40:48], "little"))
    f.seek(0)
    return size


def _entry_name(name: str, zip_path: Path) -> str:
    """An entry's name as a path inside the pack; a name that would lead out of it (absolute, a drive,
    '..') or holds a control character makes the zip one no teacher made by zipping a folder."""
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".")]
    odd = (name.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", name) or ".." in parts or not parts
           or any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in name))
    if odd:
        raise InputError(Said("pack.zip-name", "has a name no pack holds (an absolute path, '..' or a control "
                              "character); zip the pack's folder again"), f"{zip_path}:{brief(name, 80)}")
    return "/".join(parts) + ("/" if name.endswith(("/", "\\")) else "")


@contextmanager
def opened(path: str | Path) -> Iterator[Pack]:
    """The pack at ``path`` (its folder, its pack.yaml or its zip), with its manifest read."""
    p = Path(path)
    if p.name == MANIFEST:
        p = p.parent
    if p.suffix == ".zip" and p.is_file():
        with _Zip(p) as z:
            if z.manifest is None:
                raise InputError(_say("no-manifest-zip", manifest=MANIFEST), str(p))
            yield read_manifest(z, p)
        return
    if not (p / MANIFEST).is_file():
        raise InputError(_say("no-manifest", manifest=MANIFEST), str(path))
    yield read_manifest(_Folder(p), p)


def read_manifest(files: _Folder | _Zip, source: Path) -> Pack:
    file = files.shown(MANIFEST)
    root = parse(files.text(MANIFEST), file)
    r = Reader(file)
    top = r.mapping(root, "", PACK_KEYS, required=("id", "title", "lessons"))
    id_node = top.items["id"][1]
    pack_id = r.text(id_node, "id", Said("what.pack-id", "the pack's id"))
    if not PACK_ID.match(pack_id):
        r.soft(r.fail(id_node, "id", _say("bad-id", found=pack_id)))
    pack = Pack(pack_id, r.text(top.items["title"][1], "title"), source, files)
    for attribute in ("author", "language"):
        node = value_of(top, attribute)
        if node is not None:
            setattr(pack, attribute, r.text(node, attribute))
    rs_node = value_of(top, "ruleset")
    if rs_node is not None:
        pack.ruleset = r.text(rs_node, "ruleset", Said("what.ruleset-id", "a ruleset id"))
        try:
            if _names_file(pack.ruleset):
                files.ruleset_file(pack.ruleset)
            load_ruleset(pack.ruleset, file)
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
        try:
            found = _lesson_file(files, name)
        except InputError as exc:  # a link out of the pack
            r.soft(r.fail(node, key, exc.message))
            continue
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


def _names_file(ref: str) -> bool:
    """Whether a ruleset reference names a file (the engine's reading of it), not a built-in id."""
    return ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref


def _lesson_file(files: _Folder | _Zip, entry: str) -> str | None:
    """A manifest entry as a file of the pack: its file name, or the name without .yaml, or the
    lesson's id (the file name without its number prefix)."""
    for candidate in (entry, f"{entry}.yaml", f"{entry}.yml"):
        if files.has(candidate):
            return candidate
    for name in files.yaml_names():
        stem = name.rsplit(".", 1)[0]
        if entry in (stem, stem.split("-", 1)[-1]) and files.has(name):
            return name
    return None


def _read_lesson(pack: Pack, name: str, ruleset: str | None) -> Lesson:
    """A lesson of the pack, read once; a ruleset file its tables name must be one of the pack's."""
    shown = pack.files.shown(name)
    root = parse(pack.files.text(name), shown)
    if ruleset is None:  # else the tables are read under that ruleset, and the files they name never
        for node, key in _table_rulesets(root):
            try:
                pack.files.ruleset_file(node.text.strip())
            except InputError as exc:
                raise InputError(exc.message, shown, node.line, node.column, key) from None
    return read_lesson(shown, ruleset, pack.id, root=root, name=name)


def _table_rulesets(root: Node) -> Iterator[tuple[Scalar, str]]:
    """The ruleset files a lesson's tables name, with their key paths."""
    steps = root.items.get("steps") if isinstance(root, Map) else None
    for i, step in enumerate(steps[1].items if steps and isinstance(steps[1], Seq) else []):
        table = step.items.get("table") if isinstance(step, Map) else None
        ref = table[1].items.get("ruleset") if table and isinstance(table[1], Map) else None
        if ref and isinstance(ref[1], Scalar) and _names_file(ref[1].text.strip()):
            yield ref[1], f"steps[{i}].table.ruleset"


def lessons_of(pack: Pack, ruleset: str | None = None) -> list[Lesson]:
    """The pack's lessons in order, with ids PACK/LESSON."""
    return [_read_lesson(pack, name, ruleset or pack.ruleset) for name, _, _ in pack.lessons]


@dataclass
class Enclosing:
    """A lesson file that is one of a pack's: read through the pack, so the pack's ruleset and id apply
    to it alone as to the whole pack."""
    place: Path  # the pack's folder
    name: str  # the lesson's file name in it

    def lesson(self, ruleset: str | None = None) -> Lesson:
        with opened(self.place) as pack:
            return _read_lesson(pack, self.name, ruleset or pack.ruleset)


def enclosing_pack(path: str | Path) -> Enclosing | None:
    """The pack a lesson file belongs to: the folder beside it holds a pack.yaml that lists it. A pack
    whose manifest cannot be read claims nothing (the file is read on its own, and ``lint`` of the
    pack says what is wrong with the manifest)."""
    p = Path(path)
    if p.name == MANIFEST or not p.is_file() or not (p.parent / MANIFEST).is_file():
        return None
    try:
        with opened(p.parent) as pack:
            listed_here = [name for name, _, _ in pack.lessons]
    except InputError:
        return None
    for name in listed_here:
        if (p.parent / name).exists() and os.path.samefile(p.parent / name, p):
            return Enclosing(p.parent, name)
    return None


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
    out.extend(_problem(exc, str(path)) for exc in manifest_found)
    # Each problem once, and those at one place in the order they were found (a set's order would change
    # from one process to the next, with the interpreter's string hashing).
    return checked, sorted(dict.fromkeys(out), key=lambda p: (p[0], p[1], p[2]))


def _problem(exc: InputError, fallback: str) -> tuple[str, int, int, str, str, str]:
    from canasta_tutor import texts

    return (exc.file or fallback, exc.line, exc.column, exc.key, texts.said(exc.message), "invalid")


def _lint_lessons(pack: Pack, out: list) -> int:
    """Every lesson of the pack, read and checked; the number of questions checked."""
    from canasta_tutor.files.snapshot import collecting
    from canasta_tutor.learning.lesson import deck_problems
    from canasta_tutor.learning.lesson import problems as lesson_problems

    checked = 0
    ids: dict[str, str] = {}
    for name, line, column in pack.lessons:
        lesson = None
        shown = pack.files.shown(name)
        with collecting() as found:
            try:
                lesson = _read_lesson(pack, name, pack.ruleset)
            except InputError as exc:
                found.append(exc)
        out.extend(_problem(exc, shown) for exc in found)
        if found or lesson is None:
            continue
        if lesson.id in ids:
            out.append((pack.files.shown(MANIFEST), line, column, "lessons",
                        _say("same-id", name=name, id=lesson.id, other=ids[lesson.id]), "invalid"))
        ids[lesson.id] = name
        checked += len(lesson.questions)
        out.extend((shown, ln, col, "", message, "disagrees") for ln, col, message in lesson_problems(lesson))
        out.extend((shown, ln, col, "table", message, "note") for ln, col, message in deck_problems(lesson))
    listed = {n for n, _, _ in pack.lessons}
    for extra in pack.files.yaml_names():
        if extra not in listed:
            out.append((pack.files.shown(extra), 0, 0, "", _say("not-listed", manifest=MANIFEST), "note"))
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


def same_pack(pack: Pack, other: Pack) -> bool:
    """Whether two packs of one id are one teacher's pack (moved, copied or updated): their authors
    agree, or, neither naming one, their titles do. Two teachers' packs are kept apart by refusing
    the second: their learners' progress is kept under the id."""
    if pack.author or other.author:
        return pack.author == other.author
    return pack.title == other.title


def refuse_other(pack: Pack) -> None:
    """Refuse a pack whose id is already another pack's, naming both places."""
    place = _known().get(pack.id)
    if not place or not is_pack(place) or _same_place(place, pack.source):
        return
    try:
        with opened(place) as other:
            if same_pack(pack, other):
                return
    except InputError:
        return  # the pack remembered cannot be read any more: the one in hand takes its place
    raise InputError(_say("id-taken", id=pack.id, other=place, manifest=MANIFEST), str(pack.source))


def _same_place(a: str | Path, b: str | Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def known_places() -> dict[str, str]:
    """Every pack id remembered, with its place; the installed packs among them."""
    known = dict(_known())
    folder = installed_folder()
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        names = []
    for name in names:
        pack_id = name[:-4] if name.endswith(".zip") else name
        if PACK_ID.match(pack_id) and _installed_place(pack_id) is not None:
            known[pack_id] = str(folder / name)
    return known


def forget(pack_id: str) -> None:
    """Remembered no more (``pack remove``)."""
    from canasta_tutor.files.writing import MARKER, write_file

    known = _known()
    if known.pop(pack_id, None) is not None:
        text = json.dumps({"$comment": MARKER} | known, indent=2, ensure_ascii=False) + "\n"
        write_file(_registry(), text, replace_own=True)


def remember(pack: Pack) -> None:
    """Keep the pack's place under its id, so ``canasta lesson ID/LESSON`` finds it next time. A pack
    of another teacher under an id already known is refused (InputError)."""
    from canasta_tutor.files.writing import MARKER, write_file

    refuse_other(pack)
    installed = _installed_place(pack.id)
    if installed is not None and not _same_place(installed, pack.source):
        return  # an installed pack keeps its place: a copy elsewhere is used, not remembered
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


def installed_folder() -> Path:
    """Where ``canasta pack install`` keeps packs: in the data folder, beside the progress they make."""
    from canasta_tutor.learning.progress import home

    return home() / "packs"


def _installed_place(pack_id: str) -> Path | None:
    """The installed copy of a pack (a folder, or a zip as it was given), if there is one."""
    for place in (installed_folder() / pack_id, installed_folder() / f"{pack_id}.zip"):
        if is_pack(place):
            return place
    return None


def remembered(pack_id: str) -> Path | None:
    """The pack used under this id: its installed copy first, else the place it was last used from."""
    installed = _installed_place(pack_id)
    if installed is not None:
        return installed
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
    """``lesson PACK/LESSON`` or ``lesson FILE`` of a pack's lesson file: that lesson, under the pack's
    ruleset and id; None when the name is not one of a pack's."""
    inside = enclosing_pack(name) if name.endswith((".yaml", ".yml")) else None
    if inside is not None:
        with opened(inside.place) as pack:
            remember(pack)
        return inside.lesson(ruleset)
    found = split_name(name)
    if found is None:
        return None
    place, wanted = found
    with opened(place) as pack:
        lesson = pick(pack, lessons_of(pack, ruleset), wanted)
        remember(pack)
    return lesson
