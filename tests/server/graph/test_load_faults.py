"""Faults around real loads stay exact: concurrent loads of real Wikidata files give the
graph of the same loads one after another, and a server killed mid-load, once restarted,
is finished by loading the same input again (issue #10)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.graph.provenance import incomplete_sources
from taskspace.graph.schema import apply_schema
from taskspace.graph.stats import collect_stats
from taskspace.server import process
from tests.support import running_server
from tests.support.wikidata import DUMP_CHUNK, KAHN, KARLSRUHE, Q42_TTL, shared, snapshot

KG = [sys.executable, "-c", "from taskspace.cli.main import cli; cli()"]


def _kg(args: Sequence[str], env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*KG, *args],
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _clear(graph: Graph) -> None:
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")


def test_four_concurrent_loads_give_the_graph_of_four_loads_in_turn(
    graph: Graph, server_env: dict[str, str]
) -> None:
    """Kahn's load writes Karlsruhe as the place of birth while Karlsruhe's own load writes
    it in full: the writes meet on one node, and the result must not depend on timing."""
    files = [shared(path) for path in (Q42_TTL, DUMP_CHUNK, KAHN, KARLSRUHE)]
    for path in files:
        done = _kg(["load", "wikidata", str(path)], server_env)
        output, _ = done.communicate(timeout=600)
        assert done.returncode == 0, output
    in_turn = snapshot(graph)
    _clear(graph)

    loads = [_kg(["load", "wikidata", str(path)], server_env) for path in files]
    outputs = [load.communicate(timeout=600)[0] for load in loads]
    assert [load.returncode for load in loads] == [0, 0, 0, 0], outputs
    assert not any("Traceback" in output for output in outputs)
    assert snapshot(graph) == in_turn
    assert incomplete_sources(graph) == []


def test_a_server_killed_mid_load_is_finished_by_loading_again(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    films = shared(DUMP_CHUNK.parent.parent / "film_kg_atai" / "atai_movie_kg_slice_selected.nt")
    runner = CliRunner()
    with running_server(tmp_path_factory.mktemp("killed-server")) as (settings, env):
        with Graph(settings) as graph:
            apply_schema(graph)
            clean = runner.invoke(cli, ["load", "wikidata", str(films)], env=env)
            assert clean.exit_code == 0, clean.output
            whole = collect_stats(graph)
            _clear(graph)

            load = _kg(["load", "wikidata", str(films)], env)
            while load.poll() is None and not incomplete_sources(graph):
                time.sleep(0.05)
            pid = process.read_pid(settings)
            assert pid is not None and load.poll() is None, "the load ended before the kill"
            os.kill(pid, signal.SIGKILL)
            output, _ = load.communicate(timeout=300)
        assert load.returncode != 0
        assert "Traceback" not in output
        assert output.strip().splitlines()[-1].startswith("Error:"), output
        # told as a server that died, not a network to check, and not after 30 s of retries
        assert f"The local Neo4j server stopped: its process ({pid}) has ended" in output
        assert "`kg db start`" in output and "running it again" in output

        process.start(settings)
        with Graph(settings) as graph:
            assert len(incomplete_sources(graph)) == 1
            again = runner.invoke(cli, ["load", "wikidata", str(films)], env=env)
            assert again.exit_code == 0, again.output
            after = collect_stats(graph)
            assert incomplete_sources(graph) == []
        assert (after.labels, after.relationships) == (whole.labels, whole.relationships)
