"""Helpers for the document-graph tests: fixture paths, real data, graph snapshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.stats import collect_stats
from taskspace.models.embeddings import embed
from taskspace.sources.documents.model import (
    CrossReference,
    DocElement,
    ElementKind,
    ParsedDocument,
)
from tests.support import SHARED_DATA, require_shared
from tests.support.locations import TESTS

FIXTURES = TESTS / "fixtures" / "documents_graph"
LINKED = FIXTURES / "linked"
MIXED = FIXTURES / "mixed"
KG_100 = LINKED / "kg-100_graph_loader.md"
KG_200 = LINKED / "kg-200_entity_linking.md"

REAL_DOCS = SHARED_DATA / "documents" / "html_md"
EIP_1559 = REAL_DOCS / "eip-1559_fee_market.md"
EIP_2718 = REAL_DOCS / "eip-2718_typed_tx_envelope.md"


def require_real_eips() -> tuple[Path, Path]:
    return require_shared(EIP_1559), require_shared(EIP_2718)


def snapshot(graph: Graph) -> tuple[dict[str, int], dict[str, int]]:
    """Nodes per label and relationships per type: what a second load must leave alone."""
    stats = collect_stats(graph)
    return dict(stats.labels), dict(stats.relationships)


def one(graph: Graph, cypher: str, **params: Any) -> Any:
    """The single value of a single-row, single-column read."""
    rows = graph.read_text(cypher, **params)
    assert len(rows) == 1, rows
    return next(iter(rows[0].values()))


def nearest_chunks(graph: Graph, question: str, k: int = 3) -> list[dict[str, Any]]:
    """Chunks nearest to ``question`` through the chunk_embedding vector index.

    The index is approximate (HNSW): asked for one neighbour it searches a pool of one, the
    likeliest reason a CI run under load got the third nearest chunk as the first. A pool of
    at least 20, cut to ``k``, as retrieval's search ratio does, leaves it no such miss on
    these small graphs."""
    vector = embed([question])[0]
    return graph.read_text(
        "CALL db.index.vector.queryNodes('chunk_embedding', $pool, $vector) YIELD node, score "
        "RETURN node.file AS file, node.heading_path AS heading_path, "
        "node.heading_paths AS heading_paths, node.text AS text, score "
        "ORDER BY score DESC LIMIT $k",
        pool=max(k, 20),
        k=k,
        vector=vector,
    )


def section(position: int, title: str, path: list[str], parent: int | None) -> DocElement:
    return DocElement(
        kind=ElementKind.SECTION,
        position=position,
        text=title,
        heading_path=path,
        parent=parent,
        level=len(path) + 1,
    )


def paragraph(position: int, text: str, path: list[str], parent: int | None) -> DocElement:
    return DocElement(
        kind=ElementKind.PARAGRAPH, position=position, text=text, heading_path=path, parent=parent
    )


def report_paper(path: str = "/virtual/report.pdf") -> ParsedDocument:
    """A small paper built in memory: a numbered table and figure, and text that cites them."""
    return ParsedDocument(
        path=path,
        format="pdf",
        title="Fuel prices",
        authors=["Grace Hopper"],
        pages=2,
        elements=[
            section(0, "Prices", [], None).model_copy(update={"number": "1", "page": 1}),
            paragraph(
                1, "Diesel rose in March, as Table 1 and Figure 2 show.", ["Prices"], 0
            ).model_copy(
                update={
                    "page": 1,
                    "bbox": (72.0, 100.0, 540.0, 130.0),
                    "references": [
                        CrossReference(kind="table", number="1", text="Table 1"),
                        CrossReference(kind="figure", number="2", text="Figure 2"),
                    ],
                }
            ),
            DocElement(
                kind=ElementKind.TABLE,
                position=2,
                text="Table 1: Prices\nFuel | Price\nDiesel | 3.10",
                number="1",
                caption="Table 1: Prices",
                rows=[["Fuel", "Price"], ["Diesel", "3.10"]],
                heading_path=["Prices"],
                parent=0,
                page=2,
            ),
            DocElement(
                kind=ElementKind.FIGURE,
                position=3,
                text="Figure 2: Weekly diesel price",
                number="2",
                caption="Figure 2: Weekly diesel price",
                heading_path=["Prices"],
                parent=0,
                page=2,
            ),
            DocElement(
                kind=ElementKind.LIST_ITEM,
                position=4,
                text="Prices come from the Energy Information Administration.",
                heading_path=["Prices"],
                parent=0,
                page=2,
            ),
            DocElement(
                kind=ElementKind.CODE,
                position=5,
                text="SELECT price FROM fuel;",
                language="sql",
                heading_path=["Prices"],
                parent=0,
                page=2,
            ),
        ],
    )


def two_doc_task_files(graph: Graph, folder: Path) -> tuple[Path, Path]:
    """An emptied graph with the bundled examples/documents loaded, and six document tasks
    sampled from it (seed 0) split over two tasks files, ``doc-first.jsonl`` and
    ``doc-second.jsonl`` in ``folder``: runs on two task sets, for tests that tell runs apart."""
    from taskspace.generators.templates.sampler import sample_tasks
    from taskspace.sources.documents.loader import load_documents
    from taskspace.tasks.store import write_jsonl
    from tests.support.locations import REPO
    from tests.support.web import empty_graph

    empty_graph(graph)
    assert not load_documents(graph, [REPO / "examples" / "documents"]).failed
    tasks = sample_tasks(graph, "doc", count=6, seed=0).tasks
    assert len(tasks) >= 4
    first, second = folder / "doc-first.jsonl", folder / "doc-second.jsonl"
    write_jsonl(tasks[:3], first)
    write_jsonl(tasks[3:], second)
    return first, second
