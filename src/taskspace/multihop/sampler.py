"""``kg sample multihop``: MMInA-style chains over the crawled web graph.

Two kinds of hop, both read from the graph:

- follow: on the page the chain is on, take the link called “L” (one target only); the
  answer is the main heading of the page it opens, which must occur in that page's text;
- lookup: on a site, find the one page whose text mentions the previous hop's answer
  (other sites first, so a chain crosses sites when more than one is crawled); the answer
  is that page's heading.

A hop's answer is the next hop's input: a follow hop starts on the page named by the
previous answer, a lookup hop searches for it. Each hop carries its check (keywords the
answer must include, the URL the agent must reach), and the chain ends with an END hop.
Every hop is re-derived with ``metapaths/multihop/*.cypher`` before a task is kept.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.metapaths import metapath_library
from taskspace.tasks.errors import SamplingError
from taskspace.tasks.family import SampleReport
from taskspace.tasks.fingerprint import fingerprint
from taskspace.tasks.model import GroundRef, HopCheck, SuccessCriterion, Task, WebHop
from taskspace.tasks.spoilers import named

END = "END"
ATTEMPTS_PER_TASK = 30
LOOKUP_SHARE = 0.5


@dataclass(frozen=True)
class Page:
    site: str
    origin: str
    id: str
    url: str
    heading: str


@dataclass(frozen=True)
class Link:
    page: str
    name: str
    target: str
    elements: tuple[str, ...]


REASONS = ("spoiler", "unverified", "duplicates")
"""Why a chain is dropped: an answer named in the prompt, not re-derived, made before."""


class WebReader:
    """The named multihop queries; re-derivation reads through this alone."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self.graph.read_text(metapath_library().text(f"multihop/{name}"), **params)

    def site_of(self, origin: str) -> str | None:
        rows = self.read("site", origin=origin)
        return str(rows[0]["id"]) if rows else None

    def lookup(self, site: str, term: str, exclude: str) -> list[str]:
        """Pages of ``site`` other than ``exclude`` whose text mentions ``term``."""
        return [row["url"] for row in self.read("lookup", site=site, term=term, exclude=exclude)]


class WebChains(WebReader):
    """The crawled graph as pages with answers and links between them (read once)."""

    def __init__(self, graph: Graph) -> None:
        super().__init__(graph)
        self.pages = {row["url"]: Page(**row) for row in self.read("pages", urls=None)}
        self.links: dict[str, list[Link]] = defaultdict(list)
        self.ids = {page.url: page.id for page in self.pages.values()}
        for row in self.read("links", urls=None):
            self.ids[row["page"]] = row["page_id"]
            target = self.pages.get(row["target"])
            # a link named like the heading it opens would give the answer away
            if target is not None and not named(row["link"], [target.heading]):
                link = Link(row["page"], row["link"], row["target"], tuple(row["elements"]))
                self.links[row["page"]].append(link)
        self.sites = sorted({page.site for page in self.pages.values()})
        self._lookups: dict[tuple[str, str, str], list[str]] = {}

    def lookup(self, site: str, term: str, exclude: str) -> list[str]:
        key = (site, term, exclude)
        if key not in self._lookups:
            self._lookups[key] = super().lookup(site, term, exclude)
        return self._lookups[key]


def _follow_text(index: int, link: str, start: str) -> str:
    if index == 1:
        where = f"Open {start}"
    else:
        where = f"On the page whose heading was your answer to hop {index - 1}"
    return f"{where}, follow the link “{link}”. What is the main heading of the page it opens?"


def _lookup_text(index: int, origin: str) -> str:
    return (
        f"On {origin}, find the page whose text mentions your answer to hop {index - 1}. "
        "What is its main heading?"
    )


def _hop(
    index: int, kind: Literal["follow", "lookup"], text: str, at: str, target: Page, **extra: Any
) -> WebHop:
    return WebHop(
        index=index,
        kind=kind,
        instruction=text,
        page_url=at,
        answer=target.heading,
        check=HopCheck(keywords=[target.heading], url=target.url),
        **extra,
    )


def _next_hop(
    web: WebChains, index: int, current: str, start: str, seen: set[str], rng: random.Random
) -> tuple[WebHop, Page] | None:
    """One more hop from the page ``current``: a lookup (when one exists and the dice say
    so) or a follow, never to a page the chain has seen."""
    here = web.pages.get(current)
    if index > 1 and here is not None and rng.random() < LOOKUP_SHARE:
        sites = sorted(web.sites, key=lambda site: (site == here.site, site))
        for site in sites:
            found = web.lookup(site, here.heading, current)
            if len(found) == 1 and found[0] not in seen and found[0] in web.pages:
                target = web.pages[found[0]]
                text = _lookup_text(index, target.origin)
                return _hop(index, "lookup", text, current, target, site=target.origin), target
    links = [link for link in web.links.get(current, []) if link.target not in seen]
    if not links:
        return None
    link = rng.choice(links)
    target = web.pages[link.target]
    text = _follow_text(index, link.name, start)
    return _hop(index, "follow", text, current, target, link=link.name), target


def build_chain(
    web: WebChains, start: str, hops: int, rng: random.Random
) -> list[tuple[WebHop, Page]] | None:
    chain: list[tuple[WebHop, Page]] = []
    seen, current = {start}, start
    while len(chain) < hops:
        step = _next_hop(web, len(chain) + 1, current, start, seen, rng)
        if step is None:
            return None
        chain.append(step)
        current = step[1].url
        seen.add(current)
    return chain


def build_task(web: WebChains, start: str, chain: Sequence[tuple[WebHop, Page]], seed: int) -> Task:
    hops = [hop for hop, _ in chain]
    end = WebHop(index=len(hops) + 1, kind="end", instruction=END, answer=END)
    lines = [f"Hop {hop.index}: {hop.instruction}" for hop in hops]
    prompt = (
        f"This task has {len(hops)} hops; each hop starts from the previous hop's answer. "
        + " ".join(lines)
        + f" When you have answered every hop, reply {END}."
    )
    final = chain[-1][1]
    signature = [hop.model_dump_json() for hop in hops]
    elements = [
        element
        for hop in hops
        if hop.kind == "follow"
        for link in web.links[hop.page_url or ""]
        if link.name == hop.link
        for element in link.elements
    ]
    pages = [start, *(page.url for _, page in chain)]
    start_id = web.ids[start]
    return Task(
        id=stable_id("task", "multihop", start, *signature),
        kind="multihop",
        type="multihop_web",
        template="multihop/follow",
        difficulty="medium" if len(hops) == 2 else "hard",
        prompt=prompt,
        answer=final.heading,
        check="contains_all",
        anchor=start_id,
        fingerprint=fingerprint(prompt, final.heading),
        grounding=[GroundRef(label="WebPage", id=web.ids[url]) for url in pages]
        + [GroundRef(label="WebElement", id=element) for element in elements],
        coverage={
            "pattern": ["multihop:" + ">".join(hop.kind for hop in hops)],
            "page": pages,
            "site": sorted({page.origin for _, page in chain}),
            "difficulty": ["medium" if len(hops) == 2 else "hard"],
        },
        seed=seed,
        start_url=start,
        success=[
            SuccessCriterion(kind="url", value=final.url),
            SuccessCriterion(kind="text_present", value=final.heading),
        ],
        hops=[*hops, end],
    )


def rederive_multihop(graph: Graph, task: Task) -> bool:
    """True when every hop, re-run against the graph, reaches its recorded page, whose
    heading is the recorded answer and occurs in its text; and the chain ends with END."""
    web = WebReader(graph)
    previous = ""
    hops = task.hops
    if not hops or hops[-1].kind != "end" or hops[-1].answer != END:
        return False
    for hop in hops[:-1]:
        if hop.kind == "follow":
            rows = web.read("links", urls=[hop.page_url])
            targets = [row["target"] for row in rows if row["link"] == hop.link]
        else:
            site = web.site_of(hop.site or "")
            targets = web.lookup(site, previous, hop.page_url or "") if site else []
        if targets != [hop.check.url]:
            return False
        pages = web.read("pages", urls=targets)
        if [row["heading"] for row in pages] != [hop.answer] or hop.check.keywords != [hop.answer]:
            return False
        previous = hop.answer
    return task.answer == previous


def sample_multihop(graph: Graph, hops: int, count: int, seed: int) -> SampleReport:
    """Up to ``count`` verified chains of ``hops`` hops (at least two)."""
    if hops < 2:
        raise SamplingError("a multihop task needs at least two hops (--hops 2 or more)")
    began = time.perf_counter()
    web = WebChains(graph)
    sites = len(web.sites)
    report = SampleReport.start(
        "multihop",
        REASONS,
        hops=hops,
        scope="sites" if sites > 1 else "pages",
        sites=sites,
        pages=len(web.pages),
    )
    attempts = 0
    starts = sorted(url for url, links in web.links.items() if links)
    if not starts:
        raise SamplingError(
            "No crawled page has a link to a page with a heading: crawl a site first "
            "(`kg load web URL`)."
        )
    rng = random.Random(f"multihop:{seed}:{hops}")
    found: dict[str, Task] = {}
    while len(found) < count and attempts < count * ATTEMPTS_PER_TASK:
        attempts += 1
        start = rng.choice(starts)
        chain = build_chain(web, start, hops, rng)
        if chain is None:
            continue
        report.candidates += 1
        task = build_task(web, start, chain, seed)
        answers = [hop.answer for hop in task.hops[:-1]]
        if task.id in found:
            report.drop("duplicates")
        elif named(task.prompt, answers):
            report.drop("spoiler")
        elif not rederive_multihop(graph, task):
            report.drop("unverified")
        else:
            found[task.id] = task
    tasks = list(found.values())
    kinds = [hop.kind for task in tasks for hop in task.hops]
    report.extras.update(
        attempts=attempts, hop_kinds={kind: kinds.count(kind) for kind in sorted(set(kinds))}
    )
    return report.finish(tasks, time.perf_counter() - began)
