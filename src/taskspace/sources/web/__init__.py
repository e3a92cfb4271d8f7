"""Web sites crawled with a real browser into the graph: pages, elements, interactions.

``browser`` launches Debian's Chromium through Playwright, ``crawl`` walks a site breadth
first, ``extract`` reads elements out of each page, ``interactions`` probes what clicking
and typing really does, ``som`` draws Set-of-Marks screenshots, ``graph_rows`` turns a
page into rows and ``loader`` writes them.
"""

__all__ = [
    "browser",
    "crawl",
    "element_vectors",
    "errors",
    "extract",
    "graph_rows",
    "headings",
    "interactions",
    "loader",
    "origins",
    "som",
    "tables",
    "urls",
]
