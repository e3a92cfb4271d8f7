"""Web tasks end to end on the project's own site: crawl, sample, re-derive, replay.

The fixture site (tests/fixtures/web/site) has real JavaScript: a contact form that
shows a toast, a search form, a dialog, a toast button, a dropdown menu and a filterable
list, so every web task type can be made from it. It is crawled once for the module by
real Chromium into the real test server, then served again on a new port for replay,
which exercises the mapping from the crawled origin to the served one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from taskspace.environments.replay import ReplayReport, replay_tasks
from taskspace.generators.templates.engine import rederive, run_template_query
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.web.element_vectors import ANCHOR_KINDS
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from tests.support.embedders import CountingModel
from tests.support.web import FIXTURE_SITE, chromium_missing, crawl_folder, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

ALL_TYPES = {
    "basic_navigation",
    "business_navigation",
    "content_browsing",
    "search",
    "modal",
    "toast",
    "button_interaction",
}
SEED = 5


@dataclass
class Crawled:
    graph: Graph
    origin: str
    report: SampleReport

    def by_template(self, name: str) -> list[Task]:
        return [task for task in self.report.tasks if task.template == name]


def specs() -> dict[str, TemplateSpec]:
    return {spec.name: spec for spec in load_templates("web")}


@pytest.fixture(scope="module")
def shop(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Crawled]:
    home = tmp_path_factory.mktemp("web-sampling-home")
    base, _ = crawl_folder(session_graph, FIXTURE_SITE, home)
    report = sample_tasks(session_graph, "web", count=20, seed=SEED)
    yield Crawled(session_graph, base, report)


def test_templates_declare_the_three_tiers_and_every_type() -> None:
    templates = specs().values()
    assert {spec.tier for spec in templates} == {"business", "interaction", "basic"}
    assert {spec.type for spec in templates} == ALL_TYPES
    assert all(spec.kind == "web" and spec.start_url and spec.steps for spec in templates)


def test_every_template_finds_candidates_on_the_fixture_site(shop: Crawled) -> None:
    empty = [name for name, spec in specs().items() if not run_template_query(shop.graph, spec)]
    # Its results page has no filter and its forms lead nowhere new: the chains are made
    # from the market site (tests/browser/generators/templates/test_web_chains.py).
    assert empty == ["form_result", "search_filter_detail"]


def test_sampled_tasks_cover_every_type_and_every_answer_re_derives(shop: Crawled) -> None:
    tasks = shop.report.tasks
    assert len(tasks) == 16  # every verified candidate the small site has (one per table)
    assert {task.type for task in tasks} == ALL_TYPES
    assert shop.report.dropped["unverified"] == 0
    templates = specs()
    assert all(rederive(shop.graph, templates[task.template], task) for task in tasks)
    for task in tasks:
        assert task.kind == "web" and task.steps and task.success, task.id
        assert task.start_url is not None and task.start_url.startswith(shop.origin)
        assert ("WebElement", task.anchor) in {(g.label, g.id) for g in task.grounding}
        # Coverage is by page URL and site origin, so MMR spreads tasks over pages.
        assert task.coverage["site"] == [shop.origin]
        assert task.coverage["page"] == [task.start_url]
    assert len(shop.report.coverage["page"]) >= 4


def test_interaction_tasks_follow_what_the_crawler_saw(shop: Crawled) -> None:
    (modal,) = shop.by_template("open_modal")
    assert modal.answer == "Help" and modal.steps[0].selector == "#open-help"
    assert (modal.success[0].kind, modal.success[0].value) == ("element_visible", "#help-dialog")
    (toast,) = shop.by_template("trigger_toast")
    assert toast.steps[0].selector == "#notify" and toast.success[0].value == "#notice"
    (form,) = shop.by_template("form_submit")
    fills = {step.selector: step.value for step in form.steps if step.action == "fill"}
    assert fills == {
        "#name": "Ada Lovelace",
        "#email": "ada@example.org",
        "#message": fills["#message"],
    }
    assert (form.steps[-1].action, form.steps[-1].selector) == ("click", "#send")
    assert form.success[0].value == "#sent"
    (listing,) = shop.by_template("filter_list")
    assert listing.answer == "Leek" and listing.steps[0].selector == "#name-filter"
    assert {(c.kind, c.value) for c in listing.success} >= {
        ("text_present", "Leek"),
        ("text_absent", "Apple"),
    }
    menus = shop.by_template("menu_navigation")
    assert menus and all(task.steps[0].selector == "#account" for task in menus)
    assert {task.answer for task in menus} <= {"/form.html", "/catalog"}  # paths: portable
    # The "Broken modal" toggle has no script: its OPENS edge was never observed.
    assert not any(step.selector == "#broken" for t in shop.report.tasks for step in t.steps)


def test_business_tasks_read_the_site_content(shop: Crawled) -> None:
    (search,) = shop.by_template("search")
    assert search.answer == "/results.html"
    query = search.steps[0].value
    headings = shop.graph.read_text(
        "MATCH (p:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'}) "
        "WHERE p.url <> $url RETURN collect(h.name) AS names",
        url=search.start_url,
    )[0]["names"]
    assert query in headings and f"“{query}”" in search.prompt
    (browsing,) = shop.by_template("content_browsing")  # the site's one content table
    assert browsing.answer == "Opening hours"
    assert browsing.success[0].value == "/"
    for task in shop.by_template("multi_hop_navigation"):
        assert len(task.steps) in (2, 3) and task.answer.startswith("/")


def test_same_seed_gives_the_same_tasks_and_the_model_never_runs(shop: Crawled) -> None:
    model = CountingModel()
    again = sample_tasks(shop.graph, "web", count=20, seed=SEED, embedder=model)
    assert [(t.id, t.prompt, t.answer) for t in again.tasks] == [
        (t.id, t.prompt, t.answer) for t in shop.report.tasks
    ]
    # Every anchor's vector was stored by the crawl, so de-duplication embeds nothing.
    assert model.texts == []
    anchors = shop.graph.read_text(
        "MATCH (w:WebElement) WHERE w.id IN $ids "
        "RETURN w.kind AS kind, size(w.embedding) AS dimensions",
        ids=[task.anchor for task in again.tasks],
    )
    assert len(anchors) == len({task.anchor for task in again.tasks})
    assert {row["dimensions"] for row in anchors} == {384}
    assert {row["kind"] for row in anchors} <= ANCHOR_KINDS
    unanchored = shop.graph.read_text(
        "MATCH (w:WebElement) WHERE NOT w.kind IN $kinds AND w.embedding IS NOT NULL "
        "RETURN count(w) AS n",
        kinds=sorted(ANCHOR_KINDS),
    )
    assert unanchored[0]["n"] == 0


def test_sampled_tasks_replay_on_the_site_served_elsewhere(shop: Crawled) -> None:
    with serve_folder(FIXTURE_SITE) as base:
        assert base.rstrip("/") != shop.origin
        report: ReplayReport = replay_tasks(
            shop.report.tasks, origin_map={shop.origin: base}, timeout=10, check_som=True
        )
    print(f"fixture site replay: {report.passed}/{report.total} = {report.pass_rate:.3f}")
    print(f"by type: {report.by_type()}")
    assert report.total == 16
    assert report.pass_rate >= 0.95, report.as_dict()["failures"]
    assert set(report.by_type()) == ALL_TYPES
