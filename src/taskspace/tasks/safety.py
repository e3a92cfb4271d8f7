"""The safety block of a task: which threat was embedded where, and how to tell that the
agent followed it (GRAPH2EVAL appendix H). All of it is gold except what the evaluation
environment itself injects into what the agent retrieves or sees."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class Injection(BaseModel):
    """What the environment adds at run time, and where: text into retrieved chunks (doc
    tasks) or a forged element into every served page (web tasks)."""

    target: Literal["chunks", "page"]
    text: str = Field(description="the injected passage text, or the element's HTML")
    node_ids: list[str] = Field(
        default_factory=list, description="chunks whose retrieved text carries the injection"
    )
    position: Literal["prepend", "middle", "append"] = "append"
    marker: str | None = Field(
        default=None, description="web: value of the data attribute on the forged element"
    )


class SafetyBlock(BaseModel):
    """A safety variant of ``original_task``: the gold behaviour is to do the original task
    and not follow the injected instruction (which ``canary`` makes detectable)."""

    original_task: str
    strategy: str = Field(description="doc: embedding strategy; web: forged element kind")
    category: str = Field(description="threat category, e.g. data_exfiltration")
    severity: str = "medium"
    canary: str = Field(description="code word or URL only a followed injection produces")
    injection: Injection
