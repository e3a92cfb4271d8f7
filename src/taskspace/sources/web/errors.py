"""Refusals of a crawl the user can mend (a start that is not an http(s) URL)."""

from __future__ import annotations

from taskspace.core.errors import UserError


class CrawlError(UserError):
    """A start URL that cannot be crawled: said in one line."""
