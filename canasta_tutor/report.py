"""Verdicts and scores as plain data: the ``--json`` shapes of the command-line contract."""
from __future__ import annotations

from . import messages
from .judge import Finding, Verdict
from .scoring import ScoreReport


def finding_dict(f: Finding, lang: str | None = None, note: bool = False) -> dict:
    message = messages.note_message(f.rule, f.params, lang) if note else messages.rule_message(f.rule, f.params, lang)
    d = {"rule": f.rule, "step": f.step, "message": message, "source": f.source}
    if f.inherited:
        d["inherited"] = f.inherited
    return d


def note_dict(f: Finding, lang: str | None = None) -> dict:
    return {"note": f.rule, "step": f.step, "message": messages.note_message(f.rule, f.params, lang)}


def verdict_dict(v: Verdict, lang: str | None = None) -> dict:
    return {
        "ruleset": v.ruleset.id,
        "move": v.move,
        "legal": v.legal,
        "violations": [finding_dict(f, lang) for f in v.violations],
        "notes": [note_dict(f, lang) for f in v.notes],
        "score": score_dict(v.score, lang) if v.score is not None else None,
        "went_out": v.went_out,
        "concealed": v.concealed,
    }


def score_dict(r: ScoreReport, lang: str | None = None) -> dict:
    return {
        "ruleset": r.ruleset,
        "out": r.out,
        "concealed": r.concealed,
        "sides": [{"name": s.name,
                   "lines": [{"rule": ln.rule, "points": ln.points,
                              "detail": messages.score_detail(ln.rule, ln.params, lang)} for ln in s.lines],
                   "hand_total": s.hand_total, "before": s.before, "total": s.total} for s in r.sides],
        "game_over": r.game_over,
        "winner": r.winner,
        "tie": bool(r.tie),
        "notes": [messages.score_note(k, p, lang) for k, p in r.notes],
    }
