"""A large document's load is never silent in a pipe, and a load killed while the model
embeds its chunks is continued by the same command: the rerun embeds only the slices not
yet written and ends with the graph of an uninterrupted load (issue #27)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.provenance import incomplete_sources
from tests.support import require_shared
from tests.support.docs import EIP_1559, one, snapshot

KG = [sys.executable, "-c", "from taskspace.cli.main import cli; cli()"]
SLICE = 16
"""Chunks embedded and written at a time (``TASKSPACE_EMBED_SLICE``): small, so a kill
lands with most slices still to embed."""
RESUMED = re.compile(r"resumed: (\d+) of (\d+) chunks were already embedded")


def _args(path: Path) -> list[str]:
    # small chunks give EIP-1559 (21 kB) about 200 chunks: a dozen slices for the model
    return ["load", "docs", str(path), "--chunk-size", "100"]


def _env(server_env: dict[str, str], **extra: str) -> dict[str, str]:
    return {**os.environ, **server_env, "TASKSPACE_EMBED_SLICE": str(SLICE), **extra}


def _run(args: Sequence[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*KG, *args], env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def _clear(graph: Graph) -> None:
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")


def _embedded(graph: Graph) -> int:
    return int(one(graph, "MATCH (c:Chunk) WHERE c.embedding IS NOT NULL RETURN count(c)"))


def _state(graph: Graph) -> dict[str, Any]:
    """Everything an uninterrupted load decides: counts, every node id, every embedding,
    every relationship by its ends."""
    nodes = graph.read_text("MATCH (n) WHERE n.id IS NOT NULL RETURN n.id AS id ORDER BY id")
    vectors = graph.read_text(
        "MATCH (c:Chunk) RETURN c.id AS id, c.embedding AS embedding ORDER BY id"
    )
    edges = graph.read_text(
        "MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS type, b.id AS b ORDER BY a, type, b"
    )
    return {"counts": snapshot(graph), "nodes": nodes, "vectors": vectors, "edges": edges}


def test_a_load_killed_while_embedding_is_resumed_by_the_same_command(
    graph: Graph, server_env: dict[str, str]
) -> None:
    eip = require_shared(EIP_1559)
    env = _env(server_env)
    first = _run(_args(eip), env)
    assert not RESUMED.search(first.stdout)
    clean = _state(graph)
    chunks = clean["counts"][0]["Chunk"]
    assert chunks > 4 * SLICE and all(row["embedding"] for row in clean["vectors"])
    _clear(graph)

    load = subprocess.Popen(
        [*KG, *_args(eip)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    while load.poll() is None and _embedded(graph) < SLICE:
        time.sleep(0.02)
    load.kill()
    load.wait(timeout=60)
    assert load.returncode == -9, "the load ended before it could be killed"
    before = _embedded(graph)
    assert SLICE <= before < chunks
    assert [source["kind"] for source in incomplete_sources(graph)] == ["documents"]

    rerun = _run(_args(eip), env)
    said = RESUMED.search(rerun.stdout)
    assert said is not None, rerun.stdout
    reused, total = int(said.group(1)), int(said.group(2))
    # whole slices written before the kill are reused; a slice cut by it is embedded again
    assert total == chunks and before - SLICE < reused <= before and reused % SLICE == 0
    assert _state(graph) == clean
    assert incomplete_sources(graph) == []

    again = _run(_args(eip), env)  # a finished load: nothing to resume, nothing changes
    assert not RESUMED.search(again.stdout)
    assert _state(graph) == clean


def test_ctrl_c_keeps_what_was_embedded_and_a_changed_file_reuses_none_of_it(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    eip = require_shared(EIP_1559)
    copy = tmp_path / eip.name
    copy.write_text(eip.read_text(encoding="utf-8"), encoding="utf-8")
    env = _env(server_env)
    said = tmp_path / "stderr.txt"  # a file, not a pipe nobody reads while it loads
    with said.open("w") as stderr:
        load = subprocess.Popen(
            [*KG, *_args(copy)], env=env, stdout=subprocess.DEVNULL, stderr=stderr
        )
        while load.poll() is None and _embedded(graph) < SLICE:
            time.sleep(0.02)
        load.send_signal(signal.SIGINT)
        load.wait(timeout=120)
    last = said.read_text(encoding="utf-8", errors="replace")[-2000:]
    assert load.returncode == 130, f"not ended as an interrupt ({load.returncode}): {last}"
    assert last.rstrip().endswith("Error: interrupted."), last
    assert _embedded(graph) >= SLICE  # kept for a rerun, not taken back
    assert [source["kind"] for source in incomplete_sources(graph)] == ["documents"]

    copy.write_text(eip.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    rerun = _run([*_args(copy), "--json"], env)
    assert json.loads(rerun.stdout)["resumed"] == []
    vectors = _state(graph)["vectors"]
    _clear(graph)
    _run(_args(copy), env)
    assert vectors == _state(graph)["vectors"]  # every chunk embedded from its new text


def test_a_pipe_gets_lines_while_one_large_document_loads(
    graph: Graph, server_env: dict[str, str]
) -> None:
    """Standard error is a pipe: plain lines name each step of the one document (chunks
    and entities, parts, embedding), not only the end."""
    eip = require_shared(EIP_1559)
    env = _env(server_env, TASKSPACE_PROGRESS_SECONDS="0.2")
    done = _run(_args(eip), env)
    lines = done.stderr.splitlines()
    assert lines[0] == "documents: 0/1 (0%), 0 s"
    steps = [line.split(" — ", 1)[1] for line in lines if " — " in line]
    name = eip.name
    assert f"{name}: chunks and entities" in steps or any(
        step.startswith(f"{name}: ") and "entities" in step for step in steps
    ), lines
    embedding = re.compile(rf"{re.escape(name)}: embedd(ing|ed) \d+ of \d+ chunks")
    assert any(embedding.fullmatch(step) for step in steps), lines
    assert lines[-1].startswith("documents: 1/1 (100%)")
    assert "loaded" in done.stdout
