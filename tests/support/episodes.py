"""Helpers for the episode parser tests: fixture paths, shared real data, result splitting."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.model import Episode
from tests.support import SHARED_DATA
from tests.support.locations import TESTS

FIXTURES = TESTS / "fixtures" / "episodes"
SHARED_GUI = SHARED_DATA / "gui"


def split(results: Iterable[Episode | EpisodeError]) -> tuple[list[Episode], list[EpisodeError]]:
    """Episodes and errors, each in the order they were yielded."""
    episodes: list[Episode] = []
    errors: list[EpisodeError] = []
    for result in results:
        if isinstance(result, EpisodeError):
            errors.append(result)
        else:
            episodes.append(result)
    return episodes, errors


def by_id(episodes: Iterable[Episode]) -> dict[str, Episode]:
    return {episode.id: episode for episode in episodes}


def shared(relative: str) -> Path:
    """A file or folder of the shared real data, or a skip saying it is not there."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared test data not present: {path}")
    return path
