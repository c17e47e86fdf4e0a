"""Rulesets as data: every parameter of the rulebook, loaded strictly from YAML files.

A ruleset file names the ruleset it ``extends`` and sets only what differs, so a house variant is a
small file, not new code. House rules (``house_rules:`` in a table, ``--house KEY=VALUE``) override
parameters the same way, through the same validation.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from canasta_tutor.engine.parameters import PARAMS as PARAMS  # the readers, schema and reference import them here
from canasta_tutor.engine.parameters import Param as Param
from canasta_tutor.engine.parameters import Parameters
from canasta_tutor.engine.parameters import Tier as Tier
from canasta_tutor.reading.strict_yaml import (
    InputError,
    Map,
    Node,
    Said,
    Scalar,
    Seq,
    UsageError,
    bool_value,
    brief,
    describe,
    int_value,
    load,
    number_problem,
)

RULESET_DIR = Path(__file__).with_name("rulesets")
_VARIANT = re.compile(r"(?P<family>.+)-(?P<players>\d+)p")


def builtin_ids(names: list[str]) -> tuple[str, ...]:
    """The built-in rulesets in the order they are listed: each ruleset that has variants for other
    numbers of players (``classic``, and ``classic-2p`` ...), followed by those variants by number of
    players, families in name order; then every other ruleset, in name order."""
    variants: dict[str, list[tuple[int, str]]] = {}
    for name in names:
        found = _VARIANT.fullmatch(name)
        if found and found["family"] in names:
            variants.setdefault(found["family"], []).append((int(found["players"]), name))
    listed = [v for family in sorted(variants) for v in (family, *(n for _, n in sorted(variants[family])))]
    return (*listed, *sorted(n for n in names if n not in listed))


# Every file of rulesets/ is a built-in ruleset: adding one is adding its file.
BUILTIN = builtin_ids([p.stem for p in RULESET_DIR.glob("*.yaml")])
BASE = "official"  # the ruleset every other one extends, directly or not: pagat's official laws
OFFICIAL = "pagat"  # the source of the official laws; a ruleset of another page that cites it inherits
# Every source a ruling may cite: its title as a reader would look it up, and the page's address where
# it has one (the Dutch and Danish pages were kept as text, without their addresses). Which part of a
# page states a parameter is in the ruleset files (``places``), next to the value it supports.
SOURCES = {
    "pagat": "Canasta, pagat.com (the official laws: the partnership game, and sections for two, three and six players)",
    "S0": "Spelregels van Canasta, a Dutch page on classic Canasta for 2 to 6 players",
    "S1": "Hoe speel je Canastra, a Dutch page on Brazilian Canastra",
    "S2": "Canasta, a Danish page of house rules with numbered reader comments",
    "S3": "Canasta, a Dutch page of house rules (Spelverloop, Puntentelling, Makkelijkheden, Tot slot)",
    "house rule": "a house rule set for this table",
}
SOURCE_URLS = {
    "pagat": "https://www.pagat.com/rummy/canasta.html",
}




# Where a ruling's source is stated: (source key, place on that page). A place is a dict with a
# ``section`` heading as the page writes it, a ``paragraph`` within it, a reader ``comment`` number, or
# a ``topic`` of pagat's page; empty when the page says it but the place was not recorded.
Cited = tuple[str, dict[str, Any]]


class Ruleset(Parameters):
    """A complete set of rulings: every parameter's value and where each one comes from."""
    id: str
    title: str
    source: str
    values: dict[str, Any]
    origin: dict[str, str]  # parameter -> id of the ruleset file that set it
    cites: dict[str, Cited]  # parameter -> the page that states its value, and where
    rule_places: dict[str, Cited]  # rule or note id -> the page that states that rule, and where
    variants: dict[int, str]
    base: str | None
    house: tuple[str, ...]

    def __init__(
        self,
        id: str,
        title: str,
        source: str,
        values: dict[str, Any],
        origin: dict[str, str],
        cites: dict[str, Cited],
        variants: dict[int, str] | None = None,
        base: str | None = None,
        house: tuple[str, ...] = (),
        rule_places: dict[str, Cited] | None = None,
    ) -> None:
        self.id = id
        self.title = title
        self.source = source
        self.values = values
        self.origin = origin
        self.cites = cites
        self.rule_places = {} if rule_places is None else rule_places
        self.variants = {} if variants is None else variants
        self.base = base
        self.house = house
        # Parameters read as plain attributes (``rs.draw_count``): rules read them on every step, and
        # an instance attribute is several times faster than a ``__getattr__`` fallback.
        Parameters.__init__(self, **values)

    def _key(self) -> tuple[Any, ...]:
        return (self.id, self.title, self.source, self.values, self.origin, self.cites, self.variants,
                self.base, self.house, self.rule_places)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # compared by value, so not hashable

    def cited(self, param: str | None, rule_id: str | None = None) -> Cited:
        """The page that states the rule and where: a house rule of the table first, then the page
        that states the parameter's value, then the page that states the rule itself, else the
        official laws (which state every rule)."""
        if param in self.house:
            return "house rule", {}
        if param is not None and param in self.cites:
            return self.cites[param]
        if rule_id is not None and rule_id in self.rule_places:
            return self.rule_places[rule_id]
        return OFFICIAL, {}

    def inherited(self, source: str) -> str | None:
        """``inherited from official`` when a ruleset of another page cites the official laws, which
        it follows where its own page is silent."""
        if source == OFFICIAL and self.source != OFFICIAL:
            return f"inherited from {BASE}"
        return None

    def source_of(self, param: str | None, rule_id: str | None = None) -> tuple[str, str | None]:
        """(source key, None or 'inherited from official') for a parameter or a rule."""
        src, _ = self.cited(param, rule_id)
        return src, self.inherited(src)

    def threshold(self, score: int) -> Tier:
        for tier in self.initial_meld:
            if tier.below is None or score < tier.below:
                return tier
        return self.initial_meld[-1]

    def with_house(self, options: dict[str, tuple[Any, str]]) -> Ruleset:
        if not options:
            return self
        values = dict(self.values)
        for key, (value, _) in options.items():
            values[key] = value
        check_playable(values, "", "house_rules.")
        return Ruleset(self.id, self.title, self.source, values, self.origin, self.cites,
                       self.variants, self.base, tuple(sorted(set(self.house) | set(options))),
                       self.rule_places)


def _where(node: Node | None, file: str, key: str) -> dict[str, Any]:
    return {"file": file, "line": node.line if node else 0, "column": node.column if node else 0, "key": key}


def convert_param(name: str, node: Node, file: str, key: str) -> Any:
    """Read one parameter value from its YAML node, strictly."""
    spec = PARAMS.get(name)
    if spec is None:
        raise InputError(Said("ruleset.unknown-parameter", "unknown parameter '{name}'; known: {known}", name=name, known=', '.join(PARAMS)), **_where(node, file, key))
    return _convert(spec, node, file, key)


def _convert(spec: Param, node: Node, file: str, key: str) -> Any:
    w = _where(node, file, key)
    if spec.kind in ("int", "optint"):
        if isinstance(node, Scalar) and node.is_null and spec.kind == "optint":
            return None
        value = int_value(node)
        if value is not None:
            if value < spec.minimum:
                raise InputError(Said("ruleset.at-least", 'found {value}, expected a number of {minimum} or more', value=value, minimum=spec.minimum), **w)
            return value
        raise InputError(number_problem(node, spec.kind == "optint"), **w)
    if spec.kind == "bool":
        value = bool_value(node)
        if value is None:
            raise InputError(Said("ruleset.boolean", 'found {found}, expected true or false', found=describe(node)), **w)
        return value
    if spec.kind == "choice":
        if isinstance(node, Scalar) and node.text in spec.choices:
            return node.text
        raise InputError(Said("ruleset.choice", 'found {found}, expected one of: {choices}', found=describe(node), choices=', '.join(spec.choices)), **w)
    if spec.kind == "flags":
        return _flags(spec, node, w)
    if spec.kind == "bonus":
        if not isinstance(node, Map) or set(node.items) != {"natural", "mixed"}:
            raise InputError(Said("ruleset.bonus", 'found {found}, expected {example}', found=describe(node), example="{natural: N, mixed: N}"), **w)
        sub = Param("", "int", "")
        return {k: _convert(sub, v, file, f"{key}.{k}") for k, (_, v) in node.items.items()}
    if spec.kind == "tiers":
        return _tiers(node, file, key)
    raise AssertionError(spec.kind)


def _flags(spec: Param, node: Node, w: dict[str, Any]) -> tuple[str, ...]:
    """A set of choices: a YAML list (``[wild, black-three]``, ``[]`` for none), or one text with the
    choices separated by commas (``wild,black-three``, as ``--house`` is typed). Kept in the order of
    the parameter's choices, so two spellings of one set are equal."""
    if isinstance(node, Seq):
        items = [(item.text if isinstance(item, Scalar) else None, item) for item in node.items]
    elif isinstance(node, Scalar) and not node.is_null:
        items = [(part.strip(), node) for part in node.text.split(",") if part.strip()]
    else:
        items = [(None, node)]
    chosen = set()
    for text, item in items:
        if text not in spec.choices:
            raise InputError(Said("ruleset.flags", 'found {found}, expected a list of: {choices}',
                                  found=describe(item) if text is None else brief(text),
                                  choices=', '.join(spec.choices)), **w)
        chosen.add(text)
    return tuple(c for c in spec.choices if c in chosen)


def _tiers(node: Node, file: str, key: str) -> tuple[Tier, ...]:
    if not isinstance(node, Seq) or not node.items:
        raise InputError(Said("ruleset.tiers", 'found {found}, expected a list of tiers like {example}', found=describe(node), example="{below: 1500, need: 50}"),
                         **_where(node, file, key))
    tiers = []
    last = None
    for i, item in enumerate(node.items):
        k = f"{key}[{i}]"
        if not isinstance(item, Map) or not set(item.items) <= {"below", "need"} or "need" not in item.items:
            raise InputError(Said("ruleset.tier", 'found {found}, expected {example}', found=describe(item), example="{below: SCORE, need: POINTS or canasta}"),
                             **_where(item, file, k))
        below = None
        if "below" in item.items:
            below = _signed_int(item.items["below"][1], file, f"{k}.below")
            if last is not None and below <= last:
                raise InputError(Said("ruleset.tiers-rise", "tiers must rise: each 'below' above the one before"), **_where(item, file, k))
            last = below
        elif i != len(node.items) - 1:
            raise InputError(Said("ruleset.tier-below", "only the last tier may leave out 'below'"), **_where(item, file, k))
        need_node = item.items["need"][1]
        if isinstance(need_node, Scalar) and need_node.text == "canasta":
            need = None
        else:
            need = _signed_int(need_node, file, f"{k}.need")
        tiers.append(Tier(below, need))
    if tiers[-1].below is not None:
        raise InputError(Said("ruleset.last-tier", "the last tier must have no 'below' (it covers every higher score)"),
                         **_where(node, file, key))
    return tuple(tiers)


def _signed_int(node: Node, file: str, key: str) -> int:
    value = int_value(node)
    if value is not None:
        return value
    raise InputError(number_problem(node), **_where(node, file, key))








_KEY = re.compile(r"[a-z][a-z0-9_.-]{0,39}")  # a key of our formats; anything else is not quoted


def _key_text(key: str) -> str:
    """An unknown key as a message quotes it: only when it looks like a key. A path that names some
    other file (``ruleset: /etc/shadow``) must not have its lines echoed back."""
    return f"'{key}'" if _KEY.fullmatch(key) else "(not a ruleset key: is this a ruleset file?)"


_FILE_KEYS = {"id", "title", "extends", "source", "set", "sources", "variants", "notes", "places"}
_PLACE_KEYS = {"section": "text", "paragraph": "int", "paragraphs": "text", "comment": "int", "topic": "text"}


@lru_cache(maxsize=64)
def _load_file_cached(path: str) -> dict[str, Any]:
    node = load(path)
    if not isinstance(node, Map):
        raise InputError(Said("ruleset.file-mapping", 'expected a mapping with id, title, extends, set'), path, node.line, node.column)
    for k, (kn, _) in node.items.items():
        if k not in _FILE_KEYS and not k.startswith("x-"):
            raise InputError(Said("ruleset.unknown-key", 'unknown key {key}; expected one of: {keys}', key=_key_text(k), keys=', '.join(sorted(_FILE_KEYS))),
                             path, kn.line, kn.column, k if _KEY.fullmatch(k) else "")
    out: dict[str, Any] = {"path": path}
    for k in ("id", "title", "extends", "source", "notes"):
        if k in node.items:
            v = node.items[k][1]
            if not isinstance(v, Scalar):
                raise InputError(Said("ruleset.text", 'found {found}, expected text', found=describe(v)), **_where(v, path, k))
            out[k] = v.text
    if "id" not in out:
        raise InputError(Said("ruleset.needs-id", "a ruleset file needs an 'id'"), path, node.line, node.column)
    out.setdefault("title", out["id"])
    out.setdefault("source", "house rule")
    values: dict[str, Any] = {}
    if "set" in node.items:
        body = node.items["set"][1]
        if not isinstance(body, Map):
            raise InputError(Said("ruleset.parameters", 'found {found}, expected a mapping of parameters', found=describe(body)), **_where(body, path, "set"))
        for name, (kn, vn) in body.items.items():
            if name not in PARAMS:
                raise InputError(Said("ruleset.unknown-set", 'unknown parameter {name}; known: {known}', name=_key_text(name), known=', '.join(PARAMS)),
                                 path, kn.line, kn.column, f"set.{name}" if _KEY.fullmatch(name) else "set")
            values[name] = _convert(PARAMS[name], vn, path, f"set.{name}")
    out["set"] = values
    param_sources: dict[str, str] = {}
    if "sources" in node.items:
        body = node.items["sources"][1]
        if not isinstance(body, Map):
            raise InputError(Said("ruleset.sources", 'expected a mapping of parameter: source'), **_where(body, path, "sources"))
        for name, (kn, vn) in body.items.items():
            if name not in PARAMS or not isinstance(vn, Scalar):
                raise InputError(Said("ruleset.source", "expected 'parameter: source', found '{name}'", name=name), path, kn.line, kn.column,
                                 f"sources.{name}")
            param_sources[name] = vn.text
    out["sources"] = param_sources
    variants: dict[int, str] = {}
    if "variants" in node.items:
        body = node.items["variants"][1]
        if not isinstance(body, Map):
            raise InputError(Said("ruleset.variants", 'expected a mapping of player count: ruleset id'), **_where(body, path, "variants"))
        for name, (kn, vn) in body.items.items():
            if not name.isdigit() or not isinstance(vn, Scalar):
                raise InputError(Said("ruleset.variant", "expected 'PLAYERS: ruleset-id'"), path, kn.line, kn.column, f"variants.{name}")
            variants[int(name)] = vn.text
    out["variants"] = variants
    out["places"] = _places(node, path)
    return out


def _places(node: Map, path: str) -> dict[str, dict[str, Any]]:
    """``places``: for a parameter or a rule id, where its source states it (a section heading as the
    page writes it, a paragraph number within that section, a reader comment number, or a topic)."""
    places: dict[str, dict[str, Any]] = {}
    if "places" not in node.items:
        return places
    body = node.items["places"][1]
    if not isinstance(body, Map):
        raise InputError(Said("ruleset.places", 'expected a mapping of parameter or rule id: place'), **_where(body, path, "places"))
    for name, (kn, vn) in body.items.items():
        if not isinstance(vn, Map) or not set(vn.items) <= set(_PLACE_KEYS):
            raise InputError(Said("ruleset.place", "expected a place like {example} for '{name}'", example="{section: TITLE, paragraph: N, comment: N}", name=name),
                             path, kn.line, kn.column, f"places.{name}")
        place = {}
        for key, (_, v) in vn.items.items():
            value = int_value(v) if _PLACE_KEYS[key] == "int" else (v.text if isinstance(v, Scalar) else None)
            if value is None:
                raise InputError(Said("ruleset.place-value", 'found {found} for {key}', found=describe(v), key=key), **_where(v, path, f"places.{name}.{key}"))
            place[key] = value
        places[name] = place
    return places


def _resolve_path(ref: str, relative_to: str | None) -> Path | None:
    if ref in BUILTIN:
        return RULESET_DIR / f"{ref}.yaml"
    if ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref:
        if not ref.endswith((".yaml", ".yml")):
            raise InputError(Said("ruleset.not-ruleset-file", "'{name}' is not a ruleset file: a ruleset file's name ends in .yaml or .yml", name=brief(ref)))
        p = Path(ref)
        if not p.is_absolute() and relative_to:
            p = Path(relative_to).parent / p
        return p
    return None


def check_name(ref: str) -> str:
    """A ruleset as named on the command line (``--ruleset``): a name that is neither a built-in id nor
    a ruleset file's name is a usage error (exit 2), answered before anything is read; a ruleset file
    that is named stays a file to read, and a broken one a bad file (exit 3)."""
    try:
        if _resolve_path(ref, None) is not None:
            return ref
    except InputError as exc:
        raise UsageError(exc.message) from None
    raise UsageError(_unknown(ref))


def _unknown(ref: str) -> Said:
    return Said("ruleset.unknown", "unknown ruleset '{name}'; built-in: {builtin}, or a path to a ruleset file", name=brief(ref), builtin=', '.join(BUILTIN))


def load_ruleset(ref: str, relative_to: str | None = None, _seen: tuple[str, ...] = ()) -> Ruleset:
    """A built-in ruleset by id, or a ruleset file by path (relative to the file that names it)."""
    path = _resolve_path(ref, relative_to)
    if path is None:
        raise InputError(_unknown(ref))
    key = str(path.resolve()) if path.exists() else str(path)
    if key in _seen:
        raise InputError(Said("ruleset.extends-itself", "ruleset '{name}' extends itself", name=ref), str(path))
    data = _load_file_cached(str(path))
    own = _own_cites(data)
    rule_places = {k: (data["source"], place) for k, place in data["places"].items() if k not in PARAMS}
    if data["id"] == BASE and path.parent == RULESET_DIR:
        missing = [p for p in PARAMS if p not in data["set"]]
        if missing:
            raise InputError(Said("ruleset.base-missing", 'the base ruleset leaves out {missing}', missing=', '.join(missing)), str(path))
        return Ruleset(BASE, data["title"], data["source"], dict(data["set"]),
                       dict.fromkeys(data["set"], BASE), own, data["variants"], rule_places=rule_places)
    parent_ref = data.get("extends") or BASE
    parent = load_ruleset(parent_ref, str(path), _seen + (key,))
    values = dict(parent.values) | data["set"]
    origin = dict(parent.origin) | dict.fromkeys(data["set"], data["id"])
    variants = data["variants"] if data["variants"] else {}
    if values["players"] % values["side_size"]:
        raise InputError(Said("ruleset.sides", '{players} players cannot sit in sides of {size}', players=values['players'], size=values['side_size']),
                         str(path), 0, 0, "set.side_size")
    check_playable(values, str(path), "set.")
    return Ruleset(data["id"], data["title"], data["source"], values, origin, parent.cites | own, variants,
                   parent.id, rule_places=parent.rule_places | rule_places)


def _own_cites(data: dict[str, Any]) -> dict[str, Cited]:
    """The parameters a ruleset file's own page states: those it sets, those it names under
    ``sources`` (the page states a value its parent has too) and those it gives a place. A parameter
    under ``sources`` may name another page (a six-player file citing the Dutch page's deal, say)."""
    stated = set(data["set"]) | set(data["sources"]) | (set(data["places"]) & set(PARAMS))
    return {p: (data["sources"].get(p, data["source"]), data["places"].get(p, {})) for p in stated}


MAX_DECKS = 20  # more packs than any Canasta is played with; bounds every table and search
JOKERS_PER_DECK = 4
MAX_PLAYERS = 6  # Canasta is played by two to six; a game and self-play have names for six seats


def check_playable(values: dict[str, Any], file: str, prefix: str) -> None:
    """A ruleset the cards can be dealt under and a game can seat: at most six players, in at least
    two sides, and decks that hold every player's deal and the up-card. Without this, ``deal: 100``
    or one deck for six players fails halfway through a hand, and eight players find no seat."""
    players, size = values["players"], values["side_size"]
    if players > MAX_PLAYERS:
        raise InputError(Said("ruleset.players", 'found {players} players; a game seats at most {most}', players=players, most=MAX_PLAYERS),
                         file, 0, 0, f"{prefix}players")
    if players // size < 2:
        raise InputError(Said("ruleset.one-side", '{players} players in sides of {size} make one side; a game needs at least two sides', players=players, size=size),
                         file, 0, 0, f"{prefix}side_size")
    decks, jokers = values["decks"], values["jokers"]
    if decks > MAX_DECKS:
        raise InputError(Said("ruleset.decks", 'found {decks} decks, expected at most {most}', decks=decks, most=MAX_DECKS), file, 0, 0, f"{prefix}decks")
    if jokers > JOKERS_PER_DECK * decks:
        raise InputError(Said("ruleset.jokers", 'found {jokers} jokers for {decks} decks, expected at most {most}', jokers=jokers, decks=decks, most=JOKERS_PER_DECK * decks),
                         file, 0, 0, f"{prefix}jokers")
    cards = decks * 52 + jokers
    needed = values["players"] * values["deal"] + 1
    if needed > cards:
        raise InputError(Said("ruleset.deal", '{players} players dealt {deal} cards each, and the up-card, need {needed} cards, but {decks} decks with {jokers} jokers hold {cards}', players=values['players'], deal=values['deal'], needed=needed, decks=decks, jokers=jokers, cards=cards),
                         file, 0, 0, f"{prefix}deal")


# Built-in rulesets as loaded, by id: a ruleset never changes once made (house rules make another, see
# ``with_house``), so every game and table of one built-in ruleset may share it.
_BUILT: dict[str, Ruleset] = {}


def builtin_ruleset(ref: str) -> Ruleset:
    """The built-in ruleset ``ref`` (an id of ``BUILTIN``), loaded once and shared."""
    rs = _BUILT.get(ref)
    if rs is None:
        rs = _BUILT[ref] = load_ruleset(ref)
    return rs


def resolve_for_players(ruleset: Ruleset, players: int) -> Ruleset:
    """``classic`` with 2, 3 or 6 players means its variant for that many."""
    target = ruleset.variants.get(players)
    if target and players != ruleset.players:
        return load_ruleset(target)
    return ruleset



