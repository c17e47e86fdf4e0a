"""`canasta pack install|list|remove`: lesson packs kept in the data folder."""
from __future__ import annotations

import typer

from canasta_tutor.cli.common import EXIT_USAGE, JsonOpt, LangOpt, app, emit_json, fail, guarded, print_safe

ACTIONS = ("install", "list", "remove")


@app.command()
@guarded
def pack(
    action: str = typer.Argument(..., metavar="install|list|remove"),
    target: str | None = typer.Argument(None, metavar="PACK"),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
) -> None:
    from canasta_tutor import texts
    from canasta_tutor.teaching import pack_install

    def say(key: str, **params: object) -> str:
        return texts.section("teaching", f"packs.{key}", params)

    if action not in ACTIONS:
        fail(EXIT_USAGE, say("unknown-action", found=action, actions=", ".join(ACTIONS)), as_json)
    if action == "list":
        if target:
            fail(EXIT_USAGE, say("list-alone"), as_json)
        rows = pack_install.listing()
        if as_json:
            emit_json({"packs": rows})
        elif not rows:
            print_safe(say("none-known"))
        for row in rows if not as_json else []:
            key = "listed-installed" if row["installed"] else "listed-used" if row["found"] else "listed-gone"
            print_safe(say(key, id=row["id"], title=row["title"] or "", author=row["author"] or "-",
                     place=row["place"]))
        return
    if not target:
        fail(EXIT_USAGE, say("needs-target", action=action), as_json)
        return
    done = pack_install.install(target) if action == "install" else pack_install.remove(target)
    if as_json:
        emit_json(done)
    elif action == "install":
        print_safe(say("installed", id=done["id"], title=done["title"], place=done["installed"], n=done["lessons"]))
    else:
        print_safe(say("removed", id=done["removed"], place=done["place"]))
