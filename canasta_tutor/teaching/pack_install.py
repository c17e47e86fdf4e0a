"""``canasta pack install|list|remove``: lesson packs kept in the data folder, so that a pack whose zip
moved or was deleted from Downloads is still there, under its id, with the progress made in it.

A pack, folder or zip, is installed as a folder holding its manifest and its YAML files, read through
the pack (so nothing a link leads to outside it, and a zip's entries counted as they inflate). A pack is installed only when every lesson in it
reads: a broken pack is for ``lint``, not for learners.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from canasta_tutor.reading.strict_yaml import InputError, UsageError
from canasta_tutor.teaching import packs


def install(source: str) -> dict[str, Any]:
    """Copy the pack at ``source`` into the data folder; a newer copy of the same teacher's pack
    replaces the old one, another teacher's pack of the same id is refused."""
    from canasta_tutor.files.writing import write_file

    if not packs.is_pack(source):
        raise InputError(packs._say("not-a-pack", manifest=packs.MANIFEST), source)
    with packs.opened(source) as pack:
        lessons = packs.lessons_of(pack)  # every lesson must read
        installed = packs._installed_place(pack.id)
        if installed is not None:
            with packs.opened(installed) as old:
                if not packs.same_pack(pack, old):
                    raise InputError(packs._say("id-taken", id=pack.id, other=str(installed),
                                                manifest=packs.MANIFEST), source)
        else:
            packs.refuse_other(pack)
        folder = packs.installed_folder()
        folder.mkdir(parents=True, exist_ok=True)  # the learner's own data folder
        staging = folder / f".{pack.id}.new"
        _remove(staging)
        target = folder / pack.id
        staging.mkdir()
        # a zip is unpacked too: its files read through the pack (in memory, counted), written as text
        for name in [packs.MANIFEST, *pack.files.yaml_names()]:
            write_file(staging / name, pack.files.text(name))
        about = {"id": pack.id, "title": pack.title, "author": pack.author or None, "lessons": len(lessons)}
    for old_place in (folder / pack.id, folder / f"{pack.id}.zip"):
        _remove(old_place)
    os.replace(staging, target)
    with packs.opened(target) as copy:
        packs.remember(copy)
    return about | {"installed": str(target)}


def _remove(place: Path) -> None:
    if place.is_symlink() or place.is_file():
        place.unlink()
    elif place.is_dir():
        shutil.rmtree(place)


def remove(pack_id: str) -> dict[str, Any]:
    """Delete an installed pack (the progress made in it is kept, under its id)."""
    place = packs._installed_place(pack_id)
    if place is None:
        raise UsageError(packs._say("not-installed", id=pack_id))  # an id the user named, like an unknown lesson
    _remove(place)
    packs.forget(pack_id)
    return {"removed": pack_id, "place": str(place)}


def listing() -> list[dict[str, Any]]:
    """Every pack installed or used by its path, with where it is and whether it is there still."""
    out = []
    for pack_id, place in sorted(packs.known_places().items()):
        installed = packs._installed_place(pack_id)
        where = installed or Path(place)
        row: dict[str, Any] = {"id": pack_id, "place": str(where), "installed": installed is not None,
                               "found": packs.is_pack(where), "title": None, "author": None}
        if row["found"]:
            try:
                with packs.opened(where) as pack:
                    row.update(title=pack.title, author=pack.author or None)
            except InputError:
                row["found"] = False
        out.append(row)
    return out
