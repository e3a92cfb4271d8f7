"""Document mode: the part of the graph relevant to an objective, by vector search.

The objective is embedded with the same model as the chunks; chunks above the cosine
threshold (found through the ``chunk_embedding`` index) give the elements, sections and
documents in scope, each with the best score that reached it.
"""

from __future__ import annotations

from taskspace.graph.connection import Graph


def relevant_scope(
    graph: Graph, vector: list[float], threshold: float, top_k: int = 50
) -> dict[str, float]:
    rows = graph.read("sampling/relevant_scope", vector=vector, k=top_k, threshold=threshold)
    return {row["id"]: float(row["score"]) for row in rows}
