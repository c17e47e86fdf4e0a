"""What the learner reads after an answer, right or wrong: one or two plain sentences on why, from the
engine's ruling (the decisive violation first, or the limit a legal move reached, or its notes);
rule ids and sources only on request. And hints that point at the fact to look at, never the answer.
"""
from __future__ import annotations

from canasta_tutor import texts
from canasta_tutor.engine.rules import RULES
from canasta_tutor.learning.lesson import Question, rating_words, reason_of
from canasta_tutor.learning.tested import at_stake, limits_reached, tested_rules
from canasta_tutor.play.evaluate import NEAR


def say(key: str, **params) -> str:
    return texts.section("learning", key, params)




def _legal_key(rule: str, params: dict) -> str:
    why = params.get("why") if rule == "meld.too-many-wilds" else None
    return f"legal.{rule}" + (f"-{why}" if why else "")


_reason = reason_of


def rated_lines(q: Question) -> list[str]:
    """A ``best`` question's moves as the coach rates them: the best with its value and reason, the
    moves nearly as good (play/evaluate.NEAR) said to be so, every other one with how much worse it is
    and the fact that makes it so; an illegal move (lint reports it) with its violation."""
    best = q.best_rating()
    lines = []
    for i, (move, r, v) in enumerate(zip(q.moves, q.ratings(), q.verdicts()), 1):
        if r is None:
            lines.append(say("which-illegal", number=i, move=move, title=_reason(q.table, v)))
            continue
        reason = rating_words(r)
        move = texts.show_move(move)
        gap = round(best.value - r.value) if best is not None else 0
        if r is best:
            lines.append(say("best-best", number=i, move=move, reason=reason))
        elif best is not None and best.value - r.value <= NEAR:
            lines.append(say("best-near", number=i, move=move, reason=reason))
        else:
            lines.append(say("best-worse", number=i, move=move, worse=gap, reason=reason))
    return lines


def verdict_why(table, verdict, tests: list[str] | tuple[str, ...] = ()) -> str:
    """One or two sentences on why a move is legal or illegal: the decisive violation, or for a legal
    move the fact at stake (going out, then a first meld's count, then the limit the question tests),
    naming a rule the question tests when nothing else does."""
    if verdict.violations:
        text = say("illegal", reason=_reason(table, verdict))
        more = len({v.rule for v in verdict.violations}) - 1
        return text + (" " + say("illegal-more", n=more) if more else "")
    limits = at_stake(table, verdict)  # a first meld's count is always the fact at stake

    def order(limit: tuple[str, dict]) -> tuple[int, int]:
        rule = limit[0]
        family = 0 if rule.startswith("out.") else 1 if rule.startswith("initial.") else 2
        return (family, 0 if rule in tests else 1)
    for rule, params in sorted(limits, key=order):
        values = {"ruleset": table.ruleset.id, **params}
        text = say(_legal_key(rule, params), **values)
        if not text.startswith("legal."):
            return text
    notes = [n for n in verdict.notes if n.rule not in ("went-out", "went-out-concealed")] or verdict.notes
    stated = next((r for r in tests if r in RULES), None)
    if notes:
        text = say("legal-note", note=texts.note_message(notes[0].rule, notes[0].params))
        return text + (" " + say("legal-keeps", title=texts.rule_entry(stated)["title"]) if stated else "")
    if stated:
        return say("legal-rule", title=texts.rule_entry(stated)["title"])
    return say("legal-plain", ruleset=table.ruleset.id)


def explain(q: Question) -> list[str]:
    """The feedback lines for a question (answered right or wrong)."""
    tests = tested_rules(q)
    if q.kind in ("legal", "rule"):
        return [verdict_why(q.table, q.verdict(), tests)]
    if q.kind == "best":
        return rated_lines(q)
    if q.kind == "which":
        lines = []
        for i, (move, v) in enumerate(zip(q.moves, q.verdicts()), 1):
            if v.legal:
                lines.append(say("which-legal", number=i, move=move))
            else:
                lines.append(say("which-illegal", number=i, move=move, title=_reason(q.table, v)))
        legal = next((v for v in q.verdicts() if v.legal), None)
        if legal is not None:
            lines.append(verdict_why(q.table, legal, tests))
        return lines
    report = q.report()
    side = next(s for s in report.sides if s.name == q.side)
    parts = ", ".join(f"{texts.score_detail(ln.rule, ln.params)} {ln.points:+d}" for ln in side.lines)
    lines = [say("score-why", side=side.name, total=side.hand_total, lines=parts)]
    if report.game_over:  # the hand that ends the game: the totals against the target, and who won
        totals = ", ".join(f"{s.name} {s.total}" for s in report.sides)
        lines.append(say("score-totals", totals=totals, target=q.table.ruleset.target_score))
        lines.append(texts.label("score.winner", winner=report.winner) if report.winner else texts.label("score.tie"))
    return lines


def references(q: Question) -> list[dict]:
    """Rule ids with their sources, for --verbose and JSON."""
    out = []
    verdicts = [q.verdict()] if q.kind in ("legal", "rule") else q.verdicts() if q.kind == "which" else []
    if q.kind == "best":
        return [{"rule": tested_rules(q)[0], "source": ""}]
    for v in verdicts:
        for f in v.violations:
            out.append({"rule": f.rule, "source": f.source})
        if v.legal:
            for rule, _ in limits_reached(q.table, v):
                param = RULES[rule].param if rule in RULES else None
                out.append({"rule": rule, "source": q.table.ruleset.source_of(param)[0]})
    if q.kind == "score":
        out = [{"rule": ln.rule, "source": ""} for s in q.report().sides if s.name == q.side for ln in s.lines]
    seen, unique = set(), []
    for r in out:
        if r["rule"] not in seen:
            seen.add(r["rule"])
            unique.append(r)
    return unique


def hint(q: Question, asked: int = 0) -> str:
    """The author's hint, else one that points at the fact the question turns on. A score question's
    hints build the count: after the first, each one more line of it (never the total)."""
    if q.kind == "score" and asked:
        side = next(s for s in q.report().sides if s.name == q.side)
        shown = side.lines[:asked]
        lines = "; ".join(f"{texts.score_detail(ln.rule, ln.params)} {ln.points:+d}" for ln in shown)
        if len(shown) == len(side.lines):  # nothing more to show: no "type ? again"
            return say("hint.score-lines-all", lines=lines)
        return say("hint.score-lines", lines=lines, n=len(shown), total=len(side.lines))
    if q.hint:
        return q.hint
    if q.kind == "best":
        return say("hint.best")
    if q.kind == "score":
        return say("hint.score")
    for rule in tested_rules(q):
        text = say(f"hint.{rule}")
        if not text.startswith("hint."):
            return text
    return say("hint.table")
