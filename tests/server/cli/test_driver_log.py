"""A server that dies under a command: the user sees the command's one line, nothing of
the driver's own logging (which goes to TASKSPACE_HOME/logs/neo4j-driver.log)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from taskspace.graph.connection import Graph
from taskspace.server import process
from tests.support import running_server
from tests.support.kg import KG, command_env

LONG_QUERY = "UNWIND range(1, 2000000000) AS x RETURN count(x) AS n"
"""Read-only and long (minutes): the server is killed while it runs."""


def _wait_until_running(graph: Graph, seconds: float = 60) -> None:
    """Until the server lists the long query among its transactions."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        rows = graph.read_text("SHOW TRANSACTIONS YIELD currentQuery RETURN currentQuery")
        if any("range(1, 2000000000)" in str(row["currentQuery"]) for row in rows):
            return
        time.sleep(0.2)
    raise AssertionError("the long query never started")


def test_a_server_killed_mid_command_leaves_exactly_one_error_line(tmp_path: Path) -> None:
    with running_server(tmp_path / "home") as (settings, env):
        command = subprocess.Popen(
            [KG, "query", LONG_QUERY],
            env=command_env(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        with Graph(settings) as graph:
            _wait_until_running(graph)
        pid = process.read_pid(settings)
        assert pid is not None
        os.kill(pid, signal.SIGKILL)  # our own test server, dying as a crashed one does
        output, _ = command.communicate(timeout=120)

    lines = output.splitlines()
    assert command.returncode == 1, output
    assert len(lines) == 1 and lines[0].startswith("Error: "), output
    assert "defunct" not in output and "<CONNECTION>" not in output
    driver_log = Path(env["TASKSPACE_HOME"]) / "logs" / "neo4j-driver.log"
    assert "Failed to read from defunct connection" in driver_log.read_text(encoding="utf-8")
