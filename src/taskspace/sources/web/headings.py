"""On how many pages of a site each heading's text appears: ``heading_pages``.

``multi_hop_navigation`` names its goal page by a heading that no other page of the site
shows, alone or inside a longer heading ("DocumentRoot" is not one page's when another
has "DocumentRoot Directive"). Comparing every heading of the site with the targets' at
each sample cost a fifth of the query; the loader counts once after each crawl, over all
the site's pages, and the template reads the count.

Counting is done here rather than in Cypher, which would compare every pair of distinct
headings: all the texts are joined into one string, and each heading's text is found in
it by ``str.find`` (a C search), so a site's cost grows with its distinct headings times
their total length, not with a Cypher loop over pairs.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable

from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter

SHORTEST = 4
LONGEST = 60
"""Headings of these lengths (characters, trimmed) get a count; shorter or longer ones
never name a goal."""

COUNT_VERSION = 1
"""Stored on the :WebSite as ``heading_pages_version`` once its headings are counted.
Raise it when the counting changes: ``kg init`` then counts again on sites counted under
an older one (or never: crawled before the counts existed)."""

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


def count_heading_pages(graph: Graph, writer: BatchedWriter, site: str) -> int:
    """Set ``heading_pages`` on every heading of ``site`` from its pages in the graph, then
    mark the site counted (:data:`COUNT_VERSION`); the number of headings seen."""
    rows = graph.read("web/site_headings", site=site)
    counts = heading_pages((str(row["page"]), str(row["name"])) for row in rows)
    writer.write_named(
        "web/set_heading_pages",
        [{"id": row["id"], "pages": counts.get(str(row["name"]))} for row in rows],
    )
    graph.write_text(
        graph.queries.text("web/heading_pages_counted"), site=site, version=COUNT_VERSION
    )
    return len(rows)
