"""`check --compare`: one table of rulings, one row per ruleset, disagreements marked."""
from __future__ import annotations


def summary(rows: list[dict]) -> str:
    """What the comparison shows, counted among the rulesets that apply to the table only."""
    from canasta_tutor import texts

    applicable = [r for r in rows if r["applicable"]]
    others = len(rows) - len(applicable)
    if not applicable:
        return texts.section("rulings", "compare.none")
    if len(applicable) == 1:
        text = texts.section("rulings", "compare.only", {"ruleset": applicable[0]["ruleset"]})
    elif len({r["legal"] for r in applicable}) > 1:
        text = texts.section("rulings", "compare.split")
    else:
        text = texts.section("rulings", "compare.agree", {"count": len(applicable)})
    if others and len(applicable) > 1:
        text += " " + texts.section("rulings", "compare.not-applicable", {"count": others})
    return text


def compare_table(rows: list[dict], move: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    from canasta_tutor import texts
    from canasta_tutor.render.console import console as make_console

    console = make_console()
    t = Table(title=escape(move), caption=escape(summary(rows)))
    t.add_column(texts.label("compare.ruleset"), style="bold")
    t.add_column(texts.label("compare.verdict"))
    t.add_column(texts.label("compare.reasons"), overflow="fold")
    for r in rows:
        if not r["applicable"]:  # the problem may quote a file: text, never markup
            t.add_row(escape(r["ruleset"]), f"[dim]{escape(texts.label('compare.not-applicable'))}[/]", f"[dim]{escape(r['problem'])}[/]")
            continue
        verdict = f"[green]{texts.word('legal')}[/]" if r["legal"] else f"[red]{texts.word('illegal')}[/]"
        reasons = "\n".join(texts.label("compare.reason", rule=f"[yellow]{escape(v['rule'])}[/]", step=v["step"],
                                         source=escape(texts.source_id(v["source"])), message=escape(v["message"]))
                            for v in r["violations"])
        if r["legal"] and not r.get("finished") and r.get("status"):
            reasons = escape(r["status"])
        if r["legal"] and r.get("score"):
            totals = escape(", ".join(f"{s['name']} {s['hand_total']:+d}" for s in r["score"]["sides"]))
            reasons = texts.label("compare.goes-out", totals=totals)
        t.add_row(escape(r["ruleset"]), verdict, reasons or "")
    console.print(t)
