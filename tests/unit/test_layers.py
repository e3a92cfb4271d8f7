"""The package structure: imports point down the pipeline and never run in a loop.

Read from the source with ``ast`` (top-level and function-level imports alike), so a lazy
import inside a function cannot hide an upward dependency.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

from tests.support.source_imports import SRC, imports_of, module_name

LAYERS: tuple[tuple[str, ...], ...] = (
    ("metrics",),
    ("core",),
    ("graph",),
    ("server",),
    ("models",),
    ("sources",),
    ("retrieval", "guidelines"),
    ("tasks",),
    ("generators",),
    ("tools",),
    ("environments",),
    ("agents",),
    ("evaluation",),
    ("reports",),
    ("mcp",),
    ("cli",),
)
"""Bottom to top: a package may import only packages of a lower line (and itself)."""

RANK = {package: rank for rank, line in enumerate(LAYERS) for package in line}


MODULES = {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


def _edges() -> dict[str, set[str]]:
    """Module -> the taskspace modules it imports (names resolved to real modules)."""
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in MODULES.items():
        for imported in imports_of(path):
            while imported and imported not in MODULES:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                edges[name].add(imported)
    return edges


def _package(module: str, depth: int) -> str:
    return ".".join(module.split(".")[1 : 1 + depth])


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages == set(RANK)
    assert [p.name for p in SRC.glob("*.py")] == ["__init__.py"]


def test_no_package_imports_one_above_it() -> None:
    upward = sorted(
        f"{module} -> {imported}"
        for module, targets in _edges().items()
        for imported in targets
        if (low := _package(module, 1))
        and (high := _package(imported, 1))
        and low != high
        and RANK.get(high, -1) >= RANK.get(low, -1)
    )
    assert upward == []


@pytest.mark.parametrize("depth", [1, 2])
def test_packages_import_each_other_without_a_loop(depth: int) -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    for module, targets in _edges().items():
        for imported in targets:
            a, b = _package(module, depth), _package(imported, depth)
            if a and b and a != b and not (b.startswith(a + ".") or a.startswith(b + ".")):
                graph[a].add(b)
    loops = []
    for start in sorted(graph):
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in sorted(graph[node]):
                if nxt == start:
                    loops.append(" -> ".join([*trail, nxt]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*trail, nxt]))
    assert loops == []


def test_no_module_imports_another_modules_private_names() -> None:
    private = sorted(
        f"{module_name(path)}: {node.module}.{alias.name}"
        for path in sorted(SRC.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("taskspace")
        for alias in node.names
        if alias.name.startswith("_")
        and not alias.name.startswith("__")
        and node.module != module_name(path)
    )
    assert private == []


def _declared_public(init: Path) -> tuple[list[str] | None, set[str]]:
    """An ``__init__``'s ``__all__`` (None when it has none) and the names it binds."""
    tree = ast.parse(init.read_text(encoding="utf-8"))
    declared: list[str] | None = None
    bound: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if "__all__" in targets:
                declared = list(ast.literal_eval(node.value))
            bound.update(targets)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            bound.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            bound.add(node.name)
    return declared, bound


def test_every_package_says_its_public_names() -> None:
    """Each ``__init__`` declares ``__all__``; every name in it is bound there or is one of
    the package's modules (a package whose ``__init__`` is only a docstring lists those)."""
    problems = []
    for init in sorted(SRC.rglob("__init__.py")):
        package = module_name(init)
        declared, bound = _declared_public(init)
        if declared is None:
            problems.append(f"{package}: no __all__")
            continue
        modules = {p.stem for p in init.parent.glob("*.py")} | {
            p.parent.name for p in init.parent.glob("*/__init__.py")
        }
        problems += [
            f"{package}.{name}: not defined" for name in declared if name not in bound | modules
        ]
        if not bound - {"__all__"}:  # only a docstring: it lists every public module
            public = {name for name in modules if not name.startswith("_")}
            problems += [f"{package}.{name}: not listed" for name in sorted(public - set(declared))]
        if len(set(declared)) != len(declared):
            problems.append(f"{package}: __all__ names a name twice")
    assert problems == []
