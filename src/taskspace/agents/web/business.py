"""The ``heuristic`` agent's reading of business-tier prompts: what to look for, and how
to tell, from a page's observation alone, that it was found.

Two shapes of prompt (GRAPH2EVAL's business tier as ``kg sample web`` writes it):

* content browsing: “browse to “T” and find the table that begins “S” …”: head for links
  named like the page T (its title without the site suffix), and on a page showing a
  table whose text holds the words S, answer the nearest heading above that table;
* multi-hop navigation: “… the page … that has a section headed “H” …”: search the site
  and answer the URL of the first page showing a heading that reads H.

Only the prompt and the observations are read (headings and tables are elements of the
observation, as the screenshot shows them to a model); never the task's gold.
"""

from __future__ import annotations

import re

from taskspace.agents.web.search import Goal, PageSearch, key_words
from taskspace.core.words import normalized, tokens
from taskspace.environments.browser import Observation
from taskspace.sources.web.extract import Element

BROWSE_TO = re.compile(r"browse to “([^”]+)”")
TABLE_BEGINS = re.compile(r"table that begins “([^”]+)”")
SECTION = re.compile(r"section headed “([^”]+)”")
SITE_SUFFIX = re.compile(r"\s+[-|–—]\s+")


def business_search(prompt: str, budget: int) -> PageSearch | None:
    """The search a business-tier prompt calls for, or None for any other prompt."""
    table, section = TABLE_BEGINS.search(prompt), SECTION.search(prompt)
    if table:
        target = BROWSE_TO.search(prompt)
        name = page_name(target.group(1)) if target else ""
        return PageSearch(table_goal(table.group(1), name), key_words(name), budget)
    if section:
        return PageSearch(section_goal(section.group(1)), key_words(section.group(1)), budget)
    return None


def page_name(title: str) -> str:
    """“Configuration - MkDocs” names the page “Configuration”: the site suffix says
    nothing about which page, and link texts leave it out."""
    parts = SITE_SUFFIX.split(title.strip())
    return " - ".join(parts[:-1]) if len(parts) > 1 else title.strip()


def table_goal(begins: str, page: str) -> Goal:
    """The heading above the table holding ``begins``; on the page named ``page``, the
    table closest to those words if none holds them exactly."""
    wanted, wanted_words = normalized(begins), set(tokens(begins))

    def goal(seen: Observation) -> str | None:
        tables = [e for e in seen.elements if e.kind == "table" and e.visible]
        exact = [t for t in tables if wanted in normalized(t.text or t.name)]
        if not exact and tables and normalized(page_name(seen.title)) == normalized(page):
            exact = [max(tables, key=lambda t: len(set(tokens(t.text or t.name)) & wanted_words))]
        heading = _heading_above(seen.elements, exact[0]) if exact else None
        return heading.name.strip() if heading else None

    return goal


def section_goal(section: str) -> Goal:
    """The page's URL when one of its visible headings reads ``section``."""
    wanted = normalized(section)

    def goal(seen: Observation) -> str | None:
        headings = [e for e in seen.elements if e.kind == "heading" and e.visible]
        return seen.url if any(normalized(h.name) == wanted for h in headings) else None

    return goal


def _heading_above(elements: list[Element], table: Element) -> Element | None:
    """The nearest visible, named heading whose top is above the table's."""
    above = [
        e
        for e in elements
        if e.kind == "heading"
        and e.visible
        and len(e.name.strip()) > 1
        and e.bbox[1] < table.bbox[1]
    ]
    return max(above, key=lambda e: e.bbox[1], default=None)
