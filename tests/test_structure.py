"""The package's layout and the direction of its imports.

Subpackages are layered: a module may import only from its own subpackage or an earlier one. Inside
the engine the modules are layered too (cards before the table, the rules before the judge...).
"""
import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "canasta_tutor"

# Each subpackage (or top-level module) may import only from the same or an earlier layer.
PACKAGES = [
    {"reading"},
    {"engine"},
    {"files"},
    {"texts"},
    {"play"},
    {"render"},
    {"learning"},
    {"teaching"},
    {"api"},
    {"cli", "__main__"},
]

# Inside the engine: each module may import only from the same or an earlier layer.
ENGINE = [
    {"record", "cards", "notation"},
    {"ruleset"},
    {"table", "move"},
    {"hand"},
    {"facts"},
    {"state"},
    {"rules", "decisive", "citing"},
    {"judge", "scoring"},
]

TOP_LEVEL = {"__init__", "__main__", "api", "cli"}


def layer_in(layers, name: str) -> int:
    for i, names in enumerate(layers):
        if name in names:
            return i
    raise AssertionError(f"{name} has no layer")


def module_name(path: Path) -> list[str]:
    parts = list(path.relative_to(PKG).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def internal_imports(path: Path) -> set[str]:
    """The package-relative dotted names that a file imports (``engine.cards``, ``texts``...)."""
    tree = ast.parse(path.read_text())
    parts = module_name(path)
    package = parts if path.name == "__init__.py" else parts[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and (node.module == "canasta_tutor" or node.module.startswith("canasta_tutor.")):
                target = node.module.removeprefix("canasta_tutor").lstrip(".")
            else:
                continue
            if target:
                found.add(target)
            else:  # "from canasta_tutor import texts": the names are modules
                found.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("canasta_tutor."):
                    found.add(alias.name.removeprefix("canasta_tutor."))
    return found


def python_files():
    return [p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts]


def test_imports_flow_one_way_between_subpackages():
    errors = []
    for path in python_files():
        parts = module_name(path)
        if not parts:
            continue
        mine = layer_in(PACKAGES, parts[0])
        for target in internal_imports(path):
            top = target.split(".")[0]
            if top != parts[0] and layer_in(PACKAGES, top) > mine:
                errors.append(f"{'.'.join(parts)} imports {target}")
    assert not errors, errors


def test_imports_flow_one_way_inside_the_engine():
    errors = []
    for path in (PKG / "engine").rglob("*.py"):
        parts = module_name(path)
        if len(parts) < 2:
            continue
        mine = layer_in(ENGINE, parts[1])
        for target in internal_imports(path):
            bits = target.split(".")
            if bits[0] != "engine" or len(bits) < 2 or bits[1] == parts[1]:
                continue
            if layer_in(ENGINE, bits[1]) > mine:
                errors.append(f"{'.'.join(parts)} imports {target}")
    assert not errors, errors


def test_top_level_keeps_only_the_entry_points():
    top = {p.stem for p in PKG.glob("*.py")} | {p.name for p in PKG.iterdir() if p.is_dir() and
                                                  (p / "__init__.py").exists() and p.name == "cli"}
    assert top <= TOP_LEVEL, top - TOP_LEVEL
    assert len(list(PKG.glob("*.py"))) <= 8


def test_every_subpackage_says_its_purpose():
    for init in PKG.rglob("__init__.py"):
        if "__pycache__" in init.parts or init.parent == PKG:
            continue
        doc = ast.get_docstring(ast.parse(init.read_text()))
        assert doc and len(doc.split()) >= 8, f"{init.parent.name} has no docstring saying its purpose"


def test_every_module_has_a_layer():
    for path in python_files():
        parts = module_name(path)
        if parts:
            layer_in(PACKAGES, parts[0])
            if parts[0] == "engine" and len(parts) > 1:
                layer_in(ENGINE, parts[1])


def test_cli_imports_no_engine_at_start():
    """Start-up speed: the CLI modules import only Typer, the standard library and each other at module
    level; everything else is imported inside the command that needs it. The one exception is the English
    help, a generated module of plain strings (texts/help_en.py), which every command's help reads."""
    allowed = {"__future__", "collections", "contextvars", "functools", "json", "os", "sys", "types", "typing", "typer"}
    data = {"canasta_tutor.texts.help_en"}
    for path in (PKG / "cli").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.Import):
                names = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {node.module.split(".")[0]} if not node.module.startswith("canasta_tutor.cli") \
                    and node.module not in data else set()
            else:
                continue
            assert names <= allowed, f"{path.name} imports {names - allowed} at start-up"
