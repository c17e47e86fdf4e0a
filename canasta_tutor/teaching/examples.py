"""The examples that ship with the package (``canasta_tutor/examples``): the table the README uses and a
dozen disputes and scores from the scenarios, each a complete file a newcomer can copy and change."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from canasta_tutor.reading.strict_yaml import Said, UsageError, brief

HERE = Path(__file__).resolve().parent.parent / "examples"
FIRST = "table.yaml"  # the README's table: listed first, and what the greeting suggests


@dataclass(frozen=True)
class Example:
    name: str
    text: str

    @property
    def title(self) -> str:
        """The scenario's title, or for a plain table its first comment line."""
        for line in self.text.splitlines():
            if line.startswith("title:"):
                return line.partition(":")[2].strip().strip("'\"")
        for line in self.text.splitlines():
            if line.startswith("#"):
                return line.lstrip("# ").rstrip(".: ")
        return ""

    def try_command(self, path: str) -> str:
        """A first command to run on the written file: judge a move, or run its stated answers."""
        quoted = path if path.replace("/", "").replace(".", "").replace("-", "").replace("_", "").isalnum() \
            else f"'{path}'"
        if "checks:" in self.text:
            return f"canasta lint {quoted}"
        return f'canasta check {quoted} "draw"'


def names() -> list[str]:
    found = sorted(p.name for p in HERE.glob("*.yaml"))
    return [FIRST, *[n for n in found if n != FIRST]] if FIRST in found else found


def listing() -> dict:
    return {"examples": [{"name": n, "title": find(n).title} for n in names()]}


def find(name: str) -> Example:
    """An example by its file name, with or without ``.yaml``, or the start of one name; a usage error
    names the ones there are."""
    wanted = name if name.endswith(".yaml") else f"{name}.yaml"
    starting = [n for n in names() if n.startswith(name)]
    if wanted not in names() and len(starting) == 1:  # an unambiguous start: d04
        wanted = starting[0]
    if wanted not in names():
        raise UsageError(Said("examples.unknown", "no example called '{name}'; the examples are: {names}",
                              name=brief(name), names=", ".join(names())))
    return Example(wanted, (HERE / wanted).read_text(encoding="utf-8"))


def write(example: Example, out: str | None) -> str:
    """Write ``example`` to ``out`` (default: its own name in the current folder); never over a file."""
    from canasta_tutor.files.writing import write_file

    target = out or example.name
    write_file(target, example.text)
    return os.path.normpath(target)
