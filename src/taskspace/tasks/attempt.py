"""What an agent gave for one task, and what it scored: shared by agents, scorers and runs.

Agents produce an :class:`Attempt`; a task family scores it into a :class:`TaskScore`; an
evaluation run writes both to the graph as ``ATTEMPTED {score, success, metrics, …}``.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

ATTEMPT_STORE_KEY = "taskspace_attempt"
"""Where an agent's solver leaves its Attempt (``model_dump()``) in the inspect sample's
store, for the scorers."""


class Attempt(BaseModel):
    """An agent's answer to one task, with the graph nodes it cites as its evidence."""

    task_id: str
    answer: str
    cited: list[str] = Field(
        default_factory=list, description="ids of the graph nodes the answer rests on"
    )
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)


class TaskScore(BaseModel):
    """How an attempt fared: one headline ``score`` in [0, 1], ``success`` by the task's own
    check, and every other metric by name (token F1, ROUGE-L, citation precision …)."""

    score: float = Field(ge=0.0, le=1.0)
    success: bool
    metrics: dict[str, float] = Field(default_factory=dict)
