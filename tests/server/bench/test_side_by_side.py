"""The side-by-side run, one step end to end as a user runs it: a throwaway server of its own,
real text chunks, the bench's JSON kept and its figures in the table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.locations import REPO


def test_the_retrieval_step_runs_on_its_own_server_and_fills_the_table(tmp_path: Path) -> None:
    out, vectors = tmp_path / "results", tmp_path / "vectors.npy"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TASKSPACE_", "NEO4J_"))}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "src")])
    env["TASKSPACE_HOME"] = str(tmp_path / "home")  # never used: the step has its own server
    command = [sys.executable, "-m", "bench.side_by_side", "--out", str(out)]
    command += ["--only", "retrieval", "--chunks", "120", "--queries", "30"]
    command += ["--vectors", str(vectors)]
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads((out / "retrieval.json").read_text())
    assert [size["chunks"] for size in result] == [120]
    assert [row["search_ratio"] for row in result[0]["by_search_ratio"]] == [1, 2, 5, 10]
    assert all(0 < row["recall"] <= 1 for row in result[0]["by_search_ratio"])
    table = (out / "table.md").read_text().splitlines()
    assert table[0].startswith("| step | command | figures |")
    (row,) = [line for line in table if line.startswith("| retrieval |")]
    assert "`bench.retrieval_bench --chunks 120 --queries 30" in row
    assert "120 chunks, FAISS flat p95" in row and "recall@10" in row
    assert "an empty Bolt read p95" in row
    assert result[0]["bolt_round_trip_ms"]["p95"] > 0
    # the index's own search per candidate pool, as the server times it, inside the wall time
    search = result[0]["index_search"]
    assert [row["candidates"] for row in search] == [10, 20, 50, 100]
    assert all(0 <= row["server_ms"]["p50"] <= row["wall_ms"]["p50"] for row in search)
    assert table[-1].startswith("load average ")
    assert vectors.is_file()  # a second run reuses the vectors instead of embedding again
