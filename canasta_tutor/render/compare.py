"""`check --compare`: one table of rulings, one row per ruleset, disagreements marked."""
from __future__ import annotations


def compare_table(rows: list[dict], move: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    from canasta_tutor.render.console import console as make_console

    console = make_console()
    verdicts = {r["legal"] for r in rows if r["applicable"]}
    split = len(verdicts) > 1
    t = Table(title=escape(move), caption="The rulesets disagree on this move." if split
              else "Every ruleset agrees.")
    t.add_column("ruleset", style="bold")
    t.add_column("verdict")
    t.add_column("reasons", overflow="fold")
    for r in rows:
        if not r["applicable"]:  # the problem may quote a file: text, never markup
            t.add_row(escape(r["ruleset"]), "[dim]n/a[/]", f"[dim]{escape(r['problem'])}[/]")
            continue
        verdict = "[green]legal[/]" if r["legal"] else "[red]illegal[/]"
        reasons = "\n".join(f"[yellow]{escape(v['rule'])}[/] (step {v['step']}, {escape(v['source'])}): "
                            f"{escape(v['message'])}" for v in r["violations"])
        if r["legal"] and r.get("score"):
            totals = escape(", ".join(f"{s['name']} {s['hand_total']:+d}" for s in r["score"]["sides"]))
            reasons = f"goes out; hand scores {totals}"
        t.add_row(escape(r["ruleset"]), verdict, reasons or "")
    console.print(t)
