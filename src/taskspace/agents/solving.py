"""What every model-driven agent shares: the key check, the role prompts it needs, and how
it hands its :class:`~taskspace.tasks.attempt.Attempt` to the scorers.

Agents read the question from the sample's input only; ``state.metadata`` holds the gold
for the scorers and is never read here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from inspect_ai.agent import Agent, AgentPrompt, AgentState, AgentSubmit, react
from inspect_ai.model import ChatMessageAssistant, ChatMessageTool
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolDef
from pydantic import ValidationError

from taskspace.agents.context import record_attempt
from taskspace.agents.errors import AgentAnswerError, AgentSpecError
from taskspace.agents.spec import AgentSpec, offline_baseline
from taskspace.models.errors import LLMUnavailableError
from taskspace.models.llm.client import llm_available
from taskspace.tasks.attempt import Attempt


def require_model(spec: AgentSpec) -> None:
    """Refuse to build a model-driven agent without ``ANTHROPIC_API_KEY``, in one line."""
    if spec.needs_model and not llm_available():
        raise LLMUnavailableError(
            f"agent {spec.name!r} needs a model: set ANTHROPIC_API_KEY "
            f"(the offline agent {offline_baseline(spec.kind)!r} needs none)"
        )


def role_prompts(spec: AgentSpec, roles: tuple[str, ...]) -> dict[str, str]:
    """The spec's prompt for each role, or an error naming the roles it lacks."""
    missing = [role for role in roles if not spec.prompts.get(role, "").strip()]
    if missing:
        raise AgentSpecError(f"agent {spec.name!r} has no prompt for: {', '.join(missing)}")
    return {role: spec.prompts[role].strip() for role in roles}


def attempt_from(state: TaskState, fields: dict[str, Any]) -> Attempt:
    """An Attempt for this sample from the answer, cited ids and confidence a model gave."""
    try:
        return Attempt(
            task_id=str(state.sample_id),
            answer=str(fields.get("answer", "")).strip(),
            cited=list(dict.fromkeys(str(node) for node in fields.get("cited") or [])),
            confidence=fields.get("confidence"),
        )
    except ValidationError as exc:
        problem = exc.errors()[0]
        raise AgentAnswerError(
            f"the model's final answer is not valid: {problem['loc'][0]}: {problem['msg']}"
        ) from exc


def parse_answer(text: str) -> dict[str, Any]:
    """The JSON object a final answer was given as; a clear error if it is not one."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AgentAnswerError(f"the final answer is not JSON: {text[:80]!r}") from exc
    if not isinstance(value, dict):
        raise AgentAnswerError(f"the final answer is not a JSON object: {text[:80]!r}")
    return value


def finish(state: TaskState, attempt: Attempt, model: str) -> TaskState:
    """Store the attempt for the scorers and make its answer the sample's completion."""
    record_attempt(state, attempt, model)
    return state


def react_agent(
    spec: AgentSpec, system: str, tools: Sequence[ToolDef], submit: ToolDef, last_step: str
) -> Agent:
    """inspect's ReAct loop as our tool-using agents run it: ``spec.max_steps`` model
    turns, then one more in which ``last_step`` (formatted with ``steps``) asks it to
    submit; the submission stays in the messages for the caller to read."""

    async def on_continue(state: AgentState) -> bool | str:
        turns = sum(isinstance(message, ChatMessageAssistant) for message in state.messages)
        if turns < spec.max_steps:
            return True
        return last_step.format(steps=spec.max_steps) if turns == spec.max_steps else False

    return react(
        name=spec.name,
        prompt=AgentPrompt(instructions=system, handoff_prompt=None),
        tools=list(tools),
        submit=AgentSubmit(tool=submit, answer_only=True, keep_in_messages=True),
        on_continue=on_continue,
    )


def last_submission(state: AgentState) -> ChatMessageTool | None:
    """The loop's last submit call's result, or None when it ended without one or the
    last one was refused."""
    for message in reversed(state.messages):
        if isinstance(message, ChatMessageTool) and message.function == "submit":
            return None if message.error else message
    return None
