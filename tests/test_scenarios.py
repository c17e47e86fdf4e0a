"""Every scenario file in the repository, run through the same code path as `canasta lint`."""
from pathlib import Path

import pytest

from canasta_tutor import api, texts
from canasta_tutor.engine.rules import RULES
from canasta_tutor.files.snapshot import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
SPEC_IDS = [line.strip() for line in (Path(__file__).parent / "spec_rule_ids.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_scenario_agrees_with_engine(path):
    checked, problems = api.lint_file(path)
    assert not problems, "\n".join(map(str, problems))
    assert checked > 0, f"{path} states no answer to check"


def test_every_spec_rule_id_is_registered():
    assert set(SPEC_IDS) <= set(RULES)


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_has_text_and_a_bad_and_a_good_scenario(rule_id):
    entry = texts.rule_entry(rule_id)
    assert entry.get("title") and entry.get("text") and entry.get("message"), f"{rule_id} lacks texts"
    path = ROOT / "scenarios" / "rules" / f"{rule_id}.yaml"
    assert path.exists(), f"no scenario file for {rule_id}"
    scenario = load_scenario(path)
    expectations = [c.expect for c in scenario.checks] + [e for c in scenario.checks for e in c.by_ruleset.values()]
    assert any(not e.legal and rule_id in e.rules for e in expectations), f"{rule_id}: no bad example"
    assert any(e.legal for e in expectations), f"{rule_id}: no good example"


def test_every_message_case_is_reached_by_a_scenario():
    """Each rule's message (and each of its cases) is produced by at least one scenario check."""
    from canasta_tutor.engine.judge import judge

    seen: set[tuple[str, str]] = set()
    for path in SCENARIOS:
        scenario = load_scenario(path)
        for c in scenario.checks:
            tables = [scenario.table] + [load_scenario(path, rid).table for rid in c.by_ruleset]
            for table in tables:
                for f in judge(table, c.move).violations:
                    seen.add((f.rule, f.params.get("why", "")))
    for rule_id in RULES:
        message = texts.rule_entry(rule_id)["message"]
        cases = list(message) if isinstance(message, dict) and "other" not in message else [""]
        for case in cases:
            assert (rule_id, case) in seen, f"{rule_id} message case '{case}' is never produced by a scenario"


def test_lint_catches_a_wrong_stated_answer(tmp_path):
    src = (ROOT / "scenarios" / "rules" / "pile.black-three-on-top.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.replace("legal: true", "legal: false", 1))
    _, problems = api.lint_file(bad)
    assert problems and all(p.kind == "disagrees" and p.line > 0 for p in problems)
