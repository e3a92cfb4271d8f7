"""``--llm``: let Claude phrase task prompts more naturally, without changing their facts.

A paraphrase is kept only if every quoted name and every number of the offline prompt
survives in it; otherwise the offline prompt stays. The gold answer never changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, Field

from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.model import Task

SYSTEM = (
    "You rewrite evaluation questions for AI agents so that they read naturally, as a "
    "person would ask them. Keep every quoted name exactly as written (keep the quotes), "
    "keep every number, and do not add facts, hints or the answer."
)

_QUOTED = re.compile(r"“([^”]+)”")
_NUMBER = re.compile(r"\b\d+(?:[.,]\d+)*\b")


class Paraphrase(BaseModel):
    prompt: str = Field(description="the rewritten question")


def faithful(original: str, rewritten: str, answer: str) -> bool:
    """Every quoted name and number survives, and the answer is not given away."""
    needed = [f"“{name}”" for name in _QUOTED.findall(original)] + _NUMBER.findall(original)
    if any(item not in rewritten for item in needed):
        return False
    leaked = answer and answer not in original and answer.lower() in rewritten.lower()
    return not leaked


def paraphrase_tasks(llm: StructuredLLM, tasks: Sequence[Task]) -> tuple[list[Task], int]:
    """Tasks with LLM-phrased prompts where faithful; returns them and how many changed."""
    changed = 0
    result = []
    for task in tasks:
        answer = llm.ask(SYSTEM, f"Question type: {task.type}\nQuestion: {task.prompt}", Paraphrase)
        if faithful(task.prompt, answer.prompt, task.answer):
            result.append(
                task.model_copy(
                    update={"prompt": answer.prompt, "generator": f"taskspace-llm:{llm.model}"}
                )
            )
            changed += 1
        else:
            result.append(task)
    return result, changed
