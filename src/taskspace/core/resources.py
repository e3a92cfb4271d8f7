"""Locates the project's non-Python folders (``cypher/``, ``metapaths/``, ``loaders/`` …).

In a checkout (editable install) they sit at the repository root; in a wheel they are
packed under ``taskspace/_resources``. Looking in both keeps one code path for both.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_REPO_ROOT = _PACKAGE_DIR.parent.parent


def resource_dir(name: str) -> Path:
    """The folder ``name`` (e.g. ``"cypher"``), packed or in the checkout."""
    packed_names = {"docker/local-neo4j": "local-neo4j"}
    packed = _PACKAGE_DIR / "_resources" / packed_names.get(name, name)
    if packed.is_dir():
        return packed
    checkout = _REPO_ROOT / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"taskspace resource folder {name!r} is missing from the install")
