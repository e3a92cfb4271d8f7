"""On how many pages of a site each heading's text appears (``heading_pages``), and each
page's main heading and the first heading only it shows.

``multi_hop_navigation`` names its goal page by a heading that no other page of the site
shows, alone or inside a longer heading ("DocumentRoot" is not one page's when another
has "DocumentRoot Directive"). Comparing every heading of the site with the targets' at
each sample cost a fifth of the query; the loader counts once after each crawl, over all
the site's pages, and the template reads the count.

``nav_link`` and ``multi_hop_navigation`` also check that the page reached shows its main
heading. Finding it read every element of each target page at every sample, most of those
templates' reads; the same pass stores it on the :WebPage (``main_heading``), with the
goal heading (``unique_heading``), so a sample reads two properties instead.

Counting is done here rather than in Cypher, which would compare every pair of distinct
headings: all the texts are joined into one string, and each heading's text is found in
it by ``str.find`` (a C search), so a site's cost grows with its distinct headings times
their total length, not with a Cypher loop over pairs.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter

SHORTEST = 4
LONGEST = 60
"""Headings of these lengths (characters, trimmed) get a count; shorter or longer ones
never name a goal."""

COUNT_VERSION = 2
"""Stored on the :WebSite as ``heading_pages_version`` once its headings are counted and
its pages' headings found. Raise it when either changes: ``kg init`` then derives them
again on sites counted under an older one (or never: crawled before they existed).
Version 2 added ``main_heading`` and ``unique_heading`` on pages."""

_JOIN = "\x00"


def heading_pages(headings: Iterable[tuple[str, str]]) -> dict[str, int]:
    """For each distinct text (already lower case and trimmed) of ``headings`` (page,
    text) of :data:`SHORTEST` to :data:`LONGEST` characters: on how many pages a heading
    holds it."""
    pages: dict[str, set[str]] = defaultdict(set)
    for page, text in headings:
        pages[text].add(page)
    texts = list(pages)
    joined = _JOIN.join(texts)
    starts = []
    offset = 0
    for text in texts:
        starts.append(offset)
        offset += len(text) + len(_JOIN)
    counts = {}
    for text in texts:
        if not SHORTEST <= len(text) <= LONGEST:
            continue
        seen: set[str] = set()
        at = joined.find(text)
        while at >= 0:
            holder = bisect_right(starts, at) - 1
            seen |= pages[texts[holder]]
            # On to the next heading: one that holds the text twice counts once.
            at = joined.find(text, starts[holder] + len(texts[holder]) + len(_JOIN))
        counts[text] = len(seen)
    return counts


@dataclass(frozen=True)
class Heading:
    """A heading element as stored: what the page-level choices are made from."""

    id: str
    text: str
    visible: bool
    bbox: Sequence[float] | None

    def place(self) -> tuple[bool, float, bool, float, str]:
        """Reading order as the templates sort (``ORDER BY bbox[1], bbox[0], id``, where
        a missing coordinate sorts last)."""
        y = self.bbox[1] if self.bbox and len(self.bbox) > 1 else None
        x = self.bbox[0] if self.bbox else None
        return (y is None, y or 0.0, x is None, x or 0.0, self.id)


def compared(text: str) -> str:
    """A heading's text as counts compare it: lower case, trimmed."""
    return text.strip().lower()


def main_heading(headings: Iterable[Heading]) -> str | None:
    """The first visible heading in reading order with more than one character: what a
    page reached by a link is checked to show."""
    return _first_main(sorted(headings, key=Heading.place))


def _first_main(ordered: list[Heading]) -> str | None:
    for heading in ordered:
        if heading.visible and len(heading.text.strip()) > 1:
            return heading.text
    return None


def unique_heading(headings: Iterable[Heading], counts: dict[str, int]) -> str | None:
    """The first visible heading in reading order, other than the main one, of
    :data:`SHORTEST` to :data:`LONGEST` characters that no other page of the site holds
    (``counts`` from :func:`heading_pages`): a goal named by the page's content alone."""
    ordered = sorted(headings, key=Heading.place)
    main = _first_main(ordered) or ""
    for heading in ordered:
        text = heading.text.strip()
        if (
            heading.visible
            and len(text) >= SHORTEST
            and len(heading.text) <= LONGEST
            and heading.text != main
            and counts.get(compared(heading.text)) == 1
        ):
            return text
    return None


def page_headings(rows: Iterable[dict[str, Any]], counts: dict[str, int]) -> list[dict[str, Any]]:
    """One row per page of ``rows`` (``web/site_headings``, ordered by page): its main and
    unique heading, or null where it has none."""
    pages = []
    for page, group in groupby(rows, key=lambda row: str(row["page"])):
        headings = [_heading(row) for row in group if row["id"] is not None]
        pages.append(
            {
                "page": page,
                "main": main_heading(headings),
                "unique": unique_heading(headings, counts),
            }
        )
    return pages


def _heading(row: dict[str, Any]) -> Heading:
    bbox = row["bbox"]
    return Heading(
        str(row["id"]),
        str(row["text"] or ""),
        row["visible"] is True,
        [float(value) for value in bbox] if bbox else None,
    )


def count_heading_pages(graph: Graph, writer: BatchedWriter, site: str) -> tuple[int, int]:
    """Set ``heading_pages`` on every heading of ``site`` from its pages in the graph, and
    ``main_heading`` and ``unique_heading`` on each page; then mark the site counted
    (:data:`COUNT_VERSION`); the numbers of headings and pages seen."""
    rows = graph.read("web/site_headings", site=site)
    headings = [
        (row["id"], str(row["page"]), compared(str(row["text"] or "")))
        for row in rows
        if row["id"] is not None
    ]
    counts = heading_pages((page, text) for _, page, text in headings)
    writer.write_named(
        "web/set_heading_pages",
        [{"id": heading, "pages": counts.get(text)} for heading, _, text in headings],
    )
    pages = page_headings(rows, counts)
    writer.write_named("web/set_page_headings", pages)
    graph.write_text(
        graph.queries.text("web/heading_pages_counted"), site=site, version=COUNT_VERSION
    )
    return len(headings), len(pages)
