"""When two URLs are the same page, and the same site: the one home of URL identity.

The crawler makes page ids with :func:`normalise_url`, so every later comparison (a
replayed visit, an agent's frontier, a hop's target, a screen's web address) goes through
the same function and agrees with the ids in the graph. No Playwright here: episodes,
agents and scorers import it without a browser.
"""

from __future__ import annotations

from urllib.parse import SplitResult, parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

INDEX_FILES = ("index.html", "index.htm")
DEFAULT_PORTS = {"http": 80, "https": 443}


def _host(parts: SplitResult) -> str:
    """Host in lower case (IPv6 in brackets), without port or user info."""
    host = (parts.hostname or "").lower()
    return f"[{host}]" if ":" in host else host


def _netloc(parts: SplitResult) -> str:
    """Host in lower case (IPv6 in brackets), the port unless it is the scheme's default;
    no user info."""
    host = _host(parts)
    try:
        port = parts.port
    except ValueError:  # not a number: keep what was written
        return parts.netloc.rpartition("@")[2].lower()
    if port is None or DEFAULT_PORTS.get(parts.scheme.lower()) == port:
        return host
    return f"{host}:{port}"


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` in lower case, without the default port: the unit a crawl,
    a browser fence and an origin map work on."""
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{_netloc(parts)}"


def normalise_url(url: str, base: str | None = None) -> str:
    """One form per page: no fragment, no index file, no trailing slash (but the root).

    Scheme and host are lower-cased, default ports dropped and query parameters sorted;
    the path keeps its case, because servers may treat it as case-sensitive.
    """
    absolute = urljoin(base, url) if base else url
    parts = urlsplit(absolute)
    path = parts.path or "/"
    for index in INDEX_FILES:
        if path.endswith("/" + index):
            path = path[: -len(index)]
    if len(path) > 1:
        path = path.rstrip("/") or "/"
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
    return urlunsplit((parts.scheme.lower(), _netloc(parts), path, query, ""))


def site_path(url: str) -> str:
    """The URL relative to its site's root: the normalised path and query, without scheme,
    host or port (``http://127.0.0.1:8001/a/?b=1`` is ``/a?b=1``). What identifies a page
    inside its site: the same site served on another port or host has the same paths."""
    parts = urlsplit(normalise_url(url))
    return urlunsplit(("", "", parts.path or "/", parts.query, ""))


def site_key(start_url: str) -> str:
    """The key of a site crawled from ``start_url`` when it is not named: its host, plus the
    start URL's directory when the site is not at the root (``http://127.0.0.1:8000/`` is
    ``127.0.0.1``, ``http://127.0.0.1:9123/docs/index.html`` is ``127.0.0.1/docs``). Neither
    scheme nor port counts, so the same site served on another port gets the same key."""
    parts = urlsplit(start_url)
    path = parts.path or "/"
    return _host(parts) + path[: path.rfind("/")]


def is_site_path(value: str) -> bool:
    """True for a URL relative to a site's root (``/a?b=1``): how a gold names a page."""
    return value.startswith("/") and not value.startswith("//")


def portable_url(url: str, start: str) -> str:
    """``url`` as a gold that holds wherever the site is served: its :func:`site_path`
    when it is on the origin of ``start`` (the task's start page), else unchanged."""
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") and origin_of(url) == origin_of(start):
        return site_path(url)
    return url


def on_origin(value: str, url: str) -> str:
    """A gold ``value`` made absolute on the origin of ``url``: a site path is joined to
    it, a full URL is kept."""
    return urljoin(origin_of(url) + "/", value) if is_site_path(value) else value


def same_page(actual: str, expected: str) -> bool:
    """True when ``actual`` is the page ``expected`` names.

    Both are normalised the crawler's way (no fragment, no index file, no trailing
    slash); a query string counts only when the expected URL has one, so a GET form
    that adds ``?q=…`` still reaches the page the graph recorded. An ``expected`` site path
    (``/a``, :func:`is_site_path`) is met on any origin: the caller fences the site.
    """
    if is_site_path(expected):  # a gold path: the page wherever the site is served
        actual = site_path(actual)
    want, got = urlsplit(normalise_url(expected)), urlsplit(normalise_url(actual))
    if not want.query:
        got = got._replace(query="")
    return want == got


def without_query(url: str) -> str:
    """The page a URL shows whatever it asks of it: :func:`normalise_url` without the
    query (a search results page is one page for any search)."""
    return urlunsplit(urlsplit(normalise_url(url))._replace(query=""))
