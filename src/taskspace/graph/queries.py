"""Named Cypher queries, read from ``.cypher`` files under ``cypher/`` and ``metapaths/``.

A query is named by its path without the suffix: ``cypher/graph/label_count.cypher`` is
``graph/label_count``. A file may hold several statements separated by ``;`` at the end
of a line (the schema does). Slots written ``{{label}}`` stand for labels or relationship
types; they are filled only with names that passed :mod:`taskspace.graph.names`, because
Cypher cannot take those as parameters. A slot given an ``int`` is a number Cypher needs
as a literal (the upper bound of a quantified path pattern); it must lie in
``0..MAX_INT_SLOT``. Values are always passed as parameters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from taskspace.core.resources import resource_dir
from taskspace.graph.errors import InvalidNameError, QueryNotFoundError
from taskspace.graph.names import label_expression

_SLOT = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_STATEMENT_END = re.compile(r";[ \t]*(?:\r?\n|$)")
MAX_INT_SLOT = 100
Slots = Mapping[str, str | int]


def _strip_line_comments(text: str) -> str:
    kept = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    return "\n".join(kept)


@lru_cache(maxsize=512)
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


class QueryLibrary:
    """Finds named queries in one or more root folders (first match wins)."""

    def __init__(self, roots: list[Path] | None = None) -> None:
        self.roots = roots if roots is not None else [resource_dir("cypher")]

    def path(self, name: str) -> Path:
        if ".." in Path(name).parts:
            raise QueryNotFoundError(f"query name {name!r} may not leave the query folders")
        for root in self.roots:
            candidate = root / f"{name}.cypher"
            if candidate.is_file():
                return candidate
        searched = ", ".join(str(root) for root in self.roots)
        raise QueryNotFoundError(f"no query named {name!r} (looked in {searched})")

    def text(self, name: str, slots: Slots | None = None) -> str:
        """The query's Cypher with its ``{{slot}}`` names filled (validated)."""
        return fill_slots(_read(self.path(name)), slots or {})

    def statements(self, name: str, slots: Slots | None = None) -> list[str]:
        """The file split into its ``;``-terminated statements, comments removed."""
        body = _strip_line_comments(self.text(name, slots))
        parts = (part.strip() for part in _STATEMENT_END.split(body))
        return [part for part in parts if part]

    def names(self) -> list[str]:
        found: set[str] = set()
        for root in self.roots:
            found.update(
                p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.cypher")
            )
        return sorted(found)


def fill_slots(text: str, slots: Slots) -> str:
    """Replace ``{{name}}`` by a validated label expression or a bounded integer; a missing
    slot is an error."""

    def replace(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in slots:
            raise InvalidNameError(f"query slot {{{{{key}}}}} was not given a name")
        value = slots[key]
        if isinstance(value, int):
            if isinstance(value, bool) or not 0 <= value <= MAX_INT_SLOT:
                raise InvalidNameError(
                    f"query slot {{{{{key}}}}} needs an integer in 0..{MAX_INT_SLOT}, not {value!r}"
                )
            return str(value)
        return label_expression(value.split(":"))

    return _SLOT.sub(replace, text)


_default: QueryLibrary | None = None


def default_library() -> QueryLibrary:
    global _default
    if _default is None:
        _default = QueryLibrary()
    return _default
