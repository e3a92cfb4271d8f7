"""A throwaway Neo4j server for the probe, driven through the ``kg`` command under test.

The server is started with ``kg db start`` of the probed checkout (not with this
checkout's library), so the probe measures that checkout's own provisioning too, and it
only relies on the stable layout of ``TASKSPACE_HOME`` (password file, pid file). The
settings are the tests' (tests/support/__init__.py): own home, free ports, small memory, and the
jar cache shared by all test homes, so that no user's database is ever touched.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import neo4j

from bench.bad_inputs.kg import KgCommand
from taskspace.server.isolated import SHARED_JAR_CACHE, isolated_environment

TEST_CACHE = SHARED_JAR_CACHE

CLEAR = "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"


@dataclass(frozen=True)
class Counts:
    nodes: int
    relationships: int

    def __str__(self) -> str:
        return f"{self.nodes} nodes, {self.relationships} relationships"


class ProbeServer:
    """One server reused by every case; the graph is emptied between cases."""

    def __init__(self, home: Path, kg: KgCommand) -> None:
        self.home = home
        self.kg = kg
        self.env = isolated_environment(home)
        self._driver: neo4j.Driver | None = None

    @property
    def pid_file(self) -> Path:
        return self.home / "neo4j" / "run" / "neo4j.pid"

    def start(self) -> None:
        for args in (["db", "install"], ["db", "start"]):
            result = self.kg.run(args, self.env, timeout=300)
            if result.code != 0:
                raise RuntimeError(f"kg {' '.join(args)} failed:\n{result.output}")

    def init_schema(self) -> None:
        result = self.kg.run(["init"], self.env, timeout=300)
        if result.code != 0:
            raise RuntimeError(f"kg init failed:\n{result.output}")

    def stop(self) -> None:
        self.close_driver()
        self.kg.run(["db", "stop"], self.env, timeout=120)

    def kill(self) -> None:
        """SIGKILL the server, as a crash or an out-of-memory kill would."""
        self.close_driver()
        pid = int(self.pid_file.read_text(encoding="utf-8").strip())
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.2)

    def driver(self) -> neo4j.Driver:
        if self._driver is None:
            password = (self.home / "secrets" / "neo4j-password").read_text("utf-8").strip()
            uri = f"bolt://127.0.0.1:{self.env['TASKSPACE_BOLT_PORT']}"
            self._driver = neo4j.GraphDatabase.driver(uri, auth=("neo4j", password))
        return self._driver

    def close_driver(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None

    def query(self, cypher: str, **params: Any) -> list[dict[str, Any]]:
        records, _, _ = self.driver().execute_query(cypher, params)
        return [record.data() for record in records]

    def clear(self) -> None:
        with self.driver().session() as session:
            session.run(CLEAR).consume()

    def counts(self) -> Counts:
        nodes = self.query("MATCH (n) RETURN count(n) AS c")[0]["c"]
        relationships = self.query("MATCH ()-[r]->() RETURN count(r) AS c")[0]["c"]
        return Counts(int(nodes), int(relationships))

    def missing_ids(self, ids: list[str]) -> list[str]:
        """Those of ``ids`` that no node carries as its ``id``."""
        rows = self.query(
            "UNWIND $ids AS id OPTIONAL MATCH (n {id: id}) "
            "WITH id, count(n) AS found WHERE found = 0 RETURN id",
            ids=ids,
        )
        return [str(row["id"]) for row in rows]


@contextmanager
def probe_server(home: Path, kg: KgCommand) -> Iterator[ProbeServer]:
    """Start, apply the schema once, yield, and always stop the server."""
    server = ProbeServer(home, kg)
    server.start()
    try:
        server.init_schema()
        yield server
    finally:
        server.stop()
