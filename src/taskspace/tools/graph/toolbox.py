"""The graph tools, defined once on the template of :mod:`taskspace.tools.base`: each
public coroutine of :class:`GraphTools` is one tool, for MCP (``taskspace.mcp``) and for
inspect agents (``taskspace.agents.toolsets``) alike. Each tool is a thin layer over the
library and named Cypher.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from taskspace.graph.connection import Graph, read_only_query
from taskspace.retrieval.names import DEFAULT_RETRIEVER, MAX_SEARCH_RATIO, RETRIEVER_NAMES
from taskspace.tools.base import Toolbox, in_thread, tool
from taskspace.tools.errors import ToolInputError
from taskspace.tools.graph.gold import HIDDEN_LABELS, HIDDEN_TYPES, GoldPolicy
from taskspace.tools.graph.results import (
    CypherRows,
    Degree,
    Direction,
    GraphSchema,
    Guidelines,
    Neighbour,
    Neighbours,
    NodeView,
    PublicTask,
    Retrieved,
    SampledTasks,
    ScreenGuideline,
)
from taskspace.tools.graph.schema import hidden_indexes, read_schema

MAX_K = 20
MAX_NEIGHBOURS = 200
MAX_SAMPLE = 50
TASK_KINDS = ("doc", "web", "path", "multihop", "gui")


@dataclass(frozen=True)
class ToolLimits:
    """What a caller's Cypher may cost: a server-side timeout and a row cap."""

    cypher_timeout: float = 20.0
    cypher_rows: int = 100


class GraphTools(Toolbox):
    """The tools over one connected graph (the caller owns the connection)."""

    KIND = "graph"
    NAMES = (
        "retrieve",
        "guidelines",
        "neighbours",
        "node",
        "read_cypher",
        "schema",
        "sample_tasks",
        "task",
    )
    """Every tool, in the order clients list them."""
    WRITES = frozenset({"sample_tasks"})
    """Tools that write (sampled tasks are stored, for task(id)); every other one only reads."""

    def __init__(self, graph: Graph, limits: ToolLimits | None = None) -> None:
        self.graph = graph
        self.limits = limits or ToolLimits()
        self.policy = GoldPolicy(lambda: hidden_indexes(graph))

    @tool
    async def retrieve(
        self,
        question: Annotated[str, Field(min_length=1, description="What to look for.")],
        retriever: Annotated[
            str,
            Field(
                description="vector, vector_cypher (adds section path, neighbouring chunks "
                "and entities), hybrid (vector + full text), hybrid_cypher, or graph_walk.",
                json_schema_extra={"enum": list(RETRIEVER_NAMES)},
            ),
        ] = DEFAULT_RETRIEVER,
        k: Annotated[int, Field(ge=1, le=MAX_K, description="How many passages.")] = 5,
        search_ratio: Annotated[
            int | None,
            Field(
                ge=1,
                le=MAX_SEARCH_RATIO,
                description="Vector index candidates per passage returned (larger: nearer "
                "to exact search, slower). Default: the server's setting, else 1.",
            ),
        ] = None,
    ) -> Retrieved:
        """Passages of the loaded documents that answer a question: text, node id, score,
        document and heading path of each, best first."""
        from taskspace.retrieval.retrieve import retrieve

        found = await in_thread(
            lambda: retrieve(self.graph, question, retriever, k, search_ratio=search_ratio)
        )
        return Retrieved(retriever=retriever, question=question, items=found.items)

    @tool
    async def guidelines(
        self,
        summary: Annotated[
            str | None, Field(description="What the screen shows, in a sentence or two.")
        ] = None,
        ui_dump: Annotated[
            str | None,
            Field(description="The screen's UI dump itself: uiautomator XML or JSON hierarchy."),
        ] = None,
        n: Annotated[int, Field(ge=1, le=20, description="Similar known screens.")] = 4,
        layers: Annotated[
            int, Field(ge=1, le=10, description="Breadth-first layers past each transition.")
        ] = 3,
        k: Annotated[
            int | None,
            Field(ge=1, le=100, description="Most guidelines (default 20; 10 for web)."),
        ] = None,
        app: Annotated[str | None, Field(description="Keep to one app package or site.")] = None,
    ) -> Guidelines:
        """Page-graph guidelines for a screen: "perform these actions to accomplish these
        tasks", from the known screens most like it."""
        if not (summary and summary.strip()) and not (ui_dump and ui_dump.strip()):
            raise ToolInputError("describe the screen: give a summary or a ui_dump")

        def work() -> list[ScreenGuideline]:
            from taskspace.guidelines import Guide
            from taskspace.sources.episodes.errors import UiDumpError
            from taskspace.sources.episodes.uitree import observation_from_dump

            observation = None
            if ui_dump and ui_dump.strip():
                try:
                    observation = observation_from_dump(ui_dump, source="ui_dump")
                except UiDumpError as exc:
                    raise ToolInputError(str(exc)) from exc
            found = Guide(self.graph).for_screen(
                summary, observation=observation, n=n, layers=layers, k=k, app=app
            )
            return [ScreenGuideline(**g.model_dump(), instruction=g.text()) for g in found]

        return Guidelines(summary=summary, guidelines=await in_thread(work))

    @tool
    async def neighbours(
        self,
        node_id: Annotated[str, Field(min_length=1, description="A node's id.")],
        types: Annotated[
            list[str] | None, Field(description="Only these relationship types (default: all).")
        ] = None,
        direction: Annotated[Direction, Field(description="out, in or both (default).")] = "both",
        limit: Annotated[
            int, Field(ge=1, le=MAX_NEIGHBOURS, description="Most neighbours to return.")
        ] = 25,
    ) -> Neighbours:
        """The nodes linked to one node, with the relationship type and its direction."""

        def work() -> list[dict[str, Any]]:
            found = self._find(node_id)
            return self.graph.read(
                "tools/neighbours",
                None,
                element_id=found["element_id"],
                types=types,
                direction=direction,
                limit=limit,
                **_hidden(),
            )

        rows = await in_thread(work)
        return Neighbours(node_id=node_id, neighbours=[Neighbour(**row) for row in rows])

    @tool
    async def node(
        self, node_id: Annotated[str, Field(min_length=1, description="A node's id.")]
    ) -> NodeView:
        """One node: its labels, its properties and how many relationships of each type it
        has."""

        def work() -> NodeView:
            found = self._find(node_id)
            degrees = self.graph.read(
                "tools/node_degrees", None, element_id=found["element_id"], **_hidden()
            )
            properties = {k: v for k, v in found["properties"].items() if k != "embedding"}
            return NodeView(
                node_id=node_id,
                labels=found["labels"],
                properties=json.loads(json.dumps(properties, default=str)),
                relationships=[Degree(**row) for row in degrees],
            )

        return await in_thread(work)

    @tool
    async def read_cypher(
        self,
        query: Annotated[str, Field(min_length=1, description="One read-only Cypher statement.")],
        params: Annotated[
            dict[str, Any] | None, Field(description="Query parameters ($name in the query).")
        ] = None,
    ) -> CypherRows:
        """Run a read-only Cypher query and return its first rows. Its plan is checked
        first: writes, schema and administration commands are refused, and so is any walk
        that could reach tasks (name relationship types and labels). It runs under a
        server-side timeout."""
        limits = self.limits
        result = await in_thread(
            lambda: read_only_query(
                self.graph,
                query,
                params,
                limit=limits.cypher_rows,
                timeout=limits.cypher_timeout,
                policy=self.policy,
            )
        )
        rows = json.loads(json.dumps(_without_embeddings(result.rows), default=str))
        return CypherRows(
            columns=result.keys, rows=rows, more_rows=result.more, row_cap=result.limit
        )

    @tool
    async def schema(self) -> GraphSchema:
        """Node labels and relationship types with their counts, the property keys of
        each, and the indexes, as they are in the graph now."""
        return await in_thread(lambda: read_schema(self.graph))

    @tool
    async def sample_tasks(
        self,
        kind: Annotated[
            str,
            Field(
                description="doc, web, path, multihop or gui.",
                json_schema_extra={"enum": list(TASK_KINDS)},
            ),
        ],
        n: Annotated[int, Field(ge=1, le=MAX_SAMPLE, description="How many tasks.")] = 5,
        seed: Annotated[int, Field(ge=0, description="Same seed, same tasks.")] = 0,
    ) -> SampledTasks:
        """Sample new evaluation tasks of one kind from the graph (as `kg sample` does) and
        store them; each comes with its prompt, never its answer or grounding."""

        def work() -> SampledTasks:
            from taskspace.generators import family
            from taskspace.tasks.family import SampleOptions
            from taskspace.tasks.store import write_task_nodes

            report = family(kind).sample(self.graph, SampleOptions(count=n, seed=seed))
            if report.tasks:
                write_task_nodes(self.graph, report.tasks, f"mcp:sample_tasks:{kind}:seed={seed}")
            return SampledTasks(
                kind=kind,
                seed=seed,
                candidates=report.candidates,
                tasks=[public_task(task.model_dump()) for task in report.tasks],
                stored=bool(report.tasks),
            )

        return await in_thread(work)

    @tool
    async def task(
        self, id: Annotated[str, Field(min_length=1, description="A task's id.")]
    ) -> PublicTask:
        """One stored task: what it asks and how it is scored, never its answer or
        grounding."""

        def work() -> PublicTask:
            rows = self.graph.read(
                "tools/public_task", task_id=id, fields=list(PublicTask.model_fields)
            )
            if not rows:
                raise ToolInputError(f"no task {id!r} in the graph")
            return public_task(dict(rows[0]["pairs"]))

        return await in_thread(work)

    def _find(self, node_id: str) -> dict[str, Any]:
        rows = self.graph.read("tools/find_node", node_id=node_id)
        if not rows:
            raise ToolInputError(f"no node {node_id!r} in the graph")
        return rows[0]


def public_task(values: dict[str, Any]) -> PublicTask:
    """Only the public fields of a task record: the model drops everything else."""
    return PublicTask(
        **{key: values[key] for key in PublicTask.model_fields if values.get(key) is not None}
    )


def _hidden() -> dict[str, list[str]]:
    return {"hidden_labels": sorted(HIDDEN_LABELS), "hidden_types": sorted(HIDDEN_TYPES)}


def _without_embeddings(value: Any) -> Any:
    """Rows as a model reads them: property maps without their 384-d vectors."""
    if isinstance(value, dict):
        return {k: _without_embeddings(v) for k, v in value.items() if k != "embedding"}
    if isinstance(value, list):
        return [_without_embeddings(v) for v in value]
    return value
