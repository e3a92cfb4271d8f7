"""A template task's coverage values, in GRAPH2EVAL's dimensions.

Web tasks: node type, edge type, pattern (the template), page, website and difficulty.
Document tasks add what the paper lists for them: task type, template variables and
content length. MMR (:mod:`taskspace.generators.templates.selection`) reads these as tokens, so two
tasks of one template bound to different values, or over texts of different length,
count as different; the sample report counts tasks per value.
"""

from __future__ import annotations

from typing import Any

from taskspace.generators.templates.templates import TemplateSpec
from taskspace.graph.metapaths import template_columns
from taskspace.tasks.model import GroundRef

VARIABLE_CHARS = 60
"""A prompt variable is a coverage value only when this short: a passage is not a value."""

LENGTHS = ((200, "short"), (1000, "medium"))
"""Content length buckets by characters of text the row carries; longer is ``long``."""

_NOT_CONTENT = frozenset({"anchor", "document_id", "page", "grounded"})


def content_length(row: dict[str, Any]) -> str:
    """``short``, ``medium`` or ``long``: the characters of text the row gives the task."""
    size = sum(
        len(text) for key, value in row.items() if key not in _NOT_CONTENT for text in _texts(value)
    )
    return next((name for limit, name in LENGTHS if size < limit), "long")


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def variables(spec: TemplateSpec, row: dict[str, Any]) -> list[str]:
    """``name=value`` for each short scalar value the prompt is rendered from."""
    found = []
    for column in sorted(template_columns(spec.prompt)):
        value = row.get(column)
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            text = str(value).strip()
            if text and len(text) <= VARIABLE_CHARS:
                found.append(f"{column}={text}")
    return found


def coverage_map(
    spec: TemplateSpec, row: dict[str, Any], grounding: list[GroundRef], page: str, site: str
) -> dict[str, list[str]]:
    """The task's value in every coverage dimension."""
    coverage: dict[str, list[str]] = {
        "node_type": sorted({ref.label for ref in grounding} | set(spec.subgraph.nodes)),
        "edge_type": sorted(spec.subgraph.edges),
        "pattern": [spec.name],
        "page": [page],
        "site": [site],
        "difficulty": [spec.difficulty],
        "task_type": [spec.type],
    }
    if spec.kind == "doc":
        coverage["variable"] = variables(spec, row)
        coverage["content_length"] = [content_length(row)]
    return coverage
