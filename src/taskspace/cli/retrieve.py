"""``kg retrieve``: the context an agent would get for a question, from the live graph."""

from __future__ import annotations

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import error_console, json_option, print_json, print_line, print_table
from taskspace.retrieval.names import (
    DEFAULT_RETRIEVER,
    MAX_SEARCH_RATIO,
    RETRIEVERS,
    check_request,
)

TEXT_WIDTH = 160
"""Characters of each item's text shown in the table (--json has all of it)."""


@click.command("retrieve")
@click.argument("question")
@click.option(
    "--retriever",
    default=DEFAULT_RETRIEVER,
    show_default=True,
    help="One of: " + "; ".join(f"{name} ({RETRIEVERS.about(name)})" for name in RETRIEVERS),
)
@click.option("-k", "k", default=5, show_default=True, help="Items to return.")
@click.option(
    "--search-ratio",
    type=int,
    default=None,
    help="Vector index candidates per item returned (Neo4j's effective_search_ratio, "
    f"1-{MAX_SEARCH_RATIO}): larger is closer to exact search and slower. "
    "[default: TASKSPACE_SEARCH_RATIO, else 1]",
)
@json_option
def retrieve_command(
    question: str, retriever: str, k: int, search_ratio: int | None, as_json: bool
) -> None:
    """Print what an agent would see for QUESTION: ranked chunks with node ids and scores."""
    check_request(question, retriever, k, 1 if search_ratio is None else search_ratio)
    from taskspace.retrieval.retrieve import retrieve  # neo4j-graphrag only when it runs

    if not as_json:
        # The model takes seconds to load (a download on first use): say so before the wait.
        error_console.print("Loading the embedding model …")
    with connected_graph() as graph:
        result = retrieve(graph, question, retriever, k, search_ratio=search_ratio)
    if as_json:
        print_json(result.model_dump())
        return
    if not result.items:
        print_line(f"No context found by {retriever} for this question.")
        return
    print_table(
        f"{len(result.items)} items from {retriever}",
        ["rank", "score", "node id", "document / heading", "text", "related"],
        [
            (
                rank,
                f"{item.score:.3f}",
                item.node_id,
                item.where(" / "),
                _clip(item.text),
                len(item.related_ids),
            )
            for rank, item in enumerate(result.items, start=1)
        ],
    )


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= TEXT_WIDTH else flat[: TEXT_WIDTH - 1] + "…"
