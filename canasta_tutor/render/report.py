"""Verdicts and scores as plain data: the ``--json`` shapes of the command-line contract."""
from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_tutor import texts
from canasta_tutor.engine.judge import Finding, Verdict

if TYPE_CHECKING:
    from canasta_tutor.engine.scoring import (
        ScoreReport,  # `check` never needs the move generator: keep it off the start-up path
    )
    from canasta_tutor.play.hint import Hint
    from canasta_tutor.play.moves import MoveList, Option


def finding_dict(f: Finding, lang: str | None = None, note: bool = False, ruleset=None) -> dict:
    message = texts.note_message(f.rule, f.params, lang) if note else texts.rule_message(f.rule, f.params, lang)
    d = {"rule": f.rule, "step": f.step, "message": message, "source": f.source}
    if f.inherited:
        d["inherited"] = f.inherited
    if f.params.get("also_steps"):
        d["also_steps"] = list(f.params["also_steps"])
    if ruleset is not None:
        d["cite"] = cite_dict(ruleset, f.rule, lang, f.param)
    return d


def cite_dict(ruleset, rule: str | None, lang: str | None = None, param: str | None = None) -> dict:
    """``{id, title, url, where}``: the source a ruling cites for ``rule`` (or for ``param``) under
    ``ruleset``, and where on that page it says so (None when the place is not recorded)."""
    from canasta_tutor.engine.ruleset import cite

    c = cite(ruleset, rule, param)
    d = {"id": c["id"], "title": texts.source_title(c["id"], c["title"], lang), "url": c["url"],
         "where": where_text(c, lang)}
    if c["inherited"]:
        d["inherited"] = c["inherited"]
    return d


def where_text(c: dict, lang: str | None = None) -> str | None:
    if c["id"] == "house rule":
        return texts.section("rulings", "where.house", lang=lang)
    place = c["place"]
    parts = []
    if "topic" in place:
        parts.append(texts.section("rulings", f"where.topics.{place['topic']}", lang=lang))
    for key in ("section", "paragraph", "paragraphs", "comment"):
        if key in place:
            text = texts.section("rulings", f"where.{key}", place, lang)
            if key == "section":
                gloss = texts.heading_gloss(c["id"], place["section"], lang)
                if gloss:
                    text += " " + texts.section("rulings", "where.gloss", {"gloss": gloss}, lang)
            parts.append(text)
    return ", ".join(parts) or None


def note_dict(f: Finding, lang: str | None = None, ruleset=None) -> dict:
    d = {"note": f.rule, "step": f.step, "message": texts.note_message(f.rule, f.params, lang), "source": f.source}
    if f.inherited:
        d["inherited"] = f.inherited
    if ruleset is not None:
        from canasta_tutor.engine.citing import note_cite

        d["cite"] = cite_dict(ruleset, note_cite(f.rule, f.params)[1], lang, f.param)
    return d


def verdict_dict(v: Verdict, lang: str | None = None) -> dict:
    from canasta_tutor.play.finishing import finish, finished

    end = finish(v)
    d = {
        "ruleset": v.ruleset.id,
        "move": v.move,
        "legal": v.legal,
        "violations": [finding_dict(f, lang, ruleset=v.ruleset) for f in v.violations],
        "notes": [note_dict(f, lang, v.ruleset) for f in v.notes],
        "score": score_dict(v.score, lang) if v.score is not None else None,
        "went_out": v.went_out,
        "concealed": v.concealed,
        "finished": finished(v),
        "can_finish": end.possible,
    }
    param, rule = v.cites
    d["cite"] = cite_dict(v.ruleset, rule, lang, param)
    if end.possible is False:
        d["dead_end"] = [{"move": move, "rule": rule} for move, rule in end.blocked]
    d["status"] = _status(v, d, lang)
    return d


def _status(v: Verdict, d: dict, lang: str | None) -> str | None:
    """One sentence on whether the turn is over, for a legal move (None for an illegal one)."""
    if not v.legal:
        return None
    if d["finished"]:
        return texts.section("rulings", "finished", lang=lang)
    if d["can_finish"] is False:
        rules = []
        for b in d.get("dead_end", []):
            title = texts.rule_entry(b["rule"], lang).get("title", b["rule"])
            if title not in rules:
                rules.append(title)
        if not rules:
            return texts.section("rulings", "dead-end-plain", lang=lang)
        return texts.section("rulings", "dead-end", {"rules": "; ".join(rules)}, lang)
    if d["can_finish"] is None:
        return texts.section("rulings", "open-unknown", lang=lang)
    return texts.section("rulings", "open" if v.state.drawn else "open-draw", lang=lang)


def score_dict(r: ScoreReport, lang: str | None = None) -> dict:
    return {
        "ruleset": r.ruleset,
        "out": r.out,
        "concealed": r.concealed,
        "sides": [{"name": s.name,
                   "lines": [{"rule": ln.rule, "points": ln.points,
                              "detail": texts.score_detail(ln.rule, ln.params, lang)} for ln in s.lines],
                   "hand_total": s.hand_total, "before": s.before, "total": s.total} for s in r.sides],
        "game_over": r.game_over,
        "winner": r.winner,
        "tie": bool(r.tie),
        "notes": [texts.score_note(k, p, lang) for k, p in r.notes],
    }


def _class_name(cls: str, lang: str | None) -> str:
    return texts.section("moves", f"classes.{cls}", lang=lang) if cls.startswith("3") else texts.rank_name(cls, lang)


def option_dict(o: Option, lang: str | None = None) -> dict:
    return {
        "move": o.move,
        "kind": o.kind,
        "notes": [texts.note_message(n.rule, n.params, lang) for n in o.verdict.notes],
        "ways": o.ways,
        "choices": [texts.section("moves", "choice", {"used": u, "held": h, "name": _class_name(c, lang)}, lang)
                    for u, h, c in o.choices]
        + ([texts.section("moves", "shares", {"shares": o.shares}, lang)] if o.shares > 1 else []),
    }


def moves_dict(ml: MoveList, lang: str | None = None) -> dict:
    from canasta_tutor.play.moves import KINDS

    t = ml.table
    order = {k: i for i, k in enumerate(KINDS)}
    options = sorted(ml.options, key=lambda o: order[o.kind])
    notes = [texts.section("moves", n, lang=lang) for n in ml.notes]
    if ml.stopped is not None:
        notes.append(texts.section("listing_bounds", "ruling-limit", {"rulings": ml.stopped}, lang))
    elif ml.truncated:
        notes.append(texts.section("moves", "truncated", lang=lang))
    if not t.side_of(t.turn.player).has_melded and any(
            o.kind == "meld" or o.kind == "take" and len(o.steps) > 1 for o in options):
        notes.append(texts.section("moves", "initial-smallest", lang=lang))
    return {
        "ruleset": t.ruleset.id,
        "player": t.turn.player,
        "phase": t.turn.phase,
        "moves": [option_dict(o, lang) for o in options],
        "count": len(options),
        "ways": ml.ways,
        "truncated": ml.truncated,
        "stopped": ml.stopped is not None,
        "notes": notes,
    }


def hint_dict(h: Hint, lang: str | None = None) -> dict:
    return {
        "move": h.option.move if h.option else None,
        "kind": h.option.kind if h.option else None,
        "reason": texts.section(getattr(h, "catalog", "hints"),
                                h.reason + ("-plain" if h.reason == "dead-end" and not h.params.get("rules") else ""),
                                h.params, lang),
        "why": h.reason,
        "notes": [texts.note_message(n.rule, n.params, lang) for n in h.option.verdict.notes] if h.option else [],
    }
