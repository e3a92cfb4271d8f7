"""Opens a report file in real headless Chromium and reads what a reader would see."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import ConsoleMessage, Route, sync_playwright

from taskspace.sources.web.browser import CHROMIUM_ARGS, VIEWPORT, chromium_path

_READ_PAGE = """() => {
  const plots = {};
  for (const figure of document.querySelectorAll('figure.plot')) {
    const svg = figure.querySelector(':scope > svg');
    if (!svg) continue;
    const box = svg.getBoundingClientRect();
    const name = figure.id.replace(/-plot$/, '');
    const area = svg.querySelector(`g[id="${name}-axes"] path`);
    const full = area ? area.getBBox().height : 0;
    // Each bar is a drawn path in a group named <name>-bar-<series>-<category>; its height
    // over the plot area's is the rate it shows (the y axis runs from 0 to 1).
    const bars = {}, pixels = {};
    for (const group of svg.querySelectorAll(`g[id^="${name}-bar-"]`)) {
      const path = group.querySelector('path');
      const key = group.id.slice(name.length + 5);
      bars[key] = path && full ? path.getBBox().height / full : -1;
      // what a reader sees: the drawn bar's height on screen, outline included
      pixels[key] = path ? path.getBoundingClientRect().height : 0;
    }
    // "no data": no bar, a mark in its place, in a group <name>-nodata-<series>-<category>
    const nodata = [...svg.querySelectorAll(`g[id^="${name}-nodata-"]`)].map(
      group => [group.id.slice(name.length + 8), group.textContent.trim()]);
    // Lines: the y of each marker, as a fraction of the plot area's height.
    const lines = {};
    const box2 = area ? area.getBBox() : null;
    for (const group of svg.querySelectorAll('g[id^="pass_at_k-line-"]')) {
      lines[group.id] = [...group.querySelectorAll('use')].map(
        use => (box2.y + box2.height - Number(use.getAttribute('y'))) / box2.height);
    }
    // the size a reader sees of each text (its font size in the SVG's units, times the
    // scale the page drew the SVG at), legend entries apart
    const scale = svg.viewBox.baseVal.width ? box.width / svg.viewBox.baseVal.width : 1;
    const shown = t => parseFloat(getComputedStyle(t).fontSize) * scale;
    const legend = [...svg.querySelectorAll('g[id^="legend"] text')];
    plots[figure.id] = {
      bars,
      legend: legend.map(t => [t.textContent, shown(t)]),
      textSizes: [...svg.querySelectorAll('text')].map(shown),
      pixels,
      nodata: Object.fromEntries(nodata),
      lines,
      texts: [...svg.querySelectorAll('text')].map(t => t.textContent),
      width: box.width,
      height: box.height,
    };
  }
  const rows = {}, firstCells = {}, cells = {}, heads = {}, links = {};
  for (const table of document.querySelectorAll('table[id]')) {
    const body = [...table.querySelectorAll('tbody tr')];
    rows[table.id] = body.length;
    firstCells[table.id] = body.map(tr => tr.cells[0].textContent.trim());
    cells[table.id] = body.map(tr => [...tr.cells].map(td => td.textContent.trim()));
    heads[table.id] = [...table.querySelectorAll('thead th')].map(th => th.textContent.trim());
    links[table.id] = [...table.querySelectorAll('tbody a')].map(a => a.href);
  }
  return {
    title: document.title,
    headings: [...document.querySelectorAll('h1, h2')].map(h => h.textContent.trim()),
    plots, rows, firstCells, cells, heads, links,
  };
}"""


@dataclass
class BrowserView:
    """What the page showed: console errors, requests that tried to leave the file,
    headings, plots (element counts and drawn size) and table rows."""

    title: str
    headings: list[str]
    plots: dict[str, dict[str, Any]]
    rows: dict[str, int]
    first_cells: dict[str, list[str]]
    cells: dict[str, list[list[str]]] = field(default_factory=dict)
    """Per table, the text of every body cell, row by row."""
    heads: dict[str, list[str]] = field(default_factory=dict)
    links: dict[str, list[str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)


def open_in_chromium(path: Path) -> BrowserView:
    """Load ``path`` from disk in headless Chromium; any request that is not the file
    itself is refused and recorded (the report must work offline)."""
    errors: list[str] = []
    foreign: list[str] = []
    url = path.resolve().as_uri()

    def fence(route: Route) -> None:
        if route.request.url == url:
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort("blockedbyclient")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(chromium_path()), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.on("console", on_console)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.route("**/*", fence)
            response = page.goto(url, wait_until="load")
            if response is not None and not response.ok:
                errors.append(f"status {response.status}")
            seen = page.evaluate(_READ_PAGE)
        finally:
            browser.close()
    return BrowserView(
        title=seen["title"],
        headings=seen["headings"],
        plots=seen["plots"],
        rows=seen["rows"],
        first_cells=seen["firstCells"],
        cells=seen["cells"],
        heads=seen["heads"],
        links=seen["links"],
        errors=errors,
        foreign_requests=foreign,
    )
