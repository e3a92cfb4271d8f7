"""The project's imports read from its source with ``ast`` (top-level and inside functions),
for the tests that check the package structure."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.locations import REPO

SRC = REPO / "src" / "taskspace"


def module_name(path: Path) -> str:
    """``src/taskspace/a/b.py`` -> ``taskspace.a.b`` (a package by its folder's name)."""
    parts = ["taskspace", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every taskspace name a file imports: modules, and ``module.name`` for each name taken
    from one (so that ``from pkg import submodule`` counts as importing the submodule)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("taskspace.")}
