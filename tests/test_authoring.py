"""Teachers' tools: JSON Schemas editors accept, skeletons that lint clean, files never overwritten."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from clirun import Ran, run_in_process

from canasta_tutor.teaching.schema import KINDS, schema

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
LESSONS = sorted((ROOT / "canasta_tutor" / "learning" / "lessons").glob("*.yaml"))


def run(*args, cwd: Path) -> Ran:
    proc = run_in_process(*args, cwd=cwd, env={"CANASTA_HOME": str(cwd / ".home")})
    assert "Traceback" not in proc.stdout + proc.stderr
    return proc


def validator(kind: str):
    s = schema(kind)
    jsonschema.Draft7Validator.check_schema(s)
    return jsonschema.Draft7Validator(s)


@pytest.mark.parametrize("kind", KINDS)
def test_the_schema_is_valid_draft_7(kind):
    validator(kind)


@pytest.mark.parametrize("path", SCENARIOS + [ROOT / "canasta_tutor" / "examples" / "table.yaml"], ids=lambda p: p.name)
def test_every_shipped_scenario_matches_the_scenario_schema(path):
    errors = list(validator("scenario").iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
    assert not errors, [e.message for e in errors]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_matches_the_lesson_schema(path):
    errors = list(validator("lesson").iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
    assert not errors, [e.message for e in errors]


def test_the_snapshot_schema_refuses_what_the_loader_refuses():
    v = validator("snapshot")
    good = yaml.safe_load((ROOT / "canasta_tutor" / "examples" / "table.yaml").read_text(encoding="utf-8"))
    assert v.is_valid(good)
    assert not v.is_valid(good | {"colour": "blue"})                        # an unknown key
    assert not v.is_valid(good | {"discard": "9H 3D ZZ"})                   # not a card
    assert not v.is_valid(good | {"discard": "9H 3"})                       # a three without its suit
    assert not v.is_valid(good | {"turn": {"player": "Ann", "phase": "later"}})
    assert not v.is_valid(good | {"house_rules": {"deck_size": 3}})         # not a house rule
    assert v.is_valid(good | {"x-note": "anything"})


def test_schema_command_prints_json(tmp_path):
    proc = run("schema", "lesson", cwd=tmp_path)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["title"].startswith("Canasta lesson")
    assert run("schema", "nonsense", cwd=tmp_path).returncode == 2


@pytest.mark.parametrize("kind", ["scenario", "lesson"])
def test_new_writes_a_skeleton_that_lints_clean_and_points_at_its_schema(kind, tmp_path):
    proc = run("new", kind, "mine.yaml", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "mine.yaml").read_text(encoding="utf-8")
    first = text.splitlines()[0]
    # an absolute file URL: a copy of the file in another folder still finds its schema
    schema = (tmp_path / f"canasta-{kind}.schema.json").resolve()
    assert first == f"# yaml-language-server: $schema={schema.as_uri()}"
    assert schema.exists()
    assert validator(kind).is_valid(yaml.safe_load(text))
    lint = run("lint", "mine.yaml", cwd=tmp_path)
    assert lint.returncode == 0, lint.stdout


def test_new_never_overwrites(tmp_path):
    (tmp_path / "mine.yaml").write_text("precious: true\n")
    proc = run("new", "scenario", "mine.yaml", cwd=tmp_path)
    assert proc.returncode == 3 and "already exists" in proc.stderr
    assert (tmp_path / "mine.yaml").read_text() == "precious: true\n"
    assert run("new", "scenario", "no/such/dir/x.yaml", cwd=tmp_path).returncode == 3
    assert run("new", "poem", "x.yaml", cwd=tmp_path).returncode == 2


def test_new_with_a_ruleset_and_odd_names(tmp_path):
    assert run("new", "scenario", "d.yaml", "--ruleset", "danish", cwd=tmp_path).returncode == 0
    assert "ruleset: danish" in (tmp_path / "d.yaml").read_text()
    assert run("new", "scenario", "e.yaml", "--ruleset", "classic-2p", cwd=tmp_path).returncode == 3
    # an empty name is a usage mistake: exit 2 (issue 24; it was 3, the code of a bad file)
    assert run("new", "scenario", "", cwd=tmp_path).returncode == 2
    proc = run("new", "lesson", "canasta-lesson.schema.json", cwd=tmp_path)
    assert proc.returncode == 3 and not (tmp_path / "canasta-lesson.schema.json").exists()
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "nowhere")
    assert run("new", "scenario", "dangling.yaml", cwd=tmp_path).returncode == 3
