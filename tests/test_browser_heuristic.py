"""The offline web agent in the browser environment, through ``kg eval run``.

The real MkDocs site is served on 127.0.0.1 and crawled once; ``kg sample web`` samples
tasks from the graph; the site is then served again on another port and ``kg eval run
--agent heuristic --origin …`` drives real Chromium against it (the crawled origin mapped
to the served one). The run lands in the graph as a ``:Run`` with ``ATTEMPTED`` edges.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt
from taskspace.tasks.model import Task
from taskspace.tasks.store import read_tasks_file
from taskspace.web.crawl import CrawlOptions
from taskspace.web.loader import load_web
from tests.support import SHARED_DATA
from tests.web_support import chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

MKDOCS = SHARED_DATA / "web" / "mkdocs_org_site"
COUNT = 12


@dataclass
class Sampled:
    graph: Graph
    tasks_file: Path
    tasks: list[Task]


@pytest.fixture(scope="module")
def sampled(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Sampled]:
    if not (MKDOCS / "index.html").is_file():
        pytest.skip(f"real test data is absent: {MKDOCS} (../shared/data)")
    empty_graph(session_graph)
    home = tmp_path_factory.mktemp("browser-home")
    with serve_folder(MKDOCS) as base:
        summary = load_web(session_graph, base, CrawlOptions(max_depth=3, delay=0, probe=False), home)
    assert len(summary.pages) >= 15, summary.failed
    out = home / "web-tasks.jsonl"
    result = CliRunner().invoke(
        cli, ["sample", "web", "-n", str(COUNT), "--seed", "3", "-o", str(out)], env=server_env
    )
    assert result.exit_code == 0, result.output
    tasks, bad = read_tasks_file(out)
    assert not bad and len(tasks) == COUNT
    yield Sampled(session_graph, out, tasks)


def test_heuristic_agent_runs_in_chromium_and_reports_sr(
    sampled: Sampled, server_env: dict[str, str]
) -> None:
    with serve_folder(MKDOCS) as served:
        result = CliRunner().invoke(
            cli,
            ["eval", "run", str(sampled.tasks_file), "--agent", "heuristic", "--json"]
            + ["--origin", served.rstrip("/")],
            env=server_env,
        )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    log = read_eval_log(summary["log"])
    by_id = {task.id: task for task in sampled.tasks}
    for sample in log.samples or []:
        attempt = Attempt.model_validate(sample.store[ATTEMPT_STORE_KEY])
        task = by_id[str(sample.id)]
        traj = attempt.trajectory
        assert traj is not None
        score = next(iter(sample.scores.values())) if sample.scores else None
        print(task.type, task.template, repr(task.prompt[:200]))
        print("   ", score and score.value, traj.visited, traj.checks, [a.model_dump() for a in traj.actions])
    print(summary)
