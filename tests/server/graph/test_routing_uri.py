"""The commands through a routing URI (``neo4j://``), as against a cluster or Aura.

Community Neo4j has no cluster, but it answers the routing protocol as a single-member
cluster: the driver fetches a routing table, sends reads to READ routes and writes to the
WRITE route. Loading, sampling (a write, then reads of what was written) and verifying go
through it here; the local-server commands refuse in one line.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from tests.support.wikidata import KAHN, KARLSRUHE, shared


def routed_env(settings: Settings, tmp_path: Path) -> dict[str, str]:
    """The test server addressed as a user addresses a cluster: NEO4J_* variables only,
    a home of its own that holds no password and no server."""
    return {
        "NEO4J_URI": f"neo4j://127.0.0.1:{settings.bolt_port}",
        "NEO4J_USERNAME": "neo4j",
        "NEO4J_PASSWORD": settings.password() or "",
        "TASKSPACE_HOME": str(tmp_path / "no-local-server"),
    }


def test_load_sample_and_verify_through_a_routing_uri(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    env = routed_env(settings, tmp_path)
    runner = CliRunner()
    loaded = runner.invoke(
        cli,
        ["load", "wikidata", str(shared(KAHN)), str(shared(KARLSRUHE)), "--apps", "--json"],
        env=env,
    )
    assert loaded.exit_code == 0, loaded.output
    out = tmp_path / "paths.jsonl"
    sampled = runner.invoke(
        cli,
        ["sample", "paths", "--start", "Q131261", "-n", "1", "-o", str(out), "--json"],
        env=env,
    )
    assert sampled.exit_code == 0, sampled.output
    assert json.loads(sampled.output)["task_nodes_created"] == 1
    task = json.loads(out.read_text().splitlines()[0])
    assert task["answer"] == "Karlsruhe"
    # written through the WRITE route, read back through a READ route at once
    verified = runner.invoke(cli, ["sample", "verify", str(out), "--json"], env=env)
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["verified"] == 1
    stored = graph.read_text("MATCH (t:Task {id: $id}) RETURN t.answer AS a", id=task["id"])
    assert stored == [{"a": "Karlsruhe"}]


def test_local_server_commands_refuse_with_a_routing_uri(
    settings: Settings, tmp_path: Path
) -> None:
    env = routed_env(settings, tmp_path)
    started = CliRunner().invoke(cli, ["db", "start"], env=env)
    assert started.exit_code == 1
    assert "NEO4J_URI is set (neo4j://127.0.0.1:" in started.output
    assert "no local server is started" in started.output
    password = settings.password()
    assert password and password not in started.output


def test_the_admin_tool_runs_on_the_local_server_and_refuses_elsewhere(
    settings: Settings, server_env: dict[str, str], tmp_path: Path
) -> None:
    """`kg db admin` is neo4j-admin on the provisioned jars: its version is the server's;
    an offline command while the server runs is refused before it fails; a routing URI
    is refused since the tool works on local files."""
    runner = CliRunner()
    version = runner.invoke(cli, ["db", "admin", "--version"], env=server_env)
    assert version.exit_code == 0 and version.output.strip() == settings.local.version
    dump = ["db", "admin", "database", "dump", "neo4j", f"--to-path={tmp_path}"]
    running = runner.invoke(cli, dump, env=server_env)
    assert running.exit_code == 1
    assert "`database dump` needs the local server stopped: run `kg db stop`" in running.output
    assert list(tmp_path.iterdir()) == []
    routed = runner.invoke(cli, ["db", "admin", "--version"], env=routed_env(settings, tmp_path))
    assert routed.exit_code == 1 and "works on the local server's files only" in routed.output
