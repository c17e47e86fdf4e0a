"""Bundled examples: a table and a dozen scenarios that travel with the package, so that a newcomer
has a file to try the tool on wherever it was installed."""
from __future__ import annotations

import typer

from canasta_tutor.cli import completion
from canasta_tutor.cli.common import JsonOpt, LangOpt, app, emit, emit_json, guarded, print_safe


@app.command()
@guarded
def example(
    name: str | None = typer.Argument(None, metavar="NAME", autocompletion=completion.example_names),
    out: str | None = typer.Option(None, "--out", "-o", metavar="FILE"),
    show: bool = typer.Option(False, "--print"),
    as_json: bool = JsonOpt,
    lang: str | None = LangOpt,
) -> None:
    from canasta_tutor.teaching import examples
    from canasta_tutor.texts import section

    if name is None:
        emit(examples.listing(), as_json, _print_listing)
        return
    found = examples.find(name)
    if show:
        typer.echo(found.text, nl=False)
        return
    target = examples.write(found, out)
    if as_json:
        emit_json({"written": target, "example": found.name})
    else:
        print_safe(section("examples", "wrote", {"file": target}))
        print_safe(section("examples", "next", {"command": found.try_command(target)}))


def _print_listing(data: dict) -> None:
    from canasta_tutor.render.safe import clean
    from canasta_tutor.texts import section

    print(section("examples", "heading"))
    width = max(len(e["name"]) for e in data["examples"])
    for e in data["examples"]:
        print(clean(f"  {e['name']:<{width}}  {e['title']}"))
    print(section("examples", "how"))
