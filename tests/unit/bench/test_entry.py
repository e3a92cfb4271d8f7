"""A bench run with no server answering says so in one line and exits 1 (it printed a
67-line traceback before)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from taskspace.server.isolated import free_port
from tests.support.locations import REPO


@pytest.mark.parametrize(
    "options",
    [
        ["bench.writer_bench", "--nodes", "10", "--relationships", "10"],
        ["bench.sampling_bench", "--count", "1", "--repeat", "1"],
        ["bench.guideline_bench", "--screens", "10", "--queries", "2"],
    ],
)
def test_no_server_is_one_line_and_exit_1(options: list[str], tmp_path: Path) -> None:
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("TASKSPACE_", "NEO4J_"))},
        "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "src")]),
        "TASKSPACE_HOME": str(tmp_path),
        "NEO4J_URI": f"bolt://127.0.0.1:{port}",
        "NEO4J_PASSWORD": "unused",
    }
    run = subprocess.run(
        [sys.executable, "-m", *options],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        line for line in run.stderr.splitlines() if line.startswith("Error: ")
    ]
    assert f"not reachable at bolt://127.0.0.1:{port}" in run.stderr
