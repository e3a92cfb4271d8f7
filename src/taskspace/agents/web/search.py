"""A bounded best-first search over a site's pages, for the offline ``heuristic`` agent.

Business-tier tasks name where to end (a page title, a section heading) but not the
route, so a lexical agent has to look around. Each page it stands on is tested with a
goal (the answer, or None); its same-site links join a frontier ranked by how many words
the link's text, URL path or URL fragment (``#file-layout`` points at a section) shares
with the goal words (a hint of where the goal is), then by depth (breadth first where
there is no hint). The best unvisited page is opened
by clicking its link when this page shows it, else by ``goto`` on the URL an earlier page
showed. The last step of the budget always answers, so the run ends on an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from taskspace.agents.web.loop import Policy
from taskspace.core.words import split_tokens, tokens
from taskspace.environments.browser import Action, Mark, Observation
from taskspace.sources.web.urls import normalise_url, origin_of

Goal = Callable[[Observation], str | None]
CLICKABLE = frozenset({"link", "button"})


def key_words(text: str) -> set[str]:
    """Words split at punctuation (``taskspace.core.words.split_tokens``): how names, URL
    paths and fragments compare (``docs_dir`` in a heading is ``#using-the-docs_dir`` in a
    link)."""
    return set(split_tokens(text))


def url_words(url: str) -> tuple[set[str], set[str]]:
    """Words of a URL's last path segment (``/user-guide/configuration/`` names a page)
    and of its fragment (``#file-layout`` names a section)."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s and s != "index.html"]
    return key_words(segments[-1] if segments else ""), key_words(parts.fragment)


def hint(mark: Mark, wanted: set[str]) -> float:
    """How well a link names the goal: the best Jaccard overlap of its text, path or
    fragment with the goal words."""
    if not wanted:
        return 0.0
    names = (key_words(mark.name), *url_words(mark.href or ""))
    return max((len(ws & wanted) / len(ws | wanted) for ws in names if ws), default=0.0)


def is_page(url: str) -> bool:
    """An HTML page, not a file the site offers (``sitemap.xml``, ``logo.png``)."""
    last = urlsplit(url).path.rsplit("/", 1)[-1]
    return "." not in last or last.endswith((".html", ".htm"))


@dataclass(order=True)
class Lead:
    """A page to try: ordered best first (``rank`` sorts ascending)."""

    rank: tuple[float, int, int]
    url: str


class PageSearch(Policy):
    """Visit pages best first until ``goal`` answers or the step budget runs out."""

    def __init__(self, goal: Goal, wanted: set[str], budget: int) -> None:
        self.goal, self.wanted, self.budget = goal, wanted, budget
        self.steps = 0
        self.start = ""
        self.depth: dict[str, int] = {}
        self.visited: set[str] = set()
        self.frontier: dict[str, Lead] = {}
        self.found_order = 0

    async def decide(self, seen: Observation) -> Action:
        self.steps += 1
        here = normalise_url(seen.url)
        if not self.start:
            self.start, self.depth[here] = here, 0
        self.visited.add(here)
        self.frontier.pop(here, None)
        found = self.goal(seen)
        if found is not None:
            return Action("answer", value=found)
        self._add_leads(seen, self.depth.get(here, 0) + 1)
        if self.steps >= self.budget or not self.frontier:
            return Action("answer", value=seen.url)
        lead = min(self.frontier.values())
        del self.frontier[lead.url]
        here_links = [m for m in seen.marks if m.href and normalise_url(m.href) == lead.url]
        if here_links:
            return Action("click", here_links[0].id)
        return Action("goto", value=lead.url)

    def _add_leads(self, seen: Observation, depth: int) -> None:
        for mark in seen.marks:
            if mark.kind not in CLICKABLE or not mark.href or not tokens(mark.name):
                continue
            url = normalise_url(mark.href)
            if url in self.visited or not is_page(url):
                continue
            if origin_of(mark.href) != origin_of(self.start):
                continue
            self.depth.setdefault(url, depth)
            self.found_order += 1
            lead = Lead((-hint(mark, self.wanted), self.depth[url], self.found_order), url)
            if url not in self.frontier or lead < self.frontier[url]:
                self.frontier[url] = lead
