"""Task templates: a YAML spec, a Cypher grounding query, Jinja2 for prompt and answer.

A template never stores an answer: it says how to read one from the graph. The grounding
query returns candidate rows (anchored on one node, ``anchor``); the prompt and answer are
rendered from a row. Re-running the same query with ``$anchor`` set to a task's anchor
must give the same answer again, which is how every gold answer is checked. Rendering
(and what a missing value does) lives in :mod:`taskspace.graph.metapaths`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, Field, field_validator

from taskspace.core.resources import resource_dir
from taskspace.graph.names import checked_label, checked_rel_type
from taskspace.tasks.lints import ROW_LINTS
from taskspace.tasks.model import CriterionKind, Difficulty
from taskspace.tasks.scoring.checks import parse_check

MAX_HOPS = 40
"""The most hops a template may declare (the requirement check looks this far)."""


class Subgraph(BaseModel):
    """What a template needs from the graph; every candidate's grounded nodes are checked
    against it (:mod:`taskspace.generators.templates.requirements`) and it is reported as coverage.

    ``nodes``: labels the grounded nodes must carry; ``edges``: edge types that must link
    them; ``via``: further edge types (document or site structure) along which a grounded
    node may be reached from the anchor without being required; ``node_count``: bounds on
    the distinct grounded nodes; ``max_hops``: how far from the anchor, along ``edges`` and
    ``via``, a grounded node may lie.
    """

    nodes: list[str]
    edges: list[str] = Field(default_factory=list)
    via: list[str] = Field(default_factory=list)
    node_count: tuple[int, int] = (1, 1)
    max_hops: int = Field(default=0, ge=0, le=MAX_HOPS)

    @field_validator("nodes")
    @classmethod
    def _labels(cls, value: list[str]) -> list[str]:
        return [checked_label(label) for label in value]

    @field_validator("edges", "via")
    @classmethod
    def _types(cls, value: list[str]) -> list[str]:
        return [checked_rel_type(rel) for rel in value]


class SuccessTemplate(BaseModel):
    """A check on the final page (in a step's ``check``: right after that step); one that
    renders to an empty value is left out."""

    kind: CriterionKind
    value: str
    foreach: str | None = None


class StepTemplate(BaseModel):
    """A web step; every string field is Jinja2 over the query row.

    With ``foreach`` naming a list column of the row, the step is rendered once per item
    (bound as ``item``), so one template serves paths of any length and optional steps.
    ``check`` is the step's own success criterion (a chain's search, filter or submit),
    which replay verifies right after the step.
    """

    action: Literal["click", "fill", "select", "press", "goto"]
    selector: str
    som: str | None = None
    value: str | None = None
    expected: str
    foreach: str | None = None
    check: list[SuccessTemplate] = Field(default_factory=list)


class PrecisionLint(BaseModel):
    """A computed answer column and the column of the values it was computed from."""

    answer: str
    inputs: str


class TemplateLints(BaseModel):
    """Which row columns the reader's lints (:mod:`taskspace.generators.templates.lints`) look at.

    ``headings``: columns holding section headings (a heading cut mid-phrase is dropped);
    ``entities``: columns holding entity names (a generic word is dropped);
    ``precision``: computed answers that must keep their inputs' precision;
    ``rows``: lints that read fixed columns of the row and the prompt, by name
    (:data:`taskspace.tasks.lints.ROW_LINTS`: ``layout_table``, ``url_in_prompt``).
    """

    headings: list[str] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    precision: list[PrecisionLint] = Field(default_factory=list)
    rows: list[str] = Field(default_factory=list)

    def names(self) -> list[str]:
        """The lints this declaration runs, by name."""
        found = ["heading_cut"] if self.headings else []
        found += ["generic_entity"] if self.entities else []
        found += ["precision"] if self.precision else []
        return found + self.rows

    @field_validator("rows")
    @classmethod
    def _rows(cls, value: list[str]) -> list[str]:
        unknown = [name for name in value if name not in ROW_LINTS]
        if unknown:
            raise ValueError(f"unknown lint {unknown[0]!r}: choose from {', '.join(ROW_LINTS)}")
        return value


class TemplateSpec(BaseModel):
    """One task template as written in ``metapaths/<kind>/<name>.yaml``."""

    name: str
    kind: Literal["doc", "web"]
    type: str
    difficulty: Difficulty
    description: str
    subgraph: Subgraph
    query: str = Field(description="named query under metapaths/, e.g. 'documents/section_title'")
    prompt: str = Field(description="Jinja2 over one row of the query")
    answer: str = Field(description="Jinja2 over the same row: the gold answer")
    answer_type: Literal["text", "number", "boolean", "list"] = "text"
    grounding: list[str] = Field(
        description="row columns holding {label, id} maps or lists of them: GROUNDED_IN targets"
    )
    check: str = Field(
        default="exact",
        description="exact, contains_all, number, keywords, or rouge:T (ROUGE-L >= T)",
    )
    hidden: list[str] = Field(
        default_factory=list,
        description="row columns the prompt must not name (the spoiler check drops it)",
    )
    lints: TemplateLints = Field(default_factory=TemplateLints)
    tier: Literal["business", "interaction", "basic"] | None = Field(
        default=None, description="web meta-path tier: business data, general, fallback"
    )
    start_url: str | None = Field(default=None, description="Jinja2: where a web task starts")
    steps: list[StepTemplate] = Field(default_factory=list)
    success: list[SuccessTemplate] = Field(default_factory=list)
    path: Path | None = None

    @field_validator("check")
    @classmethod
    def _check(cls, value: str) -> str:
        parse_check(value)  # an unknown kind or a bad threshold fails when loading
        return value


def template_root() -> Path:
    return resource_dir("metapaths")


def load_templates(kind: str, root: Path | None = None) -> list[TemplateSpec]:
    """Every template of a kind, sorted by name so that sampling is reproducible.

    Parsed once per set of files (names, sizes and modification times): every sample
    asks for them, and parsing the YAML again cost more than some grounding queries."""
    folder = (root or template_root()) / {"doc": "documents", "web": "web"}[kind]
    paths = sorted(folder.glob("*.yaml"))
    stamps = tuple((path, path.stat().st_mtime_ns, path.stat().st_size) for path in paths)
    return list(_parsed(kind, stamps))


@lru_cache(maxsize=16)
def _parsed(kind: str, stamps: tuple[tuple[Path, int, int], ...]) -> tuple[TemplateSpec, ...]:
    specs = []
    for path, _, _ in stamps:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        spec = TemplateSpec.model_validate({**data, "path": path})
        if spec.kind != kind:
            raise ValueError(f"{path}: kind {spec.kind!r} found among {kind!r} templates")
        specs.append(spec)
    return tuple(specs)
