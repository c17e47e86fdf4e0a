"""What a note and a legal ruling cite: the rule each one rests on, as a ruleset parameter (whose
page states its value) and a rule id (a place a page gives that rule). A violation cites its own rule
(``registry.Rule.params``); these are the rest, so that every part of a ruling names its place."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruleset import SOURCE_URLS, SOURCES, Ruleset

# note key -> (the parameter that governs it, the rule id a page may place it under)
NOTE_CITES: dict[str, tuple[str | None, str | None]] = {
    "merge": (None, "note.merge"),
    "canasta": ("canasta_bonus", None),
    "took-pile": ("pile_take", None),
    "red-three-drawn": ("red_three_value", "three.red-three"),
    "red-three-drawn-last": ("red_three_last", None),
    "red-three-drawn-last-meld": ("red_three_last", None),
    "red-three-pile": ("red_three_value", "three.red-three"),
    "red-three-in-hand": ("red_three_value", "three.red-three"),
    "pile-frozen-by-wild": ("pile_frozen_by", None),
    "initial-counted": ("initial_meld", None),
    "initial-canasta": ("initial_meld", None),
    "initial-concealed": ("concealed_bonus", None),
    "ask-unknown": ("partner_permission", None),
    "permission-binds": ("partner_permission", None),
    "went-out": ("canastas_to_go_out", None),
    "went-out-concealed": ("concealed_bonus", None),
    "assumed-card": (None, "turn.not-in-hand"),
}


# How the pile was taken (the ``how`` of the ``took-pile`` note) -> the parameter that allowed it.
_TAKEN_BY = {"frozen-always": "pile_needs_natural_pair", "frozen-not-melded": "pile_frozen_by",
             "frozen-pile": "pile_frozen_by", "frozen-pile-black-three": "pile_frozen_by"}


def note_cite(key: str, params: dict[str, Any]) -> tuple[str | None, str | None]:
    """(parameter, rule id) a note cites."""
    if key == "took-pile":
        return _TAKEN_BY.get(params.get("how", ""), "pile_take"), None
    return NOTE_CITES.get(key, (None, None))


def legal_cite(steps: Sequence[Step], went_out: bool, taken: str | None, first_meld: bool) -> tuple[str | None, str | None]:
    """What a legal move rests on, most telling first: going out, taking the pile (``taken``: the
    parameter that allowed the take, as its note cites it), the first meld, melding, the discard that
    ends the turn, the draw."""
    kinds = {s.kind for s in steps}
    if went_out:
        return "canastas_to_go_out", None
    if taken:
        return taken, None
    if first_meld:
        return "initial_meld", None
    if kinds & {"meld", "add"}:
        return "min_naturals", None
    if "ask" in kinds:
        return "partner_permission", None
    if "discard" in kinds:
        return None, "turn.after-discard"
    return "draw_count", None


class Citation:
    """The place a finding or a ruling cites, worked out once: the page (``id``, ``title``, ``url``),
    where on it (``place``: section, paragraph..., empty when not recorded) and, for a ruleset of
    another page that follows the official laws there, ``inherited``."""

    __slots__ = ("id", "inherited", "place", "title", "url")
    id: str
    title: str
    url: str | None
    place: dict[str, Any]
    inherited: str | None

    def __init__(self, id: str, title: str, url: str | None, place: dict[str, Any], inherited: str | None) -> None:
        for name, value in (("id", id), ("title", title), ("url", url), ("place", place), ("inherited", inherited)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a citation does not change")

    def __repr__(self) -> str:
        return f"Citation({self.id!r}, {self.place!r})"

    # Unchanging, so a copy of a ruleset (or of a table) shares its citations.
    def __copy__(self) -> Citation:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Citation:
        return self

    def __reduce__(self) -> tuple[type[Citation], tuple[str, str, str | None, dict[str, Any], str | None]]:
        return (Citation, (self.id, self.title, self.url, self.place, self.inherited))


def citation(rs: Ruleset, param: str | None, rule: str | None) -> Citation:
    """What ``rs`` cites for ``rule`` governed by ``param``; each one is made once per ruleset (a
    listing's rulings cite the same few places thousands of times)."""
    cache: dict[tuple[str | None, str | None], Citation] = rs.__dict__.setdefault("_citations", {})
    found = cache.get((param, rule))
    if found is None:
        src, place = rs.cited(param, rule)
        found = cache[param, rule] = Citation(src, SOURCES.get(src, src), SOURCE_URLS.get(src), place,
                                              rs.inherited(src))
    return found
