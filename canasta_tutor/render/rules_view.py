"""`canasta rules` and `canasta explain`: rulesets and rule texts, as data and on screen."""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.ruleset import BUILTIN, PARAMS, SOURCES, Tier, load_ruleset


def show_value(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return " / ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, tuple) and value and isinstance(value[0], Tier):
        parts = []
        low = None
        for t in value:
            need = "a canasta" if t.need is None else str(t.need)
            if t.below is None:
                parts.append(f"{low} and up: {need}")
            elif low is None:
                parts.append(f"below {t.below}: {need}")
            else:
                parts.append(f"{low}-{t.below - 5}: {need}")
            low = t.below
        return "; ".join(parts)
    return str(value)


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
    return {"rulesets": out, "sources": SOURCES}


def ruleset_data(ref: str) -> dict:
    rs = load_ruleset(ref)
    params = []
    for name, spec in PARAMS.items():
        src, inherited = rs.source_of(name)
        params.append({"name": name, "value": json_value(rs.values[name]), "shown": show_value(rs.values[name]),
                       "help": spec.help, "source": src, "inherited": inherited, "house_option": spec.house})
    return {"id": rs.id, "title": rs.title, "source": rs.source, "extends": rs.base, "parameters": params}


def explain_data(rule_id: str) -> dict | None:
    if rule_id == "all":
        return {"rules": [{"id": r, "title": texts.rule_entry(r).get("title", r)} for r in sorted(RULES)]}
    rule = RULES.get(rule_id)
    if rule is None:
        return None
    entry = texts.rule_entry(rule_id)
    per = []
    for rid in BUILTIN:
        rs = load_ruleset(rid)
        src, inherited = rs.source_of(rule.param)
        per.append({"ruleset": rid, "source": src, "inherited": inherited,
                    "parameters": {p: json_value(rs.values[p]) for p in rule.params},
                    "shown": ", ".join(f"{p} = {show_value(rs.values[p])}" for p in rule.params)})
    return {"id": rule_id, "title": entry.get("title", rule_id), "text": entry.get("text", ""),
            "judges": list(rule.on), "parameters": list(rule.params), "rulesets": per}


def _console():
    from canasta_tutor.render.console import console

    return console()


def print_rules(data: dict) -> None:
    from rich.markup import escape
    from rich.table import Table

    console = _console()
    if "rulesets" in data:
        t = Table(title="Rulesets", show_lines=False)
        for col in ("id", "players", "title", "source", "extends"):
            t.add_column(col)
        for r in data["rulesets"]:
            t.add_row(*(escape(x) for x in (r["id"], str(r["players"]), r["title"], r["source"], r["extends"] or "")))
        console.print(t)
        console.print("Sources: " + "; ".join(f"[bold]{escape(k)}[/]: {escape(v)}" for k, v in data["sources"].items()))
        console.print("One ruleset in full: [bold]canasta rules ID[/]")
        return
    t = Table(title=escape(f"{data['title']} ({data['id']})"), show_lines=False)
    for col in ("parameter", "value", "source", "meaning"):
        t.add_column(col, overflow="fold")
    for p in data["parameters"]:  # sources and values may come from a ruleset file: text, never markup
        src = escape(p["source"]) + (f" [dim]({escape(p['inherited'])})[/]" if p["inherited"] else "")
        value = escape(p["shown"]) if p["inherited"] else f"[bold]{escape(p['shown'])}[/]"
        t.add_row(escape(p["name"]), value, src, escape(p["help"]))
    console.print(t)
    if data["extends"]:
        console.print(f"[bold]Bold[/] values are set by {escape(data['id'])}; the others are inherited.")


def print_explain(data: dict) -> None:
    from rich.markup import escape

    console = _console()
    if "rules" in data:
        for r in data["rules"]:
            console.print(f"[bold]{escape(r['id']):<28}[/] {escape(r['title'])}")
        return
    from rich.table import Table

    console.print(f"[bold]{escape(data['id'])}[/]  {escape(data['title'])}")
    console.print(escape(data["text"]))
    console.print(f"[dim]Judged on: {escape(', '.join(data['judges']))}[/]")
    t = Table(title="By ruleset")
    for col in ("ruleset", "setting", "source"):
        t.add_column(col, overflow="fold")
    for r in data["rulesets"]:
        t.add_row(escape(r["ruleset"]), escape(r["shown"] or "same for every ruleset"),
                  escape(r["source"] + (f" ({r['inherited']})" if r["inherited"] else "")))
    console.print(t)
