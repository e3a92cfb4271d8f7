"""Web tiers and spoilers on the shared MkDocs site: business tasks are taken first, and no
prompt names the page its answer is, nor the route of a business-navigation task.

The real MkDocs documentation site is crawled once by real Chromium into the real test
server (without probing: the site ships without its JavaScript, so it offers business
and basic tasks but no interaction ones); the interaction tier's place between them is
shown on the market fixture site in tests/browser/generators/templates/test_web_chains.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from taskspace.generators.templates.engine import rederive
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.generators.templates.tiers import TIERS, tier_counts, tiered
from taskspace.graph.connection import Graph
from taskspace.sources.web.urls import on_origin
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named
from tests.support import require_shared
from tests.support.web import MKDOCS, chromium_missing, crawl_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

SPECS: dict[str, TemplateSpec] = {spec.name: spec for spec in load_templates("web")}


@dataclass
class Site:
    graph: Graph
    everything: SampleReport


def tiers_of(tasks: list[Task]) -> list[str]:
    return [str(SPECS[task.template].tier) for task in tasks]


@pytest.fixture(scope="module")
def site(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    require_shared(MKDOCS / "index.html")
    home = tmp_path_factory.mktemp("web-tiers-home")
    _, summary = crawl_folder(session_graph, MKDOCS, home, probe=False)
    assert len(summary.pages) >= 15, summary.failed
    # Far more than the site offers: every verified candidate, in order of taking.
    everything = sample_tasks(session_graph, "web", count=400, seed=3, per_template=20)
    yield Site(session_graph, everything)


def test_every_candidate_is_taken_business_first_then_basic(site: Site) -> None:
    order = tiers_of(site.everything.tasks)
    business = order.count("business")
    assert business >= 10 and "basic" in order
    # Order of taking: each tier only after every task of the tiers above it.
    assert order == sorted(order, key=TIERS.index)
    assert site.everything.extras["tiers"] == {"business": business, "basic": len(order) - business}
    assert all(rederive(site.graph, SPECS[t.template], t) for t in site.everything.tasks)


def test_a_count_below_the_business_candidates_takes_only_business_tasks(site: Site) -> None:
    business = tiers_of(site.everything.tasks).count("business")
    few = sample_tasks(site.graph, "web", count=business - 2, seed=3, per_template=20)
    assert len(few.tasks) == business - 2
    assert set(tiers_of(few.tasks)) == {"business"}
    assert few.extras["tiers"] == {"business": business - 2}
    more = sample_tasks(site.graph, "web", count=business + 3, seed=3, per_template=20)
    assert tiers_of(more.tasks) == ["business"] * business + ["basic"] * 3
    # The business tasks of the larger set are every business candidate there is.
    assert {t.id for t in more.tasks[:business]} == {
        t.id for t in site.everything.tasks if SPECS[t.template].tier == "business"
    }


def _target(graph: Graph, url: str) -> list[str]:
    """The names a page goes by: its title, its name and its first visible heading."""
    row = graph.read_text(
        "MATCH (p:WebPage {url: $url}) "
        "RETURN p.title AS title, p.name AS name, head(COLLECT { "
        "  MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', visible: true}) "
        "  RETURN h.name ORDER BY h.bbox[1], h.bbox[0], h.id LIMIT 1 }) AS heading",
        url=url,
    )[0]
    return [str(value) for value in row.values() if value]


def _link_names(graph: Graph, task: Task) -> list[str]:
    ids = [ref.id for ref in task.grounding if ref.label == "WebElement"]
    rows = graph.read_text(
        "MATCH (e:WebElement) WHERE e.id IN $ids AND e.kind = 'link' RETURN e.name AS name",
        ids=ids,
    )
    return [str(row["name"]) for row in rows]


def test_no_prompt_names_its_answer_page_or_a_business_route(site: Site) -> None:
    tasks = site.everything.tasks
    assert {"business_navigation", "content_browsing", "basic_navigation"} <= {
        t.type for t in tasks
    }
    for task in tasks:
        urls = [on_origin(c.value, task.start_url or "") for c in task.success if c.kind == "url"]
        assert not any(url in task.prompt for url in urls), task.prompt
        if task.type == "content_browsing":
            assert named(task.prompt, [task.answer]) == [], task.prompt
        elif task.type == "business_navigation":
            # The goal by its content; neither the page's names nor a link of the route.
            target = _target(site.graph, urls[0])
            assert named(task.prompt, target + _link_names(site.graph, task)) == [], task.prompt
            assert "click" not in task.prompt.lower() and len(task.steps) in (2, 3)
        else:
            # One link to click: the prompt quotes it and the start page (whose title may
            # carry the site's name), and says nothing else about the target.
            (link,) = _link_names(site.graph, task)
            assert f"“{link}”" in task.prompt
            rest = re.sub(r"“[^”]*”", "", task.prompt)
            assert named(rest, _target(site.graph, urls[0])) == [], task.prompt


def test_tiers_keep_mmr_order_within_a_tier_and_pass_untiered_pools_through() -> None:
    def task(name: str, template: str) -> Task:
        return Task.model_validate(
            {
                "id": name, "kind": "web", "type": "t", "template": template,
                "difficulty": "easy", "prompt": name, "answer": name, "anchor": name,
                "fingerprint": name, "grounding": [], "seed": 0,
            }
        )  # fmt: skip

    pool = [task("a", "nav"), task("b", "menu"), task("c", "hop"), task("d", "nav")]
    pool.append(task("e", "hop"))
    tier_of = {"nav": "basic", "menu": "interaction", "hop": "business"}
    read: list[str] = []

    def mmr_order() -> Iterator[Task]:
        for item in pool:
            read.append(item.id)
            yield item

    taken = tiered(mmr_order(), tier_of)
    # The first business task comes out having read only as far as it in the pool.
    assert next(taken).id == "c" and read == ["a", "b", "c"]
    assert [t.id for t in taken] == ["e", "b", "a", "d"]
    untiered = dict.fromkeys(tier_of, None)
    assert [t.id for t in tiered(iter(pool), untiered)] == ["a", "b", "c", "d", "e"]
    assert tier_counts(pool, tier_of) == {"business": 2, "interaction": 1, "basic": 2}
    assert tier_counts(pool, untiered) == {}
