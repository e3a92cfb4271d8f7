"""Scoring one GUI episode's predicted actions with the AITW rule (GUI Odyssey's grid for
its episodes): per step ``action_match`` (the rule) and ``type_match`` (the action kinds
agree, after a two-point action became a tap or a scroll), per episode success."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from taskspace.episodes.model import Action, Episode
from taskspace.guieval.matching import actions_match, episode_success, gesture, rule_for

STEP_KEYS = ("action_match", "type_match")


@dataclass(frozen=True)
class StepResult:
    index: int
    predicted: Action | None
    values: dict[str, float]


def score_episode(episode: Episode, predicted: Sequence[Action | None]) -> list[StepResult]:
    """Every step scored against its gold action; a step without a prediction scores 0."""
    rule = rule_for(episode.dataset)
    results = []
    for step in episode.steps:
        guess = predicted[step.index] if step.index < len(predicted) else None
        seen = step.observation
        size = (seen.width, seen.height) if seen.width and seen.height else None
        matched = typed = False
        if guess is not None:
            matched = actions_match(guess, step.action, seen.elements, size, rule)
            typed = gesture(guess, size, rule).kind == gesture(step.action, size, rule).kind
        values = {"action_match": float(matched), "type_match": float(typed)}
        results.append(StepResult(step.index, guess, values))
    return results


def succeeded(results: Sequence[StepResult]) -> bool:
    return episode_success([r.values["action_match"] == 1.0 for r in results])
