"""Turns template rows into tasks, and re-derives a task's answer from the graph."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from taskspace.generators.templates.coverage import coverage_map
from taskspace.generators.templates.pool import PER_TEMPLATE, Pool
from taskspace.generators.templates.reads import READ_WORKERS
from taskspace.generators.templates.requirements import RequirementChecks
from taskspace.generators.templates.templates import StepTemplate, SuccessTemplate, TemplateSpec
from taskspace.graph.connection import Graph
from taskspace.graph.errors import MissingValue
from taskspace.graph.ids import stable_id
from taskspace.graph.metapaths import metapath_library, render, render_optional
from taskspace.sources.web.urls import portable_url
from taskspace.tasks.fingerprint import fingerprint
from taskspace.tasks.model import GroundRef, SuccessCriterion, Task, WebStep

SCAN = Pool.keeping(PER_TEMPLATE).scan
"""Anchor nodes a sampling query looks at unless told otherwise (800, the full pool of
:mod:`~taskspace.generators.templates.pool`), read in id order straight from the id index
(``ORDER BY id LIMIT $scan``) from a seeded start (:func:`window_start`): its work, and so
its time, stays the same however large the graph grows."""


def window_start(seed: int | None) -> str:
    """Where a seed's anchor window starts in the id space, after a label's ``prefix:``.

    Ids are ``prefix:`` plus hex digits of a hash (:func:`stable_id`), so hex digits from
    a hash of the seed fall anywhere among them with equal chance: different seeds read
    different parts of a large graph, and one seed always the same part. None starts at
    the first id."""
    return "" if seed is None else stable_id("window", seed).split(":", 1)[1]


def run_template_query(
    graph: Graph,
    spec: TemplateSpec,
    *,
    anchor: str | None = None,
    anchors: Sequence[str] | None = None,
    scope: Sequence[str] | None = None,
    limit: int = 500,
    scan: int = SCAN,
    seed: int | None = None,
) -> list[dict[str, Any]]:
    """Rows of a template: for the given anchors (found through the id index), else for
    ``scan`` anchor nodes in id order from the seed's :func:`window_start` (wrapping to
    the first ids); ``scope`` keeps the anchors it names."""
    cypher, params = template_call(
        spec, anchor=anchor, anchors=anchors, scope=scope, limit=limit, scan=scan, seed=seed
    )
    return graph.read_text(cypher, **params)


def template_call(
    spec: TemplateSpec,
    *,
    anchor: str | None = None,
    anchors: Sequence[str] | None = None,
    scope: Sequence[str] | None = None,
    limit: int = 500,
    scan: int = SCAN,
    seed: int | None = None,
) -> tuple[str, dict[str, Any]]:
    """The query text and parameters :func:`run_template_query` runs, for running many
    templates in one transaction (``Graph.read_texts``)."""
    wanted = _anchor_ids(anchor, anchors, scope)
    cypher = metapath_library().text(spec.query)
    # Seeking ids, the scan is empty: an index scan under LIMIT 0 reads nothing.
    scanned = scan if wanted is None else 0
    return cypher, {
        "anchors": wanted,
        "limit": limit,
        "scan": scanned,
        "start": window_start(seed),
    }


def _anchor_ids(
    anchor: str | None, anchors: Sequence[str] | None, scope: Sequence[str] | None
) -> list[str] | None:
    """The ids the query seeks, or None to scan: a scope is a set of anchors to seek."""
    given = [anchor] if anchor is not None else (list(anchors) if anchors is not None else None)
    if scope is None:
        return given
    inside = set(scope)
    return sorted(inside) if given is None else [item for item in given if item in inside]


def _grounding(spec: TemplateSpec, row: dict[str, Any]) -> list[GroundRef]:
    refs: dict[str, GroundRef] = {}
    for column in spec.grounding:
        value = row.get(column) or []
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and item.get("id"):
                refs.setdefault(item["id"], GroundRef(label=item["label"], id=item["id"]))
    return list(refs.values())


def build_task(
    spec: TemplateSpec,
    row: dict[str, Any],
    *,
    seed: int,
    objective: str | None = None,
    relevance: float = 1.0,
) -> Task | None:
    """A task from one row, or None when the row renders an empty prompt or answer.

    Raises :class:`MissingValue` when a value the prompt, answer, start or a step needs is
    null; a success check whose value is missing is left out, like an empty one.
    """
    prompt, answer = render(spec.prompt, row), _answer(spec, row)
    if not prompt or not answer:
        return None
    grounding = _grounding(spec, row)
    steps = [item for step in spec.steps for item in _steps(step, row)]
    if any(not step.selector for step in steps if step.action != "goto"):
        return None  # an element without a selector cannot be replayed
    document = str(row.get("document_id") or "")
    page = row.get("page")
    start = render(spec.start_url, row) if spec.start_url else None
    if start:  # golds name pages by their path: they hold wherever the site is served
        steps = [_portable_step(step, start) for step in steps]
    return Task(
        id=stable_id("task", spec.name, row["anchor"]),
        kind=spec.kind,
        type=spec.type,
        template=spec.name,
        difficulty=spec.difficulty,
        prompt=prompt,
        answer=answer,
        answer_type=spec.answer_type,
        check=spec.check,
        anchor=row["anchor"],
        fingerprint=fingerprint(prompt, answer),
        grounding=grounding,
        coverage=coverage_map(spec, row, grounding, _page_key(spec, document, page), document),
        relevance=relevance,
        objective=objective,
        seed=seed,
        start_url=start,
        steps=steps,
        success=_portable(_criteria(spec.success, row), start),
    )


def _answer(spec: TemplateSpec, row: dict[str, Any]) -> str:
    """The rendered answer; a web task's answer that is a page of its site is that page's
    path (``/catalog``), so the gold holds wherever the site is served."""
    answer = render(spec.answer, row)
    start = render(spec.start_url, row) if spec.start_url else None
    return portable_url(answer, start) if start and answer else answer


def _portable(criteria: list[SuccessCriterion], start: str | None) -> list[SuccessCriterion]:
    """URL criteria on the start page's origin written as site paths (``/catalog``)."""
    if not start:
        return criteria
    return [
        c.model_copy(update={"value": portable_url(c.value, start)}) if c.kind == "url" else c
        for c in criteria
    ]


def _portable_step(step: WebStep, start: str) -> WebStep:
    return step.model_copy(update={"checks": _portable(step.checks, start)})


def _page_key(spec: TemplateSpec, document: str, page: Any) -> str:
    """Coverage's page value: a web page is its URL, a document page is document#p<n>."""
    if page is None:
        return document
    return str(page) if spec.kind == "web" else f"{document}#p{page}"


def _contexts(foreach: str | None, row: dict[str, Any]) -> list[dict[str, Any]]:
    """The row once, or once per item of the list column ``foreach`` (bound as ``item``)."""
    if foreach is None:
        return [row]
    return [{**row, "item": item} for item in row.get(foreach) or []]


def _criteria(items: list[SuccessTemplate], row: dict[str, Any]) -> list[SuccessCriterion]:
    """Success criteria (of the task, or of one step) over the row; empty ones left out."""
    return [
        SuccessCriterion(kind=item.kind, value=value)
        for item in items
        for context in _contexts(item.foreach, row)
        if (value := render_optional(item.value, context))
    ]


def _steps(step: StepTemplate, row: dict[str, Any]) -> list[WebStep]:
    return [_step(step, context) for context in _contexts(step.foreach, row)]


def _step(step: StepTemplate, row: dict[str, Any]) -> WebStep:
    som = render(step.som, row) if step.som else ""
    return WebStep(
        action=step.action,
        selector=render(step.selector, row),
        som=int(som) if som.isdigit() else None,
        value=render(step.value, row) if step.value is not None else None,
        expected=render(step.expected, row),
        checks=_criteria(step.check, row),
    )


def sample_rows(
    rows: list[dict[str, Any]], count: int, seed: int, salt: str
) -> list[dict[str, Any]]:
    """A seeded sample: the same seed on the same graph picks the same rows."""
    ordered = sorted(rows, key=lambda row: str(row["anchor"]))
    random.Random(f"{seed}:{salt}").shuffle(ordered)
    return ordered[:count]


def rederive(graph: Graph, spec: TemplateSpec, task: Task) -> bool:
    """True when re-running the grounding query on the task's anchor renders the same
    prompt and answer (a renamed section or changed cell makes the task stale)."""
    return rederive_many(graph, spec, [task])[task.id]


def rederive_many(graph: Graph, spec: TemplateSpec, tasks: Sequence[Task]) -> dict[str, bool]:
    """:func:`rederive` for many tasks of one template in one query: task id -> verified.

    Each anchor's rows are checked against its own task, as one query per anchor would;
    up to ten rows per anchor are read, as before."""
    return rederive_groups(graph, [(spec, tasks)])


def rederive_groups(
    graph: Graph, groups: Sequence[tuple[TemplateSpec, Sequence[Task]]]
) -> dict[str, bool]:
    """:func:`rederive_many` for the tasks of several templates, one query each, in
    :data:`READ_WORKERS` read transactions."""
    rederivation = Rederivation(groups)
    return rederivation.verdicts(graph.read_texts(rederivation.calls, workers=READ_WORKERS))


class Rederivation:
    """The grounding queries that re-derive many templates' tasks (one per template, on
    the tasks' anchors), and the verdicts from their answers: run alone
    (:func:`rederive_groups`) or in one batch of reads with other queries."""

    def __init__(self, groups: Sequence[tuple[TemplateSpec, Sequence[Task]]]) -> None:
        self.groups = [(spec, tasks) for spec, tasks in groups if tasks]
        anchors = [sorted({task.anchor for task in tasks}) for _, tasks in self.groups]
        self.calls = [
            template_call(spec, anchors=wanted, limit=10 * len(wanted))
            for (spec, _), wanted in zip(self.groups, anchors, strict=True)
        ]
        """One query per template that has tasks, in order."""

    def verdicts(self, found: Sequence[Sequence[dict[str, Any]]]) -> dict[str, bool]:
        """Task id -> whether one of its anchor's first ten rows renders it again."""
        verified: dict[str, bool] = {}
        for (spec, tasks), rows_found in zip(self.groups, found, strict=True):
            rows: dict[str, list[dict[str, Any]]] = {}
            for row in rows_found:
                rows.setdefault(str(row["anchor"]), []).append(row)
            verified.update(
                {
                    task.id: any(
                        _renders_same(spec, row, task) for row in rows.get(task.anchor, [])[:10]
                    )
                    for task in tasks
                }
            )
        return verified


def checked_and_rederived(
    graph: Graph, groups: Sequence[tuple[TemplateSpec, Sequence[tuple[Task, dict[str, Any]]]]]
) -> dict[str, str | None]:
    """Task id -> why the task fails (a requirement of its template's declared subgraph,
    :data:`~taskspace.generators.templates.requirements.FAILURES`, else ``"unverified"``
    when its answer does not re-derive), or None when it passes both. Each task comes with
    the row it was rendered from. The requirement and re-derivation queries of every
    template run in one batch of :data:`READ_WORKERS` read transactions: one round trip
    for both checks."""
    checks = RequirementChecks(
        graph,
        [(spec.subgraph, [row for _, row in pairs], spec.grounding) for spec, pairs in groups],
    )
    rederivation = Rederivation([(spec, [task for task, _ in pairs]) for spec, pairs in groups])
    found = graph.read_texts(checks.calls + rederivation.calls, workers=READ_WORKERS)
    failures = checks.verdicts(found[: len(checks.calls)])
    verified = rederivation.verdicts(found[len(checks.calls) :])
    outcome: dict[str, str | None] = {}
    for (_, pairs), failed in zip(groups, failures, strict=True):
        for (task, _), failure in zip(pairs, failed, strict=True):
            outcome[task.id] = failure or (None if verified.get(task.id) else "unverified")
    return outcome


def _renders_same(spec: TemplateSpec, row: dict[str, Any], task: Task) -> bool:
    try:
        return (
            _answer(spec, row) == task.answer
            and fingerprint(render(spec.prompt, row), task.answer) == task.fingerprint
        )
    except MissingValue:
        return False  # the value the task was made from is gone
