"""``kg sample multihop``: MMInA-style chains over the crawled web graph.

Two kinds of hop, both read from the graph:

- follow: on the page the chain is on, take the link called “L” (one target only, on the
  same site or, through an absolute link, on another crawled site); the answer is the
  main heading of the page it opens, which must occur in that page's text. When the link's
  text *is* that heading (Wikipedia-style article links), asking for the heading would
  give it away, so the hop asks for a fact of the page instead: its first section heading;
- lookup: on a site, find the one page whose text mentions the previous hop's answer
  (other sites first, so a chain crosses sites when more than one is crawled; on the same
  site the prompt says "other than the page you are on", which mentions it too); the
  answer is that page's heading.

Chains start and end on pages with content only, and every candidate passes a reader's
checks (:mod:`taskspace.generators.multihop.checks`: ``contentless_page``, ``link_spoiler``,
``partial_match``) or is dropped and counted per lint.

A hop's answer is the next hop's input: a follow hop starts on the page the previous hop
reached, a lookup hop searches for the previous answer. Each hop carries its check
(keywords the answer must include, the URL the agent must reach), and the chain ends with
an END hop. Every hop is re-derived with ``metapaths/multihop/*.cypher`` before a task is
kept, and a chain whose prompt names any hop's answer is dropped as a spoiler.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence
from typing import Any, Literal
from urllib.parse import unquote

from taskspace.generators.errors import SamplingError
from taskspace.generators.multihop.checks import chain_lint
from taskspace.generators.multihop.web import Link, Page, WebChains, WebReader
from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.sources.web.urls import normalise_url, origin_of, site_path
from taskspace.tasks.family import SampleReport
from taskspace.tasks.fingerprint import fingerprint
from taskspace.tasks.model import GroundRef, HopCheck, SuccessCriterion, Task, WebHop
from taskspace.tasks.spoilers import named

END = "END"
ATTEMPTS_PER_TASK = 30
LOOKUP_SHARE = 0.5
CROSS_SHARE = 0.5
"""How often a follow hop takes a link to another site when its page has one."""
SECTION_QUESTION = "What is the heading of the first section of the page it opens?"
HEADING_QUESTION = "What is the main heading of the page it opens?"


REASONS = ("spoiler", "lint", "unverified", "duplicates")
"""Why a chain is dropped: an answer named in the prompt, a reader's check failed (per lint
in the report's ``lints``), not re-derived, made before."""
LINTS = ("contentless_page", "link_spoiler", "partial_match")
"""The lints every chain is checked with (``taskspace.generators.multihop.checks``), counted from
0."""


def _follow_text(index: int, link: Link, start: str, previous: WebHop | None) -> str:
    if previous is None:
        where = f"Open {start}"
    elif SECTION_QUESTION in previous.instruction:
        where = f"On the page you opened in hop {index - 1}"
    else:
        where = f"On the page whose heading was your answer to hop {index - 1}"
    question = SECTION_QUESTION if link.names_target else HEADING_QUESTION
    return f"{where}, follow the link “{link.name}”. {question}"


def _lookup_text(index: int, origin: str, same_site: bool) -> str:
    which = "the page other than the one you are on" if same_site else "the page"
    return (
        f"On {origin}, find {which} whose text mentions your answer to hop {index - 1}. "
        "What is its main heading?"
    )


def readable(prompt: str) -> str:
    """The prompt as a person reads its addresses ("Crying_Time%21.html" names "Crying
    Time!"), so a spoiler check sees answers spelt inside a URL."""
    return re.sub(r"[_/]+", " ", unquote(prompt))


def _hop(
    index: int,
    kind: Literal["follow", "lookup"],
    text: str,
    at: str,
    target: Page,
    answer: str,
    **extra: Any,
) -> WebHop:
    """One hop; its check names the target by site key and path: a gold that holds
    wherever the site is served."""
    check = HopCheck(keywords=[answer], url=site_path(target.url), site=target.key)
    return WebHop(
        index=index, kind=kind, instruction=text, page_url=at, answer=answer, check=check, **extra
    )


def _pick_link(links: list[Link], rng: random.Random) -> Link:
    """A link to another site half the time when there is one, else any link."""
    cross = [link for link in links if link.cross]
    if cross and rng.random() < CROSS_SHARE:
        return rng.choice(cross)
    return rng.choice(links)


def _next_hop(
    web: WebChains,
    index: int,
    current: str,
    start: str,
    seen: set[str],
    previous: WebHop | None,
    rng: random.Random,
) -> tuple[WebHop, Page] | None:
    """One more hop from the page ``current``: a lookup of the previous answer (when one
    exists and the dice say so) or a follow, never to a page the chain has seen."""
    here = web.pages.get(current)
    if previous is not None and here is not None and rng.random() < LOOKUP_SHARE:
        sites = sorted(web.sites, key=lambda site: (site == here.site, site))
        for site in sites:
            found = web.lookup(site, previous.answer, current)
            if len(found) == 1 and found[0] not in seen and web.is_content(found[0]):
                target = web.pages[found[0]]
                text = _lookup_text(index, target.origin, target.site == here.site)
                hop = _hop(index, "lookup", text, current, target, target.heading)
                return hop.model_copy(update={"site": target.key}), target
    links = [link for link in web.links.get(current, []) if link.target not in seen]
    if not links:
        return None
    link = _pick_link(links, rng)
    target = web.pages[link.target]
    answer = web.section_of[target.url] if link.names_target else target.heading
    text = _follow_text(index, link, start, previous)
    return _hop(index, "follow", text, current, target, answer, link=link.name), target


def build_chain(
    web: WebChains, start: str, hops: int, rng: random.Random
) -> list[tuple[WebHop, Page]] | None:
    chain: list[tuple[WebHop, Page]] = []
    seen, current = {start}, start
    while len(chain) < hops:
        previous = chain[-1][0] if chain else None
        step = _next_hop(web, len(chain) + 1, current, start, seen, previous, rng)
        if step is None:
            return None
        chain.append(step)
        current = step[1].url
        seen.add(current)
    return chain


def _portable(web: WebChains, url: str) -> str:
    """A page as its site's key and path (``wiki2015/A/Ray_Charles.html``): how ids and
    coverage name it, wherever it was served."""
    return web.key_of(url) + site_path(url)


def _portable_text(text: str, keys: dict[str, str]) -> str:
    """``text`` with every crawled origin written as its site's key."""
    for origin, key in sorted(keys.items(), key=lambda item: -len(item[0])):
        text = re.sub(re.escape(origin) + r"(?![\w:.-])", key, text)
    return text


def build_task(web: WebChains, start: str, chain: Sequence[tuple[WebHop, Page]], seed: int) -> Task:
    """The task of one chain. Its id, fingerprint and golds are made from site keys and
    paths, so the same sites served on other ports give the same task; ``start_url``,
    the hops' ``page_url`` and the prompt keep the crawled origins (``sites`` maps each
    key to its origin), which an origin map rewrites at run time."""
    hops = [hop for hop, _ in chain]
    end = WebHop(index=len(hops) + 1, kind="end", instruction=END, answer=END)
    lines = [f"Hop {hop.index}: {hop.instruction}" for hop in hops]
    prompt = (
        f"This task has {len(hops)} hops; each hop starts where the previous one ended. "
        + " ".join(lines)
        + f" When you have answered every hop, reply {END}."
    )
    final = chain[-1][1]
    sites = {web.key_of(start): origin_of(start)} | {p.key: origin_of(p.url) for _, p in chain}
    keys = {origin: key for key, origin in sites.items()}
    signature = [
        _portable_text(
            hop.model_copy(
                update={"page_url": _portable(web, hop.page_url or "")}
            ).model_dump_json(),
            keys,
        )
        for hop in hops
    ]
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
        id=stable_id("task", "multihop", _portable(web, start), *signature),
        kind="multihop",
        type="multihop_web",
        template="multihop/follow",
        difficulty="medium" if len(hops) == 2 else "hard",
        prompt=prompt,
        answer=hops[-1].answer,
        check="contains_all",
        anchor=start_id,
        fingerprint=fingerprint(_portable_text(prompt, keys), hops[-1].answer),
        grounding=[GroundRef(label="WebPage", id=web.ids[url]) for url in pages]
        + [GroundRef(label="WebElement", id=element) for element in elements],
        coverage={
            "pattern": ["multihop:" + ">".join(hop.kind for hop in hops)],
            "page": [_portable(web, url) for url in pages],
            "site": sorted(sites),
            "difficulty": ["medium" if len(hops) == 2 else "hard"],
        },
        seed=seed,
        start_url=start,
        sites=dict(sorted(sites.items())),
        success=[
            SuccessCriterion(kind="url", value=site_path(final.url)),
            SuccessCriterion(kind="text_present", value=hops[-1].answer),
        ],
        hops=[*hops, end],
    )


def _rederived_answer(web: WebReader, task: Task, hop: WebHop, previous: str) -> str | None:
    """The answer the graph gives ``hop`` of ``task`` now (None when its target is not
    unique, is not the recorded page, or its link would name the answer)."""
    if hop.kind == "follow":
        links = web.links_at([hop.page_url or ""], None).get(hop.page_url or "", [])
        matching = [link for link in links if link.name == hop.link]
        targets = [link.target for link in matching]
    else:
        site = web.site_of(hop.site or "")
        targets = web.lookup(site, previous, hop.page_url or "") if site else []
    if targets != [normalise_url(hop.check.crawled(task.sites))]:
        return None
    if hop.kind == "follow" and SECTION_QUESTION in hop.instruction:
        return web.sections_at(targets).get(targets[0])
    if hop.kind == "follow" and matching[0].names_target:
        return None
    pages = web.pages_at(targets)
    return pages[targets[0]].heading if targets[0] in pages else None


def rederive_multihop(graph: Graph, task: Task) -> bool:
    """True when every hop, re-run against the graph, reaches its recorded page and reads
    the recorded answer there (its heading, or its first section when the link names the
    heading), which occurs in the page's text; and the chain ends with END."""
    web = WebReader(graph)
    previous = ""
    hops = task.hops
    if not hops or hops[-1].kind != "end" or hops[-1].answer != END:
        return False
    for hop in hops[:-1]:
        answer = _rederived_answer(web, task, hop, previous)
        if answer is None or answer != hop.answer or hop.check.keywords != [hop.answer]:
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
    starts = sorted(url for url, links in web.links.items() if links and web.is_content(url))
    report.extras["contentless_pages"] = len(web.contentless)
    report.lints = dict.fromkeys(LINTS, 0)
    if not starts:
        raise SamplingError(
            "No crawled page with content has a link to another page with content and a "
            "heading: crawl a site of articles first (`kg load web URL`)."
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
        lint = chain_lint(web, start, task.hops[:-1], task.sites)
        if task.id in found:
            report.drop("duplicates")
        elif named(task.prompt, answers) or named(readable(task.prompt), answers):
            report.drop("spoiler")
        elif lint is not None:
            report.lint(lint)
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
