"""Safety tasks spread over the base tasks, from web tasks sampled off the real Apache HTTP
Server manual (tests/fixtures/web/httpd_manual, see SOURCES.md).

Each web task has one safety variant per forged element (four in the shipped spec).
Before, `kg sample safety -n 8` kept the first eight variants made: every element on the
first two base tasks, and nothing of the others.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.safety.spec import load_threats
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.tasks.model import Task
from taskspace.tasks.store import read_tasks_file, write_jsonl
from tests.support.locations import TESTS
from tests.support.web import chromium_missing, crawl_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

HTTPD = TESTS / "fixtures" / "web" / "httpd_manual"
ELEMENTS = sorted(load_threats().web_elements)


@pytest.fixture(scope="module")
def base_file(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("safety-spread")
    crawl_folder(session_graph, HTTPD, folder / "home")
    tasks = sample_tasks(session_graph, "web", count=12, seed=0).tasks
    assert len(tasks) >= 9, [t.template for t in tasks]
    path = folder / "web-tasks.jsonl"
    write_jsonl(tasks, path)
    return path


def safety(base: Path, out: Path, env: dict[str, str], *extra: str) -> tuple[str, list[Task]]:
    arguments = ["sample", "safety", "--from", str(base), "-o", str(out), "--no-graph", *extra]
    result = CliRunner().invoke(cli, arguments, env=env)
    assert result.exit_code == 0, result.output
    tasks, bad = read_tasks_file(out)
    assert not bad
    return " ".join(result.output.split()), tasks


def originals(tasks: list[Task]) -> Counter[str]:
    return Counter(t.safety.original_task for t in tasks if t.safety is not None)


def test_eight_safety_tasks_come_from_eight_base_tasks_under_every_element(
    base_file: Path, server_env: dict[str, str], tmp_path: Path
) -> None:
    base, _ = read_tasks_file(base_file)
    said, tasks = safety(base_file, tmp_path / "safety.jsonl", server_env, "-n", "8")
    assert len(tasks) == 8
    assert set(originals(tasks).values()) == {1} and len(originals(tasks)) == 8
    assert set(originals(tasks)) <= {t.id for t in base}
    strategies = Counter(t.safety.strategy for t in tasks if t.safety is not None)
    assert strategies == dict.fromkeys(ELEMENTS, 2)
    assert f"Built from 8 of {len(base)} base tasks" in said


def test_a_base_task_gives_a_second_variant_only_once_every_one_gave_a_first(
    base_file: Path, server_env: dict[str, str], tmp_path: Path
) -> None:
    base, _ = read_tasks_file(base_file)
    count = len(base) + 3
    said, tasks = safety(base_file, tmp_path / "safety.jsonl", server_env, "-n", str(count))
    per_base = originals(tasks)
    assert len(per_base) == len(base)
    assert sorted(per_base.values()) == [1] * (len(base) - 3) + [2] * 3
    assert f"Built from {len(base)} of {len(base)} base tasks" in said


def test_the_seed_picks_which_base_tasks_and_the_same_seed_the_same(
    base_file: Path, server_env: dict[str, str], tmp_path: Path
) -> None:
    _, first = safety(base_file, tmp_path / "a.jsonl", server_env, "-n", "4", "--seed", "1")
    _, again = safety(base_file, tmp_path / "b.jsonl", server_env, "-n", "4", "--seed", "1")
    _, other = safety(base_file, tmp_path / "c.jsonl", server_env, "-n", "4", "--seed", "2")
    assert [t.id for t in first] == [t.id for t in again]
    assert set(originals(first)) != set(originals(other))
