"""The GUI step environment: walks an episode and shows the agent one step at a time.

As for web steps (``taskspace.environments.web_steps.environment``), the environment, not the agent,
holds the episode (in the sample's metadata). The agent gets a :class:`GuiView` per step:
the task, the screen (screenshot path where the episode has one, UI elements with ids,
size) and the earlier steps' actions, never the step's own gold action nor what follows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from taskspace.sources.episodes.model import Episode, Observation

EPISODE_KEY = "gui_episode"
"""Sample metadata: the episode as JSON (the gold), read by the environment and scorer."""
PREDICTED_KEY = "gui_predicted"
"""Sample store: the agent's predicted actions, one per step (None where it had none)."""


@dataclass(frozen=True)
class GuiView:
    """What the agent sees at a step."""

    episode: str
    """The episode's key: lets a replay agent leave its own episode out of its memory."""
    dataset: str
    task: str
    app: str | None
    index: int
    observation: Observation
    previous: tuple[str, ...]
    """The earlier steps' actions as readable summaries (``tap "Clock"``)."""

    def elements_text(self, limit: int = 80) -> str:
        """The UI elements with ids, one a line, as an agent's prompt shows them."""
        lines = []
        for number, element in enumerate(self.observation.elements[:limit]):
            where = f" bounds={list(element.bounds)}" if element.bounds else ""
            flags = "".join(
                f" {name}"
                for name, on in (
                    ("clickable", element.clickable),
                    ("editable", element.editable),
                    ("scrollable", element.scrollable),
                )
                if on
            )
            lines.append(
                f"[{number}] {element.cls.rsplit('.', 1)[-1]} {element.label()!r}{where}{flags}"
            )
        return "\n".join(lines)


def gui_views(metadata: Mapping[str, Any]) -> Iterator[GuiView]:
    """The views of a sample's episode, in step order."""
    episode = Episode.model_validate_json(str(metadata[EPISODE_KEY]))
    done: list[str] = []
    for step in episode.steps:
        yield GuiView(
            episode.id,
            episode.dataset,
            episode.task,
            episode.app,
            step.index,
            step.observation,
            tuple(done),
        )
        done.append(step.action.summary())
