"""The connection to Neo4j and the errors a user can act on.

Every read goes through a session in READ access mode, so a query that tries to write is
refused by the server itself, not by a guess at its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import Any

import neo4j
from neo4j import READ_ACCESS, WRITE_ACCESS, Driver, GraphDatabase
from neo4j.exceptions import AuthError, ClientError, ServiceUnavailable, SessionExpired

from taskspace.graph.queries import QueryLibrary, default_library
from taskspace.settings import Settings

Record = dict[str, Any]


class GraphError(RuntimeError):
    """A failure the user can act on; the CLI prints its message without a traceback."""


class GraphUnavailableError(GraphError):
    """No database answers at the configured address."""


class ReadOnlyViolationError(GraphError):
    """A write was attempted through a read-only path."""


def unavailable_message(settings: Settings) -> str:
    if settings.uses_local_server:
        return (
            f"Neo4j is not reachable at {settings.uri}. Start the local server with "
            "`kg db start` (run `kg db install` first on a new machine), or set NEO4J_URI "
            "to use another database."
        )
    return (
        f"Neo4j is not reachable at {settings.uri} (from NEO4J_URI). Check that the server "
        "is running and that the URI, port and network are right."
    )


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
        self.driver: Driver = GraphDatabase.driver(
            settings.uri,
            auth=(settings.neo4j_username, password),
            user_agent="taskspace",
            notifications_min_severity="OFF",
            max_transaction_retry_time=30.0,
            connection_acquisition_timeout=30.0,
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
                f"Neo4j at {self.settings.uri} refused the credentials for user "
                f"{self.settings.neo4j_username!r}: {exc.message}"
            ) from exc
        except (ServiceUnavailable, SessionExpired, OSError) as exc:
            raise GraphUnavailableError(unavailable_message(self.settings)) from exc

    def session(self, *, write: bool = False) -> neo4j.Session:
        return self.driver.session(
            database=self.database,
            default_access_mode=WRITE_ACCESS if write else READ_ACCESS,
        )

    def read(
        self, name: str, slots: Mapping[str, str | int] | None = None, **params: Any
    ) -> list[Record]:
        """Run the named query in a read transaction and return its records as dicts."""
        return self.read_text(self.queries.text(name, slots), **params)

    def read_text(self, cypher: str, **params: Any) -> list[Record]:
        def work(tx: neo4j.ManagedTransaction) -> list[Record]:
            return [record.data() for record in tx.run(cypher, params)]

        with _translated(self.settings), self.session() as session:
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
        with _translated(self.settings), self.session() as session:
            return [record.data() for record in session.run(cypher, params)]

    def run_read_only(
        self, cypher: str, params: Mapping[str, Any]
    ) -> tuple[list[str], list[Record]]:
        """Run user-written Cypher in a READ session; a write is refused by the server."""
        with _translated(self.settings), self.session() as session:
            try:
                result = session.run(cypher, dict(params))
                keys = list(result.keys())
                rows = [record.data() for record in result]
            except ClientError as exc:
                if exc.code and "AccessMode" in exc.code:
                    raise ReadOnlyViolationError(
                        "Refused: this query writes to the graph, and `kg query` runs read-only "
                        f"({exc.code})."
                    ) from exc
                raise GraphError(f"Query failed: {exc.code}: {exc.message}") from exc
            return keys, rows

    def write_text(self, cypher: str, **params: Any) -> neo4j.ResultSummary:
        """Run one write statement in a managed (retried) write transaction."""

        def work(tx: neo4j.ManagedTransaction) -> neo4j.ResultSummary:
            return tx.run(cypher, params).consume()

        with _translated(self.settings), self.session(write=True) as session:
            return session.execute_write(work)

    def run_autocommit(self, cypher: str, **params: Any) -> None:
        """Schema commands and CALL {…} IN TRANSACTIONS need an auto-commit transaction."""
        with _translated(self.settings), self.session(write=True) as session:
            session.run(cypher, params).consume()


class _translated:
    """Turns connection failures into GraphUnavailableError with advice for the user."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if isinstance(exc, AuthError):
            raise GraphUnavailableError(
                f"Neo4j at {self.settings.uri} refused the credentials: {exc.message}"
            ) from exc
        if isinstance(exc, ServiceUnavailable | SessionExpired):
            raise GraphUnavailableError(unavailable_message(self.settings)) from exc
