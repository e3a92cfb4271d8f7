"""Rows for the batched writer: one crawled page becomes nodes and edges by stable ids.

Ids follow the graph contract: a site by its key (the name given with ``kg load web --site``,
else its host and the start URL's directory, :func:`~taskspace.sources.web.urls.site_key`),
a page by the site's key and its URL relative to the site root
(:func:`~taskspace.sources.web.urls.site_path`), an element by its page's and its XPath. A
page keeps its full URL in ``url`` for navigation; a site served on another port (or, named,
on another host) gets the same ids. Links and form submits carry ``target_url`` (normalised);
``NAVIGATES_TO`` is resolved from it in Cypher once the crawl is over, so the order in
which pages were visited does not matter.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlsplit

from taskspace.graph.ids import stable_id
from taskspace.sources.web.crawl import FetchedPage, followable
from taskspace.sources.web.extract import Element
from taskspace.sources.web.interactions import Interaction
from taskspace.sources.web.som import Shots
from taskspace.sources.web.tables import table_props
from taskspace.sources.web.urls import normalise_url, origin_of, site_path

Row = dict[str, Any]


def site_id(site: str) -> str:
    return stable_id("site", site)


def page_id(site: str, url: str) -> str:
    """The page ``url`` of the site keyed ``site``: its origin does not count."""
    return stable_id("page", site, site_path(url))


def element_id(site: str, url: str, xpath: str) -> str:
    return stable_id("el", site, site_path(url), xpath)


def page_name(title: str, elements: list[Element], url: str) -> str:
    """What task text calls a page: its <title>, else its first visible main heading (h1),
    else its URL path. Real pages ship with empty titles, and a prompt saying "Starting on
    the page “”" names nothing."""
    if title.strip():
        return " ".join(title.split())
    for element in elements:
        if element.tag == "h1" and element.visible and element.name.strip():
            return " ".join(element.name.split())
    path = urlsplit(url).path or "/"
    return unquote(path)


def site_row(site: str, origin: str, source: str, origins: list[str] | None = None) -> Row:
    """The :WebSite keyed ``site``; ``origin`` is where the latest crawl found it, and
    ``origins`` every origin it was crawled from (for navigation and replay)."""
    name = origin.split("://", 1)[-1]
    every = sorted(set(origins or []) | {origin})
    props = {"origin": origin, "origins": every, "name": name, "key": site, "source": source}
    return {"id": site_id(site), "props": props}


@dataclass
class PageRows:
    """Everything one page adds to the graph, grouped the way the writer takes it."""

    page: Row
    elements: list[Row] = field(default_factory=list)
    has_element: list[Row] = field(default_factory=list)
    contains: list[Row] = field(default_factory=list)
    interactions: dict[str, list[Row]] = field(default_factory=dict)


def target_url(element: Element, origin: str) -> str | None:
    """Where a link or a form submit leads inside the origin, normalised; else None."""
    if element.kind == "link":
        raw = (element.raw_href or "").strip()
        if element.download or raw.startswith("#") or not followable(element.href, origin):
            return None
        return normalise_url(str(element.href))
    submits = element.kind == "form" or element.submit
    if submits and element.action and origin_of(element.action) == origin:
        return normalise_url(element.action)
    return None


def element_props(element: Element, url: str, origin: str, source: str) -> Row:
    return {
        "kind": element.kind,
        "role": element.role,
        "name": element.name,
        "text": element.text,
        "selector": element.selector,
        "xpath": element.xpath,
        "bbox": element.bbox,
        "visible": element.visible,
        "enabled": element.enabled,
        "som": element.som,
        "tag": element.tag,
        "href": element.href,
        "input_type": element.input_type,
        "placeholder": element.placeholder,
        "action": element.action if element.kind == "form" else None,
        "method": element.method if element.kind == "form" else None,
        "target_url": target_url(element, origin),
        "page_url": url,
        "dom_order": element.order,
        "source": source,
        **table_props(element.table),
    }


def page_rows(
    fetched: FetchedPage,
    shots: Shots,
    interactions: list[Interaction],
    origin: str,
    source: str,
    site: str,
) -> PageRows:
    """Nodes and edges of one page of the site keyed ``site``; interaction rows grouped by
    relationship type."""
    url = fetched.url
    content = fetched.content
    rows = PageRows(
        page={
            "id": page_id(site, url),
            "props": {
                "url": url,
                "path": site_path(url),
                "title": content.title,
                "name": page_name(content.title, content.elements, url),
                "depth": fetched.depth,
                "status": fetched.status,
                "dom_hash": content.dom_hash,
                "text": content.text,
                "screenshot": str(shots.screenshot),
                "som_screenshot": str(shots.som_screenshot),
                "source": source,
            },
        }
    )
    ids = {element.xpath: element_id(site, url, element.xpath) for element in content.elements}
    for element in content.elements:
        node = ids[element.xpath]
        rows.elements.append({"id": node, "props": element_props(element, url, origin, source)})
        rows.has_element.append({"start": rows.page["id"], "end": node, "props": {}})
        if element.container is not None and element.container in ids:
            rows.contains.append({"start": ids[element.container], "end": node, "props": {}})
    grouped: dict[str, list[Row]] = defaultdict(list)
    for edge in interactions:
        if edge.source in ids and edge.target in ids:
            grouped[edge.type].append(
                {
                    "start": ids[edge.source],
                    "end": ids[edge.target],
                    "props": {"observed": edge.observed, "via": edge.via},
                }
            )
    rows.interactions = dict(grouped)
    return rows
