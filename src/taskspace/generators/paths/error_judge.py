"""An LLM judge for failed causal-path attempts: one of NaturalGAIA's five error classes
with a reason, from the task, its gold path, the agent's step answers and tool calls.

A plain-text call (the reply's first line is ``CLASS: reason``), cached on disk like every
LLM call of the project. Only built with ``ANTHROPIC_API_KEY`` and when asked for
(``TASKSPACE_PATH_ERROR_JUDGE=1``: it costs one call per failed task); otherwise, and
whenever the reply names no class, the rules of :mod:`taskspace.generators.paths.error_attribution`
decide.
"""

from __future__ import annotations

import json
import os
import re

from taskspace.core.settings import Settings
from taskspace.generators.paths.error_attribution import (
    ERROR_CLASSES,
    ERROR_NAMES,
    Attribution,
    attribute,
)
from taskspace.models.llm.client import llm_available
from taskspace.models.llm.text_call import CachedTextModel
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.model import Task

MAX_TOKENS = 200
MAX_CALLS = 40
"""Tool calls shown to the judge (the last ones: where the attempt ended)."""
SYSTEM = (
    "You attribute the failure of an AI agent on a multi-step task across apps to one "
    "class. KD (knowledge deficit): it lacked the knowledge of how or where to find the "
    "step's item. PRE (planning and reasoning error): it reached the right item but chose "
    "another action, app or step order. OE (operational error): right intent, but the "
    "action failed or was executed imprecisely (wrong name, failed call, page not read). "
    "PE (perceptual error): the needed item was shown to it, yet it extracted something "
    "else. SCE (structural compliance error): its output did not follow the required "
    "format (one answer per step, in order). Reply with one line: CLASS: reason."
)
JUDGE_ENV = "TASKSPACE_PATH_ERROR_JUDGE"
"""Set to 1 (with ``ANTHROPIC_API_KEY``) for the task scorer to ask the judge."""
_CLASS = re.compile(r"^\W*(KD|PRE|OE|PE|SCE)\b\W*(.*)$", re.IGNORECASE | re.DOTALL)


def judge_prompt(task: Task, attempt: Attempt, rules: Attribution) -> str:
    steps = [
        f"{s.index}. in {s.app}: from {s.from_id} follow {s.action} -> {s.to_id} ({s.answer})"
        for s in task.path
    ]
    calls = [
        json.dumps({"tool": c.tool, **c.arguments, "ids": c.ids[:20], "error": c.error})
        for c in attempt.calls[-MAX_CALLS:]
    ]
    return "\n".join(
        [
            f"Task: {task.prompt}",
            f"Gold answer: {task.answer}",
            "Gold path:",
            *steps,
            f"Agent's answers per step: {json.dumps(attempt.steps or [attempt.answer])}",
            "Agent's tool calls:" if calls else "No tool calls recorded.",
            *calls,
            f"First failed step: {rules.step}",
        ]
    )


def read_class(reply: str) -> tuple[str, str] | None:
    """``(class, reason)`` from the reply's first line, or None when it names no class."""
    found = _CLASS.match(reply.strip())
    if found is None:
        return None
    return found.group(1).upper(), found.group(2).strip().splitlines()[0] if found.group(2) else ""


class ErrorJudge:
    """``judge(task, attempt) -> Attribution | None``; construct only where a key is set."""

    def __init__(self, settings: Settings, model: str | None = None) -> None:
        self.llm = CachedTextModel(
            settings,
            "the error judge needs ANTHROPIC_API_KEY; without it the rules attribute failed "
            "path attempts",
            model,
        )
        self.model = self.llm.model

    def judge(self, task: Task, attempt: Attempt) -> Attribution | None:
        """The judge's class for a failed task (None: it succeeded); the rules' when the
        reply names no class."""
        rules = attribute(task, attempt)
        if rules is None:
            return None
        prompt = judge_prompt(task, attempt, rules)
        reply = self.llm.reply(prompt, kind="path_error", max_tokens=MAX_TOKENS, system=SYSTEM)
        found = read_class(reply)
        if found is None or found[0] not in ERROR_CLASSES:
            return rules
        name = found[0]
        error_class = next(c for c in ERROR_CLASSES if c == name)
        reason = found[1] or ERROR_NAMES[error_class]
        return Attribution(error_class, rules.step, reason, source=self.model)


def error_judge(settings: Settings | None = None) -> ErrorJudge | None:
    """The judge when asked for (``TASKSPACE_PATH_ERROR_JUDGE=1``) and a key is set, else
    None: the rules decide."""
    wanted = os.environ.get(JUDGE_ENV, "") == "1"
    return ErrorJudge(settings or Settings()) if wanted and llm_available() else None
