"""Folded episodes as the rows the writer sends: screens, episodes with steps, transitions.

Pure data: the same episode graph always gives the same rows. Transitions of a chunk are
added up here (tasks and episodes unioned per edge) before they reach Cypher, which
unions them again with what the graph already holds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from taskspace.sources.episodes.model import Action, Episode, Observation
from taskspace.sources.episodes.pagegraph.builder import (
    EpisodeGraph,
    Transition,
    episode_node_id,
    step_id,
)
from taskspace.sources.episodes.pagegraph.features import TEXT_CHARS
from taskspace.sources.episodes.pagegraph.matching import Screen

Row = dict[str, Any]


def screen_row(screen: Screen, source: str) -> Row:
    found = screen.features
    return {
        "id": screen.id,
        "props": {
            "app": found.app,
            "platform": found.platform,
            "summary": screen.summary,
            "embedding": screen.vector,
            "image": screen.image,
            "activity": found.activity,
            "url": found.url,
            "state_key": found.state_key,
            "layout": sorted(found.layout),
            "image_hash": found.image,
            "text": found.text,
            "key": screen.key,
            "observed": screen.key is None,
            "source": source,
        },
    }


def episode_row(graph: EpisodeGraph, source: str) -> Row:
    episode = graph.episode
    node_id = episode_node_id(episode.id)
    steps = [
        _step_row(episode, graph, index, node_id, source) for index in range(len(episode.steps))
    ]
    return {
        "id": node_id,
        "props": {
            "key": episode.id,
            "dataset": episode.dataset,
            "platform": episode.platform,
            "task": episode.task,
            "app": episode.app,
            "steps": len(episode.steps),
            "file": episode.source_file,
            "record": episode.record,
            "final_screenshot": episode.final.screenshot if episode.final else None,
            "walk": [transition.key for transition in graph.transitions],
            "final_text": shown(episode.final) if episode.final else None,
            "source": source,
        },
        "step_ids": [row["id"] for row in steps],
        "steps": steps,
    }


def _step_row(
    episode: Episode, graph: EpisodeGraph, index: int, episode_id: str, source: str
) -> Row:
    step = episode.steps[index]
    placement = graph.placements[index]
    seen = step.observation
    return {
        "id": step_id(episode.id, index),
        "on_screen": placement.on_screen,
        "leads_to": placement.leads_to,
        "props": {
            "index": index,
            "kind": step.action.kind,
            "action": step.action.summary(),
            "target": _target(step.action),
            "text": step.action.text,
            "raw_json": json.dumps(
                step.action.raw, ensure_ascii=False, sort_keys=True, default=str
            ),
            "screenshot": seen.screenshot,
            "screen_text": shown(seen),
            "ui_dump": seen.ui_dump,
            "activity": seen.activity,
            "url": seen.url,
            "thought": step.thought,
            "jumped": placement.jump.jumped,
            "jump_reason": placement.jump.reason,
            "observed": placement.observed,
            "observed_after": placement.observed_after,
            "episode": episode_id,
            "source": source,
        },
    }


def shown(observation: Observation) -> str:
    """The visible text of one view, cut as a screen's ``text`` is: a screen that merges
    several views is described by what all of them show."""
    return observation.text()[:TEXT_CHARS]


def _target(action: Action) -> str | None:
    if action.target is not None:
        return action.target.label()
    return action.target_text or None


@dataclass
class _Edge:
    transition: Transition
    tasks: set[str] = field(default_factory=set)
    episodes: set[str] = field(default_factory=set)


def transition_rows(graphs: Sequence[EpisodeGraph]) -> list[Row]:
    """One row per edge key, tasks and episodes unioned over the chunk, sorted by key."""
    edges: dict[str, _Edge] = {}
    for graph in graphs:
        for transition in graph.transitions:
            edge = edges.setdefault(transition.key, _Edge(transition))
            edge.tasks.add(transition.task)
            edge.episodes.add(transition.episode)
    return [
        {
            "start": edge.transition.start,
            "end": edge.transition.end,
            "key": key,
            "actions": list(edge.transition.actions),
            "kinds": list(edge.transition.kinds),
            "tasks": sorted(edge.tasks),
            "episodes": sorted(edge.episodes),
        }
        for key, edge in sorted(edges.items())
    ]
