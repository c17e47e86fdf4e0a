"""What Tab completes, beyond the commands and options that Typer completes by itself: rule ids,
lesson ids, ruleset ids and house-rule keys.

Each function is given to an option as ``autocompletion=`` and runs only while the shell asks for
completions; the engine is imported inside it, so declaring them costs ``check`` nothing at start-up.
Files are left to the shell (bash and zsh offer files when we offer nothing)."""
from __future__ import annotations


def rule_ids(incomplete: str) -> list[tuple[str, str]]:
    """Rule ids with their titles, for ``explain``."""
    from canasta_tutor import texts
    from canasta_tutor.engine.rules import RULES

    ids = sorted(RULES)
    return [(r, texts.rule_entry(r).get("title", "")) for r in ids if r.startswith(incomplete)] + \
        ([("all", "")] if "all".startswith(incomplete) else [])


def drill_ids(incomplete: str) -> list[str]:
    """The rule ids a quiz can drill, for ``quiz --rules``."""
    from canasta_tutor.learning.quiz import drillable

    return [r for r in drillable() if r.startswith(incomplete)]


def lesson_ids(incomplete: str) -> list[str]:
    """The built-in lessons' ids and 'list' (a lesson file completes as a file)."""
    from canasta_tutor.learning.lesson import builtin_lessons

    ids = [p.stem.split("-", 1)[-1] for p in builtin_lessons()] + ["list"]
    return [i for i in ids if i.startswith(incomplete)]


def ruleset_ids(incomplete: str) -> list[str]:
    """The built-in rulesets (a ruleset file completes as a file)."""
    from canasta_tutor.engine.ruleset import BUILTIN

    return [r for r in BUILTIN if r.startswith(incomplete)]


def example_names(incomplete: str) -> list[str]:
    """The bundled examples' file names."""
    from canasta_tutor.teaching.examples import names

    return [n for n in names() if n.startswith(incomplete)]


def house_keys(incomplete: str) -> list[tuple[str, str]]:
    """``KEY=`` for every house rule, with what it means; once the key is typed, the values a yes/no
    or a choice can take."""
    from canasta_tutor.engine.ruleset import PARAMS

    house = {p: spec for p, spec in PARAMS.items() if spec.house}
    if "=" in incomplete:
        spec = house.get(incomplete.split("=", 1)[0])
        if spec is None:  # not a house rule: nothing to offer after its "="
            return []
        values = ("true", "false") if spec.kind == "bool" else spec.choices
        return [(f"{spec.name}={v}", "") for v in values if f"{spec.name}={v}".startswith(incomplete)]
    return [(f"{k}=", spec.help) for k, spec in house.items() if k.startswith(incomplete)]


def schema_kinds(incomplete: str) -> list[str]:
    return [k for k in ("snapshot", "scenario", "lesson", "pack") if k.startswith(incomplete)]


def skeleton_kinds(incomplete: str) -> list[str]:
    return [k for k in ("scenario", "lesson", "table") if k.startswith(incomplete)]
