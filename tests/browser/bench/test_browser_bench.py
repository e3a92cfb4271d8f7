"""bench.browser_bench as a user runs it, in real Chromium on the fixture site: one step
(too few for a percentile before) and a --site that is not a site."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.locations import REPO
from tests.support.web import FIXTURE_SITE, chromium_missing


def bench(*options: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "src")])}
    return subprocess.run(
        [sys.executable, "-m", "bench.browser_bench", *options],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
def test_one_step_of_one_episode_prints_its_figures_from_another_directory(
    tmp_path: Path,
) -> None:
    run = bench("--episodes", "1", "--steps", "1", "--site", str(FIXTURE_SITE), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["steps"] == 1
    assert result["step_p95_ms"] == result["step_p50_ms"] > 0
    assert len(result["load_average"]) == 3


def test_a_folder_without_a_site_is_named_in_one_line(tmp_path: Path) -> None:
    run = bench("--site", str(tmp_path), cwd=REPO)
    assert run.returncode == 1
    assert run.stderr.strip() == f"--site {tmp_path}: no index.html there (the shared MkDocs site)"
