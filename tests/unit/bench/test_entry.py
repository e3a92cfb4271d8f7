"""A bench run with no server answering, or given a file that is not there, says so in one
line and exits 1 (it printed a traceback of 30 to 90 lines before)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from taskspace.server.isolated import free_port
from tests.support.locations import REPO


def bench(options: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *options],
        cwd=cwd,
        env={**env, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "src")])},
        capture_output=True,
        text=True,
        check=False,
    )


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
        "TASKSPACE_HOME": str(tmp_path),
        "NEO4J_URI": f"bolt://127.0.0.1:{port}",
        "NEO4J_PASSWORD": "unused",
    }
    run = bench(options, env, tmp_path)
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        line for line in run.stderr.splitlines() if line.startswith("Error: ")
    ]
    assert f"not reachable at bolt://127.0.0.1:{port}" in run.stderr


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            ["bench.eval_bench", "--tasks"],
            "--tasks {missing}: no such file (write one with kg sample doc -o)",
        ),
        (["bench.mind2web_bench", "--tasks"], "--tasks {missing}: no such file (default: "),
        (["bench.wikidata_bench", "--bulk", "--file"], "no such file: {missing}"),
    ],
)
def test_a_missing_input_file_is_named_in_one_line(
    options: list[str], expected: str, tmp_path: Path
) -> None:
    missing = tmp_path / "absent.data"
    run = bench([*options, str(missing)], dict(os.environ), tmp_path)
    assert run.returncode == 1
    assert len(run.stderr.strip().splitlines()) == 1
    assert run.stderr.startswith(expected.format(missing=missing))
