"""Multihop web tasks on crawled sites: the project's fixture shop plus a second small site
of our own (so chains can cross sites), then the real MkDocs site. Sites are served on
127.0.0.1 and crawled by real Chromium into the real test server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.main import KgGroup
from taskspace.cli.sample import sample_verify
from taskspace.cli.sample_paths import multihop
from taskspace.graph.connection import Graph
from taskspace.multihop.sampler import END, rederive_multihop, sample_multihop
from taskspace.tasks.errors import SamplingError
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named
from taskspace.web.crawl import CrawlOptions
from taskspace.web.loader import WebLoadSummary, load_web
from tests.paths_support import SITE_B
from tests.support import SHARED_DATA
from tests.web_support import FIXTURE_SITE, chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

MKDOCS = SHARED_DATA / "web" / "mkdocs_org_site"
OPTIONS = CrawlOptions(max_depth=3, delay=0, probe=False)


@dataclass
class Sites:
    graph: Graph
    loads: list[WebLoadSummary]

    @property
    def origins(self) -> list[str]:
        return [load.start_url.rstrip("/") for load in self.loads]


def crawl(graph: Graph, home: Path, *roots: Path) -> Sites:
    empty_graph(graph)
    loads = []
    for root in roots:
        with serve_folder(root) as base:
            summary = load_web(graph, base, OPTIONS, home)
        assert summary.pages, summary.failed
        loads.append(summary)
    return Sites(graph, loads)


@pytest.fixture(scope="module")
def two_sites(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Sites:
    return crawl(session_graph, tmp_path_factory.mktemp("multihop"), FIXTURE_SITE, SITE_B)


def check_task(graph: Graph, task: Task, hops: int) -> None:
    """What a user would check: hop shape, END, answers in page text, URLs, no spoilers."""
    assert task.kind == "multihop" and len(task.hops) == hops + 1
    assert task.hops[-1].kind == "end" and task.hops[-1].answer == END
    assert task.prompt.endswith(f"reply {END}.")
    for hop in task.hops[:-1]:
        assert hop.check.keywords == [hop.answer] and hop.check.url
        found = graph.read_text(
            "MATCH (p:WebPage {url: $url}) RETURN toLower(p.text) CONTAINS toLower($kw) AS has",
            url=hop.check.url,
            kw=hop.answer,
        )
        assert found == [{"has": True}], (hop.check.url, hop.answer)
        assert f"Hop {hop.index}: {hop.instruction}" in task.prompt
    for earlier, later in zip(task.hops, task.hops[1:-1], strict=False):
        assert later.page_url == earlier.check.url  # the answer's page is the next input
        assert f"hop {earlier.index}" in later.instruction
    assert named(task.prompt, [hop.answer for hop in task.hops[:-1]]) == []
    assert task.answer == task.hops[-2].answer
    assert {c.kind: c.value for c in task.success} == {
        "url": task.hops[-2].check.url,
        "text_present": task.answer,
    }
    assert rederive_multihop(graph, task)


@pytest.fixture(scope="module")
def chains(two_sites: Sites) -> SampleReport:
    return sample_multihop(two_sites.graph, 3, 12, 4)


def test_chains_of_two_and_three_hops_verify_against_page_text(
    two_sites: Sites, chains: SampleReport
) -> None:
    two = sample_multihop(two_sites.graph, 2, 6, 4)
    assert len(two.tasks) == 6 and len(chains.tasks) == 12, (two.as_dict(), chains.as_dict())
    for task in two.tasks:
        check_task(two_sites.graph, task, 2)
    for task in chains.tasks:
        check_task(two_sites.graph, task, 3)
    assert chains.extras["scope"] == "sites" and chains.extras["sites"] == 2


def test_lookup_hops_carry_an_answer_from_one_site_to_the_other(
    two_sites: Sites, chains: SampleReport
) -> None:
    crossings = [
        (hop, task)
        for task in chains.tasks
        for hop in task.hops
        if hop.kind == "lookup" and not (hop.page_url or "").startswith(hop.site or "")
    ]
    assert crossings, chains.extras["hop_kinds"]
    shop, traders = two_sites.origins
    for hop, task in crossings:
        previous = task.hops[hop.index - 2]
        assert (previous.answer, hop.answer) in {
            ("Contact us", "Partner desk"),
            ("Widgets", "Harbour news"),
            ("Fixture Shop", "Harbour Traders"),
        }
        assert hop.site == traders and (previous.check.url or "").startswith(shop)


def test_same_seed_same_chains(two_sites: Sites, chains: SampleReport) -> None:
    again = sample_multihop(two_sites.graph, 3, 12, 4)
    assert [(t.id, t.prompt) for t in again.tasks] == [(t.id, t.prompt) for t in chains.tasks]
    assert {t.id for t in sample_multihop(two_sites.graph, 3, 12, 5).tasks} != {
        t.id for t in chains.tasks
    }


def test_a_page_that_lost_its_heading_text_no_longer_re_derives(
    two_sites: Sites, chains: SampleReport
) -> None:
    task = chains.tasks[0]
    url = task.hops[0].check.url
    text = two_sites.graph.read_text("MATCH (p:WebPage {url: $url}) RETURN p.text AS t", url=url)
    two_sites.graph.write_text("MATCH (p:WebPage {url: $url}) SET p.text = 'moved'", url=url)
    try:
        assert not rederive_multihop(two_sites.graph, task)
    finally:
        two_sites.graph.write_text(
            "MATCH (p:WebPage {url: $url}) SET p.text = $t", url=url, t=text[0]["t"]
        )
    assert rederive_multihop(two_sites.graph, task)
    no_end = task.model_copy(update={"hops": task.hops[:-1]})
    assert not rederive_multihop(two_sites.graph, no_end)


def _cli(args: list[str], env: dict[str, str], command: click.Command = multihop) -> str:
    group = KgGroup(commands={command.name or "": command})
    result = CliRunner().invoke(group, [command.name or "", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_writes_tasks_and_verify_re_derives_them(
    two_sites: Sites, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "multihop.jsonl"
    payload = json.loads(_cli(["--hops", "2", "-n", "3", "-o", str(out), "--json"], server_env))
    assert payload["tasks"] == 3 and payload["scope"] == "sites"
    assert payload["task_nodes_created"] == 3
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [len(line["hops"]) for line in lines] == [3, 3, 3]
    grounded = two_sites.graph.read_text(
        "MATCH (t:Task {id: $id})-[:GROUNDED_IN]->(p:WebPage) RETURN collect(p.url) AS urls",
        id=lines[0]["id"],
    )[0]["urls"]
    assert {hop["check"]["url"] for hop in lines[0]["hops"][:-1]} <= set(grounded)
    verified = json.loads(_cli([str(out), "--json"], server_env, sample_verify))
    assert verified == {"tasks": 3, "verified": 3, "failed": [], "bad_lines": []}


def test_one_site_chains_hop_between_its_pages_and_say_so(
    two_sites: Sites, server_env: dict[str, str], tmp_path: Path
) -> None:
    source = two_sites.loads[1].source_id
    two_sites.graph.write_text(
        "MATCH (n) WHERE n.source = $source OR n.id = $source DETACH DELETE n", source=source
    )
    report = sample_multihop(two_sites.graph, 2, 4, 1)
    assert report.extras["scope"] == "pages" and report.extras["sites"] == 1 and report.tasks
    for task in report.tasks:
        check_task(two_sites.graph, task, 2)
        assert all(url.startswith(two_sites.origins[0]) for url in task.coverage["page"])
    output = _cli(
        ["--hops", "2", "-n", "2", "--no-graph", "-o", str(tmp_path / "o.jsonl")], server_env
    )
    assert "Only one site is crawled" in output
    with pytest.raises(SamplingError, match="at least two hops"):
        sample_multihop(two_sites.graph, 1, 1, 0)


@pytest.fixture(scope="module")
def mkdocs(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sites]:
    if not MKDOCS.is_dir():
        pytest.skip(f"shared test data is absent ({MKDOCS})")
    yield crawl(session_graph, tmp_path_factory.mktemp("multihop-mkdocs"), MKDOCS)


def test_mkdocs_site_chains_verify(mkdocs: Sites) -> None:
    for hops, count in ((2, 10), (4, 5)):
        report = sample_multihop(mkdocs.graph, hops, count, 0)
        assert len(report.tasks) == count, report.as_dict()
        assert report.extras["scope"] == "pages"
        for task in report.tasks:
            check_task(mkdocs.graph, task, hops)
            assert task.start_url and task.start_url.startswith(mkdocs.origins[0])
