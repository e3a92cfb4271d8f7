"""An interrupted load is shown as incomplete, and loading the same input again completes it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.graph.provenance import (
    complete_source,
    incomplete_sources,
    record_source,
    source_id,
)
from taskspace.graph.stats import collect_stats
from tests.support import SHARED_DATA

FILM_SLICE = SHARED_DATA / "wikidata" / "film_kg_atai" / "atai_movie_kg_slice_selected.nt"
_QID = re.compile(r"(<http://www\.wikidata\.org/entity/Q)(\d+)>")


def _state(graph: Graph, sid: str) -> str | None:
    rows = graph.read_text("MATCH (s:Source {id: $id}) RETURN s.state AS state", id=sid)
    return rows[0]["state"] if rows else None


def test_a_source_is_loading_until_completed_and_stays_complete(graph: Graph) -> None:
    sid = record_source(graph, "wikidata", "file:///dump.nt", "abc")
    assert _state(graph, sid) == "loading"
    assert [row["uri"] for row in incomplete_sources(graph)] == ["file:///dump.nt"]
    complete_source(graph, sid)
    assert _state(graph, sid) == "complete" and incomplete_sources(graph) == []
    assert record_source(graph, "wikidata", "file:///dump.nt", "abc") == sid
    assert _state(graph, sid) == "complete"


def test_a_source_from_before_states_starts_loading_when_loaded_again(graph: Graph) -> None:
    sid = source_id("web", "http://x/")
    graph.write_text("CREATE (:Source {id: $id, kind: 'web', uri: 'http://x/'})", id=sid)
    record_source(graph, "web", "http://x/")
    assert _state(graph, sid) == "loading"


def _large_real_file(folder: Path, copies: int) -> Path:
    """The real film slice ``copies`` times over, QIDs shifted so the copies are disjoint."""
    if not FILM_SLICE.is_file():
        pytest.skip(f"shared test data not present: {FILM_SLICE}")
    lines = FILM_SLICE.read_text(encoding="utf-8").splitlines(keepends=True)
    target = folder / "films.nt"
    with target.open("w", encoding="utf-8") as out:
        for k in range(copies):
            shift = partial(_shift, by=k * 1_000_000_000)
            out.writelines(_QID.sub(shift, line) for line in lines)
    return target


def _shift(match: re.Match[str], by: int) -> str:
    return f"{match.group(1)}{int(match.group(2)) + by}>"


def _counts(graph: Graph) -> tuple[dict[str, int], dict[str, int]]:
    stats = collect_stats(graph)
    return dict(stats.labels), dict(stats.relationships)


def test_a_killed_load_is_incomplete_and_a_rerun_completes_it(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    dump = _large_real_file(tmp_path, copies=3)
    runner = CliRunner()
    full = runner.invoke(cli, ["load", "wikidata", str(dump)], env=server_env)
    assert full.exit_code == 0, full.output
    complete_counts = _counts(graph)
    assert incomplete_sources(graph) == []
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")

    load = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from taskspace.cli.main import cli; cli()",
            "load",
            "wikidata",
            str(dump),
        ],
        env={**os.environ, **server_env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while load.poll() is None and not incomplete_sources(graph):
            time.sleep(0.05)
        load.send_signal(signal.SIGKILL)
    finally:
        load.wait()
    assert load.returncode == -signal.SIGKILL, "the load ended before it could be killed"
    partial = _counts(graph)
    assert partial != complete_counts

    stats = runner.invoke(cli, ["stats", "--json"], env=server_env)
    assert stats.exit_code == 0, stats.output
    unfinished = json.loads(stats.stdout)["incomplete_loads"]
    assert [(row["kind"], row["uri"]) for row in unfinished] == [("wikidata", str(dump.resolve()))]
    assert unfinished[0]["started"]
    table = runner.invoke(cli, ["stats"], env=server_env)
    assert "Incomplete loads" in table.output
    assert table.output.rstrip().endswith("; 1 incomplete load"), table.output
    status = runner.invoke(cli, ["db", "status", "--json"], env=server_env)
    assert json.loads(status.stdout)["incomplete_loads"] == 1
    human = runner.invoke(cli, ["db", "status"], env=server_env)
    assert "1 loads never finished" in human.output

    again = runner.invoke(cli, ["load", "wikidata", str(dump)], env=server_env)
    assert again.exit_code == 0, again.output
    assert incomplete_sources(graph) == []
    assert _counts(graph) == complete_counts
    states = graph.read_text("MATCH (s:Source) RETURN s.state AS state")
    assert states == [{"state": "complete"}]
    status = runner.invoke(cli, ["db", "status", "--json"], env=server_env)
    assert json.loads(status.stdout)["incomplete_loads"] == 0
