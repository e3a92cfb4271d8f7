"""Scoring one GUI episode's predicted actions with AITW's action matching
(``taskspace.metrics.aitw`` through ``guieval.matching``): per step ``action_match`` and
``type_match`` (the action types agree, a gesture told apart as tap or scroll), and the
episode's success, every step matched."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from taskspace.evaluation.steps.gui.matching import REFERENCE, rule_name, same_type, step_matches
from taskspace.metrics.aitw import episode_success
from taskspace.sources.episodes.model import Action, Episode

STEP_KEYS = ("action_match", "type_match")


@dataclass(frozen=True)
class StepResult:
    index: int
    predicted: Action | None
    values: dict[str, float]


def episode_rule(episode: Episode, rule: str = REFERENCE) -> str:
    """The rule an episode's steps are judged by (``element-id`` without geometry)."""
    if not episode.steps:
        return rule
    first = episode.steps[0]
    return rule_name(first.action, first.observation, rule)


def score_episode(
    episode: Episode, predicted: Sequence[Action | None], rule: str = REFERENCE
) -> list[StepResult]:
    """Every step scored against its gold action; a step without a prediction scores 0."""
    results = []
    for step in episode.steps:
        guess = predicted[step.index] if step.index < len(predicted) else None
        matched = typed = False
        if guess is not None:
            matched = step_matches(guess, step.action, step.observation, rule)
            typed = same_type(guess, step.action, step.observation)
        values = {"action_match": float(matched), "type_match": float(typed)}
        results.append(StepResult(step.index, guess, values))
    return results


def succeeded(results: Sequence[StepResult]) -> bool:
    return episode_success([r.values["action_match"] == 1.0 for r in results])
