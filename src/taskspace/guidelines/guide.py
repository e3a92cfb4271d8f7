"""``Guide(graph).for_screen(...)``: guidelines for the screen an agent is looking at.

The screen is given as a summary, a UI dump (summarised offline, and its layout compared),
and/or a screenshot (its hash compared). Everything else happens in one Cypher round trip,
``guidelines/for_screen``, an auto-commit read in a READ session: vector top-``n`` similar
screens, one guideline per outgoing transition of each (its action queue, and the tasks a
breadth-first search of ``layers`` layers from that transition gathers), at most ``k``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.guidelines.errors import GuidelineError
from taskspace.guidelines.model import Guideline
from taskspace.sources.episodes.model import Observation, Platform
from taskspace.sources.episodes.pagegraph.features import cached_image_hash, features
from taskspace.sources.episodes.pagegraph.jump import Seen
from taskspace.sources.episodes.pagegraph.summary import offline_summary

Embedder = Callable[[Sequence[str]], list[list[float]]]

MAX_LAYERS = 10
"""Deepest search allowed: ``layers - 1`` is written into the query as a literal."""
DEFAULT_K = 20
DEFAULT_K_WEB = 10
"""PG-Agent's caps: web screens have more outgoing paths, so fewer guidelines are kept."""
CANDIDATES = (5, 20)
"""The index is asked for ``n * 5`` screens (at least 20), ranked by exact cosine and cut
to ``n``: its search is approximate (HNSW over quantised vectors) and, asked for exactly
``n`` neighbours, it misses some of the nearest."""
FILTERED_CANDIDATES = (10, 50)
"""With an app filter or a layout/screenshot re-rank, more candidates: ``n * 10``, >= 50."""


class Guide:
    def __init__(self, graph: Graph, embedder: Embedder | None = None) -> None:
        self.graph = graph
        self._embedder = embedder

    def embed(self, text: str) -> list[float]:
        if self._embedder is None:
            from taskspace.models.embeddings import embed

            self._embedder = embed
        return self._embedder([text])[0]

    def for_screen(
        self,
        summary: str | None = None,
        *,
        ui_dump: str | Path | None = None,
        screenshot: str | Path | None = None,
        observation: Observation | None = None,
        n: int = 4,
        layers: int = 3,
        k: int | None = None,
        app: str | None = None,
    ) -> list[Guideline]:
        """Guidelines for a screen given by ``summary``, ``ui_dump`` (a uiautomator or other
        dump file), an already parsed ``observation``, and optionally a ``screenshot``.

        ``k`` defaults to 20, or 10 when the most similar screen is a web page.
        """
        _check(n, layers, k)
        if observation is None and ui_dump is not None:
            observation = _parse_dump(Path(ui_dump))
        layout: list[str] | None = None
        text = summary.strip() if summary else ""
        if observation is not None:
            seen = Seen(observation, features(observation, _platform(observation), app))
            layout = sorted(seen.features.layout) or None
            text = text or offline_summary(seen)
            screenshot = screenshot or observation.screenshot
        if not text:
            raise GuidelineError("describe the screen: give a summary or a UI dump")
        image_hash = None
        if screenshot is not None:
            image_hash = cached_image_hash(str(screenshot))
            if image_hash is None:
                raise GuidelineError(f"{screenshot}: not a readable image")
        return self.for_vector(
            self.embed(text),
            n=n,
            layers=layers,
            k=k,
            app=app,
            layout=layout,
            image_hash=image_hash,
        )

    def for_vector(
        self,
        vector: Sequence[float],
        *,
        n: int = 4,
        layers: int = 3,
        k: int | None = None,
        app: str | None = None,
        layout: Sequence[str] | None = None,
        image_hash: str | None = None,
    ) -> list[Guideline]:
        """The retrieval itself, for a screen already embedded: one read, one round trip."""
        _check(n, layers, k)
        reranked = app is not None or bool(layout) or image_hash is not None
        factor, floor = FILTERED_CANDIDATES if reranked else CANDIDATES
        rows = self.graph.read_once(
            "guidelines/for_screen",
            {"reach": max(layers - 1, 1)},
            vector=list(vector),
            candidates=max(n * factor, floor),
            n=n,
            app=app,
            layout=list(layout) if layout else None,
            image_hash=image_hash,
            layers=layers,
            limit=k or DEFAULT_K,
        )
        guidelines = [_guideline(row) for row in rows]
        if k is None and guidelines:
            best = max(guidelines, key=lambda g: g.score)
            if best.platform == "web":
                guidelines = guidelines[:DEFAULT_K_WEB]
        return guidelines


def _check(n: int, layers: int, k: int | None) -> None:
    if n < 1:
        raise GuidelineError("n (similar screens) must be at least 1")
    if not 1 <= layers <= MAX_LAYERS:
        raise GuidelineError(f"layers must be between 1 and {MAX_LAYERS}")
    if k is not None and k < 1:
        raise GuidelineError("k (guidelines) must be at least 1")


def _guideline(row: dict[str, Any]) -> Guideline:
    return Guideline(
        actions=list(row["actions"] or []),
        tasks=list(row["tasks"] or []),  # BFS order, each once (first occurrence)
        edge_tasks=list(row["edge_tasks"] or []),
        score=float(row["score"]),
        start=str(row["start"]),
        start_summary=str(row["start_summary"] or ""),
        end=str(row["end"] or ""),
        end_summary=str(row["end_summary"] or ""),
        app=row["app"],
        platform=row["platform"],
        edge=str(row["edge"] or ""),
    )


def _platform(observation: Observation) -> Platform:
    return "web" if observation.url else "android"


def _parse_dump(path: Path) -> Observation:
    if not path.is_file():
        raise GuidelineError(f"{path}: no such UI dump file")
    try:
        from taskspace.sources.episodes.uitree import parse_ui_dump
    except ImportError as error:
        raise GuidelineError("reading UI dumps needs taskspace.sources.episodes.uitree") from error
    try:
        return parse_ui_dump(path)
    except (ValueError, OSError) as error:
        raise GuidelineError(f"{path}: cannot read the UI dump: {error}") from error
