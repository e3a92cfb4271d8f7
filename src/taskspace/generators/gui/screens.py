"""Screens as a reader knows them: by what they show, never by their address.

A task names its start and goal screens by a few visible texts (cues), chosen so that the
screens of the app showing all of them are that page and no other: the page graph's own
identity (:func:`taskspace.sources.episodes.pagegraph.verdict.compare` over what it stored of each
screen)
decides which screens are the same page. The screens showing a goal's cues are the goal;
a route ends at the first of them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from taskspace.core.words import normalized as normalize
from taskspace.sources.episodes.model import Platform
from taskspace.sources.episodes.pagegraph.features import ScreenFeatures
from taskspace.sources.episodes.pagegraph.verdict import Thresholds, compare
from taskspace.sources.web.urls import without_query

MAX_CUES = 3
"""Visible texts a screen is described by, at most."""
MIN_CUES = 2
"""Visible texts a screen is described by when it shows that many."""
MIN_CHARS = 10
"""Characters the texts describing a screen have together, at least: "About" alone reads
as another screen's name, "No" and "Yes" as any dialog."""
COMMON = 0.5
"""A text shown on more than this share of an app's screens ("go back", "More options")
describes none of them."""
CUE_CHARS = 60
"""Longer texts are content (a message, a description), not what names a screen."""

CHROME = frozenset(
    {"search", "back", "go back", "navigate up", "more options", "menu", "settings"}
    | {"search settings", "ok", "cancel", "close", "done", "yes", "no", "share", "delete"}
)
"""Controls nearly every app shows somewhere: they name no screen, however rare in one app."""
_MARKUP = re.compile(r"<[^>]+>")
_ADDRESS = re.compile(r"://|^www\.|\.(com|org|net|cn|io|html?)\b|/\S", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class ScreenView:
    """One page-graph screen: its visible texts in order and its page-graph identity."""

    id: str
    observed: bool
    items: tuple[str, ...]
    features: ScreenFeatures
    screenshot: str | None = None

    @property
    def item_keys(self) -> frozenset[str]:
        return frozenset(normalize(item) for item in self.items)

    def shows(self, cues: Iterable[str]) -> bool:
        """True when every cue is one of the texts this screen shows."""
        return all(normalize(cue) in self.item_keys for cue in cues)


def screen_view(row: dict[str, Any], app: str, platform: Platform) -> ScreenView:
    """A screen read by ``gui_tasks/app_screens`` as a :class:`ScreenView`: its texts are
    those of its first view that every view placed on it shows (the page graph may merge
    two dialogs built alike; what they do not share describes neither)."""
    url = row.get("url")
    text = row.get("text") or ""
    features = ScreenFeatures(
        app=app,
        platform=platform,
        activity=row.get("activity"),
        url=url,
        page=without_query(url) if url else None,
        state_key=row.get("state_key"),
        layout=frozenset(row.get("layout") or []),
        text=text,
        image=row.get("image"),
    )
    items = texts(text)
    for view in row.get("views") or []:
        shown = {normalize(item) for item in texts(view)}
        items = tuple(item for item in items if normalize(item) in shown)
    return ScreenView(row["id"], bool(row.get("observed")), items, features, row.get("screenshot"))


def texts(text: str) -> tuple[str, ...]:
    """The separate visible texts of a screen's ``text``, in order, each once; markup such
    as ``<br>`` separates texts too ("Options<br>Options" is one "Options")."""
    parts = (" ".join(part.split()) for item in text.split(" | ") for part in _MARKUP.split(item))
    return tuple(dict.fromkeys(part for part in parts if part))


def usable_cue(item: str, labels: Sequence[str]) -> bool:
    """Whether ``item`` may describe a screen: words (not a number or a clock), short, not an
    address, and not the label of an action the route takes (that would give it away)."""
    if len(item) > CUE_CHARS or not _WORD.search(item) or _ADDRESS.search(item):
        return False
    key = normalize(item)
    if key in CHROME:
        return False
    for label in labels:
        for part in texts(label):
            other = normalize(part)
            if other and (key == other or key in other or other in key):
                return False
    return bool(key)


class ScreenIndex:
    """The screens of one app, to describe them and find which show a description."""

    def __init__(self, screens: Iterable[ScreenView], thresholds: Thresholds | None = None):
        self.screens = {screen.id: screen for screen in screens}
        self.thresholds = thresholds or Thresholds()
        self.frequency: Counter[str] = Counter(
            key for screen in self.screens.values() for key in screen.item_keys
        )

    def same_page(self, a: str, b: str) -> bool:
        """The page graph's identity: one screen, or two the verdict calls the same page."""
        if a == b:
            return True
        verdict = compare(self.screens[a].features, self.screens[b].features, self.thresholds)
        return bool(verdict.same)

    def showing(self, cues: Sequence[str]) -> set[str]:
        """Every screen that shows all of ``cues``."""
        return {sid for sid, screen in self.screens.items() if screen.shows(cues)}

    def describe(self, screen_id: str, labels: Sequence[str]) -> tuple[str, ...] | None:
        """The fewest visible texts (rarest first, then top to bottom, at most
        :data:`MAX_CUES`) that only the page ``screen_id`` shows, or None when no such texts
        exist (the screen cannot be told apart from another page by what it shows)."""
        screen = self.screens[screen_id]
        if not screen.observed:
            return None
        order = {item: n for n, item in enumerate(screen.items)}
        common = COMMON * len(self.screens)
        usable = [
            item
            for item in screen.items
            if usable_cue(item, labels) and self.frequency[normalize(item)] <= common
        ]
        ranked = sorted(usable, key=lambda item: (self.frequency[normalize(item)], order[item]))
        cues: list[str] = []
        for item in ranked[:MAX_CUES]:
            cues.append(item)
            if len(cues) < min(MIN_CUES, len(ranked)) or sum(map(len, cues)) < MIN_CHARS:
                continue
            if all(self.same_page(screen_id, other) for other in self.showing(cues)):
                return tuple(sorted(cues, key=order.__getitem__))
        return None
