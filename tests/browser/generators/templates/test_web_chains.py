"""Chain tasks (search -> filter -> detail, form -> submit -> result) replayed step by step.

The shared MkDocs site ships without its JavaScript, so it has neither a working search
nor a filter nor a form that leads anywhere: the chains are made from the project's own
small market site (tests/fixtures/web/market), crawled by real Chromium into the real
test server and replayed in Chromium on the site served again on another port. Each
step of a chain carries its own check; replay verifies it right after the step, so a
wrong step fails at that step, not only at the final page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from taskspace.environments.replay import replay_tasks
from taskspace.generators.templates.engine import rederive
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named
from tests.support.locations import TESTS
from tests.support.web import chromium_missing, crawl_folder, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

MARKET = TESTS / "fixtures" / "web" / "market"
ITEMS = {
    "apple": ("fruit", "Orchard notes"),
    "pear": ("fruit", "Ripening advice"),
    "carrot": ("vegetable", "Storage tips"),
    "leek": ("vegetable", "Cooking ideas"),
}
"""The market's entries: category (the word the search matches) and first section."""


@dataclass
class Market:
    graph: Graph
    origin: str
    report: SampleReport

    def chain(self, template: str) -> Task:
        (task,) = [task for task in self.report.tasks if task.template == template]
        return task


@pytest.fixture(scope="module")
def market(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Market]:
    base, _ = crawl_folder(session_graph, MARKET, tmp_path_factory.mktemp("web-chains-home"))
    report = sample_tasks(session_graph, "web", count=40, seed=1)
    yield Market(session_graph, base, report)


def test_search_filter_detail_is_one_task_with_a_check_per_step(market: Market) -> None:
    task = market.chain("search_filter_detail")
    origin = market.origin
    assert task.type == "search" and task.start_url == f"{origin}/"
    narrow = str(task.steps[2].value)
    item = narrow.lower()
    category, section = ITEMS[item]
    sibling = next(name for name, (c, _) in ITEMS.items() if c == category and name != item)
    assert [(s.action, s.selector, s.value) for s in task.steps] == [
        ("fill", "#q", category),
        ("click", "#go", None),
        ("fill", "#refine", narrow),
        ("click", task.steps[3].selector, None),
    ]
    checks = [{(c.kind, c.value.lower()) for c in step.checks} for step in task.steps]
    searched_out = next(iter(checks[1] - {("url", "/search.html")} - {("text_present", item)}))
    assert searched_out[0] == "text_absent" and ITEMS[searched_out[1]][0] != category
    assert checks == [
        {("element_visible", "#go")},
        {("url", "/search.html"), ("text_present", item), searched_out},
        {("text_present", item), ("text_absent", sibling)},
        {("url", f"/items/{item}.html")},
    ]
    assert task.answer == section
    assert [(c.kind, c.value) for c in task.success] == [  # golds: paths inside the site
        ("url", f"/items/{item}.html"),
        ("text_present", section),
    ]
    assert named(task.prompt, [section, f"{item}.html"]) == []


def test_form_result_chain_reads_the_page_the_submit_leads_to(market: Market) -> None:
    task = market.chain("form_result")
    origin = market.origin
    assert task.type == "button_interaction" and task.start_url == f"{origin}/order.html"
    fills = {step.selector: step.value for step in task.steps if step.action == "fill"}
    assert fills == {"#customer": "Ada Lovelace", "#amount": "3"}
    submit = task.steps[-1]
    assert (submit.action, submit.selector) == ("click", "#place")
    assert [(c.kind, c.value) for c in submit.checks] == [("url", "/thanks.html")]
    assert task.answer == "Order received"
    assert named(task.prompt, ["Order received", "Order status", "thanks.html"]) == []


def test_chains_are_business_tier_and_re_derive(market: Market) -> None:
    specs = {spec.name: spec for spec in load_templates("web")}
    for name in ("search_filter_detail", "form_result"):
        assert specs[name].tier == "business"
        assert rederive(market.graph, specs[name], market.chain(name))


def test_chains_replay_in_chromium_and_every_step_check_passes(market: Market) -> None:
    chains = [market.chain("search_filter_detail"), market.chain("form_result")]
    with serve_folder(MARKET) as base:
        report = replay_tasks(chains, origin_map={market.origin: base}, timeout=10)
    assert [outcome.passed for outcome in report.outcomes] == [True, True], report.as_dict()
    assert [outcome.steps_done for outcome in report.outcomes] == [4, 3]


def test_a_wrong_step_fails_at_that_step_by_its_check(market: Market) -> None:
    chain = market.chain("search_filter_detail")
    item = str(chain.steps[2].value).lower()
    category = ITEMS[item][0]
    sibling = next(name for name, (c, _) in ITEMS.items() if c == category and name != item)
    other = next(c for c, _ in ITEMS.values() if c != category)
    # Filtering with the other entry of the same category keeps the wrong entry: the
    # filter step's own check fails, before the detail step is tried.
    steps = list(chain.steps)
    steps[2] = steps[2].model_copy(update={"value": sibling})
    wrong_filter = chain.model_copy(update={"id": "task:wrong-filter", "steps": steps})
    # Searching for the other category keeps the wanted entry off the results.
    steps = list(chain.steps)
    steps[0] = steps[0].model_copy(update={"value": other})
    wrong_search = chain.model_copy(update={"id": "task:wrong-search", "steps": steps})
    with serve_folder(MARKET) as base:
        report = replay_tasks(
            [wrong_filter, wrong_search], origin_map={market.origin: base}, timeout=2
        )
    outcomes = {outcome.task_id: outcome for outcome in report.outcomes}
    assert outcomes["task:wrong-filter"].failed_at == "step 3 check 1"
    assert item in str(outcomes["task:wrong-filter"].reason).lower()
    assert outcomes["task:wrong-filter"].steps_done == 2
    assert outcomes["task:wrong-search"].failed_at == "step 2 check 2"
    assert outcomes["task:wrong-search"].steps_done == 1


def test_the_market_sample_takes_business_then_interaction_then_basic(market: Market) -> None:
    specs = {spec.name: spec for spec in load_templates("web")}
    order = [str(specs[task.template].tier) for task in market.report.tasks]
    ranks = {"business": 0, "interaction": 1, "basic": 2}
    assert set(order) == set(ranks) and order == sorted(order, key=ranks.__getitem__)
    assert market.report.extras["tiers"] == {tier: order.count(tier) for tier in ranks}
