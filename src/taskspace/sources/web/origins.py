"""Where a crawled site lives now: crawled origins mapped to the origins that serve them.

A site crawled on one port is often replayed on another (a test server picks a free
port), so every URL a task names is rewritten through the map before the browser sees it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit, urlunsplit

from taskspace.sources.web.errors import ReplayError
from taskspace.sources.web.urls import origin_of


def _checked_origin(url: str) -> str:
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ReplayError(f"not an http(s) origin: {url!r} (write it as http://host:port)")
    return origin_of(url.strip())


class OriginMap:
    """Rewrites URLs of crawled origins to the origins that serve the same site now."""

    def __init__(self, mapping: Mapping[str, str] | None = None) -> None:
        self.mapping = {
            _checked_origin(crawled): _checked_origin(current)
            for crawled, current in (mapping or {}).items()
        }

    def url(self, url: str) -> str:
        """``url`` on its current origin (unchanged when its origin is not mapped)."""
        current = self.mapping.get(origin_of(url))
        if current is None:
            return url
        parts, target = urlsplit(url), urlsplit(current)
        return urlunsplit((target.scheme, target.netloc, parts.path, parts.query, parts.fragment))

    def text(self, text: str) -> str:
        """``text`` (a prompt) with every crawled origin it names written as the origin
        serving the site now: "Open http://127.0.0.1:8000/a" reads "…:9123/a"."""
        for crawled, current in sorted(self.mapping.items(), key=lambda item: -len(item[0])):
            text = re.sub(re.escape(crawled) + r"(?![\w:.-])", current, text, flags=re.I)
        return text


def one_origin(crawled: Iterable[str], current: str, instead: str) -> dict[str, str]:
    """Every crawled origin mapped to ``current``: only when there is one. Tasks from two
    sites would all be sent to one and fail there; ``instead`` says what to do then."""
    found = sorted(set(crawled))
    if len(found) > 1:
        raise ReplayError(
            f"the tasks start on {len(found)} origins ({', '.join(found)}) and --origin "
            f"serves one: {instead}"
        )
    return dict.fromkeys(found, current)
