"""Quality and coverage: pick by maximal marginal relevance, report coverage.

Similarity between two tasks is the larger of their prompts' cosine similarity and the
overlap of their coverage values (node types, edge types, pattern, page, site, difficulty),
so MMR prefers tasks that are both relevant and different in what they exercise.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import islice, pairwise

import numpy as np
from numpy.typing import NDArray

from taskspace.tasks.model import Task

Vectors = NDArray[np.float32]


def coverage_tokens(task: Task) -> set[str]:
    return {f"{dim}:{value}" for dim, values in task.coverage.items() for value in values}


def _token_matrix(tokens: Sequence[set[str]]) -> NDArray[np.float64]:
    """One row per task, one column per distinct token: 1 where the task has it."""
    columns = {token: index for index, token in enumerate(sorted(set().union(*tokens)))}
    matrix = np.zeros((len(tokens), len(columns)), dtype=np.float64)
    for row, held in enumerate(tokens):
        matrix[row, [columns[token] for token in held]] = 1.0
    return matrix


def select_mmr(
    tasks: Sequence[Task], vectors: Vectors, count: int, balance: float = 0.6
) -> list[Task]:
    """The first ``count`` picks of :func:`iter_mmr`."""
    return list(islice(iter_mmr(tasks, vectors, balance), count))


def iter_mmr(tasks: Sequence[Task], vectors: Vectors, balance: float = 0.6) -> Iterator[Task]:
    """Greedy MMR, one pick at a time: ``balance`` weighs relevance against similarity to
    what is chosen. A caller that needs only the first few picks pays only for those.

    Each candidate keeps its running redundancy (its highest similarity to anything chosen
    so far), so a pick costs one pass over the pool instead of one per chosen task. Ties go
    to the smallest task id, so the same pool always gives the same order.
    """
    order = sorted(range(len(tasks)), key=lambda i: tasks[i].id)
    tasks = [tasks[i] for i in order]
    vectors = vectors[order] if len(order) else vectors
    tokens = _token_matrix([coverage_tokens(task) for task in tasks])
    sizes = tokens.sum(axis=1)
    relevance = np.array([task.relevance for task in tasks], dtype=np.float64)
    redundancy = np.zeros(len(tasks), dtype=np.float64)
    open_ = np.ones(len(tasks), dtype=bool)
    for _ in range(len(tasks)):
        scores = np.where(open_, balance * relevance - (1 - balance) * redundancy, -np.inf)
        best = int(np.argmax(scores))  # the first maximum: the smallest id among equals
        open_[best] = False
        yield tasks[best]
        # Jaccard of every candidate's coverage tokens with the pick's, from counts: no
        # set operation per candidate and pick (einsum: see below).
        shared = np.einsum("ij,j->i", tokens, tokens[best])
        union = sizes + sizes[best] - shared
        overlap = np.divide(shared, union, out=np.zeros(len(tasks)), where=union > 0)
        # einsum, not BLAS: a single-thread loop beats two BLAS threads on a busy machine
        similarity = np.einsum("ij,j->i", vectors, vectors[best])
        redundancy = np.maximum(redundancy, np.maximum(similarity, overlap))


WORDING_DIMENSIONS = 1024
"""Width of a prompt's hashed word vector."""


def lexical_vectors(texts: Sequence[str], dimensions: int = WORDING_DIMENSIONS) -> Vectors:
    """Hashed word and word-pair counts, L2-normalised: a cheap stand-in for embeddings
    when ordering a large pool, so that the model only embeds the few tasks kept.

    The counts are gathered as flat cell numbers and summed by one ``np.bincount``: adding
    to the matrix one feature at a time cost a third of this function on a pool of 200
    prompts, and prompts of one template repeat most words, so each feature is hashed once
    per process (:func:`_feature_hash`)."""
    cells: list[int] = []
    for row, text in enumerate(texts):
        words = _WORD.findall(text.lower())
        base = row * dimensions
        cells.extend(base + _feature_hash(word) % dimensions for word in words)
        cells.extend(base + _feature_hash(f"{a} {b}") % dimensions for a, b in pairwise(words))
    counts = np.bincount(np.asarray(cells, dtype=np.int64), minlength=len(texts) * dimensions)
    matrix = counts.reshape(len(texts), dimensions).astype(np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)


_WORD = re.compile(r"\w+")


@lru_cache(maxsize=1 << 16)
def _feature_hash(feature: str) -> int:
    return zlib.crc32(feature.encode("utf-8"))
