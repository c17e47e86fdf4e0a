"""The package's imports flow one way: cards → table → rules → judge → moves → rendering → CLI."""
import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "canasta_tutor"

# Each module may import only modules of an earlier layer (or its own layer, where listed together).
LAYERS = [
    {"cards", "source", "record"},
    {"ruleset"},
    {"table", "move"},
    {"snapshot", "state"},
    {"rules"},
    {"judge", "scoring"},
    {"moves"},
    {"hint", "selfplay", "lesson", "progress", "quiz", "schema"},
    {"messages"},
    {"report", "api"},
    {"render"},
    {"tutor"},
    {"cli", "__main__"},
]


def layer_of(module: str) -> int:
    top = module.split(".")[0]
    for i, names in enumerate(LAYERS):
        if top in names:
            return i
    raise AssertionError(f"module {module} has no layer")


def internal_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    rel = path.relative_to(PKG).with_suffix("")
    package = list(rel.parts[:-1])
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                if not target:  # "from . import x" at package root
                    found.update(a.name for a in node.names)
                else:
                    found.add(target)
            elif node.module and node.module.startswith("canasta_tutor."):
                found.add(node.module.removeprefix("canasta_tutor."))
    return {f for f in found if f}


def test_imports_flow_one_way():
    errors = []
    for path in PKG.rglob("*.py"):
        rel = ".".join(path.relative_to(PKG).with_suffix("").parts)
        if rel == "__init__":
            continue
        mine = layer_of(rel)
        for target in internal_imports(path):
            if target.split(".")[0] == rel.split(".")[0]:
                continue
            if layer_of(target) > mine:
                errors.append(f"{rel} imports {target}")
    assert not errors, errors


def test_cli_imports_no_engine_at_start():
    """Start-up speed: the CLI module imports only Typer and the standard library at module level."""
    tree = ast.parse((PKG / "cli.py").read_text())
    top_level = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = {a.name for n in top_level for a in n.names} | {n.module for n in top_level
                                                          if isinstance(n, ast.ImportFrom) and n.module}
    assert names <= {"__future__", "annotations", "json", "os", "sys", "typing", "List", "Optional", "typer"}, names
