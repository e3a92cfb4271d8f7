"""What a reader needs beside a task to judge it: the subgraph it was grounded in and the
source it came from (the text of the grounded elements, the page or screen image).

Read from the live graph with named read-only queries in ``cypher/review/``: one query per
label for the nodes, one per label for the edges among them, one for the pages web tasks
start on or pass through. Vectors and other bulky properties are left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.names import checked_label
from taskspace.sources.web.urls import normalise_url, on_origin
from taskspace.tasks.model import Task

MAX_NODES = 40
"""Grounding nodes shown per task; a task grounded in a whole document lists the rest as a
count, not a wall of text."""
TEXT_KEYS = ("text", "summary", "caption", "description", "task", "rows_json")
"""Properties that hold a node's own words, shown as its excerpt (the first one set; a
document shows the documents it declares it links to)."""
GENERAL_LABELS = frozenset({"DocElement"})
"""Super-labels that say less than the node's other label (a Paragraph is a DocElement)."""
NAME_KEYS = ("title", "name", "label", "heading_path", "url", "qid", "kind")
IMAGE_KEYS = ("screenshot", "image", "final_screenshot")
EXCERPT_CHARS = 1500


@dataclass
class GroundNode:
    id: str
    labels: list[str]
    props: dict[str, Any]

    @property
    def label(self) -> str:
        specific = [label for label in self.labels if label not in GENERAL_LABELS]
        return (specific or self.labels or ["?"])[0]

    @property
    def name(self) -> str:
        """What identifies the node to a reader (its title, name, label or URL)."""
        for key in NAME_KEYS:
            value = self.props.get(key)
            if value:
                return " › ".join(map(str, value)) if isinstance(value, list) else str(value)
        return ""

    @property
    def excerpt(self) -> str:
        for key in TEXT_KEYS:
            value = self.props.get(key)
            if isinstance(value, str) and value.strip():
                text = " ".join(value.split())
                return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + " …"
        related = self.props.get("related")
        return f"declares links to: {', '.join(map(str, related))}" if related else ""

    @property
    def image(self) -> str | None:
        for key in IMAGE_KEYS:
            value = self.props.get(key)
            if isinstance(value, str) and value:
                return value
        return None

    @property
    def where(self) -> str:
        """Where in its source the node sits: file and page, or page URL."""
        keys = ("file", "path", "page_url")
        parts = [str(self.props[key]) for key in keys if self.props.get(key)]
        if self.props.get("page") is not None:
            parts.append(f"page {self.props['page']}")
        return ", ".join(parts)


@dataclass
class Evidence:
    """One task's grounding: nodes (at most MAX_NODES), edges among them, pages it visits."""

    nodes: list[GroundNode] = field(default_factory=list)
    more: int = 0
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    pages: list[dict[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Grounding ids the graph does not hold (a task sampled from another graph)."""


def _by_label(tasks: Sequence[Task]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for task in tasks:
        for ref in task.grounding:
            found[checked_label(ref.label)].add(ref.id)
    return found


def _page_urls(task: Task) -> list[str]:
    urls = [task.start_url or ""] + [hop.page_url or "" for hop in task.hops]
    start = task.start_url or ""
    urls += [
        on_origin(c.value, start) if start else c.value for c in task.success if c.kind == "url"
    ]
    return list(dict.fromkeys(normalise_url(url) for url in urls if url))


def read_evidence(graph: Graph, tasks: Sequence[Task]) -> dict[str, Evidence]:
    """Every task's evidence, by task id, in a handful of queries for the whole file."""
    by_label = _by_label(tasks)
    every = sorted({node for ids in by_label.values() for node in ids})
    nodes: dict[str, GroundNode] = {}
    edges: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for label, ids in sorted(by_label.items()):
        for row in graph.read("review/nodes", {"label": label}, ids=sorted(ids)):
            props = {k: v for k, v in row["props"].items() if v is not None}
            nodes[row["id"]] = GroundNode(row["id"], list(row["labels"]), props)
        for row in graph.read("review/edges", {"label": label}, ids=sorted(ids), all=every):
            edges[row["start"]].append((row["start"], row["type"], row["end"]))
    urls = sorted({url for task in tasks for url in _page_urls(task)})
    pages = {row["url"]: row for row in graph.read("review/pages", urls=urls)} if urls else {}
    return {task.id: _evidence(task, nodes, edges, pages) for task in tasks}


def _evidence(
    task: Task,
    nodes: Mapping[str, GroundNode],
    edges: Mapping[str, Iterable[tuple[str, str, str]]],
    pages: Mapping[str, Mapping[str, Any]],
) -> Evidence:
    ids = list(dict.fromkeys(ref.id for ref in task.grounding))
    own = set(ids)
    found = [nodes[node] for node in ids if node in nodes]
    joined = sorted({edge for node in ids for edge in edges.get(node, ()) if edge[2] in own})
    return Evidence(
        nodes=found[:MAX_NODES],
        more=max(0, len(found) - MAX_NODES),
        edges=joined,
        pages=[dict(pages[url]) for url in _page_urls(task) if url in pages],
        missing=[node for node in ids if node not in nodes],
    )
