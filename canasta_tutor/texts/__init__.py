"""User-facing text, kept apart from the rules: one YAML catalog per language, English the fallback.

The language comes from ``--lang`` or the ``CANASTA_LANG`` environment variable."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).parent


def language() -> str:
    return os.environ.get("CANASTA_LANG", "en").split(".")[0].split("_")[0].lower() or "en"


def available() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.yaml"))


@lru_cache(maxsize=8)
def catalog(lang: str = "en") -> dict:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    base = yaml.load((HERE / "en.yaml").read_text(encoding="utf-8"), Loader=loader)
    if lang != "en" and (HERE / f"{lang}.yaml").exists():
        extra = yaml.load((HERE / f"{lang}.yaml").read_text(encoding="utf-8"), Loader=loader) or {}
        for section, entries in extra.items():
            merged = base.setdefault(section, {})
            for key, value in (entries or {}).items():
                if isinstance(value, dict) and isinstance(merged.get(key), dict):
                    merged[key] = {**merged[key], **value}
                else:
                    merged[key] = value
    return base


def plural_form(n: int, lang: str | None = None) -> str:
    """The CLDR plural category of ``n``: ``one`` or ``other`` in the languages we speak so far."""
    return "one" if n == 1 else "other"


def _fill(template, params: dict) -> str:
    """Fill a catalog entry. An entry may be plural-aware: a mapping with ``one`` and ``other`` forms and
    ``count`` naming the parameter that decides (``n`` when not given), so no text says "card(s)"."""
    if isinstance(template, dict) and "other" in template:
        n = params.get(template.get("count", "n"), 0)
        template = template.get(plural_form(n if isinstance(n, int) else 0), template["other"])
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return str(template)


def counted(key: str, n: int, lang: str | None = None) -> str:
    """``n`` things, worded by the ``counts`` section: counted("card", 1) is "1 card", 2 gives "2 cards"."""
    entry = catalog(lang or language()).get("counts", {}).get(key, {"one": "{n} " + key, "other": "{n} " + key})
    return _fill(entry, {"n": n})


def rule_entry(rule: str, lang: str | None = None) -> dict:
    return catalog(lang or language())["rules"].get(rule, {"title": rule, "message": rule, "text": ""})


def rule_message(rule: str, params: dict, lang: str | None = None) -> str:
    message = rule_entry(rule, lang).get("message", rule)
    if isinstance(message, dict) and "other" not in message:  # cases by ``why``; a case may be plural-aware
        message = message.get(params.get("why", ""), next(iter(message.values())))
    return _fill(message, params)


def note_message(key: str, params: dict, lang: str | None = None) -> str:
    cat = catalog(lang or language())
    params = dict(params)
    if "cards" in params and not isinstance(params["cards"], str):
        from canasta_tutor.engine.cards import format_cards  # naturals by rank, then wild cards

        params["cards"] = format_cards(params["cards"])
    if "kind" in params:
        params["kind"] = cat["kinds"].get(params["kind"], params["kind"])
    if "how" in params:
        params["how_text"] = cat.get("take_how", {}).get(params["how"], params["how"])
    return _fill(cat["notes"].get(key, key), params)


def score_detail(rule: str, params: dict, lang: str | None = None) -> str:
    cat = catalog(lang or language())
    params = dict(params)
    words = cat["words"]
    params["all_text"] = words["red-threes-all"] if params.get("all") else ""
    params["negative_text"] = words["red-threes-negative"] if params.get("negative") else ""
    return _fill(cat["scores"].get(rule, rule), params)


def score_note(key: str, params: dict, lang: str | None = None) -> str:
    return _fill(catalog(lang or language())["score_notes"].get(key, key), params)


def word(key: str, lang: str | None = None) -> str:
    return catalog(lang or language())["words"].get(key, key)


def section(name: str, key: str, params: dict | None = None, lang: str | None = None) -> str:
    """A message of any other section of the catalog (``moves``, ``hints``...), filled in."""
    entries = catalog(lang or language()).get(name, {})
    for part in key.split(".")[:-1]:
        entries = entries.get(part, {})
    params = dict(params or {})
    if "rank" in params:
        params.setdefault("rank_name", _rank_name(params["rank"], lang))
    return _fill(entries.get(key.split(".")[-1], key), params)


def _rank_name(rank: str, lang: str | None) -> str:
    names = catalog(lang or language()).get("rank_names") or {}
    if rank in names:
        return names[rank]
    from canasta_tutor.engine.cards import RANK_NAMES

    return RANK_NAMES.get(rank, rank)
