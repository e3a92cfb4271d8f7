"""The reader's lints a template declares (``lints:`` in its YAML), run on each candidate row.

A row is dropped, and counted under the lint's name in the sample report, when a heading
it shows or asks for reads cut mid-phrase (``heading_cut``), a name it uses as an entity
is a generic word (``generic_entity``), or a computed answer is given at another precision
than its inputs (``precision``), or a lint by name reads the row's own columns and the
prompt (``rows``: a layout table, a goal's address in the prompt). The lints themselves
live in :mod:`taskspace.tasks.lints` (shared by every kind) and
:mod:`taskspace.sources.documents.entities` (what a generic word is).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from taskspace.core.shapes import heading_cut
from taskspace.generators.templates.templates import TemplateSpec
from taskspace.sources.documents.entity_links import generic_entity
from taskspace.tasks.lints import failed_row_lint, precision_mismatch


def _texts(row: Mapping[str, Any], column: str) -> Iterator[str]:
    """The strings a column holds (a list gives each item); a column the row lacks is a
    typo in the template and raises KeyError, as a hidden column does."""
    if column not in row:
        raise KeyError(f"lint column {column!r} is not returned by the template's query")
    value = row[column]
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, str) and item.strip():
            yield item


def failed_lint(spec: TemplateSpec, row: Mapping[str, Any], prompt: str) -> str | None:
    """The name of the first lint the candidate (its ``row`` and rendered ``prompt``)
    fails under ``spec``'s declaration, or None."""
    lints = spec.lints
    named = failed_row_lint(lints.rows, row, prompt)
    if named is not None:
        return named
    for column in lints.headings:
        if any(heading_cut(text) for text in _texts(row, column)):
            return "heading_cut"
    for column in lints.entities:
        if any(generic_entity(text) for text in _texts(row, column)):
            return "generic_entity"
    for pair in lints.precision:
        answers = list(_texts(row, pair.answer))
        inputs = [str(value) for value in row.get(pair.inputs) or []]
        if any(precision_mismatch(answer, inputs) for answer in answers):
            return "precision"
    return None
