"""GUI episodes by key, parsed again from the file they were loaded from.

The graph's ``:Step`` nodes keep a step's summary, not its geometry (points, element
boxes, screen size) that AITW matching needs; the ``:Episode`` node keeps the absolute
path it came from, so the exact parsed episode is read back from there (once per file).
"""

from __future__ import annotations

from pathlib import Path

from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Episode


class EpisodeStore:
    def __init__(self) -> None:
        self._files: dict[str, dict[str, Episode]] = {}

    def get(self, file: str, key: str) -> Episode:
        """The episode ``key`` of ``file``; EpisodeError saying why when it is not there."""
        if file not in self._files:
            if not Path(file).exists():
                raise EpisodeError(file, key, "the file it was loaded from is gone")
            found = read_episodes(Path(file))
            self._files[file] = {e.id: e for e in found if isinstance(e, Episode)}
        episode = self._files[file].get(key)
        if episode is None:
            raise EpisodeError(file, key, "no such episode in the file any more")
        return episode
