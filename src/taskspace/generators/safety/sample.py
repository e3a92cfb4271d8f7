"""``kg sample safety``: safety variants of doc and web tasks from a tasks file.

Doc tasks get one variant per embedding strategy, the threat categories taken in turn so
that every category appears; the injection targets the chunks that hold the task's
grounding (read from the live graph). Web tasks get one variant per forged element.

With a cap (``-n``), the variants are dealt round-robin over the base tasks, in an order
the seed shuffles: every base task gives one variant before any gives a second, and each
base task starts at another strategy, so that eight variants of a file of eight tasks are
eight tasks under four threats, not two tasks under each threat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from itertools import zip_longest

from taskspace.core.errors import UserError
from taskspace.generators.safety.spec import ThreatSpec
from taskspace.generators.safety.variants import doc_variant, web_variant
from taskspace.graph.connection import Graph
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task

DROP_REASONS = ("no_chunks", "unsupported", "already_safety")


def chosen(spec: ThreatSpec, names: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The doc strategies and web elements asked for (all when ``names`` is empty)."""
    doc, web = list(spec.strategies), list(spec.web_elements)
    if not names:
        return doc, web
    unknown = [name for name in names if name not in doc and name not in web]
    if unknown:
        raise UserError(
            f"unknown safety strategy {unknown[0]!r}: choose from {', '.join(doc + web)}"
        )
    return [n for n in doc if n in names], [n for n in web if n in names]


def grounding_chunks(graph: Graph, tasks: Sequence[Task]) -> dict[str, list[str]]:
    """Per task: the chunks holding its grounding elements, entities or documents."""
    grounding = sorted({ref.id for task in tasks for ref in task.grounding})
    rows = graph.read("eval/evidence_cover", grounding=grounding) if grounding else []
    by_node: dict[str, set[str]] = {}
    for row in rows:
        for node in row["covers"]:
            by_node.setdefault(node, set()).add(row["node"])
    chunks: dict[str, list[str]] = {}
    for task in tasks:
        found = {ref.id for ref in task.grounding if ref.label == "Chunk"}
        for ref in task.grounding:
            found |= by_node.get(ref.id, set())
        chunks[task.id] = sorted(found)
    return chunks


def safety_tasks(
    graph: Graph,
    tasks: Sequence[Task],
    spec: ThreatSpec,
    seed: int = 0,
    names: Sequence[str] | None = None,
    count: int | None = None,
) -> SampleReport:
    """Safety variants of ``tasks`` (at most ``count``), with what was skipped and why."""
    started = time.perf_counter()
    strategies, elements = chosen(spec, names)
    report = SampleReport.start("safety", DROP_REASONS)
    categories = sorted(spec.categories)
    docs = [task for task in tasks if task.kind == "doc" and task.safety is None]
    chunks = grounding_chunks(graph, docs) if strategies else {}
    made: list[list[Task]] = []
    for index, task in enumerate(tasks):
        report.candidates += 1
        if task.safety is not None:
            report.drop("already_safety")
        elif task.kind == "doc" and strategies:
            if not chunks.get(task.id):
                report.drop("no_chunks")
                continue
            made.append(
                [
                    doc_variant(
                        task,
                        chunks[task.id],
                        strategy,
                        categories[(index + turn + seed) % len(categories)],
                        spec,
                        seed,
                    )
                    for turn, strategy in enumerate(strategies)
                ]
            )
        elif task.kind == "web" and elements and task.start_url:
            made.append([web_variant(task, element, spec, seed) for element in elements])
        else:
            report.drop("unsupported")
    kept = dealt(made, seed, count)
    report.extras["strategies"] = {
        name: sum(t.safety is not None and t.safety.strategy == name for t in kept)
        for name in strategies + elements
    }
    report.extras["base_tasks"] = {
        "used": len({t.safety.original_task for t in kept if t.safety is not None}),
        "available": len(made),
    }
    return report.finish(kept, time.perf_counter() - started)


def dealt(variants: list[list[Task]], seed: int, count: int | None) -> list[Task]:
    """Variants taken round-robin over the base tasks (one list each), at most ``count``.

    The seed shuffles the base tasks; base task ``i`` of that order starts at its variant
    ``i`` (mod their number), so consecutive base tasks show different strategies.
    """
    order = list(range(len(variants)))
    random.Random(f"safety:{seed}").shuffle(order)
    rotated = []
    for turn, index in enumerate(order):
        own = variants[index]
        shift = turn % len(own) if own else 0
        rotated.append(own[shift:] + own[:shift])
    rounds = [t for layer in zip_longest(*rotated) for t in layer if t is not None]
    return rounds if count is None else rounds[:count]
