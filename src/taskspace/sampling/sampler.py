"""``kg sample``: candidates from every template, checked, de-duplicated, chosen by MMR."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from taskspace.graph.connection import Graph
from taskspace.metapaths import MissingValue
from taskspace.sampling.engine import build_task, rederive, run_template_query, sample_rows
from taskspace.sampling.relevance import relevant_scope
from taskspace.sampling.selection import Vectors, lexical_vectors, select_mmr
from taskspace.sampling.spoilers import hidden_values
from taskspace.sampling.templates import TemplateSpec, load_templates
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named

Embedder = Callable[[Sequence[str]], list[list[float]]]


REASONS = ("unverified", "duplicates", "missing", "spoiler")
"""Why a template candidate is dropped (see :class:`SampleReport`)."""


def default_embedder() -> Embedder:
    from taskspace.embeddings.model import embed

    return embed


def _vectors(embedder: Embedder, texts: Sequence[str]) -> Vectors:
    if not texts:
        return np.zeros((0, 384), dtype=np.float32)
    matrix = np.asarray(embedder(list(texts)), dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1, norms)).astype(np.float32)


def sample_tasks(
    graph: Graph,
    kind: str,
    *,
    count: int,
    seed: int,
    objective: str | None = None,
    threshold: float = 0.3,
    per_template: int = 50,
    templates: list[TemplateSpec] | None = None,
    embedder: Embedder | None = None,
    duplicate_threshold: float = 0.95,
) -> SampleReport:
    """Sample up to ``count`` verified, diverse tasks of ``kind`` ("doc" or "web")."""
    started = time.perf_counter()
    specs = templates if templates is not None else load_templates(kind)
    embed = embedder or default_embedder()
    scores: dict[str, float] | None = None
    if objective:
        scores = relevant_scope(graph, embed([objective])[0], threshold)
    report = SampleReport.start(kind, REASONS)
    pool: dict[str, tuple[TemplateSpec, Task]] = {}
    scope = sorted(scores) if scores is not None else None
    for spec in specs:
        rows = run_template_query(graph, spec, scope=scope, limit=max(per_template * 4, 200))
        report.candidates += len(rows)
        for row in sample_rows(rows, per_template, seed, spec.name):
            relevance = scores.get(row["anchor"], 0.0) if scores is not None else 1.0
            try:
                task = build_task(spec, row, seed=seed, objective=objective, relevance=relevance)
            except MissingValue:
                report.drop("missing")
                continue
            if task is not None and named(task.prompt, hidden_values(spec.hidden, row)):
                report.drop("spoiler")
            elif task is not None:
                pool.setdefault(task.id, (spec, task))
    specs_by_task = {task_id: spec for task_id, (spec, _) in pool.items()}
    candidates = [task for _, task in pool.values()]
    # Order the whole pool by MMR on cheap vectors, then verify and embed only as many
    # tasks as it takes to fill the set: the model and re-derivation see few tasks.
    ordered = select_mmr(
        candidates, lexical_vectors([t.prompt for t in candidates]), len(candidates)
    )
    chosen: list[Task] = []
    chosen_vectors = np.zeros((0, 384), dtype=np.float32)
    for start in range(0, len(ordered), max(count, 1)):
        batch = [
            task
            for task in ordered[start : start + max(count, 1)]
            if _verified(graph, specs_by_task[task.id], task, report)
        ]
        vectors = _vectors(embed, [task.prompt for task in batch])
        for task, vector in zip(batch, vectors, strict=True):
            if (
                len(chosen_vectors)
                and float(np.max(chosen_vectors @ vector)) >= duplicate_threshold
            ):
                report.drop("duplicates")
                continue
            chosen.append(task)
            chosen_vectors = np.vstack([chosen_vectors, vector])
            if len(chosen) == count:
                break
        if len(chosen) == count:
            break
    return report.finish(chosen, time.perf_counter() - started)


def _verified(graph: Graph, spec: TemplateSpec, task: Task, report: SampleReport) -> bool:
    if rederive(graph, spec, task):
        return True
    report.drop("unverified")
    return False
