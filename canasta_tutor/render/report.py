"""Verdicts and scores as plain data: the ``--json`` shapes of the command-line contract."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from canasta_tutor import texts
from canasta_tutor.engine.citing import Citation
from canasta_tutor.engine.judge import Finding, Verdict
from canasta_tutor.engine.move import Step
from canasta_tutor.engine.ruling import Ruling
from canasta_tutor.engine.table import Table

if TYPE_CHECKING:
    from canasta_tutor.engine.scoring import ScoreReport


# What this module reads of a listing and a hint (``play.moves.MoveList``, ``play.coach.Advice``):
# rendering sits above the players' layer and imports nothing from it.
class Option(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def steps(self) -> list[Step]: ...
    @property
    def verdict(self) -> Verdict: ...
    @property
    def ways(self) -> int: ...
    @property
    def choices(self) -> list[tuple[int, int, str]]: ...
    @property
    def shares(self) -> int: ...
    @property
    def move(self) -> str: ...


class MoveList(Protocol):
    @property
    def kinds(self) -> tuple[str, ...]: ...  # the order the kinds of move are listed in (read only)
    @property
    def table(self) -> Table: ...
    @property
    def options(self) -> Sequence[Option]: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def stopped(self) -> int | None: ...
    @property
    def ways(self) -> int: ...


class Hint(Protocol):
    @property
    def option(self) -> Option | None: ...
    @property
    def reason(self) -> str: ...
    @property
    def params(self) -> dict[str, Any]: ...
    @property
    def catalog(self) -> str: ...


def finding_dict(f: Finding, lang: str | None = None, note: bool = False, cited: bool = False) -> dict:
    message = texts.note_message(f.rule, f.params, lang) if note else texts.rule_message(f.rule, f.params, lang)
    d = {"rule": f.rule, "step": f.step, "message": message, "source": f.source}
    if f.inherited:
        d["inherited"] = f.inherited
    if f.params.get("also_steps"):
        d["also_steps"] = list(f.params["also_steps"])
    if cited and f.cite is not None:
        d["cite"] = cite_dict(f.cite, lang)
    return d


def cite_dict(c: Citation, lang: str | None = None) -> dict:
    """``{id, title, url, where}``: a citation (the engine's, worked out once) as plain data, and where
    on its page the rule is said (None when the place is not recorded)."""
    d = {"id": c.id, "title": texts.source_title(c.id, c.title, lang), "url": c.url, "where": where_text(c, lang)}
    if c.inherited:
        d["inherited"] = c.inherited
    return d


def where_text(c: Citation, lang: str | None = None) -> str | None:
    if c.id == "house rule":
        return texts.section("rulings", "where.house", lang=lang)
    place = c.place
    parts = []
    if "topic" in place:
        parts.append(texts.section("rulings", f"where.topics.{place['topic']}", lang=lang))
    for key in ("section", "paragraph", "paragraphs", "comment"):
        if key in place:
            text = texts.section("rulings", f"where.{key}", place, lang)
            if key == "section":
                gloss = texts.heading_gloss(c.id, place["section"], lang)
                if gloss:
                    text += " " + texts.section("rulings", "where.gloss", {"gloss": gloss}, lang)
            parts.append(text)
    return ", ".join(parts) or None


def note_dict(f: Finding, lang: str | None = None, cited: bool = False) -> dict:
    d = {"note": f.rule, "step": f.step, "message": texts.note_message(f.rule, f.params, lang), "source": f.source}
    if f.inherited:
        d["inherited"] = f.inherited
    if cited and f.cite is not None:
        d["cite"] = cite_dict(f.cite, lang)
    return d


def verdict_dict(r: Ruling, lang: str | None = None) -> dict:
    """A ruling as plain data. Only reads it: whether the turn can still be finished is the ruling's
    own answer, worked out (once) by whoever made it."""
    d = {
        "ruleset": r.ruleset.id,
        "move": r.move,
        "legal": r.legal,
        "violations": [finding_dict(f, lang, cited=True) for f in r.violations],
        "notes": [note_dict(f, lang, cited=True) for f in r.notes],
        "score": score_dict(r.score, lang) if r.score is not None else None,
        "went_out": r.went_out,
        "concealed": r.concealed,
        "finished": r.finished,
        "can_finish": r.can_finish,
    }
    d["cite"] = cite_dict(r.cite, lang)
    if r.can_finish is False:
        d["dead_end"] = [{"move": move, "rule": rule} for move, rule in r.dead_end]
    d["status"] = _status(r, d, lang)
    return d


def _status(v: Ruling, d: dict, lang: str | None) -> str | None:
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
    t = ml.table
    order = {k: i for i, k in enumerate(ml.kinds)}
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
