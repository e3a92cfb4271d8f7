"""What of an HTML page is chrome (navigation, banners, wiki maintenance boxes) and what is content.

Chrome is recognised by tag, ARIA role and class or id names. Names are matched as whole
tokens or whole dash-separated parts, never as substrings of anything else, and the main
content and every element around it (``<html>``, ``<body>``, the wrappers down to the
article) are never removed by name: a current MediaWiki page carries
``vector-feature-toc-pinned-clientpref-1`` on ``<html>``, and a filter for tables of
contents that looked at that class deleted the whole document.

MediaWiki, Fandom and readability-style pages put more chrome *inside* the article than
around it: "[edit]" links in headings, reference marks ("[1]", "^"), maintenance boxes
("This section needs expansion"), navigation boxes, hatnotes ("For other uses, see ..."),
coordinates, "Retrieved from" footers and category links. Those are listed here too.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from bs4.element import Comment, NavigableString, Tag

CHROME_TAGS = ["nav", "aside", "script", "style", "noscript", "template", "svg", "button"]
_CHROME_ROLES = {"navigation", "banner", "contentinfo", "search", "complementary", "menu"}
_TOC_NAME = re.compile(r"^(?:toc|table-of-contents|tableofcontents)(?:$|[-_])", re.I)
"""A class or id that *starts* with toc: ``toc``, ``toc-list``, ``toctitle`` is not one."""

_CHROME_CLASSES = frozenset(
    {
        # MediaWiki: edit links, reference marks, boxes, hatnotes, footers
        "mw-editsection",
        "mw-cite-backlink",
        "ambox",
        "ombox",
        "tmbox",
        "cmbox",
        "fmbox",
        "imbox",
        "mbox-small",
        "metadata",
        "navbox",
        "navbox-styles",
        "vertical-navbox",
        "sistersitebox",
        "side-box",
        "portalbox",
        "hatnote",
        "dablink",
        "rellink",
        "shortdescription",
        "printfooter",
        "catlinks",
        "mw-jump-link",
        "mw-indicators",
        "navigation-not-searchable",
        "mw-authority-control",
        "noprint",
        "mw-empty-elt",
        "geo-nondefault",
        "mwe-math-fallback-image-inline",
        "mwe-math-fallback-image-display",
        # Fandom (wikia) and blog themes
        "wds-global-navigation",
        "wds-global-footer",
        "gpt-ad",
        "page-header__contribution",
        "wikia-bar",
        "global-navigation",
        "global-footer",
        "rail-module",
        "article-comments",
        # readability-style: sharing, breadcrumbs, skip links
        "breadcrumb",
        "breadcrumbs",
        "skip-link",
        "share-buttons",
        "social-share",
        "sharedaddy",
        "screen-reader-text",
        "visually-hidden",
        "sr-only",
        "cookie-banner",
        "cookie-notice",
    }
)
_CHROME_IDS = frozenset(
    {
        "sitesub",
        "contentsub",
        "jump-to-nav",
        "coordinates",
        "catlinks",
        "mw-navigation",
        "mw-head",
        "mw-panel",
        "footer",
        "sitenotice",
        "centralnotice",
        "siteNotice",
        "p-lang-btn",
        "mw-data-after-content",
        "page-tools",
        "toc",
    }
)
_IDS = frozenset(name.lower() for name in _CHROME_IDS)

MAIN_SELECTORS = (
    "#mw-content-text",
    "main",
    '[role="main"]',
    "#bodyContent",
    "#content",
    ".mw-parser-output",
)
"""Where the content is, most specific first (an <article> is considered after these)."""


def main_content(soup: BeautifulSoup) -> Tag:
    """The element that holds the page's content: see :data:`MAIN_SELECTORS`; the body else."""
    for selector in MAIN_SELECTORS:
        candidate = soup.select_one(selector)
        if isinstance(candidate, Tag) and candidate.get_text(strip=True):
            return candidate
    articles = soup.find_all("article")
    if len(articles) == 1 and isinstance(articles[0], Tag):
        return articles[0]
    body = soup.body or soup
    return body if isinstance(body, Tag) else soup


def visible_chars(soup: BeautifulSoup) -> int:
    """Characters of text a reader could see in the body (scripts and styles left out)."""
    body = soup.body or soup
    hidden = {"script", "style", "noscript", "template", "head", "title"}
    return sum(
        len(" ".join(text.split()))
        for text in body.find_all(string=True)
        if not isinstance(text, Comment)
        and text.parent is not None
        and text.parent.name not in hidden
    )


def strip_chrome(soup: BeautifulSoup) -> None:
    """Remove chrome in place; the main content and its ancestors are never removed."""
    inline_math(soup)
    keep = _protected(soup)
    doomed: list[Tag] = [tag for tag in soup.find_all(CHROME_TAGS) if id(tag) not in keep]
    for tag in soup.find_all(True):
        if (
            isinstance(tag, Tag)
            and tag.attrs is not None
            and id(tag) not in keep
            and is_chrome(tag)
        ):
            doomed.append(tag)
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    for tag in doomed:
        if tag.parent is not None or tag is soup:  # not already gone with an ancestor
            tag.decompose()


def is_chrome(tag: Tag) -> bool:
    """True for navigation, banners, hidden blocks, tables of contents and wiki boxes."""
    classes = [str(name) for name in tag.get("class") or []]
    element_id = str(tag.get("id") or "")
    return bool(
        tag.get("role") in _CHROME_ROLES
        or tag.has_attr("hidden")
        or tag.get("aria-hidden") == "true"
        or any(name.lower() in _CHROME_CLASSES or _TOC_NAME.match(name) for name in classes)
        or (tag.name == "sup" and "reference" in classes)  # "[1]"; Sphinx links are <a>
        or any(_PLAYER_CLASS.match(name) or _CONSENT_NAME.search(name) for name in classes)
        or bool(element_id and _CONSENT_NAME.search(element_id))
        or (tag.name in {"p", "div", "span"} and _is_boilerplate(tag))
        or element_id.lower() in _IDS
        or (element_id and _TOC_NAME.match(element_id))
        or re.search(r"display\s*:\s*none", str(tag.get("style") or ""))
        or (tag.name in {"header", "footer"} and tag.find_parent(["article", "main"]) is None)
        or (tag.name == "table" and _is_message_box(tag))
    )


def inline_math(soup: BeautifulSoup) -> None:
    """MediaWiki formulas as their TeX source, in line with the text around them.

    A formula is shipped twice, as hidden MathML and as a fallback image; removing the
    hidden half and the image left "denoted by , then", so the TeX (MathML ``alttext``,
    or the image's alt) takes the formula's place instead.
    """
    for element in soup.select(".mwe-math-element"):
        math = element.find("math")
        image = element.find("img")
        tex = ""
        if isinstance(math, Tag) and math.get("alttext"):
            tex = str(math["alttext"])
        elif isinstance(image, Tag) and image.get("alt"):
            tex = str(image["alt"])
        element.replace_with(_DISPLAYSTYLE.sub(r"\1", " ".join(tex.split())))


_DISPLAYSTYLE = re.compile(r"^\{\\(?:displaystyle|textstyle)\s*(.*)\}$", re.S)


_PLAYER_CLASS = re.compile(r"^(?:video-js$|vjs-)")
"""video.js players: "Play Video", "Mute", "Current Time 0:00", caption settings."""
_CONSENT_NAME = re.compile(r"(?:^|[-_])(?:cookie|cookies|gdpr|consent)(?:$|[-_])", re.I)
_BOILERPLATE = frozenset(
    {
        "advertisement",
        "skip advertisement",
        "continue reading the main story",
        "jump to navigation",
        "jump to search",
        "jump to content",
    }
)
"""Whole-block texts that are labels of page furniture, in any markup."""


def _is_boilerplate(tag: Tag) -> bool:
    """Only a tag with one string inside is looked at: cheap on every <div> of a big page."""
    if len(tag.contents) != 1 or not isinstance(tag.contents[0], NavigableString):
        return False  # (not tag.string: that one recurses down single-child chains)
    text = str(tag.contents[0])
    return len(text) < 60 and " ".join(text.split()).lower() in _BOILERPLATE


def _is_message_box(table: Tag) -> bool:
    """A one-cell-row box of the "mbox" family under any other name (box-Expand_section)."""
    return any(str(name).startswith("box-") for name in table.get("class") or [])


def _protected(soup: BeautifulSoup) -> set[int]:
    """Ids of <html>, <body>, the main content and every element around the main content."""
    keep: set[int] = {id(tag) for tag in soup.find_all(["html", "body"])}
    main = main_content(soup)
    keep.add(id(main))
    keep.update(id(parent) for parent in main.parents)
    return keep
