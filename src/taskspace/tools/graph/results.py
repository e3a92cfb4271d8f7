"""What each graph tool returns: typed, so MCP clients get an output schema and inspect
agents the same JSON."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from taskspace.guidelines.model import Guideline
from taskspace.retrieval.model import RetrievedItem

Direction = Literal["out", "in", "both"]


class Retrieved(BaseModel):
    retriever: str
    question: str
    items: list[RetrievedItem]


class ScreenGuideline(Guideline):
    instruction: str = Field(description="perform these actions to accomplish these tasks")


class Guidelines(BaseModel):
    summary: str | None = Field(description="the screen summary the search used, if given")
    guidelines: list[ScreenGuideline]


class Neighbour(BaseModel):
    relationship: str
    direction: Literal["out", "in"]
    node_id: str | None
    label: str | None
    text: str = Field(description="the neighbour's text, title or name (first 300 characters)")


class Neighbours(BaseModel):
    node_id: str
    neighbours: list[Neighbour]


class Degree(BaseModel):
    relationship: str
    direction: Literal["out", "in"]
    count: int


class NodeView(BaseModel):
    node_id: str
    labels: list[str]
    properties: dict[str, Any] = Field(description="every property but the embedding vector")
    relationships: list[Degree]


class CypherRows(BaseModel):
    columns: list[str]
    rows: list[dict[str, Any]]
    more_rows: bool = Field(description="true when the query had more rows than the cap")
    row_cap: int


class IndexView(BaseModel):
    name: str
    type: str
    entity_type: str
    labels_or_types: list[str]
    properties: list[str]
    state: str


class GraphSchema(BaseModel):
    labels: dict[str, int] = Field(description="node label -> node count")
    relationship_types: dict[str, int] = Field(description="type -> relationship count")
    label_properties: dict[str, list[str]] = Field(description="label -> property keys seen")
    relationship_properties: dict[str, list[str]]
    indexes: list[IndexView]
    note: str


class PublicTask(BaseModel):
    """A task as an agent may see it: what it asks, never its answer or grounding."""

    id: str
    kind: str
    type: str
    template: str
    difficulty: str
    prompt: str
    answer_type: str = "text"
    start_url: str | None = None
    apps: list[str] | None = None
    level: int | None = None
    seed: int | None = None
    generator: str | None = None


class SampledTasks(BaseModel):
    kind: str
    seed: int
    candidates: int
    tasks: list[PublicTask]
    stored: bool = Field(description="the tasks were saved as :Task nodes, for task(id)")
