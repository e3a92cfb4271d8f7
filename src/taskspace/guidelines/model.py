"""A guideline as an agent receives it."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Guideline(BaseModel):
    """PG-Agent's (Q_i, T_i): perform ``actions`` on the ``start`` screen to accomplish
    ``tasks``.

    One guideline per outgoing transition E_i of a screen like the agent's: ``actions`` is
    E_i's action queue; ``tasks`` are the tasks on every transition a breadth-first search
    explores from E_i (E_i itself, then the transitions leaving each screen within
    ``layers - 1`` transitions of E_i's end screen), in BFS order (layer, then edge key,
    then as stored), each once. ``edge_tasks`` are E_i's own tasks.
    """

    actions: list[str] = Field(description="the action queue of the transition E_i")
    tasks: list[str] = Field(description="tasks on the transitions reachable from E_i, BFS order")
    edge_tasks: list[str] = Field(
        default_factory=list, description="tasks demonstrated through E_i itself"
    )
    score: float = Field(description="similarity of the start screen to the agent's screen")
    start: str = Field(description="id of the similar screen E_i leaves")
    start_summary: str = ""
    end: str = Field(default="", description="id of the screen E_i leads to")
    end_summary: str = ""
    app: str | None = None
    platform: str | None = None
    edge: str = Field(default="", description="key of the TRANSITION E_i")

    def text(self) -> str:
        """The PG-Agent phrasing: perform these actions to accomplish these tasks."""
        actions = " → ".join(self.actions)
        tasks = "; ".join(self.tasks)
        return f"Perform {actions} to accomplish: {tasks}"
