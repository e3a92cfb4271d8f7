"""The builder's questions to the graph: earlier placements, and vector-index candidates.

Both are one read per chunk of episodes, in READ sessions, through named queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.sources.episodes.pagegraph.builder import Known, Query
from taskspace.sources.episodes.pagegraph.features import ScreenFeatures
from taskspace.sources.episodes.pagegraph.matching import Candidate, Screen
from taskspace.sources.web.urls import without_query

INDEX_FANOUT = 10
"""The vector index ranks screens of every app; it is asked for ``n * INDEX_FANOUT`` (at
least 50) so that ``n`` of the right app survive the filter."""


class GraphScreens:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def placements(self, step_ids: Sequence[str]) -> dict[str, Known]:
        if not step_ids:
            return {}
        rows = self.graph.read("episodes/placements", steps=list(step_ids))
        return {
            row["id"]: Known(row["observed"], row["on"], row["observed_after"], row["to"])
            for row in rows
        }

    def existing(self, screen_ids: Sequence[str]) -> set[str]:
        rows = self.graph.read("episodes/existing_screens", ids=list(screen_ids))
        return {row["id"] for row in rows}

    def candidates(
        self, queries: Sequence[Query], n: int, threshold: float
    ) -> dict[int, list[Candidate]]:
        if not queries:
            return {}
        rows = self.graph.read(
            "episodes/screen_candidates",
            queries=[
                {"ref": q.ref, "app": q.app, "platform": q.platform, "vector": q.vector}
                for q in queries
            ],
            k=max(n * INDEX_FANOUT, 50),
            n=n,
            threshold=threshold,
        )
        found: dict[int, list[Candidate]] = {}
        for row in rows:
            found.setdefault(row["ref"], []).append(
                Candidate(stored_screen(row["screen"]), float(row["cosine"]))
            )
        return found


def stored_screen(props: dict[str, Any]) -> Screen:
    """A screen as the graph keeps it, with the features its representative had."""
    url = props.get("url")
    return Screen(
        id=props["id"],
        features=ScreenFeatures(
            app=props.get("app"),
            platform=props["platform"],
            activity=props.get("activity"),
            url=url,
            page=without_query(url) if url else None,
            state_key=props.get("state_key"),
            layout=frozenset(props.get("layout") or []),
            text=props.get("text") or "",
            image=props.get("image_hash"),
        ),
        summary=props.get("summary") or "",
        image=props.get("image"),
        key=props.get("key"),
    )
