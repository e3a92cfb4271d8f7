"""``kg sample``: candidates from every template, checked, de-duplicated, chosen by MMR."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from taskspace.core.blas import one_blas_thread
from taskspace.core.laps import Laps
from taskspace.generators.templates.choice import choose
from taskspace.generators.templates.duplicates import DuplicateFilter
from taskspace.generators.templates.engine import (
    build_task,
    checked_and_rederived,
    sample_rows,
    template_call,
)
from taskspace.generators.templates.lints import failed_lint
from taskspace.generators.templates.llm_writer import REASONS as WRITER_REASONS
from taskspace.generators.templates.llm_writer import write_instances
from taskspace.generators.templates.pool import ROWS_PER_TASK, Pool
from taskspace.generators.templates.reads import READ_WORKERS
from taskspace.generators.templates.relevance import relevant_scope, template_scope
from taskspace.generators.templates.selection import iter_mmr, lexical_vectors
from taskspace.generators.templates.spoilers import hidden_values
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.generators.templates.tiers import tier_counts, tiered
from taskspace.generators.templates.vectors import Embedder
from taskspace.graph.connection import Graph
from taskspace.graph.errors import MissingValue
from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named

REASONS = ("requirements", "unverified", "duplicates", "missing", "spoiler", "lint")
"""Why a template candidate is dropped (see :class:`SampleReport`)."""


class Candidate(NamedTuple):
    """A task in a sample's pool, with its template and the row it was rendered from (the
    requirement checks read its grounded nodes)."""

    spec: TemplateSpec
    task: Task
    row: dict[str, Any]


WRITTEN_PER_TEMPLATE = 3
"""Candidates per template whose instance Claude writes (two calls each: writer, judge)."""


def default_embedder() -> Embedder:
    from taskspace.models.embeddings.model import embed

    return embed


@one_blas_thread()
def sample_tasks(
    graph: Graph,
    kind: str,
    *,
    count: int,
    seed: int,
    objective: str | None = None,
    threshold: float = 0.3,
    per_template: int | None = None,
    templates: list[TemplateSpec] | None = None,
    embedder: Embedder | None = None,
    duplicate_threshold: float = 0.95,
    writer: StructuredLLM | None = None,
    written_per_template: int = WRITTEN_PER_TEMPLATE,
) -> SampleReport:
    """Sample up to ``count`` verified, diverse tasks of ``kind`` ("doc" or "web").

    ``per_template`` candidates are kept per template; by default as many as ``count``
    needs, and a sample that comes out short is taken again on a wider pool
    (:meth:`~taskspace.generators.templates.pool.Pool.widening`). With ``writer``, Claude
    writes the instances of up to ``written_per_template`` candidates per template before
    MMR (:mod:`taskspace.generators.templates.llm_writer`)."""
    started = time.perf_counter()
    laps = Laps()
    specs = templates if templates is not None else load_templates(kind)
    embed = embedder or default_embedder()
    similar: dict[str, float] | None = None
    if objective:
        similar = relevant_scope(graph, embed([objective])[0], threshold)
        laps.lap("relevance")
    scored = [
        None if similar is None else template_scope(graph, similar, spec.subgraph, threshold)
        for spec in specs
    ]
    sample = Sample(
        graph,
        kind,
        specs,
        scored,
        embed,
        laps,
        seed=seed,
        objective=objective,
        count=count,
        duplicate_threshold=duplicate_threshold,
        writer=writer,
        written_per_template=written_per_template,
    )
    if per_template:
        steps = [(Pool.keeping(per_template), per_template)]
    else:
        steps = Pool.for_count(count, len(specs)).widening()
    tries, widest = 0, steps[-1][0]
    for pool, keep in steps:
        if pool != widest and sample.rows_read(pool) < ROWS_PER_TASK * count:
            continue  # a window this narrow cannot make the count (a small graph)
        tries += 1
        report = sample.take(pool, keep)
        if len(report.tasks) >= count:
            break
    if tiers := tier_counts(report.tasks, {spec.name: spec.tier for spec in specs}):
        report.extras["tiers"] = tiers
    report.extras["pool"] = {"kept_per_template": keep, "scan": pool.scan, "tries": tries}
    report.extras["ms_by_step"] = laps.rounded()
    return report.finish(report.tasks, time.perf_counter() - started)


@dataclass
class Sample:
    """What one sample reads once (templates, their relevance scopes, the embedder) and
    asks for (count, duplicate threshold, writer), taking candidates on a pool of a given
    size as often as the sample needs."""

    graph: Graph
    kind: str
    specs: list[TemplateSpec]
    scored: list[dict[str, float] | None]
    embed: Embedder
    laps: Laps
    seed: int
    objective: str | None
    count: int
    duplicate_threshold: float
    writer: StructuredLLM | None
    written_per_template: int
    answers: dict[Pool, list[list[dict[str, Any]]]] = field(default_factory=dict)

    def take(self, pool: Pool, keep: int) -> SampleReport:
        """``keep`` candidates from every template's rows on ``pool``, checked, rendered,
        ordered by MMR, verified and de-duplicated until ``count`` are chosen."""
        graph, specs, laps, seed = self.graph, self.specs, self.laps, self.seed
        writer = self.writer
        report = SampleReport.start(self.kind, REASONS + (WRITER_REASONS if writer else ()))
        for spec in specs:  # every declared lint is counted, from zero
            for name in spec.lints.names():
                report.lints.setdefault(name, 0)
        answers = self._grounded(pool)
        laps.lap("grounding")
        found: list[tuple[TemplateSpec, list[dict[str, Any]], dict[str, float] | None]] = []
        for spec, scores, rows in zip(specs, self.scored, answers, strict=True):
            report.candidates += len(rows)
            found.append((spec, sample_rows(rows, keep, seed, spec.name), scores))
        pool_tasks = self._rendered(found, report)
        laps.lap("rendering")
        candidates = [candidate.task for candidate in pool_tasks.values()]
        if writer is not None:
            candidates = write_instances(
                graph,
                writer,
                {task_id: candidate.spec for task_id, candidate in pool_tasks.items()},
                _first_per_template(candidates, self.written_per_template),
                report,
            )
            report.extras["instances"] = f"written by {writer.model}"
            laps.lap("writing")
        elif self.kind == "doc":
            report.extras["instances"] = "rendered from templates (offline)"
        report.tasks = self._chosen(candidates, pool_tasks, report)
        return report

    def rows_read(self, pool: Pool) -> int:
        """How many rows the templates' queries return on ``pool``."""
        return sum(len(rows) for rows in self._grounded(pool))

    def _grounded(self, pool: Pool) -> list[list[dict[str, Any]]]:
        """Every template's rows on ``pool``, read once per pool: the templates' queries in
        READ_WORKERS read transactions side by side."""
        if pool not in self.answers:
            self.answers[pool] = self.graph.read_texts(
                [
                    template_call(
                        spec,
                        scope=sorted(scores) if scores is not None else None,
                        limit=pool.limit,
                        scan=pool.scan,
                        seed=self.seed,
                    )
                    for spec, scores in zip(self.specs, self.scored, strict=True)
                ],
                workers=READ_WORKERS,
            )
        return self.answers[pool]

    def _rendered(
        self,
        found: list[tuple[TemplateSpec, list[dict[str, Any]], dict[str, float] | None]],
        report: SampleReport,
    ) -> dict[str, Candidate]:
        """Each kept row as a task, unless a value is missing, it names what it hides or a
        lint fails (each counted in the report); one task per id, with its row."""
        pool: dict[str, Candidate] = {}
        for spec, rows, scores in found:
            for row in rows:
                relevance = scores.get(row["anchor"], 0.0) if scores is not None else 1.0
                try:
                    task = build_task(
                        spec, row, seed=self.seed, objective=self.objective, relevance=relevance
                    )
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
                    pool.setdefault(task.id, Candidate(spec, task, row))
        return pool

    def _chosen(
        self,
        candidates: list[Task],
        pool: dict[str, Candidate],
        report: SampleReport,
    ) -> list[Task]:
        """Order the whole pool by MMR on cheap vectors, then choose the first ``count`` that
        pass the templates' declarations and re-derive (one query each per template and
        round) and repeat no task chosen before them (choice.py). Web templates declare a
        tier: business, then interaction, then basic (tiers.py)."""
        tier_of = {spec.name: spec.tier for spec in self.specs}
        wording = lexical_vectors([task.prompt for task in candidates])
        ordered = tiered(iter_mmr(candidates, wording), tier_of)
        choice = choose(
            ordered,
            self.count,
            DuplicateFilter(self.graph, self.embed, self.duplicate_threshold),
            lambda tasks: _verified(self.graph, pool, tasks, report),
            self.laps,
            {task.id: row for task, row in zip(candidates, wording, strict=True)},
        )
        for _ in range(choice.repeats):
            report.drop("duplicates")
        return choice.tasks


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
    graph: Graph, pool: dict[str, Candidate], tasks: Sequence[Task], report: SampleReport
) -> set[str]:
    """The ids of the tasks that meet their template's declared subgraph and whose answers
    re-derive; each other one is counted in the report by the check it failed.

    Checking only the tasks MMR puts forward, instead of every candidate before MMR, reads
    a quarter of the rows (the declarations of the shipped templates hold on the shared
    data, so MMR's order hardly changes), and both checks share one round of reads."""
    by_template: dict[str, tuple[TemplateSpec, list[tuple[Task, dict[str, Any]]]]] = {}
    for task in tasks:
        candidate = pool[task.id]
        by_template.setdefault(task.template, (candidate.spec, []))[1].append((task, candidate.row))
    failures = checked_and_rederived(graph, list(by_template.values()))
    for task in tasks:
        failed = failures[task.id]
        if failed == "unverified":
            report.drop("unverified")
        elif failed is not None:
            report.drop_requirement(task.template, failed)
    return {task.id for task in tasks if failures[task.id] is None}
