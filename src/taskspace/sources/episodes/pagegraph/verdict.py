"""Are two observations the same page? The one rule both jump detection and merging use.

Jump detection asks it of the screens before and after an action, merging asks it of a new
page and a known screen: one rule keeps the two consistent, so that a page the builder
merges is never one it would have called a jump, and the reverse.

The order of the evidence, strongest first:

1. Different app or platform: different pages.
2. The input's own state identity (DroidBot's state hash) is equal: the same page.
3. Different foreground activity, or different URL path: different pages.
4. UI tree layout and screenshot: the mean of whichever both sides have must reach the
   mean of their thresholds.
5. Only visible text on both sides: its word overlap must reach the text threshold.
6. The same activity or URL and nothing else to compare: the same page.

When none of this applies the verdict is unknown (``same is None``), and the caller falls
back to what the action itself suggests.
"""

from __future__ import annotations

from dataclasses import dataclass

from taskspace.sources.episodes.pagegraph.features import ScreenFeatures
from taskspace.sources.episodes.pagegraph.similarity import (
    hash_similarity,
    jaccard,
    text_similarity,
)


@dataclass(frozen=True)
class Thresholds:
    layout: float = 0.5
    """Layout Jaccard at or above which two screens show the same page."""
    image: float = 0.75
    """Screenshot hash similarity at or above which two screens show the same page (unrelated
    screenshots score about 0.5; a popup over the same page about 0.8)."""
    text: float = 0.4
    """Word overlap at or above which two text-only screens show the same page."""
    semantic: float = 0.5
    """Cosine between screen summaries a known screen needs to be considered at all."""
    candidates: int = 5
    """How many semantically nearest screens are checked structurally (PG-Agent's top-n)."""


@dataclass(frozen=True)
class Verdict:
    same: bool | None
    score: float
    """How alike the two are by the deciding evidence (1.0 for an identity match)."""
    reason: str


def compare(a: ScreenFeatures, b: ScreenFeatures, thresholds: Thresholds) -> Verdict:
    if a.platform != b.platform or (a.app and b.app and a.app != b.app):
        return Verdict(False, 0.0, "different app")
    if a.state_key and b.state_key and a.state_key == b.state_key:
        return Verdict(True, 1.0, "same state")
    if a.activity and b.activity and a.activity != b.activity:
        return Verdict(False, 0.0, "activity changed")
    if a.page and b.page and a.page != b.page:
        return Verdict(False, 0.0, "URL changed")
    scores: list[tuple[str, float, float]] = []
    if a.layout and b.layout:
        scores.append(("layout", jaccard(a.layout, b.layout), thresholds.layout))
    if a.image and b.image and len(a.image) == len(b.image):
        scores.append(("screenshot", hash_similarity(a.image, b.image), thresholds.image))
    if scores:
        score = sum(value for _, value, _ in scores) / len(scores)
        needed = sum(limit for _, _, limit in scores) / len(scores)
        names = " and ".join(name for name, _, _ in scores)
        return Verdict(
            score >= needed, score, f"{names} similarity {score:.2f} (need {needed:.2f})"
        )
    if a.text and b.text:
        score = text_similarity(a.text, b.text)
        return Verdict(
            score >= thresholds.text, score, f"text overlap {score:.2f} (need {thresholds.text})"
        )
    if (a.activity and a.activity == b.activity) or (a.url and a.url == b.url):
        return Verdict(True, 1.0, "same activity or URL, nothing else to compare")
    return Verdict(None, 0.0, "no evidence")
