"""Writing files without ever losing one.

Every file the tool writes is written whole to a temporary file beside it and then renamed into
place, so a full disk or a killed process leaves the old file (or none), never half a file. A file
that exists is replaced only when the tool wrote it itself, recognised by the marker it puts in
every such file; anything else there (a teacher's notes, a hand-made image, a link, a pipe) is left
alone and the write refused. Symbolic links are never followed, dangling or not.
"""
from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from canasta_tutor.reading.strict_yaml import InputError, Said, brief

# Put in every file the tool may replace later, within its first bytes.
MARKER = "written by canasta-tutor"
HEAD = 4096


def _refuse(path: str, why: str) -> InputError:
    return InputError(Said("writing.refused", "cannot write '{name}': {why} (nothing was written)", name=brief(path, 80), why=why))


def check_target(path: str | os.PathLike[str], replace_own: bool) -> bool:
    """Whether ``path`` may be written: True when a file of ours is there to be replaced, False when
    the name is free; an InputError otherwise."""
    name = os.fspath(path)
    if not name.strip():
        raise InputError(Said("writing.no-name", 'give the name of the file to write'))
    parent = os.path.dirname(os.path.abspath(name))
    if not os.path.isdir(parent):
        raise _refuse(name, Said("writing.no-folder", "the folder '{folder}' does not exist", folder=brief(os.path.dirname(name) or parent, 80)))
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(st.st_mode):
        raise _refuse(name, Said("writing.link", "it is a symbolic link; give the file's own name"))
    if stat.S_ISDIR(st.st_mode):
        raise _refuse(name, Said("writing.folder", 'it is a folder; give a file name'))
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(name, Said("writing.not-regular", 'it is not a regular file (a pipe, a device or a socket)'))
    if not replace_own:
        raise _refuse(name, Said("writing.exists", 'it already exists; choose another name'))
    if not written_by_us(name):
        raise _refuse(name, Said("writing.not-ours", 'it exists and was not written by canasta-tutor; choose another name'))
    return True


def written_by_us(path: str | os.PathLike[str]) -> bool:
    """A regular file that carries the marker near its start."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return False
        return MARKER.encode() in fh.read(HEAD)


def write_file(path: str | os.PathLike[str], text: str, replace_own: bool = False,
               check: Callable[[str], object] | None = None) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename. With ``replace_own`` a file
    the tool wrote before (``text`` must carry the marker too) is replaced; otherwise the name must
    be free, and stays so checked up to the last moment (a file made meanwhile is never replaced).
    ``check(temporary_path)`` may refuse the text, by an InputError, before it takes the name."""
    name = os.fspath(path)
    replacing = check_target(name, replace_own)
    if replace_own and MARKER not in text[:HEAD]:
        raise AssertionError("a replaceable file must carry the marker")
    folder = os.path.dirname(os.path.abspath(name))
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{Path(name).name[:40]}.", suffix=".tmp")
    except OSError as exc:
        raise _refuse(name, exc.strerror or str(exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o666 & ~_umask())
        if check is not None:
            check(temp)
        if replacing:
            if not written_by_us(name):  # changed since it was checked
                raise _refuse(name, Said("writing.changed", 'it was changed meanwhile by something else'))
            os.replace(temp, name)
        else:
            try:
                os.link(temp, name)  # fails if the name was taken meanwhile: never a replacement
            except FileExistsError:
                raise _refuse(name, Said("writing.appeared", 'a file of that name appeared meanwhile')) from None
            except OSError:  # a file system without hard links: rename, checking the name once more
                if os.path.lexists(name):
                    raise _refuse(name, Said("writing.appeared", 'a file of that name appeared meanwhile')) from None
                os.rename(temp, name)
    except InputError:
        raise
    except OSError as exc:
        raise _refuse(name, exc.strerror or str(exc)) from None
    finally:
        if os.path.lexists(temp):
            os.unlink(temp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
