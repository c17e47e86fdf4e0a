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
    {"record", "cards", "notation", "bounds"},
    {"parameters"},
    {"ruleset"},
    {"table", "move"},
    {"plain", "hand"},
    {"facts"},
    {"state"},
    {"rules", "decisive", "citing"},
    {"judge", "scoring"},
    {"near"},
    {"ruling"},
    {"kernel"},
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


def _runtime_nodes(tree: ast.AST):
    """Every node of ``tree`` outside ``if TYPE_CHECKING:`` blocks, which name types for the type
    checker and never run: they make no import edge."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports_of(path: Path) -> list[tuple[str, bool]]:
    """(package-relative dotted name, imported at module level) for every import of the package in a
    file (``engine.cards``, ``texts``...), functions' local imports included. A name imported from a
    package (``from canasta_tutor.engine import judge``) is that module when it is one."""
    tree = ast.parse(path.read_text())
    parts = module_name(path)
    package = parts if path.name == "__init__.py" else parts[:-1]
    top_level = {id(n) for n in tree.body}
    found = []
    for node in _runtime_nodes(tree):
        at_top = id(node) in top_level
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module and (node.module == "canasta_tutor" or node.module.startswith("canasta_tutor.")):
                target = node.module.removeprefix("canasta_tutor").lstrip(".")
            else:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                found.append((sub if _is_module(sub) else target, at_top))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("canasta_tutor."):
                    found.append((alias.name.removeprefix("canasta_tutor."), at_top))
    return [(t, top) for t, top in found if t]


def _is_module(dotted: str) -> bool:
    base = PKG.joinpath(*dotted.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def internal_imports(path: Path) -> set[str]:
    """The package-relative dotted names that a file imports, wherever in the file."""
    return {t for t, _ in imports_of(path)}


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


def test_render_imports_nothing_from_play():
    """Rendering only reads rulings, listings and hints; it never runs the players' searches (whether a
    turn can be finished is the ruling's own answer). Type-only imports count too."""
    errors = []
    for path in (PKG / "render").rglob("*.py"):
        errors += [f"{path.name} imports {t}" for t in internal_imports(path) if t.split(".")[0] == "play"]
    assert not errors, errors


def _graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (functions' local imports included)."""
    graph: dict[str, set[str]] = {}
    for path in python_files():
        name = ".".join(module_name(path)) or "__init__"
        graph[name] = {t for t in internal_imports(path) if t != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        group.append(top)
                        if top == node:
                            break
                    if len(group) > 1:
                        circles.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return circles


def test_no_import_circle_anywhere():
    """No module imports, through others, a module that imports it back, not even inside a function."""
    assert not import_circles(_graph())


def test_the_circle_test_finds_a_circle():
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []
