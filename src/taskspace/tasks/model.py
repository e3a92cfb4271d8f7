"""The task record written to JSONL and to ``:Task`` nodes (see docs/tasks.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from taskspace.sources.web.urls import on_origin
from taskspace.tasks.safety import SafetyBlock


class GroundRef(BaseModel):
    """A node a task was built from, by family label and id."""

    label: str
    id: str


CriterionKind = Literal["url", "element_visible", "text_present", "text_absent"]


class SuccessCriterion(BaseModel):
    """A check on the page a web task ends on (``text_absent``: e.g. a filtered-out item)."""

    kind: CriterionKind
    value: str


class WebStep(BaseModel):
    """One action of a web task, resolvable on the live page; ``checks`` are what must
    hold on the page right after it (a step of a chain has its own success criterion)."""

    action: Literal["click", "fill", "select", "press", "goto"]
    selector: str
    som: int | None = None
    value: str | None = None
    expected: str = Field(description="what should be true after the step")
    checks: list[SuccessCriterion] = Field(default_factory=list)


class StepConstraint(BaseModel):
    """A secondary attribute that makes one target of a one-to-many relation unique:
    ``year`` of a date property, a literal ``value``, or a ``link`` to a named item."""

    kind: Literal["year", "value", "link"]
    pid: str
    value: str
    label: str | None = Field(default=None, description="the linked item's label")


class PathStep(BaseModel):
    """One atomic step of a causal path: in ``app``, from an entity along a relation
    (``reverse``: against its direction) to the one entity the constraints leave."""

    index: int
    app: str
    entity_type: str
    action: str
    from_id: str
    relation: str
    reverse: bool = False
    to_id: str
    to_label: str | None = None
    constraints: list[StepConstraint] = Field(default_factory=list)
    fanout: int = Field(description="targets of the relation before the constraints")
    answer: str = Field(description="the target's label, or its id when it has none")


class HopCheck(BaseModel):
    """How one hop of a multihop task is judged: every keyword in the answer, and the page
    the agent must have reached: ``url``, its path inside the site keyed ``site`` (a gold
    that holds wherever the site is served; a task made before keys holds a full URL)."""

    keywords: list[str] = Field(default_factory=list)
    url: str | None = None
    site: str | None = Field(default=None, description="the key of the site ``url`` is on")

    def crawled(self, sites: Mapping[str, str]) -> str:
        """The page on the origin its site was crawled from (``sites``: a task's key ->
        origin): a path joined to it; a full URL, or a site not recorded, unchanged."""
        origin = sites.get(self.site or "")
        if not self.url or origin is None:
            return self.url or ""
        return on_origin(self.url, origin)


class WebHop(BaseModel):
    """One hop of a multihop web task; the last hop of a chain is the ``end`` marker."""

    index: int
    kind: Literal["follow", "lookup", "end"]
    instruction: str
    page_url: str | None = Field(default=None, description="where the hop starts")
    link: str | None = Field(default=None, description="the link a follow hop takes")
    site: str | None = Field(
        default=None, description="the key of the site a lookup hop searches (or its origin)"
    )
    answer: str = ""
    check: HopCheck = Field(default_factory=HopCheck)


Difficulty = Literal["easy", "medium", "hard", "expert"]
"""GRAPH2EVAL's four difficulty levels (Easy, Medium, Hard, Expert)."""


class RouteHop(BaseModel):
    """One transition of a GUI navigation task's gold route: the action queue that leads
    from one page-graph screen to the next."""

    start: str
    end: str
    key: str = Field(description="the TRANSITION's key")
    actions: list[str]


class Task(BaseModel):
    id: str
    kind: Literal["doc", "web", "path", "multihop", "gui"]
    type: str
    template: str
    difficulty: Difficulty
    prompt: str
    answer: str
    answer_type: str = "text"
    check: str = "exact"
    anchor: str
    fingerprint: str = Field(
        description="hash of the offline prompt and the answer as rendered from the graph; "
        "re-derivation must reproduce it (it survives LLM paraphrasing of the prompt)"
    )
    grounding: list[GroundRef]
    coverage: dict[str, list[str]] = Field(default_factory=dict)
    relevance: float = 1.0
    objective: str | None = None
    seed: int
    generator: str = "taskspace-offline"
    quality: dict[str, float] = Field(
        default_factory=dict,
        description="an LLM judge's 0-1 scores of a written instance (clarity, relevance, "
        "difficulty, completeness); empty for a template-rendered task",
    )
    start_url: str | None = None
    sites: dict[str, str] = Field(
        default_factory=dict,
        description="multihop: each site's key -> the origin it was crawled from; where the "
        "pages its golds name by path were, for navigation (not part of the task's identity)",
    )
    steps: list[WebStep] = Field(default_factory=list)
    success: list[SuccessCriterion] = Field(default_factory=list)
    path: list[PathStep] = Field(default_factory=list)
    hops: list[WebHop] = Field(default_factory=list)
    apps: list[str] = Field(default_factory=list)
    route: list[RouteHop] = Field(default_factory=list)
    level: int | None = None
    score: float | None = None
    safety: SafetyBlock | None = Field(
        default=None, description="safety variants only: the threat injected at run time"
    )

    def graph_row(self) -> dict[str, Any]:
        """Properties for the ``:Task`` node (lists of maps are kept as JSON text)."""
        return {
            "id": self.id,
            "props": {
                "kind": self.kind,
                "type": self.type,
                "template": self.template,
                "difficulty": self.difficulty,
                "prompt": self.prompt,
                "answer": self.answer,
                "answer_type": self.answer_type,
                "check": self.check,
                "anchor": self.anchor,
                "relevance": self.relevance,
                "objective": self.objective,
                "seed": self.seed,
                "generator": self.generator,
                "start_url": self.start_url,
                "sites_json": json.dumps(self.sites) if self.sites else None,
                "steps_json": self.model_dump_json(include={"steps"}),
                "success_json": self.model_dump_json(include={"success"}),
                "path_json": self.model_dump_json(include={"path"}) if self.path else None,
                "hops_json": self.model_dump_json(include={"hops"}) if self.hops else None,
                "route_json": self.model_dump_json(include={"route"}) if self.route else None,
                "apps": self.apps or None,
                "level": self.level,
                "score": self.score,
                "safety_json": self.safety.model_dump_json() if self.safety else None,
            },
        }
