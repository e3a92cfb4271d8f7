"""``kg sample``: candidates from every template, checked, de-duplicated, chosen by MMR."""

from __future__ import annotations

import time
from itertools import islice
from typing import Any

import numpy as np

from taskspace.core.laps import Laps
from taskspace.generators.templates.engine import (
    build_task,
    meeting_requirements,
    rederive_groups,
    sample_rows,
    template_call,
)
from taskspace.generators.templates.lints import failed_lint
from taskspace.generators.templates.llm_writer import REASONS as WRITER_REASONS
from taskspace.generators.templates.llm_writer import write_instances
from taskspace.generators.templates.reads import READ_WORKERS
from taskspace.generators.templates.relevance import relevant_scope, template_scope
from taskspace.generators.templates.selection import Vectors, iter_mmr, lexical_vectors
from taskspace.generators.templates.spoilers import hidden_values
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.generators.templates.tiers import tier_counts, tiered
from taskspace.generators.templates.vectors import Embedder, task_vectors
from taskspace.graph.connection import Graph
from taskspace.graph.errors import MissingValue
from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named

REASONS = ("requirements", "unverified", "duplicates", "missing", "spoiler", "lint")
"""Why a template candidate is dropped (see :class:`SampleReport`)."""

WRITTEN_PER_TEMPLATE = 3
"""Candidates per template whose instance Claude writes (two calls each: writer, judge)."""


def default_embedder() -> Embedder:
    from taskspace.models.embeddings.model import embed

    return embed


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
    writer: StructuredLLM | None = None,
    written_per_template: int = WRITTEN_PER_TEMPLATE,
) -> SampleReport:
    """Sample up to ``count`` verified, diverse tasks of ``kind`` ("doc" or "web").

    With ``writer``, Claude writes the instances of up to ``written_per_template``
    candidates per template before MMR (:mod:`taskspace.generators.templates.llm_writer`)."""
    started = time.perf_counter()
    laps = Laps()
    specs = templates if templates is not None else load_templates(kind)
    embed = embedder or default_embedder()
    similar: dict[str, float] | None = None
    if objective:
        similar = relevant_scope(graph, embed([objective])[0], threshold)
        laps.lap("relevance")
    report = SampleReport.start(kind, REASONS + (WRITER_REASONS if writer else ()))
    for spec in specs:  # every declared lint is counted, from zero
        for name in spec.lints.names():
            report.lints.setdefault(name, 0)
    pool: dict[str, tuple[TemplateSpec, Task]] = {}
    scored = [
        None if similar is None else template_scope(graph, similar, spec.subgraph, threshold)
        for spec in specs
    ]
    # The templates' queries in READ_WORKERS read transactions side by side.
    answers = graph.read_texts(
        [
            template_call(
                spec,
                scope=sorted(scores) if scores is not None else None,
                limit=max(per_template * 4, 200),
                seed=seed,
            )
            for spec, scores in zip(specs, scored, strict=True)
        ],
        workers=READ_WORKERS,
    )
    laps.lap("grounding")
    found: list[tuple[TemplateSpec, list[dict[str, Any]], dict[str, float] | None]] = []
    for spec, scores, rows in zip(specs, scored, answers, strict=True):
        report.candidates += len(rows)
        found.append((spec, sample_rows(rows, per_template, seed, spec.name), scores))
    kept = meeting_requirements(graph, [(spec, rows) for spec, rows, _ in found], report)
    laps.lap("requirements")
    for (spec, _, scores), rows in zip(found, kept, strict=True):
        for row in rows:
            relevance = scores.get(row["anchor"], 0.0) if scores is not None else 1.0
            try:
                task = build_task(spec, row, seed=seed, objective=objective, relevance=relevance)
            except MissingValue:
                report.drop("missing")
                continue
            if task is None:
                continue
            if named(task.prompt, hidden_values(spec.hidden, row)):
                report.drop("spoiler")
            elif (lint := failed_lint(spec, row, task.prompt)) is not None:
                report.lint(lint)
            else:
                pool.setdefault(task.id, (spec, task))
    laps.lap("rendering")
    specs_by_task = {task_id: spec for task_id, (spec, _) in pool.items()}
    candidates = [task for _, task in pool.values()]
    if writer is not None:
        candidates = write_instances(
            graph,
            writer,
            specs_by_task,
            _first_per_template(candidates, written_per_template),
            report,
        )
        report.extras["instances"] = f"written by {writer.model}"
        laps.lap("writing")
    elif kind == "doc":
        report.extras["instances"] = "rendered from templates (offline)"
    # Order the whole pool by MMR on cheap vectors, then verify (one query per template
    # and batch) and de-duplicate on stored vectors only as many tasks as it takes.
    # Web templates declare a tier: business, then interaction, then basic (tiers.py).
    tier_of = {spec.name: spec.tier for spec in specs}
    ordered = tiered(iter_mmr(candidates, lexical_vectors([t.prompt for t in candidates])), tier_of)
    chosen: list[Task] = []
    chosen_vectors: list[Vectors] = []
    step = max(count, 1)
    while len(chosen) < count:
        picks = list(islice(ordered, step))
        if not picks:
            break
        laps.lap("ordering")
        batch = _verified(graph, specs_by_task, picks, report)
        laps.lap("verification")
        vectors = task_vectors(graph, batch, embed)
        for task, vector in zip(batch, vectors, strict=True):
            if chosen_vectors and float(np.max(np.vstack(chosen_vectors) @ vector)) >= (
                duplicate_threshold
            ):
                report.drop("duplicates")
                continue
            chosen.append(task)
            chosen_vectors.append(vector[None])
            if len(chosen) == count:
                break
        laps.lap("de-duplication")
    if tiers := tier_counts(chosen, tier_of):
        report.extras["tiers"] = tiers
    report.extras["ms_by_step"] = laps.rounded()
    return report.finish(chosen, time.perf_counter() - started)


def _first_per_template(tasks: list[Task], size: int) -> list[Task]:
    """The first ``size`` tasks of each template, in their order (what the writer sees)."""
    seen: dict[str, int] = {}
    kept = []
    for task in tasks:
        seen[task.template] = seen.get(task.template, 0) + 1
        if seen[task.template] <= size:
            kept.append(task)
    return kept


def _verified(
    graph: Graph, specs: dict[str, TemplateSpec], tasks: list[Task], report: SampleReport
) -> list[Task]:
    """The tasks whose answers re-derive, in their order: one query per template, all in
    one transaction."""
    by_template: dict[str, list[Task]] = {}
    for task in tasks:
        by_template.setdefault(task.template, []).append(task)
    verified = rederive_groups(
        graph, [(specs[group[0].id], group) for group in by_template.values()]
    )
    for task in tasks:
        if not verified[task.id]:
            report.drop("unverified")
    return [task for task in tasks if verified[task.id]]
