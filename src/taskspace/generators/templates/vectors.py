"""Content vectors for de-duplication from what the graph already stores.

A task is about some content and asks something about it; two tasks are duplicates only
when they are about the same text *and* worded the same way. The similarity joins the
two: ``CONTENT * content cosine + (1 - CONTENT) * wording cosine``, the wording cosine
between the prompts' hashed word vectors
(:func:`~taskspace.generators.templates.selection.lexical_vectors`), the content cosine
between the vectors here: the stored ``embedding`` of the chunks that hold a task's anchor
(a document's opening chunks for a document anchor), or a web element's own, stored by the
crawl (:mod:`taskspace.sources.web.element_vectors`). Only an anchor with no stored vector
(a web element crawled before elements had vectors) has its text embedded, once per
distinct text, in one batch, and remembered for the process. :mod:`.duplicates` asks for
content vectors only where they can decide.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from weakref import WeakKeyDictionary

import numpy as np

from taskspace.generators.templates.selection import Vectors
from taskspace.graph.connection import Graph
from taskspace.models.embeddings.model import DIMENSIONS
from taskspace.sources.web.element_vectors import TEXT_CHARS, element_text
from taskspace.tasks.model import Task

Embedder = Callable[[Sequence[str]], list[list[float]]]

CONTENT = 0.5
"""Weight of the content cosine in a task's similarity (the rest is the wording's)."""

_CACHE_SIZE = 50_000
_caches: WeakKeyDictionary[Embedder, dict[str, Vectors]] = WeakKeyDictionary()
"""Per embedder (the model's ``embed`` lives as long as the process), text -> vector."""
_lock = threading.Lock()


def _unit(matrix: Vectors) -> Vectors:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)


def embed_missing(texts: Sequence[str], embedder: Embedder) -> Vectors:
    """Unit vectors for ``texts``: the embedder sees each distinct text it has not seen
    before once, all in one call."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    with _lock:
        cache = _caches.setdefault(embedder, {})
        missing = sorted({text for text in texts if text not in cache})
        if missing:
            fresh = _unit(np.asarray(embedder(missing), dtype=np.float32))
            if len(cache) + len(missing) > _CACHE_SIZE:
                cache.clear()
            cache.update(zip(missing, fresh, strict=True))
        return np.stack([cache[text] for text in texts]).astype(np.float32)


def content_vectors(graph: Graph, tasks: Sequence[Task], embedder: Embedder) -> Vectors:
    """One unit content vector per task: the mean of its anchor's stored chunk vectors,
    else the embedding of the anchor's text, else of the prompt (one query, one model call
    at most)."""
    if not tasks:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    rows = graph.read_plain("templates/anchor_vectors", anchors=sorted({t.anchor for t in tasks}))
    stored = {row["anchor"]: row for row in rows}
    vectors: list[Vectors | None] = []
    texts: dict[int, str] = {}
    for index, task in enumerate(tasks):
        row = stored.get(task.anchor) or {}
        held = row.get("vectors") or []
        if held:
            vectors.append(_unit(np.asarray(held, dtype=np.float32).mean(axis=0, keepdims=True)))
        else:
            vectors.append(None)
            said = element_text(row.get("name"), row.get("placeholder"), row.get("text"))
            texts[index] = said or task.prompt[:TEXT_CHARS]
    embedded = embed_missing(list(texts.values()), embedder) if texts else None
    for position, index in enumerate(texts):
        assert embedded is not None
        vectors[index] = embedded[position : position + 1]
    return np.vstack([vector for vector in vectors if vector is not None])
