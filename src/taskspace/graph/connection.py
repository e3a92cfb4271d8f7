"""The connection to Neo4j and the errors a user can act on.

Every read goes through a session in READ access mode, so a query that tries to write is
refused by the server itself, not by a guess at its text. User-written Cypher goes through
:func:`read_only_query`, which also refuses what the server plans as a read but is not
harmless (administration, ``SHOW``/``TERMINATE``, ``LOAD CSV`` from the network), bounds
its time on the server and fetches only the rows that will be shown.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import neo4j
from neo4j import READ_ACCESS, WRITE_ACCESS, Driver, GraphDatabase
from neo4j.exceptions import (
    AuthError,
    ConfigurationError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)

from taskspace.core.server_pid import ended_server
from taskspace.core.settings import Settings
from taskspace.graph.errors import (
    GraphError,
    GraphUnavailableError,
    QueryRefusedError,
    QueryTimeoutError,
    ReadOnlyViolationError,
)
from taskspace.graph.queries import QueryLibrary, default_library
from taskspace.graph.readonly_guard import ReadPolicy, check_plan, plan_facts
from taskspace.graph.records import record_data

Record = dict[str, Any]


DEFAULT_READ_TIMEOUT = 60.0
"""Seconds a user-written read may run on the server before it is stopped."""

MAX_FETCH_SIZE = 1000


def unavailable_message(settings: Settings) -> str:
    if settings.uses_local_server:
        return (
            f"Neo4j is not reachable at {settings.display_uri}. Start the local server with "
            "`kg db start` (run `kg db install` first on a new machine), or set NEO4J_URI "
            "to use another database."
        )
    return (
        f"Neo4j is not reachable at {settings.display_uri} (from NEO4J_URI). Check that the server "
        "is running and that the URI, port and network are right."
    )


def open_driver(settings: Settings, **config: Any) -> Driver:
    """The driver for ``settings.uri``; a URI it refuses gives a message without the URI.

    The driver's own error repeats the whole URI, and a URI with ``user:password@`` in it
    would put the password on the terminal.
    """
    try:
        return GraphDatabase.driver(settings.uri, **config)
    except (ConfigurationError, ValueError):
        raise GraphUnavailableError(
            f"NEO4J_URI ({settings.display_uri}) is not a URI the Neo4j driver accepts: use "
            "neo4j://, neo4j+s://, bolt:// or bolt+s:// with host and port, and give the user "
            "and password in NEO4J_USERNAME and NEO4J_PASSWORD, not in the URI."
        ) from None


class LocalServerWatch:
    """The driver's address resolver for the local server, which it calls before every new
    connection: when the server's recorded process has ended (killed, crashed, out of
    memory), it raises at once. The driver would otherwise retry for
    ``max_transaction_retry_time`` (30 s) a server that cannot come back by itself: a load
    whose server was killed took 35 to 56 s to say so, 2 s now. A server that restarts (``kg db
    restart``: no pid file meanwhile) is still waited for."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def __call__(self, address: Any) -> list[Any]:
        pid = ended_server(self.settings)
        if pid is not None:
            raise GraphUnavailableError(
                f"The local Neo4j server stopped: its process ({pid}) has ended (killed or "
                f"crashed; see {self.settings.local.console_log} and `kg db logs`). Start it "
                "with `kg db start`; a load it cut short is finished by running it again."
            )
        return [address]


class Graph:
    """A driver bound to one database, with read and write helpers over named queries."""

    def __init__(self, settings: Settings, library: QueryLibrary | None = None) -> None:
        self.settings = settings
        self.database = settings.neo4j_database
        self.queries = library or default_library()
        password = settings.password()
        if password is None:
            hint = (
                "run `kg db start` to provision the local server and its password"
                if settings.uses_local_server
                else "set NEO4J_PASSWORD"
            )
            raise GraphUnavailableError(f"No Neo4j password is known: {hint}.")
        self.driver: Driver = open_driver(
            settings,
            auth=(settings.neo4j_username, password),
            user_agent="taskspace",
            notifications_min_severity="OFF",
            max_transaction_retry_time=30.0,
            connection_acquisition_timeout=30.0,
            **({"resolver": LocalServerWatch(settings)} if settings.uses_local_server else {}),
        )

    def __enter__(self) -> Graph:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.driver.close()

    def verify(self) -> None:
        """Raise GraphUnavailableError with advice when the database cannot be reached."""
        try:
            self.driver.verify_connectivity()
        except AuthError as exc:
            raise GraphUnavailableError(
                f"Neo4j at {self.settings.display_uri} refused the credentials for user "
                f"{self.settings.neo4j_username!r}: {exc.message}"
            ) from exc
        except (ServiceUnavailable, SessionExpired, OSError) as exc:
            raise GraphUnavailableError(unavailable_message(self.settings)) from exc

    def session(self, *, write: bool = False) -> neo4j.Session:
        """A session of this graph. On a cluster (``neo4j://`` routing) read sessions go to
        followers, which may lag the leader; sharing the driver's bookmark manager makes
        every read wait for the writes this process made before it (causal consistency),
        so a command that writes and then reads back never sees the graph as it was."""
        return self.driver.session(
            database=self.database,
            default_access_mode=WRITE_ACCESS if write else READ_ACCESS,
            bookmark_manager=self.driver.execute_query_bookmark_manager,
        )

    def read(
        self, name: str, slots: Mapping[str, str | int] | None = None, **params: Any
    ) -> list[Record]:
        """Run the named query in a read transaction and return its records as dicts."""
        return self.read_text(self.queries.text(name, slots), **params)

    def read_text(self, cypher: str, **params: Any) -> list[Record]:
        def work(tx: neo4j.ManagedTransaction) -> list[Record]:
            return [record_data(record) for record in tx.run(cypher, params)]

        with translated_errors(self.settings), self.session() as session:
            return session.execute_read(work)

    def read_texts(
        self, queries: Sequence[tuple[str, Mapping[str, Any]]], workers: int = 1
    ) -> list[list[Record]]:
        """Several queries in one read transaction, their records in order: one BEGIN and
        COMMIT for a batch instead of one per query (a sample's template queries).

        With ``workers`` > 1 the queries are dealt round-robin to that many read
        transactions run side by side, so a server with several cores answers them at
        once while this process waits (each transaction sees the committed graph).

        A query asked more than once with the same parameters runs once, and each asker
        gets the same list of records (three table templates share one query): callers
        read records, they do not change them."""

        def work(
            tx: neo4j.ManagedTransaction, batch: Sequence[tuple[str, Mapping[str, Any]]]
        ) -> list[list[Record]]:
            return [
                [record_data(record) for record in tx.run(cypher, dict(params))]
                for cypher, params in batch
            ]

        def one_transaction(batch: Sequence[tuple[str, Mapping[str, Any]]]) -> list[list[Record]]:
            with translated_errors(self.settings), self.session() as session:
                return session.execute_read(work, batch)

        if not queries:
            return []
        distinct: dict[str, int] = {}
        unique: list[tuple[str, Mapping[str, Any]]] = []
        asked: list[int] = []
        for cypher, params in queries:
            number = distinct.setdefault(_query_key(cypher, params), len(unique))
            if number == len(unique):
                unique.append((cypher, params))
            asked.append(number)
        shares = min(max(workers, 1), len(unique))
        if shares == 1:
            answers = one_transaction(unique)
        else:
            with ThreadPoolExecutor(shares, thread_name_prefix="graph-read") as pool:
                dealt = list(pool.map(one_transaction, [unique[k::shares] for k in range(shares)]))
            answers = [[] for _ in unique]
            for share, answer in enumerate(dealt):
                answers[share::shares] = answer
        return [answers[number] for number in asked]

    def read_plain(self, name: str, **params: Any) -> list[Record]:
        """The named query's records as the driver hands them over, as dicts: for queries
        that return plain values only (strings, numbers, lists, maps; no nodes), such as
        stored vectors, where ``Record.data()`` walking every float costs more than the
        query itself (110 against 14 ms for 100 anchors' chunk vectors)."""
        cypher = self.queries.text(name)

        def work(tx: neo4j.ManagedTransaction) -> list[Record]:
            return [dict(record) for record in tx.run(cypher, params)]

        with translated_errors(self.settings), self.session() as session:
            return session.execute_read(work)

    def read_once(
        self, name: str, slots: Mapping[str, str | int] | None = None, **params: Any
    ) -> list[Record]:
        """The named query as one auto-commit read in a READ session.

        A managed transaction (``read``) costs BEGIN and COMMIT on top of the query; an
        auto-commit read is a single round trip. For latency-critical retrieval (agents
        asking for guidelines); it is not retried on transient errors, so a caller that
        needs that uses ``read``.
        """
        cypher = self.queries.text(name, slots)
        with translated_errors(self.settings), self.session() as session:
            return [record_data(record) for record in session.run(cypher, params)]

    def write_text(self, cypher: str, **params: Any) -> neo4j.ResultSummary:
        """Run one write statement in a managed (retried) write transaction."""

        def work(tx: neo4j.ManagedTransaction) -> neo4j.ResultSummary:
            return tx.run(cypher, params).consume()

        with translated_errors(self.settings), self.session(write=True) as session:
            return session.execute_write(work)

    def run_autocommit(self, cypher: str, **params: Any) -> None:
        """Schema commands and CALL {…} IN TRANSACTIONS need an auto-commit transaction."""
        with translated_errors(self.settings), self.session(write=True) as session:
            session.run(cypher, params).consume()


@contextmanager
def translated_errors(settings: Settings) -> Iterator[None]:
    """Turns connection failures into GraphUnavailableError with advice for the user."""
    try:
        yield
    except AuthError as exc:
        raise GraphUnavailableError(
            f"Neo4j at {settings.display_uri} refused the credentials: {exc.message}"
        ) from exc
    except (ServiceUnavailable, SessionExpired) as exc:
        raise GraphUnavailableError(unavailable_message(settings)) from exc


@dataclass
class ReadOnlyResult:
    """The first ``limit`` rows of a read-only query, and whether more rows exist."""

    keys: list[str]
    rows: list[Record]
    more: bool
    limit: int


def read_only_query(
    graph: Graph,
    cypher: str,
    params: Mapping[str, Any] | None = None,
    *,
    limit: int = 1000,
    timeout: float = DEFAULT_READ_TIMEOUT,
    policy: ReadPolicy | None = None,
) -> ReadOnlyResult:
    """Run user-written Cypher only if the server plans it as a harmless read.

    ``EXPLAIN`` runs first, in the same READ transaction, and its plan is checked
    (:mod:`taskspace.graph.readonly_guard`). The transaction carries a server-side
    ``timeout``; rows are streamed in batches no larger than ``limit + 1`` and the stream
    is abandoned after ``limit`` rows, so a huge result costs neither server time nor
    client memory beyond what is shown. A ``policy`` adds the caller's own checks on the
    statement, its plan and every value returned.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if timeout <= 0:
        raise ValueError("timeout must be positive")
    values = dict(params or {})
    session = graph.driver.session(
        database=graph.database,
        default_access_mode=READ_ACCESS,
        fetch_size=min(limit + 1, MAX_FETCH_SIZE),
        bookmark_manager=graph.driver.execute_query_bookmark_manager,
    )
    with (
        translated_errors(graph.settings),
        session,
        _query_errors(timeout),
        session.begin_transaction(timeout=timeout) as tx,
    ):
        summary = tx.run(f"EXPLAIN {cypher}", values).consume()
        with _refusals():
            check_plan(cypher, summary.query_type, plan_facts(summary.plan))
            if policy is not None:
                policy.check_statement(cypher, values, summary.plan)
        result = tx.run(cypher, values)
        keys = list(result.keys())
        rows: list[Record] = []
        for record in result:
            if policy is not None:
                with _refusals():
                    for value in record.values():
                        policy.check_value(value)
            rows.append(record.data())
            if len(rows) == limit:
                break
        more = result.peek() is not None
    return ReadOnlyResult(keys, rows, more, limit)


@contextmanager
def _refusals() -> Iterator[None]:
    try:
        yield
    except QueryRefusedError as exc:
        raise ReadOnlyViolationError(str(exc)) from exc


@contextmanager
def _query_errors(timeout: float) -> Iterator[None]:
    """Turns the server's refusals of user-written Cypher into messages a user can act on."""
    try:
        yield
    except Neo4jError as exc:
        code = exc.code or ""
        if "MemoryPoolOutOfMemory" in code:
            raise GraphError(
                "Query stopped: it needs more memory than the server allows one transaction "
                "(add LIMIT, or aggregate less)."
            ) from exc
        if "TransactionTimedOut" in code:
            raise QueryTimeoutError(
                f"Query stopped: it ran longer than the {timeout:g} s timeout "
                "(add LIMIT, match fewer nodes, or raise the timeout)."
            ) from exc
        if "AccessMode" in code or "ForbiddenDueToTransactionType" in code:
            raise ReadOnlyViolationError(
                f"Refused: this query writes to the graph, and this path is read-only ({code})."
            ) from exc
        raise GraphError(f"Query failed: {code}: {exc.message}") from exc


def _query_key(cypher: str, params: Mapping[str, Any]) -> str:
    """What makes two reads of one batch the same read: the text and every parameter."""
    return cypher + "\0" + json.dumps(params, sort_keys=True, default=repr)
