"""One line that says what a screen is, for people and for the embedding model.

Offline, the line is made of what the input shows: the app (or site), the activity or URL
path, and the screen's first visible words; when the input ships its own description of
the screen (AitZ does) its first sentences are used instead of the words. A screen nobody
observed (Mind2Web ships only actions) is described by how it was reached and the controls
used on it. With ``--llm``, :class:`taskspace.sources.episodes.pagegraph.llm.LLMSummarizer` writes
the line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol
from urllib.parse import urlsplit

from taskspace.sources.episodes.pagegraph.jump import Seen

TEXT_CHARS = 240
"""Visible words kept in an offline summary: the top of a screen names it."""
DESCRIPTION_CHARS = 300

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class Summarizer(Protocol):
    def __call__(self, screens: Sequence[Seen]) -> list[str]: ...


def offline_summaries(screens: Sequence[Seen]) -> list[str]:
    return [offline_summary(screen) for screen in screens]


def offline_summary(screen: Seen) -> str:
    observation, found = screen.observation, screen.features
    where = place(found.app, found.activity, found.url)
    if observation.description and observation.description.strip():
        text = clip_sentences(observation.description, DESCRIPTION_CHARS)
    else:
        text = clip(found.text, TEXT_CHARS)
    return ": ".join(part for part in (where, text) if part) or "screen"


def unobserved_summary(app: str | None, reached_by: str | None, controls: Sequence[str]) -> str:
    """A screen known only from the actions taken on it and the one that led to it."""
    head = f"{app or 'app'} " + (f"page reached by {reached_by}" if reached_by else "start page")
    used = list(dict.fromkeys(control for control in controls if control))
    return f"{head}; controls used: {', '.join(used)}" if used else head


def place(app: str | None, activity: str | None, url: str | None) -> str:
    """``com.duolingo LoginActivity`` or ``example.org /search``: where a screen is, as far
    as the input says (empty when it says nothing)."""
    parts = [app] if app else []
    if activity:
        parts.append(activity.rsplit("/", 1)[-1].rsplit(".", 1)[-1])
    elif url:
        split = urlsplit(url)
        if not app and split.netloc:
            parts.append(split.netloc)
        parts.append(split.path or "/")
    return " ".join(parts)


def clip(text: str, size: int) -> str:
    text = " ".join(text.split())
    if len(text) <= size:
        return text
    return text[: size - 1].rsplit(" ", 1)[0] + "…"


def clip_sentences(text: str, size: int) -> str:
    """Whole sentences up to ``size`` characters (at least the first, clipped)."""
    kept: list[str] = []
    for sentence in _SENTENCE_END.split(" ".join(text.split())):
        if kept and len(" ".join([*kept, sentence])) > size:
            break
        kept.append(sentence)
    return clip(" ".join(kept), size)
