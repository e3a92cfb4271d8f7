"""Trajectories kept across the samples of one run, found again by prompt similarity.

The ``memory`` agent (MMInA) prepends the K most similar earlier tasks' trajectories;
the ``reflective`` agent (Agent S) keeps its procedural memory here: what it did and its
own last reflection. In process: one store per built solver, i.e. per run.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from taskspace.agents.web.loop import Episode
from taskspace.core.words import tokens


@dataclass(frozen=True)
class Memory:
    prompt: str
    text: str


class EpisodeStore:
    def __init__(self) -> None:
        self._items: list[Memory] = []
        self._lock = threading.Lock()

    def add(self, episode: Episode, lesson: str = "") -> None:
        text = episode.summary() + (f"\nLesson: {lesson}" if lesson else "")
        with self._lock:
            self._items.append(Memory(episode.prompt, text))

    def similar(self, prompt: str, k: int) -> list[Memory]:
        """The ``k`` earlier tasks whose prompts share most words with ``prompt`` (Jaccard)."""
        words = set(tokens(prompt))
        with self._lock:
            items = list(self._items)

        def overlap(item: Memory) -> float:
            other = set(tokens(item.prompt))
            return len(words & other) / len(words | other) if words | other else 0.0

        return sorted(items, key=overlap, reverse=True)[:k]

    def context(self, prompt: str, k: int, heading: str) -> str:
        found = self.similar(prompt, k)
        if not found:
            return ""
        return heading + "\n\n" + "\n\n".join(item.text for item in found)
