"""A guideline as an agent receives it."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Guideline(BaseModel):
    """Perform ``actions`` from the ``start`` screen to accomplish ``tasks``.

    The actions are the queues of the transitions on the shortest known path from a screen
    like the agent's to the edge the guideline is about (``hops`` keeps them per
    transition); the tasks are the ones demonstrated through that edge.
    """

    actions: list[str] = Field(description="the action queue, from the start screen on")
    tasks: list[str] = Field(description="tasks achievable by performing the actions")
    hops: list[list[str]] = Field(description="the action queue of each transition in turn")
    screens: list[str] = Field(description="screen ids along the path, start first")
    depth: int = Field(description="transitions from the start screen (BFS layer)")
    score: float = Field(description="similarity of the start screen to the agent's screen")
    start: str = Field(description="id of the similar screen the path starts from")
    start_summary: str = ""
    end_summary: str = ""
    app: str | None = None
    platform: str | None = None
    edge: str = Field(default="", description="key of the TRANSITION the guideline is about")

    def text(self) -> str:
        """The PG-Agent phrasing: perform these actions to accomplish these tasks."""
        actions = " → ".join(self.actions)
        tasks = "; ".join(self.tasks)
        return f"Perform {actions} to accomplish: {tasks}"
