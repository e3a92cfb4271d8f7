"""``kg sample``: candidates from every template, checked, de-duplicated, chosen by MMR."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from taskspace.graph.connection import Graph
from taskspace.sampling.engine import build_task, rederive, run_template_query, sample_rows
from taskspace.sampling.relevance import relevant_scope
from taskspace.sampling.selection import Vectors, coverage_report, lexical_vectors, select_mmr
from taskspace.sampling.spoilers import hidden_values, named
from taskspace.sampling.templates import MissingValue, TemplateSpec, load_templates
from taskspace.tasks.model import Task

Embedder = Callable[[Sequence[str]], list[list[float]]]


@dataclass
class SampleReport:
    tasks: list[Task]
    candidates: int = 0
    dropped_unverified: int = 0
    dropped_duplicates: int = 0
    dropped_missing: int = 0
    """Candidates skipped because a value their template shows is null or blank."""
    dropped_spoiler: int = 0
    """Candidates skipped because the prompt names the answer."""
    per_template: dict[str, int] = field(default_factory=dict)
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "tasks": len(self.tasks),
            "candidates": self.candidates,
            "dropped_unverified": self.dropped_unverified,
            "dropped_duplicates": self.dropped_duplicates,
            "dropped_missing": self.dropped_missing,
            "dropped_spoiler": self.dropped_spoiler,
            "per_template": self.per_template,
            "coverage": self.coverage,
            "seconds": round(self.seconds, 3),
        }


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
    report = SampleReport(tasks=[])
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
                report.dropped_missing += 1
                continue
            if task is not None and named(task.prompt, hidden_values(spec.hidden, row)):
                report.dropped_spoiler += 1
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
                report.dropped_duplicates += 1
                continue
            chosen.append(task)
            chosen_vectors = np.vstack([chosen_vectors, vector])
            if len(chosen) == count:
                break
        if len(chosen) == count:
            break
    report.tasks = chosen
    report.per_template = dict(sorted(Counter(task.template for task in chosen).items()))
    report.coverage = coverage_report(report.tasks)
    report.seconds = time.perf_counter() - started
    return report


def _verified(graph: Graph, spec: TemplateSpec, task: Task, report: SampleReport) -> bool:
    if rederive(graph, spec, task):
        return True
    report.dropped_unverified += 1
    return False


def verify_tasks(graph: Graph, tasks: Sequence[Task]) -> list[tuple[str, bool]]:
    """Re-derive every task's answer from the graph: (task id, answer still holds)."""
    kinds = {t.kind for t in tasks} & {"doc", "web"}
    specs = {spec.name: spec for kind in kinds for spec in load_templates(kind)}
    return [(task.id, _holds(graph, specs, task)) for task in tasks]


def _holds(graph: Graph, specs: dict[str, TemplateSpec], task: Task) -> bool:
    if task.kind == "path":
        from taskspace.paths.sampler import rederive_path

        return rederive_path(graph, task)
    if task.kind == "multihop":
        from taskspace.multihop.sampler import rederive_multihop

        return rederive_multihop(graph, task)
    if task.kind == "gui":
        from taskspace.guitasks.sampler import rederive_gui

        return rederive_gui(graph, task)
    return task.template in specs and rederive(graph, specs[task.template], task)
