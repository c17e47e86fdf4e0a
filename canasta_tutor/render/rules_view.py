"""`canasta rules` and `canasta explain`: rulesets and rule texts, as data and on screen."""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.engine.citing import citation
from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS, SOURCE_URLS, SOURCES, Ruleset, Tier, load_ruleset
from canasta_tutor.render.report import cite_dict


def _param_word(key: str, **params) -> str:
    return texts.section("parameters", key, params)


def show_value(value, tiers: str = "; ") -> str:
    """A parameter's value in words, in the active language (choices are ids, shown as they are);
    ``tiers`` joins the score bands of a first-meld minimum."""
    if value is None:
        return _param_word("none")
    if isinstance(value, bool):
        return texts.word("yes" if value else "no")
    if isinstance(value, dict) and set(value) == {"natural", "mixed"}:
        return _param_word("bonus", **value)
    if isinstance(value, dict):
        return " / ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, tuple) and value and isinstance(value[0], Tier):
        parts = []
        low = None
        for t in value:
            need = _param_word("tier-canasta") if t.need is None else str(t.need)
            if t.below is None and low is not None and low % 5:  # "above 5000": 5000 itself is below
                parts.append(_param_word("tier-above", high=(low - 1) // 5 * 5, need=need))
            elif t.below is None:
                parts.append(_param_word("tier-up", low=low, need=need))
            elif low is None:
                parts.append(_param_word("tier-below", below=t.below, need=need))
            else:
                parts.append(_param_word("tier-range", low=low, high=(t.below - 1) // 5 * 5, need=need))
            low = t.below
        return tiers.join(parts)
    if isinstance(value, (tuple, list)):  # a set of choices (a house rule read from a file gives a list)
        return ", ".join(map(choice_word, value)) if value else _param_word("none")
    return choice_word(value) if isinstance(value, str) else str(value)


def choice_word(choice: str) -> str:
    """A parameter's choice (``required``, ``play-on``) in the reader's words; the id itself in English."""
    return texts.catalog(texts.language()).get("parameters", {}).get("values", {}).get(choice, choice)


def short_place(place: dict) -> str:
    """Where on its page a value stands, in short for a table: “heading” ¶2 (paragraphs ¶4-5), #11 for a
    reader comment; a part of pagat's page is left to the full citation (--verbose, explain)."""
    parts = []
    if "section" in place:
        parts.append(f"“{place['section']}”")
    if "paragraph" in place:
        parts.append(f"¶{place['paragraph']}")
    if "paragraphs" in place:
        parts.append(f"¶{place['paragraphs']}")
    if "comment" in place:
        parts.append(f"#{place['comment']}")
    return " ".join(parts)


def house_rule_text(rs: Ruleset, name: str) -> str:
    """A house rule of a table as a player reads it: the parameter's title and the value in force, in
    words ("the pile is frozen by: joker, zwarte drie"), where the file and --json keep the ids."""
    value = rs.values[name]
    if value is None and name == "max_wilds":  # null there lifts the cap
        shown = _param_word("no-limit")
    else:  # the bands of a first-meld minimum by commas: the rules of a table are joined by ';'
        shown = show_value(value, tiers=", ")
    return _param_word("house-rule", title=param_title(name), value=shown)


def param_title(name: str) -> str:
    """A parameter's short title in the active language; its id where the catalog has none."""
    return texts.catalog(texts.language()).get("parameters", {}).get("titles", {}).get(name, name)


def param_help(name: str) -> str:
    """What a parameter means, in the active language; the engine keeps its English as the fallback."""
    return texts.catalog(texts.language()).get("parameters", {}).get("help", {}).get(name, PARAMS[name].help)


def json_value(value):
    if isinstance(value, tuple) and value and isinstance(value[0], Tier):
        return [{"below": t.below, "need": "canasta" if t.need is None else t.need} for t in value]
    return value


def rulesets_list() -> dict:
    out = []
    for rid in BUILTIN:
        rs = load_ruleset(rid)
        out.append({"id": rid, "title": rs.title, "source": rs.source, "extends": rs.base,
                    "players": rs.players})
    return {"rulesets": out, "sources": SOURCES,
            "cites": [{"id": k, "title": v, "url": SOURCE_URLS.get(k)} for k, v in SOURCES.items()]}


def ruleset_data(ref: str) -> dict:
    rs = load_ruleset(ref)
    params = []
    for name, spec in PARAMS.items():
        c = citation(rs, name, None)
        params.append({"name": name, "value": json_value(rs.values[name]), "shown": show_value(rs.values[name]),
                       "help": param_help(name), "source": c.id, "inherited": c.inherited, "house_option": spec.house,
                       "cite": cite_dict(c), "place": short_place(c.place),
                       "set_here": rs.origin.get(name) == rs.id})
    return {"id": rs.id, "title": rs.title, "source": rs.source, "extends": rs.base, "parameters": params}


# The ruleset parameters behind each score line, shown per ruleset by `explain score.ID`.
SCORE_PARAMS = {
    "score.cards": (),
    "score.no-canasta": ("no_canasta_all_negative",),
    "score.canasta-natural": ("canasta_bonus",),
    "score.canasta-mixed": ("canasta_bonus",),
    "score.red-threes": ("red_three_value", "red_three_all_bonus", "red_three_penalty_if"),
    "score.going-out": ("going_out_bonus",),
    "score.concealed": ("concealed_bonus",),
    "score.hand": ("black_three_in_hand",),
    "score.cut-bonus": ("cut_bonus",),
}


def _entries(name: str) -> dict:
    return texts.catalog(texts.language()).get("rulings", {}).get(name, {})


def known_ids() -> dict[str, str]:
    """Every id a user may see, with its kind: rule ids, score ids and note ids."""
    ids = dict.fromkeys(RULES, "rule")
    ids.update(dict.fromkeys(_entries("score-texts"), "score"))
    ids.update(dict.fromkeys(_entries("note-texts"), "note"))
    return ids


def _per_ruleset(rule: str, params: tuple[str, ...]) -> list[dict]:
    per = []
    for rid in BUILTIN:
        rs = load_ruleset(rid)
        param = params[0] if params else None
        src, inherited = rs.source_of(param)
        per.append({"ruleset": rid, "source": src, "inherited": inherited,
                    "parameters": {p: json_value(rs.values[p]) for p in params},
                    "shown": ", ".join(f"{p} = {show_value(rs.values[p])}" for p in params),
                    "cite": cite_dict(citation(rs, param, rule))})
    return per


def explain_data(query: str) -> dict | None:
    """What ``canasta explain`` answers: one id (a rule, a score line, a note), every id ('all'), or the
    entries whose words mention ``query``. None when nothing matches."""
    if query == "all":
        return {"rules": [{"id": r, "title": texts.rule_entry(r).get("title", r)} for r in sorted(RULES)],
                "scores": [{"id": k, "title": v["title"]} for k, v in _entries("score-texts").items()],
                "notes": [{"id": k, "title": v["title"]} for k, v in _entries("note-texts").items()]}
    rule = RULES.get(query)
    if rule is not None:
        entry = texts.rule_entry(query)
        return {"id": query, "kind": "rule", "title": entry.get("title", query), "text": entry.get("text", ""),
                "judges": list(rule.on), "parameters": list(rule.params),
                "rulesets": _per_ruleset(query, rule.params)}
    for kind, name in (("score", "score-texts"), ("note", "note-texts")):
        listed = _entries(name).get(query)
        if listed is not None:
            params = SCORE_PARAMS.get(query, ()) if kind == "score" else ()
            return {"id": query, "kind": kind, "title": listed["title"], "text": listed["text"], "judges": [],
                    "parameters": list(params), "rulesets": _per_ruleset(query, params) if params else []}
    results = search(query)
    if results:
        return {"query": query, "results": results}
    return None


def search(word: str) -> list[dict]:
    """Rules, score lines, notes and glossary words whose title or text mentions ``word``."""
    needle = word.lower().strip()
    if not needle:
        return []
    found = []
    glossary = texts.catalog(texts.language()).get("glossary", {}) or {}
    for term, entry in glossary.items():  # found by the reader's word for it, or by the English one
        text = entry.get("text", "") if isinstance(entry, dict) else str(entry)
        name = entry.get("name", term) if isinstance(entry, dict) else term
        if needle in term.lower() or needle in name.lower() or needle in text.lower():
            found.append({"id": term, "name": name, "kind": "glossary", "title": text,
                          "rules": list(entry.get("rules", [])) if isinstance(entry, dict) else []})
    # The rules a matching glossary word names come along: they are about that word, in other words.
    linked = [r for g in found for r in g["rules"]]
    for r in sorted(RULES):
        entry = texts.rule_entry(r)
        if needle in (entry.get("title", "") + " " + entry.get("text", "")).lower() or needle in r or r in linked:
            found.append({"id": r, "kind": "rule", "title": entry.get("title", r)})
    for kind, name in (("score", "score-texts"), ("note", "note-texts")):
        for key, entry in _entries(name).items():
            if needle in (entry["title"] + " " + entry["text"]).lower() or needle in key:
                found.append({"id": key, "kind": kind, "title": entry["title"]})
    return found


def closest_ids(query: str, n: int = 4) -> list[str]:
    """The ids nearest to a mistyped one, for the usage error."""
    from difflib import get_close_matches

    ids = list(known_ids())
    close = get_close_matches(query, ids, n=n, cutoff=0.5)
    tail = query.split(".")[-1]
    close += [i for i in ids if tail and tail in i and i not in close]
    return close[:n]


def _console():
    from canasta_tutor.render.console import console

    return console()


def print_rules(data: dict, verbose: bool = False) -> None:
    from rich.markup import escape
    from rich.table import Table

    console = _console()
    if "rulesets" in data:
        t = Table(title=texts.label("rules.rulesets"), show_lines=False)
        for col in ("id", "players", "title", "source", "extends"):
            t.add_column(texts.label(f"rules.columns.{col}"))
        for r in data["rulesets"]:
            title = texts.ruleset_title(r["id"], r["title"])
            t.add_row(*(escape(x) for x in (r["id"], str(r["players"]), title, r["source"], r["extends"] or "")))
        console.print(t)
        console.print(texts.label("rules.sources"))
        for c in data["cites"]:
            url = f" <{escape(c['url'])}>" if c["url"] else ""
            console.print(f"  [bold]{escape(c['id'])}[/]: {escape(texts.source_title(c['id'], c['title']))}{url}")
        console.print(texts.label("rules.one-in-full", command="[bold]canasta rules ID[/]"))
        return
    from rich import box

    # No inner rules: in 80 columns every column is needed for the text, and no word may be broken.
    t = Table(title=escape(texts.label("table.ruleset", title=texts.ruleset_title(data["id"], data["title"]),
                                         id=data["id"])), show_lines=False, box=box.SIMPLE_HEAD, show_edge=False,
              pad_edge=False, collapse_padding=True)
    # A parameter's name is what a house rule is written with: never broken. The other columns wrap
    # at spaces; the source is its page and place in short, the whole citation with --verbose.
    # Widths worked out here, not left to Rich: a name or a value is never broken, and the meaning
    # takes what is left of the terminal (each column is padded by one space on either side).
    name_w = max(len(p["name"]) for p in data["parameters"])
    value_w = min(20, max(len(texts.label("rules.columns.value")),
                          max((len(w) for p in data["parameters"] for w in p["shown"].split()), default=1) + 2))
    source_w = 15 if not verbose else 30
    meaning_w = max(16, console.width - name_w - value_w - source_w - 8)
    t.add_column(texts.label("rules.columns.parameter"), no_wrap=True, width=name_w)
    t.add_column(texts.label("rules.columns.value"), overflow="fold", width=value_w)
    t.add_column(texts.label("rules.columns.source"), overflow="fold", width=source_w)
    t.add_column(texts.label("rules.columns.meaning"), overflow="fold", width=meaning_w)
    for p in data["parameters"]:  # sources and values may come from a ruleset file: text, never markup
        if verbose:
            where = p["cite"]["where"]
            src = escape(p["source"]) + (f" [dim]({escape(texts.inherited_text(p['inherited']) or '')})[/]" if p["inherited"] else "") \
                + (f"[dim]: {escape(where)}[/]" if where else "")
        else:
            src = escape(p["source"]) + (f" [dim]({escape(texts.label('rules.inherited-short'))})[/]" if p["inherited"] else "") \
                + (f" [dim]{escape(p['place'])}[/]" if p.get("place") else "")
        # Set by this ruleset's own file: bold, and a star that plain text keeps.
        value = f"[bold]{escape(p['shown'])} *[/]" if p["set_here"] and data["extends"] else escape(p["shown"])
        t.add_row(escape(p["name"]), value, src, escape(p["help"]))
    console.print(t)
    if not verbose:
        console.print(texts.label("rules.verbose-for-places"))
    if data["extends"]:
        console.print(texts.label("rules.bold-set-here", bold="[bold]", end="[/]", id=escape(texts.ruleset_name(data["id"]))))


def print_explain(data: dict) -> None:
    from rich.markup import escape

    console = _console()
    if "rules" in data:
        for group in ("rules", "scores", "notes"):
            for r in data.get(group, []):
                console.print(f"[bold]{escape(r['id']):<28}[/] {escape(r['title'])}")
        return
    if "results" in data:
        from rich.table import Table

        console.print(texts.section("rulings", "explain.found", {"n": len(data["results"]), "word": escape(data["query"])}))
        # A grid, so that a long text (a word's whole meaning) wraps under itself, not under the ids.
        found = Table.grid(padding=(0, 2))
        found.add_column(no_wrap=True)
        found.add_column(no_wrap=True)
        found.add_column()
        for r in data["results"]:
            kind = texts.section("rulings", f"explain.kinds.{r['kind']}")
            found.add_row(f"  [bold]{escape(r.get('name', r['id']))}[/]", f"[dim]{kind}[/]", escape(r["title"]))
        console.print(found)
        return
    from rich.table import Table

    console.print(f"[bold]{escape(data['id'])}[/]  {escape(data['title'])}")
    console.print(escape(data["text"]))
    if data["judges"]:
        verbs = texts.DESCRIPTORS.get(texts.language(), texts.DESCRIPTORS["en"]).moves  # the reader's verbs
        other = {"out": texts.label("rules.judged-going-out"), "end": texts.label("rules.judged-end")}
        steps = ", ".join(verbs[step][0] if step in verbs else other.get(step, step) for step in data["judges"])
        console.print("[dim]" + escape(texts.label("rules.judged-on", steps=steps)) + "[/]")
    if not data["rulesets"]:
        return
    t = Table(title=texts.label("rules.by-ruleset"))
    for col in ("ruleset", "setting", "source"):
        t.add_column(texts.label(f"rules.columns.{col}"), overflow="fold")
    for r in data["rulesets"]:
        where = r["cite"]["where"]
        source = r["source"] + (f" ({texts.inherited_text(r['inherited'])})" if r["inherited"] else "") + (f": {where}" if where else "")
        t.add_row(escape(r["ruleset"]), escape(r["shown"] or texts.label("rules.same-for-all")), escape(source))
    console.print(t)
