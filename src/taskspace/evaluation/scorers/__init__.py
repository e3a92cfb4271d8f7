"""Which inspect scorer judges a run: the task families' own by default.

``task`` is ``taskspace.evaluation.scorers.task.task_scorer`` (each task's own check,
F1, ROUGE-L, citation precision/recall), except that a web task run in the browser
succeeds when its success criteria held on the final page (``taskspace.evaluation.scorers.web``);
``judge`` the LLM judge (answer quality, relevance, completeness; needs
ANTHROPIC_API_KEY); ``web-judge`` the web checks, then an LLM judge of the trajectory
(needs the key); ``includes`` and ``match`` are inspect's built-ins on the gold target,
for engines tests and quick looks. A run holding safety tasks scores ``task`` with
``taskspace.evaluation.scorers.safety.safety_scorer`` (attack success, task success under attack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from taskspace.core.registry import Entry, Registry

if TYPE_CHECKING:  # inspect_ai loads only when a run is scored; `kg` starts without it
    from inspect_ai.scorer import Scorer

SCORERS: Registry[Callable[[], Scorer]] = Registry(
    "scorer",
    {
        "task": Entry(
            "taskspace.evaluation.scorers.web:task_or_web_scorer",
            "each task's own check, F1, ROUGE-L, citations; web success on the final page",
        ),
        "judge": Entry(
            "taskspace.evaluation.scorers.task:judge_scorer",
            "an LLM judge of answer quality, relevance, completeness (needs the key)",
        ),
        "includes": Entry("inspect_ai.scorer:includes", "inspect's: the gold is in the answer"),
        "match": Entry("inspect_ai.scorer:match", "inspect's: the answer ends with the gold"),
        "web-judge": Entry(
            "taskspace.evaluation.scorers.web:web_judge_scorer",
            "web checks, else an LLM judge of the trajectory (needs the key)",
        ),
    },
)
"""Scorer name -> the factory of its inspect scorer (imported only when a run uses it)."""

SCORER_NAMES = SCORERS.names()

__all__ = ["SCORERS", "SCORER_NAMES", "scorer_named"]


def scorer_named(name: str, safety: bool = False) -> Scorer:
    """The scorer called ``name``; ``task`` over safety tasks adds attack success.

    ``judge`` and ``web-judge`` refuse in one line without ANTHROPIC_API_KEY."""
    factory = SCORERS.get(name)
    if name == "task" and safety:
        from taskspace.evaluation.scorers.safety import safety_scorer

        return safety_scorer()
    return factory()
