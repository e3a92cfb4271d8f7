"""Vectors of the web elements a task can be about, computed once per crawl.

De-duplicating sampled tasks compares what they are about (:mod:`taskspace.generators.
templates.vectors`). A document anchor has its chunks' stored vectors; a web element had
none, so every web sample ran the model on 7-47 element texts (80-90 ms of a sample of 50
tasks, and the model's load in a fresh process). The crawl embeds them instead, into
``WebElement.embedding``: only the kinds web templates anchor on, each distinct text once
per crawl (a site's navigation repeats on every page): 955 texts for the 19 pages of the
MkDocs site, 1.9 s of a 47 s crawl. A recrawl embeds again, so a changed text never keeps
an old vector. After the crawl, :func:`embed_site_elements` gives a vector to what earlier
crawls left without one and marks the site (:data:`VECTORS_VERSION`); ``kg init`` runs it on
sites crawled before elements had vectors.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter
from taskspace.models.embeddings import embed_matrix

ANCHOR_KINDS = frozenset({"link", "button", "input", "search_box", "table"})
"""Element kinds a web template's task is about (its ``anchor``)."""

VECTORS_VERSION = 1
"""Stamped on a :WebSite (``element_vectors_version``) once all its anchor elements hold
vectors under these rules; raise it when the rules change."""

TEXT_CHARS = 300
"""An anchor's text is cut to this many characters before it is embedded."""

MatrixEmbedder = Callable[[Sequence[str]], NDArray[np.float32]]


def element_text(name: str | None, placeholder: str | None, text: str | None) -> str:
    """What an element says, for its vector: its accessible name, placeholder and text,
    each once (a link's name is usually its text), cut to :data:`TEXT_CHARS`."""
    parts: list[str] = []
    for part in (name, placeholder, text):
        cleaned = " ".join((part or "").split())
        if cleaned and cleaned not in parts:
            parts.append(cleaned)
    return " ".join(parts)[:TEXT_CHARS]


class ElementVectors:
    """Sets ``embedding`` on element rows of an anchor kind, one model call per batch of
    rows for the texts this crawl has not embedded yet."""

    def __init__(self, embedder: MatrixEmbedder | None = None) -> None:
        self._embed = embedder or embed_matrix
        self._known: dict[str, list[float]] = {}
        self.texts = 0
        """Distinct texts embedded by this crawl."""
        self.seconds = 0.0
        """Time spent in the model."""

    def attach(self, rows: Iterable[dict[str, Any]]) -> None:
        """Give each ``{"id", "props"}`` element row its vector, or ``None`` (which removes
        one a recrawl would otherwise leave from an earlier text)."""
        wanted: list[tuple[dict[str, Any], str]] = []
        for row in rows:
            props = row["props"]
            text = element_text(props.get("name"), props.get("placeholder"), props.get("text"))
            props["embedding"] = None
            if props.get("kind") in ANCHOR_KINDS and text:
                wanted.append((props, text))
        missing = sorted({text for _, text in wanted} - self._known.keys())
        if missing:
            started = time.perf_counter()
            matrix = self._embed(missing)
            self.seconds += time.perf_counter() - started
            self._known.update(zip(missing, matrix.tolist(), strict=True))
            self.texts += len(missing)
        for props, text in wanted:
            props["embedding"] = self._known[text]


def embed_site_elements(
    graph: Graph, writer: BatchedWriter, site: str, vectors: ElementVectors | None = None
) -> int:
    """Give a vector to every anchor element of ``site`` that has none and says something,
    then mark the site done; the number of elements given one. ``vectors`` carries a
    crawl's texts already embedded."""
    vectors = vectors or ElementVectors()
    rows = [
        dict(row)
        for row in graph.read(
            "web/unembedded_anchor_elements", site=site, kinds=sorted(ANCHOR_KINDS)
        )
    ]
    vectors.attach(rows)
    given = [
        {"id": row["id"], "embedding": row["props"]["embedding"]}
        for row in rows
        if row["props"]["embedding"] is not None
    ]
    writer.write_named("web/set_element_vectors", given)
    graph.write_text(
        graph.queries.text("web/element_vectors_done"), site=site, version=VECTORS_VERSION
    )
    return len(given)
