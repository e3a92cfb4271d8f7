"""What the page measures need from an observation, computed once per observation.

An observation carries a UI tree, a screenshot path, an activity or URL, or nothing but the
app (Mind2Web ships only the actions). :class:`ScreenFeatures` keeps exactly what the jump
and merge decisions read, so that a screenshot is hashed once however often it is compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from taskspace.sources.episodes.model import Observation, Platform, UIElement
from taskspace.sources.episodes.pagegraph.similarity import bag, image_hash
from taskspace.sources.web.urls import normalise_url, without_query


@dataclass(frozen=True)
class ScreenFeatures:
    app: str | None
    platform: Platform
    activity: str | None
    url: str | None
    """Normalised as the web loader normalises ``WebPage.url``, so the two meet."""
    page: str | None
    """The URL without query: two URLs with different paths are different pages."""
    state_key: str | None
    layout: frozenset[str]
    """Element signatures (class, resource id, description), with multiplicity."""
    text: str
    image: str | None
    """dHash bit string of the screenshot."""

    @property
    def has_evidence(self) -> bool:
        """True when anything but the app tells this screen apart from another."""
        return bool(
            self.activity or self.url or self.state_key or self.layout or self.image or self.text
        )


def features(observation: Observation, platform: Platform, app: str | None) -> ScreenFeatures:
    url = normalise_url(observation.url) if observation.url else None
    return ScreenFeatures(
        app=observation.app or app,
        platform=platform,
        activity=(observation.activity or "").strip() or None,
        url=url,
        page=without_query(url) if url else None,
        state_key=observation.state_key or None,
        layout=bag(layout_signature(element) for element in observation.elements),
        text=observation.text()[:TEXT_CHARS],
        image=cached_image_hash(observation.screenshot) if observation.screenshot else None,
    )


TEXT_CHARS = 2000
"""Visible text kept for comparison: the same cut in memory and on the stored screen."""

SHORT_LABEL = 30
"""Longest label that still counts as part of the layout rather than content."""


def layout_signature(element: UIElement) -> str:
    """The element's signature, plus its short label when it has no resource id.

    With resource ids (uiautomator dumps) the id names the element and its text is content
    that may change between visits. Without them (DroidBot states, OCR of a screenshot) a
    button's short label is the only thing that tells "Search" from "New event".
    """
    signature = element.signature()
    if element.resource_id:
        return signature
    label = " ".join((element.text or element.content_desc).split())
    return f"{signature}|{label.lower()}" if 0 < len(label) <= SHORT_LABEL else signature


@lru_cache(maxsize=4096)
def cached_image_hash(path: str) -> str | None:
    return image_hash(path)
