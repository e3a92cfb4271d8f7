"""Task templates: a YAML spec, a Cypher grounding query, Jinja2 for prompt and answer.

A template never stores an answer: it says how to read one from the graph. The grounding
query returns candidate rows (anchored on one node, ``anchor``); the prompt and answer are
rendered from a row. Re-running the same query with ``$anchor`` set to a task's anchor
must give the same answer again, which is how every gold answer is checked.

Real graphs hold nulls (a table without caption or page, a page with an empty title).
A value a template shows must exist: printing a null (``{{ x }}``), quoting or clipping a
null or a blank, parsing a null as JSON or reaching into a null raises
:class:`MissingValue`, and the sampler skips that candidate and counts it, rather than
crash with a TypeError or put "None" or an empty “” into a prompt.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from jinja2 import Environment, StrictUndefined, Template, UndefinedError, meta
from pydantic import BaseModel, Field, field_validator

from taskspace.graph.names import checked_label, checked_rel_type
from taskspace.resources import resource_dir
from taskspace.tasks.model import CriterionKind


class Subgraph(BaseModel):
    """What a template needs from the graph, declared so coverage can be reported."""

    nodes: list[str]
    edges: list[str] = Field(default_factory=list)
    node_count: tuple[int, int] = (1, 1)
    max_hops: int = 0

    @field_validator("nodes")
    @classmethod
    def _labels(cls, value: list[str]) -> list[str]:
        return [checked_label(label) for label in value]

    @field_validator("edges")
    @classmethod
    def _types(cls, value: list[str]) -> list[str]:
        return [checked_rel_type(rel) for rel in value]


class StepTemplate(BaseModel):
    """A web step; every string field is Jinja2 over the query row.

    With ``foreach`` naming a list column of the row, the step is rendered once per item
    (bound as ``item``), so one template serves paths of any length and optional steps.
    """

    action: Literal["click", "fill", "select", "press", "goto"]
    selector: str
    som: str | None = None
    value: str | None = None
    expected: str
    foreach: str | None = None


class SuccessTemplate(BaseModel):
    """A check on the final page; one that renders to an empty value is left out."""

    kind: CriterionKind
    value: str
    foreach: str | None = None


class TemplateSpec(BaseModel):
    """One task template as written in ``metapaths/<kind>/<name>.yaml``."""

    name: str
    kind: Literal["doc", "web"]
    type: str
    difficulty: Literal["easy", "medium", "hard"]
    description: str
    subgraph: Subgraph
    query: str = Field(description="named query under metapaths/, e.g. 'documents/section_title'")
    prompt: str = Field(description="Jinja2 over one row of the query")
    answer: str = Field(description="Jinja2 over the same row: the gold answer")
    answer_type: Literal["text", "number", "boolean", "list"] = "text"
    grounding: list[str] = Field(
        description="row columns holding {label, id} maps or lists of them: GROUNDED_IN targets"
    )
    check: Literal["exact", "contains_all", "number", "keywords"] = "exact"
    hidden: list[str] = Field(
        default_factory=list,
        description="row columns the prompt must not name (the spoiler check drops it)",
    )
    tier: Literal["business", "interaction", "basic"] | None = Field(
        default=None, description="web meta-path tier: business data, general, fallback"
    )
    start_url: str | None = Field(default=None, description="Jinja2: where a web task starts")
    steps: list[StepTemplate] = Field(default_factory=list)
    success: list[SuccessTemplate] = Field(default_factory=list)
    path: Path | None = None


class MissingValue(ValueError):
    """A value the template needs is null or blank in the row: skip the candidate."""


def _present(value: Any, what: str) -> str:
    if value is None:
        raise MissingValue(f"{what} of a null value")
    text = str(value)
    if not text.strip():
        raise MissingValue(f"{what} of a blank value")
    return text


def _quote(value: Any) -> str:
    """A name in curly quotes; a null or blank name cannot name anything."""
    return f"“{_present(value, 'quote')}”"


def _clip(value: Any, size: int = 160) -> str:
    """At most ``size`` characters, cut at a word boundary, with an ellipsis."""
    text = _present(value, "clip")
    if len(text) <= size:
        return text
    cut = text[: size - 1]
    return (cut.rsplit(" ", 1)[0] or cut) + "…"


def _fromjson(value: Any) -> Any:
    if value is None:
        raise MissingValue("fromjson of a null value")
    try:
        return json.loads(value)
    except (TypeError, ValueError) as exc:
        raise MissingValue(f"fromjson of a value that is not JSON: {exc}") from exc


def _trim(value: Any, chars: str | None = None) -> str:
    """Jinja's ``trim``, but a null trims to "" (falsy) instead of the text "None"."""
    return "" if value is None else str(value).strip(chars)


def _join(value: Any, separator: str = "") -> str:
    """Jinja's ``join``; a null list or a null item is a missing value, not "None"."""
    if value is None:
        raise MissingValue("join of a null value")
    items = list(value)
    if any(item is None for item in items):
        raise MissingValue("join of a list holding a null")
    return separator.join(str(item) for item in items)


def _finalize(value: Any) -> Any:
    """Every ``{{ … }}`` output: a null is a missing value, never the text "None"."""
    if value is None:
        raise MissingValue("a null value was printed")
    return value


def _environment() -> Environment:
    env = Environment(
        undefined=StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        finalize=_finalize,
    )
    env.filters["fromjson"] = _fromjson
    env.filters["quote"] = _quote
    env.filters["clip"] = _clip
    env.filters["trim"] = _trim
    env.filters["join"] = _join
    return env


_ENV = _environment()


@lru_cache(maxsize=256)
def compile_template(source: str) -> Template:
    return _ENV.from_string(source)


@lru_cache(maxsize=256)
def template_columns(source: str) -> frozenset[str]:
    """The row columns a template reads (names it neither sets nor loops over)."""
    return frozenset(meta.find_undeclared_variables(_ENV.parse(source)))


def render(source: str, row: dict[str, Any]) -> str:
    """The template over ``row``, whitespace collapsed; :class:`MissingValue` if a value it
    needs is null (including reaching into a null, which Jinja reports as undefined).

    A column the row lacks altogether is a defect of the template or its query, not of
    the data, and raises KeyError.
    """
    absent = template_columns(source) - row.keys()
    if absent:
        raise KeyError(f"the template reads {sorted(absent)}, which its query does not return")
    try:
        text = compile_template(source).render(**row)
    except UndefinedError as exc:
        raise MissingValue(str(exc)) from exc
    except TypeError as exc:  # a built-in filter (length, join, trim …) given a null
        raise MissingValue(str(exc)) from exc
    return " ".join(text.split())


def render_optional(source: str, row: dict[str, Any]) -> str:
    """Like :func:`render`, but a missing value renders empty (for optional checks)."""
    try:
        return render(source, row)
    except MissingValue:
        return ""


def template_root() -> Path:
    return resource_dir("metapaths")


def load_templates(kind: str, root: Path | None = None) -> list[TemplateSpec]:
    """Every template of a kind, sorted by name so that sampling is reproducible."""
    folder = (root or template_root()) / {"doc": "documents", "web": "web"}[kind]
    specs = []
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        spec = TemplateSpec.model_validate({**data, "path": path})
        if spec.kind != kind:
            raise ValueError(f"{path}: kind {spec.kind!r} found among {kind!r} templates")
        specs.append(spec)
    return specs
