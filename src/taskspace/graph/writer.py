"""The one batched writer every loader uses.

Rows go to the server as ``UNWIND $rows`` batches. Each batch is a managed write
transaction: the driver retries it with exponential backoff on transient errors
(deadlocks, leader switches, a lost connection) for up to ``max_transaction_retry_time``,
which is what a hand-written retry loop would do, only better tested.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

import neo4j

from taskspace.graph.connection import Graph, translated_errors
from taskspace.graph.names import checked_label, checked_rel_type

Row = Mapping[str, Any]


@dataclass
class WriteSummary:
    """What a write did, added up over its batches."""

    rows: int = 0
    batches: int = 0
    nodes_created: int = 0
    relationships_created: int = 0
    properties_set: int = 0
    labels_added: int = 0
    nodes_deleted: int = 0
    relationships_deleted: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    def add(self, rows: int, summary: neo4j.ResultSummary) -> None:
        counters = summary.counters
        self.rows += rows
        self.batches += 1
        self.nodes_created += counters.nodes_created
        self.relationships_created += counters.relationships_created
        self.properties_set += counters.properties_set
        self.labels_added += counters.labels_added
        self.nodes_deleted += counters.nodes_deleted
        self.relationships_deleted += counters.relationships_deleted

    def merge(self, other: WriteSummary) -> None:
        for name in (
            "rows",
            "batches",
            "nodes_created",
            "relationships_created",
            "properties_set",
            "labels_added",
            "nodes_deleted",
            "relationships_deleted",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(frozen=True)
class WriteStep:
    """One query of a multi-query transaction: Cypher that reads ``$rows``, its rows and
    any further parameters."""

    cypher: str
    rows: Sequence[Row]
    params: Mapping[str, Any] = field(default_factory=dict)


def batched(rows: Iterable[Row], size: int) -> Iterator[list[Row]]:
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch


class BatchedWriter:
    """Writes rows through named or given Cypher in ``UNWIND $rows`` batches."""

    def __init__(
        self,
        graph: Graph,
        batch_size: int | None = None,
        on_batch: Callable[[int], None] | None = None,
        workers: int = 1,
    ) -> None:
        if batch_size is not None and batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.graph = graph
        self.batch_size = batch_size or graph.settings.batch_size
        self.on_batch = on_batch
        self.workers = workers

    def write(self, cypher: str, rows: Iterable[Row], **params: Any) -> WriteSummary:
        """Run ``cypher`` (which reads ``$rows``) once per batch; extra params go along.

        With ``workers > 1`` batches run in parallel sessions, which keeps both of a small
        server's cores busy; a deadlock between them is transient and simply retried.
        """
        total = WriteSummary()

        def work(tx: neo4j.ManagedTransaction, batch: list[Row]) -> neo4j.ResultSummary:
            return tx.run(cypher, {**params, "rows": batch}).consume()

        def run_batch(batch: list[Row]) -> tuple[int, neo4j.ResultSummary]:
            with self.graph.session(write=True) as session:
                return len(batch), session.execute_write(work, batch)

        def record(size: int, summary: neo4j.ResultSummary) -> None:
            total.add(size, summary)
            if self.on_batch is not None:
                self.on_batch(size)

        with translated_errors(self.graph.settings):
            if self.workers == 1:
                for batch in batched(rows, self.batch_size):
                    record(*run_batch(batch))
                return total
            with ThreadPoolExecutor(self.workers) as pool:
                pending: set[Future[tuple[int, neo4j.ResultSummary]]] = set()
                for batch in batched(rows, self.batch_size):
                    if len(pending) >= 2 * self.workers:  # bounded memory: few batches in flight
                        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                        for future in finished:
                            record(*future.result())
                    pending.add(pool.submit(run_batch, batch))
                for future in pending:
                    record(*future.result())
        return total

    def write_steps(self, steps: Sequence[WriteStep]) -> list[WriteSummary]:
        """Run several queries, in order, as one managed write transaction.

        For a loader whose unit of work is a mix of small groups (one per relationship
        type, say): one BEGIN/COMMIT and one log flush for the lot instead of one per
        query, which on a small group costs more than the writing itself. Each step is
        still sent in ``batch_size`` slices. A transient failure retries the whole
        transaction, so the steps must be idempotent (MERGE), as every loader's are.
        """
        live = [step for step in steps if step.rows]

        def work(tx: neo4j.ManagedTransaction) -> list[WriteSummary]:
            summaries = []
            for step in live:
                summary = WriteSummary()
                for batch in batched(step.rows, self.batch_size):
                    summary.add(
                        len(batch), tx.run(step.cypher, {**step.params, "rows": batch}).consume()
                    )
                summaries.append(summary)
            return summaries

        if not live:
            return []
        with translated_errors(self.graph.settings), self.graph.session(write=True) as session:
            summaries = session.execute_write(work)
        if self.on_batch is not None:
            self.on_batch(sum(summary.rows for summary in summaries))
        return summaries

    def step(
        self, name: str, rows: Sequence[Row], slots: Mapping[str, str] | None = None, **params: Any
    ) -> WriteStep:
        """A :class:`WriteStep` for the named query."""
        return WriteStep(self.graph.queries.text(name, slots), rows, params)

    def write_named(
        self,
        name: str,
        rows: Iterable[Row],
        slots: Mapping[str, str] | None = None,
        **params: Any,
    ) -> WriteSummary:
        return self.write(self.graph.queries.text(name, slots), rows, **params)

    def merge_nodes(self, labels: Sequence[str], rows: Iterable[Row]) -> WriteSummary:
        """MERGE nodes on ``labels[0]`` and ``id``; rows are ``{"id": …, "props": {…}}``.

        The first label carries the uniqueness constraint; the others are added with SET
        so that an existing node gains them instead of being duplicated.
        """
        return self.write(self.merge_nodes_cypher(labels), rows)

    def merge_nodes_cypher(self, labels: Sequence[str]) -> str:
        primary = checked_label(labels[0])
        every = ":".join(checked_label(label) for label in labels)
        return self.graph.queries.text("writes/merge_nodes", {"label": primary, "labels": every})

    def merge_relationships(
        self,
        rel_type: str,
        start_label: str,
        end_label: str,
        rows: Iterable[Row],
    ) -> WriteSummary:
        """MERGE ``(start)-[:rel_type]->(end)``; rows are ``{start, end, props}`` by id.

        Relationships whose endpoints are missing are skipped by the MATCH, never invented.
        """
        return self.write_named(
            "writes/merge_relationships",
            rows,
            slots={
                "type": checked_rel_type(rel_type),
                "start": checked_label(start_label),
                "end": checked_label(end_label),
            },
        )
