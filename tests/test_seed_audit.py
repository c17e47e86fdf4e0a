"""The seed rulesets cite their own pages at places those pages have, and the seed audit names them.

``tests/data/pages.yaml`` outlines each seed page (its headings as written and how
many paragraphs stand under each); ``docs/seed-audit.md`` lists every rule of the pages. Every
parameter of a seed ruleset must cite either its own page, at a heading and paragraph the page has, or
pagat (the official laws it inherits); and every place on a seed page must have its row in the audit.
Only files of the repository are read.
"""
import re
from pathlib import Path

import pytest
import yaml

from canasta_tutor.engine.citing import NOTE_CITES
from canasta_tutor.engine.rules import RULES
from canasta_tutor.engine.ruleset import BASE, OFFICIAL, PARAMS, RULESET_DIR, load_ruleset

ROOT = Path(__file__).resolve().parents[1]
PAGES = yaml.safe_load((Path(__file__).parent / "data" / "pages.yaml").read_text(encoding="utf-8"))
AUDIT = (ROOT / "docs" / "seed-audit.md").read_text(encoding="utf-8")
SEEDS = ("classic", "classic-2p", "classic-3p", "classic-6p", "brazilian", "danish", "dutch-house")
LEAD = "(lead)"  # the audit's name for the paragraphs above a page's first heading
COMMENTS = "50 tanker om “Canasta"  # S2's reader comments, numbered, not paragraphs


def _span(place: dict) -> tuple[int, int] | None:
    """The paragraphs (or the comment) a place names, first and last; None when it names none."""
    if "comment" in place:
        return place["comment"], place["comment"]
    if "paragraph" in place:
        return place["paragraph"], place["paragraph"]
    if "paragraphs" in place:
        m = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", str(place["paragraphs"]))
        return (int(m[1]), int(m[2])) if m and int(m[1]) <= int(m[2]) else (0, -1)
    return None


def place_problem(page: str, place: dict) -> str | None:
    """Why ``place`` is not a place on the seed page ``page``; None when it is one."""
    outline = PAGES.get(page)
    if outline is None:
        return f"{page} is not a seed page of pages.yaml"
    if not place:
        return "the place is empty"
    if "topic" in place:
        return "a topic is for pagat's page, not for a seed page"
    span = _span(place)
    if span == (0, -1):
        return f"paragraphs {place['paragraphs']!r} is not a range like '4-5'"
    if "section" not in place:  # a paragraph above the page's first heading
        lead = outline.get("lead", 0)
        if span is None or "comment" in place:
            return "a place without a section must give the paragraph above the first heading"
        if not 1 <= span[0] <= span[1] <= lead:
            return f"{page} has {lead} paragraph(s) above its first heading, not {span[0]}-{span[1]}"
        return None
    section = place["section"]
    sections = outline["sections"]
    if section not in sections:
        return f"{page} has no heading {section!r}; its headings: {', '.join(sections)}"
    count = sections[section]
    if ("comment" in place) != (section == COMMENTS):
        return "reader comments are cited by comment number, and only under the comments heading"
    if span is None:
        if count > 1 or section == COMMENTS:
            return f"section {section!r} has {count} paragraphs: the place must say which"
        return None
    if not 1 <= span[0] <= span[1] <= count:
        return f"section {section!r} of {page} has {count}, not {span[0]}-{span[1]}"
    return None


def _stated_sources(rs) -> set[str]:
    """The pages a ruleset may cite besides pagat: its own, and any page its file, or a file it
    extends, names under ``sources:`` (a six-player file citing the Dutch page's deal, say)."""
    allowed = {rs.source}
    rid = rs.id
    while rid:
        data = yaml.safe_load((RULESET_DIR / f"{rid}.yaml").read_text(encoding="utf-8"))
        allowed |= set((data.get("sources") or {}).values())
        rid = data.get("extends") or (BASE if data["id"] != BASE else None)
    return allowed - {OFFICIAL}


def _seed_places(rid: str):
    """(kind, name, page, place) for every parameter and rule id the ruleset places on a seed page."""
    rs = load_ruleset(rid)
    for name in PARAMS:
        src, place = rs.cited(name)
        if src in PAGES:
            yield "parameter", name, src, place
    for rule_id, (src, place) in rs.rule_places.items():
        if src in PAGES:
            yield "rule", rule_id, src, place


@pytest.mark.parametrize("rid", SEEDS)
def test_every_parameter_cites_its_own_page_at_a_real_place_or_inherits_pagat(rid):
    rs = load_ruleset(rid)
    assert rs.source in PAGES, f"{rid}: its source {rs.source} is not a seed page of pages.yaml"
    allowed = _stated_sources(rs)
    problems = []
    for name in PARAMS:
        src, place = rs.cited(name)
        if src == OFFICIAL:
            if rs.inherited(OFFICIAL) != f"inherited from {BASE}":
                problems.append(f"{rid}: {name} cites pagat but is not called inherited from {BASE}")
            if not place.get("topic"):
                problems.append(f"{rid}: {name} cites pagat without a topic of its page: {place}")
            continue
        if src not in allowed:
            problems.append(f"{rid}: {name} cites {src}, neither its own page {rs.source} nor pagat")
            continue
        why = place_problem(src, place)
        if why:
            problems.append(f"{rid}: {name} cites {src} at {place}: {why}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("rid", SEEDS)
def test_every_rule_id_placed_on_a_seed_page_has_a_real_place(rid):
    rs = load_ruleset(rid)
    problems = []
    for rule_id, (src, place) in rs.rule_places.items():
        if rule_id not in RULES and not (rule_id.startswith("note.") and rule_id[5:] in NOTE_CITES):
            problems.append(f"{rid}: places names {rule_id!r}, neither a parameter nor a rule or note id")
            continue
        if src == OFFICIAL:
            if not place.get("topic"):
                problems.append(f"{rid}: rule {rule_id} cites pagat without a topic: {place}")
            continue
        why = place_problem(src, place)
        if why:
            problems.append(f"{rid}: rule {rule_id} cites {src} at {place}: {why}")
    assert not problems, "\n".join(problems)


def _audit_rows() -> dict[str, list[list[str]]]:
    """The audit's table rows by page (S0..S3, from the ``## S<n>`` heading above them), as cells."""
    rows: dict[str, list[list[str]]] = {}
    page = None
    for line in AUDIT.splitlines():
        heading = re.match(r"##\s+(S\d)\b", line)
        if heading:
            page = heading[1]
            continue
        if line.startswith("## "):
            page = None
        if page and line.startswith("|") and not re.match(r"\|\s*-", line):
            rows.setdefault(page, []).append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def _numbers(cell: str) -> set[int]:
    """The paragraphs or comments an audit row's ¶ cell names: 3, 2-5, C11."""
    found: set[int] = set()
    for a, b in re.findall(r"(\d+)(?:\s*-\s*(\d+))?", cell):
        found.update(range(int(a), int(b or a) + 1))
    return found


@pytest.mark.parametrize("rid", SEEDS)
def test_every_seed_place_has_its_row_in_the_audit(rid):
    rows = _audit_rows()
    missing = []
    for kind, name, page, place in _seed_places(rid):
        section = place.get("section", LEAD)
        named = re.compile(r"`" + re.escape(name) + r"(?![\w.-])")
        span = _span(place)
        wanted = set(range(span[0], span[1] + 1)) if span else None
        hits = [r for r in rows.get(page, []) if len(r) >= 4 and r[0] == section and named.search(" | ".join(r[2:]))
                and (wanted is None or _numbers(r[1]) & wanted)]
        if not hits:
            where = f"section {section!r}" + (f", ¶ {place.get('paragraph') or place.get('paragraphs') or 'C' + str(place.get('comment'))}"
                                               if span else "")
            missing.append(f"{rid}: {kind} {name} is placed on {page} at {where}, "
                           f"but docs/seed-audit.md has no row there naming `{name}`")
    assert not missing, "\n".join(missing)


def test_the_outline_counts_every_page_and_the_comments():
    assert set(PAGES) == {"S0", "S1", "S2", "S3"}
    for page, outline in PAGES.items():
        assert outline["language"] in ("nl", "da"), page
        assert outline["sections"] and all(isinstance(n, int) and n >= 0 for n in outline["sections"].values()), page
    assert PAGES["S2"]["sections"][COMMENTS] == 28
