"""The web source's errors: a crawl or a replay the user can mend, a page that will not
load, a browser that will not start."""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class CrawlError(UserError):
    """A start URL that cannot be crawled: said in one line."""


class PageFailure(UserError):
    """Raised by :func:`~taskspace.sources.web.crawl.fetch` with the reason a page is
    skipped; the crawl records it in its report and goes on."""


class NotAPage(PageFailure):
    """The URL answered with an asset (an image, a font, a stylesheet, a script, a PDF …)
    rather than a page: the crawl skips it and does not count it as a failure."""


class BrowserUnavailableError(UserError):
    """Chromium is missing or would not start; the message says what to do."""


class ReplayError(InputError):
    """Replay cannot start: bad origin map or unusable input; the message says which."""
