"""Document mode: the part of the graph a template may draw anchors from for an objective.

GRAPH2EVAL's Algorithm 1: a node is a seed when its similarity to the objective exceeds
τ **or** it matches the template's structure (StructMatch); the template's scope is then
the k-hop neighbourhood of the seeds, with k the template's ``max_hops``.

- Similarity: the objective is embedded with the same model as the chunks; chunks at or
  above τ (found through the ``chunk_embedding`` index) make their elements, sections and
  documents seeds, each with the best score that reached it (``templates/relevant_scope``).
- StructMatch: within the documents the objective reaches, a node carrying one of the
  template's required labels and an edge of every required edge type
  (``templates/struct_match``). Looked for only there, so that the objective still decides
  which part of the graph is sampled.
- Neighbourhood: k hops from the seeds along the template's declared edge types (its
  ``edges`` and ``via``), either direction, one query per hop (``templates/neighbours``).

A node that entered by structure or neighbourhood only has relevance τ: it was admitted
at the threshold, not above it.
"""

from __future__ import annotations

from taskspace.generators.templates.templates import Subgraph
from taskspace.graph.connection import Graph

MAX_HOPS = 12
"""The neighbourhood never grows past this many hops, whatever a template declares (a
reading-order chain declares 40): beyond it the scope is the documents themselves."""


def relevant_scope(
    graph: Graph, vector: list[float], threshold: float, top_k: int = 50
) -> dict[str, float]:
    """Ids whose similarity to the objective reaches τ, with their best score."""
    rows = graph.read("templates/relevant_scope", vector=vector, k=top_k, threshold=threshold)
    return {row["id"]: float(row["score"]) for row in rows}


def struct_matches(graph: Graph, subgraph: Subgraph, similar: list[str]) -> list[str]:
    """Nodes of the documents among ``similar`` that match the template's structure."""
    if not similar:
        return []
    rows = graph.read(
        "templates/struct_match", ids=similar, labels=subgraph.nodes, edges=subgraph.edges
    )
    return [str(row["id"]) for row in rows]


def neighbourhood(graph: Graph, seeds: list[str], hops: int, types: list[str]) -> set[str]:
    """The seeds and every node within ``hops`` of them along ``types`` (all when empty)."""
    seen = set(seeds)
    frontier = sorted(seen)
    for _ in range(min(hops, MAX_HOPS)):
        if not frontier:
            break
        found = {
            str(row["id"]) for row in graph.read("templates/neighbours", ids=frontier, types=types)
        }
        frontier = sorted(found - seen)
        seen |= found
    return seen


def template_scope(
    graph: Graph, similar: dict[str, float], subgraph: Subgraph, threshold: float
) -> dict[str, float]:
    """Algorithm 1 for one template: the seeds (similar or StructMatch) and their k-hop
    neighbourhood, each id with its relevance."""
    seeds = set(similar) | set(struct_matches(graph, subgraph, sorted(similar)))
    scope = neighbourhood(graph, sorted(seeds), subgraph.max_hops, subgraph.edges + subgraph.via)
    return {item: similar.get(item, threshold) for item in sorted(scope)}
