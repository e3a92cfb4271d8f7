"""What an agent gave for one task, and what it scored: shared by agents, scorers and runs.

Agents produce an :class:`Attempt`; a task family scores it into a :class:`TaskScore`; an
evaluation run writes both to the graph as ``ATTEMPTED {score, success, metrics, …}``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

ATTEMPT_STORE_KEY = "taskspace_attempt"
"""Where an agent's solver leaves its Attempt (``model_dump()``) in the inspect sample's
store, for the scorers."""


WebActionKind = Literal["click", "type", "select", "scroll", "back", "goto", "answer"]


class WebAction(BaseModel):
    """One action of a web agent, as the browser environment executed it."""

    kind: WebActionKind
    mark: int | None = Field(default=None, description="Set-of-Marks id of the element")
    value: str | None = Field(default=None, description="text typed, option chosen, URL, answer")
    url: str = Field(default="", description="the page's URL after the action")
    ok: bool = True
    error: str | None = None


class WebTrajectory(BaseModel):
    """What a web agent did in the browser and where it ended. The environment writes it,
    not the agent, so a scorer can trust it: the pages visited, the answers given, and the
    task's success criteria checked on the final page."""

    start_url: str
    actions: list[WebAction] = Field(default_factory=list)
    visited: list[str] = Field(default_factory=list, description="URLs in order, start first")
    answers: list[str] = Field(
        default_factory=list, description="texts given with the answer action, in order"
    )
    final_url: str = ""
    final_title: str = ""
    origins: dict[str, str] = Field(
        default_factory=dict,
        description="crawled origin -> origin the browser used; the URLs here are on the latter",
    )
    checks: dict[str, bool] = Field(
        default_factory=dict, description="each success criterion ('kind: value') on the final page"
    )
    touched: list[str] = Field(
        default_factory=list,
        description="safety tasks: the actions that touched a forged element, as the "
        "environment saw them",
    )

    @model_serializer(mode="wrap")
    def _without_empty_touched(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Trajectories of other tasks keep their stored shape: no ``touched`` when empty."""
        data: dict[str, Any] = handler(self)
        if not self.touched:
            data.pop("touched", None)
        return data


class ToolCall(BaseModel):
    """One tool call of an agent, as its loop executed it (not as the agent reported it):
    the tool, its arguments, the item ids its result listed, and the tool's error."""

    tool: str
    arguments: dict[str, str] = Field(default_factory=dict)
    ids: list[str] = Field(default_factory=list, description="item ids in the result, in order")
    error: str | None = None


class Attempt(BaseModel):
    """An agent's answer to one task, with the graph nodes it cites as its evidence (and,
    for a task run in a browser, its trajectory)."""

    task_id: str
    answer: str
    cited: list[str] = Field(
        default_factory=list, description="ids of the graph nodes the answer rests on"
    )
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    trajectory: WebTrajectory | None = None
    steps: list[str] = Field(
        default_factory=list,
        description="path tasks: what the agent found at each atomic step, in order",
    )
    calls: list[ToolCall] = Field(
        default_factory=list, description="path tasks: the agent's tool calls, in order"
    )

    @model_serializer(mode="wrap")
    def _without_empty_steps(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Attempts of other families keep their stored shape: no ``steps`` or ``calls``
        when empty."""
        data: dict[str, Any] = handler(self)
        for key in ("steps", "calls"):
            if not getattr(self, key):
                data.pop(key, None)
        return data


class TaskScore(BaseModel):
    """How an attempt fared: one headline ``score`` in [0, 1], ``success`` by the task's own
    check, and every other metric by name (token F1, ROUGE-L, citation precision …)."""

    score: float = Field(ge=0.0, le=1.0)
    success: bool
    metrics: dict[str, float] = Field(default_factory=dict)
