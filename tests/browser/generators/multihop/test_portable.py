"""The same seed gives the same multihop tasks wherever the mirrors are served (#27).

The two real Ray Charles mirrors are served from one folder, each crawled from its own
directory without `--site` (keys ``127.0.0.1/wiki2015`` and ``127.0.0.1/wiki2020``), once
on one port and once on another: task ids, fingerprints and golds are equal, the prompts
differ only by the origin they name (and the run's origin map rewrites one into the
other), and a hop's page visited on the other port passes by URL only on its own site."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from taskspace.generators.multihop.sampler import sample_multihop
from taskspace.generators.multihop.scoring import evaluate_queue
from taskspace.graph.connection import Graph
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import load_web
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import on_origin, origin_of
from taskspace.tasks.attempt import Attempt, WebTrajectory
from taskspace.tasks.model import Task
from tests.support.multihop import RAY_CHARLES
from tests.support.web import chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

OPTIONS = CrawlOptions(max_depth=3, delay=0, probe=False)
KEYS = ["127.0.0.1/wiki2015", "127.0.0.1/wiki2020"]


@dataclass
class Served:
    origin: str
    tasks: list[Task]


def _crawl_and_sample(graph: Graph, home: Path) -> Served:
    """Both mirrors crawled unnamed from one server on a fresh port; 3-hop chains, seed 4."""
    empty_graph(graph)
    with serve_folder(RAY_CHARLES) as base:
        loads = [
            load_web(graph, f"{base}{name}/", OPTIONS, home) for name in ("wiki2015", "wiki2020")
        ]
    assert [load.site_key for load in loads] == KEYS
    assert all(load.pages and not load.earlier_origins for load in loads)
    return Served(origin_of(base), sample_multihop(graph, 3, 6, 4).tasks)


def _golds(task: Task) -> list[object]:
    hops = [(h.kind, h.link, h.site, h.answer, h.check.model_dump()) for h in task.hops]
    return [task.id, task.fingerprint, task.answer, task.coverage, hops, task.success]


@pytest.fixture(scope="module")
def served(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> list[Served]:
    home = tmp_path_factory.mktemp("portable-ray")
    return [_crawl_and_sample(session_graph, home), _crawl_and_sample(session_graph, home)]


def test_the_same_seed_gives_the_same_tasks_and_golds_on_another_port(
    served: list[Served],
) -> None:
    first, second = served
    assert first.origin != second.origin and len(first.tasks) >= 4
    assert [_golds(t) for t in first.tasks] == [_golds(t) for t in second.tasks]
    assert {key for t in first.tasks for key in t.sites} <= set(KEYS)
    assert any(len(t.sites) == 2 for t in first.tasks)  # some chains cross the mirrors
    for task in first.tasks:
        assert first.origin not in str(_golds(task))  # no port in an id or a gold
        assert all((hop.check.url or "/").startswith("/") for hop in task.hops)
    rewrite = OriginMap({first.origin: second.origin})
    assert [rewrite.text(t.prompt) for t in first.tasks] == [t.prompt for t in second.tasks]


def test_a_hop_page_on_the_live_port_passes_and_the_other_mirror_does_not(
    served: list[Served],
) -> None:
    """Tasks sampled on the first port, scored against pages of the second: the origin map
    says where the mirrors are now."""
    first, second = served
    live = {first.origin: second.origin}
    for task in first.tasks:
        hops = [hop for hop in task.hops if hop.kind != "end"]
        pages = [on_origin(hop.check.url or "", second.origin) for hop in hops]
        start = on_origin(task.start_url or "", second.origin)
        trajectory = WebTrajectory(start_url=start, visited=[start, *pages], origins=live)
        result = evaluate_queue(
            task.hops, Attempt(task_id=task.id, answer="", trajectory=trajectory), sites=task.sites
        )
        assert result.success and result.passed_by("url") == len(hops), task.prompt
    # the same file under the other mirror's directory is another page: a visit there misses
    task = first.tasks[0]
    gold = task.hops[0].check.url or ""
    mirror, rest = gold.split("/", 2)[1:]
    wrong = "/" + ("wiki2020" if mirror == "wiki2015" else "wiki2015") + "/" + rest
    start = on_origin(task.start_url or "", second.origin)
    miss = WebTrajectory(
        start_url=start, visited=[start, on_origin(wrong, second.origin)], origins=live
    )
    result = evaluate_queue(
        task.hops, Attempt(task_id=task.id, answer="", trajectory=miss), sites=task.sites
    )
    assert not result.hops[0].passed
