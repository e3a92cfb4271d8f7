"""The crawled web as multihop chains see it: pages with an answer, and links between them.

Links come from two named queries: ``links`` (inside a site, resolved by the crawl as
``NAVIGATES_TO``) and ``offsite_links`` (absolute links out of a site, which the crawl
leaves unresolved); an offsite link whose normalised URL is a page of another crawled
site joins the two sites, the way a Wikipedia mirror links to another mirror's article.
A link is usable only when every link of its name on its page reaches the same page.

On such sites a link's text is the heading of the page it opens ("Lighthouse" opens the
article "Lighthouse", "Yes Indeed!" opens "Yes Indeed! (Ray Charles album)"), so a hop over
it cannot ask for the heading: ``names_target`` says so (the link and the heading share a
content word, :func:`~taskspace.tasks.lints.link_spoiler`), and the hop asks for a fact of
that page instead (its first section, ``sections``), which the link may not name either.

Chains keep to pages with content: a server's directory listing, an error page or an index
of links without prose (:func:`~taskspace.tasks.lints.contentless_page`) is neither a start
nor a target. A page's stored text stops at the crawler's cap (``TEXT_CAP``); a lookup
counts every page cut there as one that may mention the term past the cut.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.metapaths import metapath_library
from taskspace.sources.web.urls import normalise_url, origin_of
from taskspace.tasks.lints import contentless_page, link_spoiler

_EDIT_LINK = re.compile(r"\s*\[\s*edit\s*\]$", re.IGNORECASE)
TEXT_CAP = 5000
"""Characters of a page's main text the crawler stores (``web/extract.js``, mainText): a
page whose text is this long may go on past the cut."""


@dataclass(frozen=True)
class Page:
    site: str
    origin: str
    id: str
    url: str
    heading: str
    key: str = ""
    """The site's key (``kg load web --site``, else host and directory): what golds name."""
    title: str = ""
    prose_words: int = 0
    cut: bool = False

    @property
    def contentless(self) -> str | None:
        """Why the page has no content to hop to (listing, error page, links only)."""
        return contentless_page(self.title, self.heading, self.prose_words)


@dataclass(frozen=True)
class Link:
    page: str
    name: str
    target: str
    elements: tuple[str, ...]
    names_target: bool = False
    cross: bool = False


class WebReader:
    """The named multihop queries; re-derivation reads through this alone."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.page_ids: dict[str, str] = {}
        """Ids of the pages links were read from (a start page may have no heading)."""

    def read(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self.graph.read_text(metapath_library().text(f"multihop/{name}"), **params)

    def site_of(self, site: str) -> str | None:
        """The id of the site a lookup hop names: by its key (or, in a task made before
        keys, by an origin it was crawled from)."""
        rows = self.read("site", site=site)
        return str(rows[0]["id"]) if rows else None

    def lookup(self, site: str, term: str, exclude: str) -> list[str]:
        """Pages of ``site`` other than ``exclude`` that may mention ``term``: those whose
        text does, and those cut at the cap; none when the one such page does not."""
        rows = self.read("lookup", site=site, term=term, exclude=exclude, cap=TEXT_CAP)
        if len(rows) == 1 and not rows[0]["mentions"]:
            return []
        return [row["url"] for row in rows]

    def pages_at(self, urls: list[str] | None) -> dict[str, Page]:
        return {row["url"]: Page(**row) for row in self.read("pages", urls=urls, cap=TEXT_CAP)}

    def texts_at(self, urls: list[str]) -> dict[str, tuple[str, list[str]]]:
        """Each page's text and the names of its headings."""
        rows = self.read("page_text", urls=urls)
        return {row["url"]: (row["text"] or "", list(row["headings"])) for row in rows}

    def sections_at(self, urls: list[str] | None) -> dict[str, str]:
        """Each page's first section heading (its first visible h2 outside navigation,
        top to bottom), without the "[edit]" link MediaWiki puts inside the h2."""
        rows = self.read("sections", urls=urls)
        found = {row["url"]: _EDIT_LINK.sub("", row["section"]).strip() for row in rows}
        return {url: section for url, section in found.items() if len(section) > 1}

    def links_at(
        self, urls: list[str] | None, pages: dict[str, Page] | None
    ) -> dict[str, list[Link]]:
        """Usable links of the pages ``urls`` (None: all), same-site and offsite alike,
        each to a page of ``pages`` (None: read the pages they reach); a name with two
        targets on one page is left out."""
        targets: dict[tuple[str, str], set[str]] = defaultdict(set)
        elements: dict[tuple[str, str], list[str]] = defaultdict(list)
        for row in self.read("links", urls=urls):
            self.page_ids[row["page"]] = row["page_id"]
            targets[(row["page"], row["link"])].update(row["targets"])
            elements[(row["page"], row["link"])] += row["elements"]
        for row in self.read("offsite_links", urls=urls):
            self.page_ids[row["page"]] = row["page_id"]
            targets[(row["page"], row["link"])].add(normalise_url(row["href"]))
            elements[(row["page"], row["link"])].append(row["element"])
        if pages is None:
            reached = {url for urls_of in targets.values() for url in urls_of}
            pages = self.pages_at(sorted(reached | {page for page, _ in targets}))
        found: dict[str, list[Link]] = defaultdict(list)
        for (page, name), reached in sorted(targets.items()):
            target = pages.get(next(iter(reached))) if len(reached) == 1 else None
            if target is None or target.url == page:
                continue
            here = pages.get(page)
            cross = here is not None and here.site != target.site
            link = Link(
                page,
                name,
                target.url,
                tuple(sorted(set(elements[(page, name)]))),
                names_target=link_spoiler(name, target.heading) is not None,
                cross=cross,
            )
            found[page].append(link)
        return found


class WebChains(WebReader):
    """The crawled graph as pages with answers and links between them (read once); only
    pages with content are kept as places a chain may reach."""

    def __init__(self, graph: Graph) -> None:
        super().__init__(graph)
        self.pages = self.pages_at(None)
        self.section_of = self.sections_at(None)
        self.contentless = {url for url, page in self.pages.items() if page.contentless}
        self.links = {
            page: usable
            for page, links in self.links_at(None, self.pages).items()
            if (usable := [link for link in links if self._usable(link)])
        }
        self.ids = {**self.page_ids, **{page.url: page.id for page in self.pages.values()}}
        self.sites = sorted({page.site for page in self.pages.values()})
        self.keys = {origin_of(page.url): page.key for page in self.pages.values()}
        """Each crawled origin's site key."""
        self._lookups: dict[tuple[str, str, str], list[str]] = {}

    def _usable(self, link: Link) -> bool:
        """A link to a page with content whose question the link does not answer: the
        heading, or when the link names it, a first section the link does not name."""
        if link.target in self.contentless:
            return False
        if not link.names_target:
            return True
        section = self.section_of.get(link.target)
        return section is not None and link_spoiler(link.name, section) is None

    def key_of(self, url: str) -> str:
        """The key of the site the page ``url`` is on (its origin when not crawled)."""
        page = self.pages.get(url)
        return page.key if page is not None else self.keys.get(origin_of(url), origin_of(url))

    def is_content(self, url: str) -> bool:
        """True for a page with a heading and content (a chain may start or end there)."""
        return url in self.pages and url not in self.contentless

    def lookup(self, site: str, term: str, exclude: str) -> list[str]:
        key = (site, term, exclude)
        if key not in self._lookups:
            self._lookups[key] = super().lookup(site, term, exclude)
        return self._lookups[key]
