"""Multihop web tasks on real saved Wikipedia articles: two Kiwix excerpts about Ray Charles
(2015 full articles, 2020 lead sections) served as two sites by http.server, whose roots
are directory listings and whose 2015 A/ is an index of links; then the real MkDocs site.
Sites are served on 127.0.0.1 and crawled by real Chromium into the real test server.

Each defect class a careful reader found is shown on these pages: chains over directory
listings and index pages, answers read off the link ("Yes Indeed!" opens "Yes Indeed! (Ray
Charles album)", the listing's "Crying_Time_(album).html" opens "Crying Time (album)"), and
a lookup that lands on "Crying Time (album)" because its heading contains "Crying Time"."""

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
from taskspace.generators.errors import SamplingError
from taskspace.generators.multihop.checks import chain_lint
from taskspace.generators.multihop.sampler import (
    END,
    HEADING_QUESTION,
    SECTION_QUESTION,
    rederive_multihop,
    sample_multihop,
)
from taskspace.generators.multihop.web import WebChains
from taskspace.graph.connection import Graph
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import WebLoadReport, load_web
from taskspace.tasks.family import SampleReport
from taskspace.tasks.lints import link_spoiler, partial_match
from taskspace.tasks.model import HopCheck, Task, WebHop
from taskspace.tasks.spoilers import named
from tests.support import SHARED_DATA
from tests.support.multihop import RaySites, crawl_ray_charles
from tests.support.web import chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

MKDOCS = SHARED_DATA / "web" / "mkdocs_org_site"
OPTIONS = CrawlOptions(max_depth=3, delay=0, probe=False)
# The 2015 articles: main heading and first section, read off the saved files by hand.
ARTICLES = {
    "Crying_Time.html": ("Crying Time", "History"),
    "Hit_the_Road_Jack.html": ("Hit the Road Jack", "Notable recordings"),
    "Ray_Charles_in_Person.html": ("Ray Charles in Person", "Track listing"),
    "The_Raelettes.html": ("The Raelettes", "Singles"),
    "Unchain_My_Heart_(song).html": ("Unchain My Heart (song)", "Covers"),
    "Yes_Indeed!_(Ray_Charles_album).html": ("Yes Indeed! (Ray Charles album)", "Track listing"),
    "What'd_I_Say_(album).html": ("What'd I Say (album)", "Track listing"),
}


@pytest.fixture(scope="module")
def ray(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> RaySites:
    return crawl_ray_charles(session_graph, tmp_path_factory.mktemp("multihop-ray"))


@pytest.fixture(scope="module")
def chains(ray: RaySites) -> SampleReport:
    return sample_multihop(ray.graph, 3, 8, 4)


def check_task(graph: Graph, task: Task, hops: int) -> None:
    """What a user would check: hop shape, END, answers in page text, URLs, no spoilers."""
    assert task.kind == "multihop" and len(task.hops) == hops + 1
    assert task.hops[-1].kind == "end" and task.hops[-1].answer == END
    assert task.prompt.endswith(f"reply {END}.")
    for hop in task.hops[:-1]:
        assert hop.check.keywords == [hop.answer] and (hop.check.url or "").startswith("/")
        assert hop.check.site in task.sites  # the gold: a site key and a path, no port
        found = graph.read_text(
            "MATCH (p:WebPage {url: $url}) RETURN toLower(p.text) CONTAINS toLower($kw) AS has",
            url=hop.check.crawled(task.sites),
            kw=hop.answer,
        )
        assert found == [{"has": True}], (hop.check.url, hop.answer)
        assert f"Hop {hop.index}: {hop.instruction}" in task.prompt
        if hop.kind == "follow":
            assert link_spoiler(hop.link or "", hop.answer) is None, hop
    for earlier, later in zip(task.hops, task.hops[1:-1], strict=False):
        assert later.page_url == earlier.check.crawled(task.sites)  # the next hop's input
        assert f"hop {earlier.index}" in later.instruction
    assert named(task.prompt, [hop.answer for hop in task.hops[:-1]]) == []
    assert task.answer == task.hops[-2].answer
    assert {c.kind: c.value for c in task.success} == {
        "url": task.hops[-2].check.url,
        "text_present": task.answer,
    }
    assert rederive_multihop(graph, task)


def test_listings_and_the_index_of_links_are_no_place_for_a_chain(
    ray: RaySites, chains: SampleReport
) -> None:
    web = WebChains(ray.graph)
    old, mini = ray.bases["wiki2015"], ray.bases["wiki2020"]
    # both roots are http.server's directory listings, the 2015 A/ its "Summary" of links
    assert web.contentless == {f"{old}/", f"{old}/A", f"{mini}/"}
    assert web.pages[f"{old}/A"].heading == "Summary"
    assert len(web.pages) == 7 + 5 + 3
    assert all(k.target not in web.contentless for links in web.links.values() for k in links)
    assert chains.extras["contentless_pages"] == 3 and len(chains.tasks) == 8
    for task in chains.tasks:
        check_task(ray.graph, task, 3)
        reached = [hop.check.crawled(task.sites) for hop in task.hops[:-1]]
        assert all(web.is_content(url) for url in [task.start_url or "", *reached])
    with pytest.raises(SamplingError, match="at least two hops"):
        sample_multihop(ray.graph, 1, 1, 0)


def test_a_link_that_reads_as_its_page_asks_for_a_fact_of_that_page(
    ray: RaySites, chains: SampleReport
) -> None:
    web = WebChains(ray.graph)
    old, mini = ray.bases["wiki2015"], ray.bases["wiki2020"]
    on_person = {link.name: link for link in web.links[f"{old}/A/Ray_Charles_in_Person.html"]}
    # "Yes Indeed!" opens "Yes Indeed! (Ray Charles album)", "The Raelets" "The Raelettes"
    assert on_person["Yes Indeed!"].names_target and on_person["The Raelets"].names_target
    # the listing's file names read as the headings of the pages they open
    listing = web.links_at([f"{mini}/"], None)[f"{mini}/"]
    assert {link.name for link in listing if link.names_target} == {
        "Crying_Time_(album).html",
        "Do_the_Twist!_with_Ray_Charles.html",
        "Unchain_My_Heart_(song).html",
        "What'd_I_Say.html",
        "Yes_Indeed!_(Ray_Charles_album).html",
    }
    follows = [hop for task in chains.tasks for hop in task.hops if hop.kind == "follow"]
    assert {hop.link for hop in follows} >= {"Yes Indeed!", "The Raelettes", "Crying Time"}
    for hop in follows:
        heading, section = ARTICLES[(hop.check.url or "").rsplit("/", 1)[-1]]
        assert SECTION_QUESTION in hop.instruction and HEADING_QUESTION not in hop.instruction
        assert hop.answer == section and link_spoiler(hop.link or "", heading)


def test_a_link_name_that_also_leads_to_a_page_not_crawled_is_ambiguous(ray: RaySites) -> None:
    web = WebChains(ray.graph)
    page = ray.bases["wiki2015"] + "/A/Ray_Charles_in_Person.html"
    # "What'd I Say" names the album (crawled) and the song (not in the saved site) there
    rows = web.read("links", urls=[page])
    targets = {row["link"]: row["targets"] for row in rows}
    assert len(targets["What'd I Say"]) == 2
    assert "What'd I Say" not in {link.name for link in web.links_at([page], None)[page]}
    assert {link.name for link in web.links[page]} == {
        "Crying Time",
        "Hit the Road Jack",
        "The Raelets",
        "The Raelettes",
        "Unchain My Heart",
        "Yes Indeed!",
    }


def _hop(index: int, kind: str, url: str, answer: str, site: str) -> WebHop:
    return WebHop(
        index=index,
        kind=kind,
        instruction="",
        page_url=url,
        answer=answer,
        site=site,
        check=HopCheck(keywords=[answer], url=url),
    )


def test_a_lookup_is_a_whole_answer_match_on_a_page_read_in_full(ray: RaySites) -> None:
    web = WebChains(ray.graph)
    old, mini = ray.bases["wiki2015"], ray.bases["wiki2020"]
    album = f"{mini}/Crying_Time_%28album%29.html"
    song = f"{old}/A/Crying_Time.html"
    # the only 2020 page that mentions "Crying Time" is the album named after the song
    assert web.lookup(web.site_of(mini) or "", "Crying Time", song) == [album]
    text, headings = web.texts_at([album])[album]
    assert partial_match("Crying Time", web.pages[album].heading, text, headings)
    start = f"{old}/A/Hit_the_Road_Jack.html"
    hops = [
        _hop(1, "lookup", song, "Crying Time", old),
        _hop(2, "lookup", album, "Crying Time (album)", mini),
    ]
    assert chain_lint(web, start, hops) == "partial_match"
    # "Track listing" runs on in the words of "Do the Twist!": a whole-answer match
    twist = f"{mini}/Do_the_Twist%21_with_Ray_Charles.html"
    person = f"{old}/A/Ray_Charles_in_Person.html"
    assert web.lookup(web.site_of(mini) or "", "Track listing", person) == [twist]
    hops = [_hop(1, "lookup", person, "Track listing", old), _hop(2, "lookup", twist, "x", mini)]
    hops[1] = hops[1].model_copy(update={"answer": web.pages[twist].heading})
    assert chain_lint(web, start, hops) is None
    # the 2015 articles are longer than the text the crawler keeps: any of them may
    # mention "Singles" past the cut, so no lookup lands on that site
    assert all(web.pages[f"{old}/A/{name}"].cut for name in ("Crying_Time.html",))
    found = web.lookup(web.site_of(old) or "", "Singles", f"{old}/A/The_Raelettes.html")
    assert len(found) > 1 and f"{old}/A/Crying_Time.html" in found


def test_lookups_cross_to_the_other_site_and_say_where(ray: RaySites) -> None:
    mini = ray.bases["wiki2020"]
    lookups = [
        (hop, task)
        for seed in range(4)
        for task in sample_multihop(ray.graph, 2, 8, seed).tasks
        for hop in task.hops
        if hop.kind == "lookup"
    ]
    assert lookups
    for hop, task in lookups:
        previous = task.hops[hop.index - 2]
        assert (previous.answer, hop.answer) in {
            ("Track listing", "Do the Twist! with Ray Charles"),
            ("History", "What'd I Say"),
        }
        assert hop.site == "wiki2020" and f"On {mini}, find the page whose text" in hop.instruction
        check_task(ray.graph, task, 2)


def test_same_seed_same_chains(ray: RaySites, chains: SampleReport) -> None:
    again = sample_multihop(ray.graph, 3, 8, 4)
    assert [(t.id, t.prompt) for t in again.tasks] == [(t.id, t.prompt) for t in chains.tasks]
    assert {t.id for t in sample_multihop(ray.graph, 3, 8, 5).tasks} != {t.id for t in chains.tasks}


def test_a_page_that_lost_its_section_text_no_longer_re_derives(
    ray: RaySites, chains: SampleReport
) -> None:
    task = chains.tasks[0]
    url = task.hops[0].check.crawled(task.sites)
    text = ray.graph.read_text("MATCH (p:WebPage {url: $url}) RETURN p.text AS t", url=url)
    ray.graph.write_text("MATCH (p:WebPage {url: $url}) SET p.text = 'moved'", url=url)
    try:
        assert not rederive_multihop(ray.graph, task)
    finally:
        ray.graph.write_text(
            "MATCH (p:WebPage {url: $url}) SET p.text = $t", url=url, t=text[0]["t"]
        )
    assert rederive_multihop(ray.graph, task)
    no_end = task.model_copy(update={"hops": task.hops[:-1]})
    assert not rederive_multihop(ray.graph, no_end)


def _cli(args: list[str], env: dict[str, str], command: click.Command = multihop) -> str:
    group = KgGroup(commands={command.name or "": command})
    result = CliRunner().invoke(group, [command.name or "", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_writes_tasks_counts_lints_and_verify_re_derives_them(
    ray: RaySites, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "multihop.jsonl"
    payload = json.loads(_cli(["--hops", "2", "-n", "3", "-o", str(out), "--json"], server_env))
    assert payload["tasks"] == 3 and payload["scope"] == "sites"
    assert payload["task_nodes_created"] == 3 and payload["contentless_pages"] == 3
    assert payload["dropped_lint"] == 0
    assert payload["lints"] == {"contentless_page": 0, "link_spoiler": 0, "partial_match": 0}
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [len(line["hops"]) for line in lines] == [3, 3, 3]
    grounded = ray.graph.read_text(
        "MATCH (t:Task {id: $id})-[:GROUNDED_IN]->(p:WebPage) RETURN collect(p.url) AS urls",
        id=lines[0]["id"],
    )[0]["urls"]
    task = Task.model_validate(lines[0])
    assert {hop.check.crawled(task.sites) for hop in task.hops[:-1]} <= set(grounded)
    verified = json.loads(_cli([str(out), "--json"], server_env, sample_verify))
    assert verified == {"tasks": 3, "verified": 3, "failed": [], "bad_lines": []}


def test_one_site_chains_hop_between_its_articles_and_say_so(
    ray: RaySites, server_env: dict[str, str], tmp_path: Path
) -> None:
    source = ray.loads[1].source_id
    ray.graph.write_text(
        "MATCH (n) WHERE n.source = $source OR n.id = $source DETACH DELETE n", source=source
    )
    report = sample_multihop(ray.graph, 2, 4, 1)
    assert report.extras["scope"] == "pages" and report.extras["sites"] == 1 and report.tasks
    for task in report.tasks:
        check_task(ray.graph, task, 2)
        assert all(page.startswith("wiki2015/") for page in task.coverage["page"])
    output = _cli(
        ["--hops", "2", "-n", "2", "--no-graph", "-o", str(tmp_path / "o.jsonl")], server_env
    )
    assert "Only one site is crawled" in output


@dataclass
class Site:
    graph: Graph
    load: WebLoadReport


@pytest.fixture(scope="module")
def mkdocs(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    if not MKDOCS.is_dir():
        pytest.skip(f"shared test data is absent ({MKDOCS})")
    empty_graph(session_graph)
    with serve_folder(MKDOCS) as base:
        load = load_web(session_graph, base, OPTIONS, tmp_path_factory.mktemp("multihop-mk"))
    assert load.pages, load.failed
    yield Site(session_graph, load)


def test_mkdocs_site_chains_verify(mkdocs: Site) -> None:
    for hops, count in ((2, 10), (4, 5)):
        report = sample_multihop(mkdocs.graph, hops, count, 0)
        assert len(report.tasks) == count, report.as_dict()
        assert report.extras["scope"] == "pages"
        for task in report.tasks:
            check_task(mkdocs.graph, task, hops)
            assert (task.start_url or "").startswith(mkdocs.load.start_url.rstrip("/"))
