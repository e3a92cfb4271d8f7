"""The path agent: a ReAct loop over the app tools for causal-path (NaturalGAIA) tasks.

It sees the instruction and what the apps show it (:mod:`taskspace.tools.apps`: search an
app, open an item's page, follow an action), never the task's path, grounding or answer.
It ends with ``submit(answers, confidence)``: what it found at each atomic step, in
order; the last is its final answer. The scorer judges each step against the gold path
(:mod:`taskspace.generators.paths.scoring`).
"""

from __future__ import annotations

import json
import re

from inspect_ai.agent import AgentState
from inspect_ai.model import ChatMessageAssistant, ChatMessageTool, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolDef, ToolError

from taskspace.agents.errors import AgentAnswerError
from taskspace.agents.solving import (
    finish,
    last_submission,
    react_agent,
    require_model,
    role_prompts,
)
from taskspace.agents.spec import AgentSpec
from taskspace.agents.toolsets import app_toolset
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt, ToolCall

_ITEM_ID = re.compile(r"\bQ[1-9][0-9]*\b")
LAST_STEP = (
    "You have used your {steps} steps. Call submit() now with what you found at each step, "
    "in order, and your confidence."
)


def submit_steps() -> ToolDef:
    async def execute(answers: list[str], confidence: float) -> str:
        """Give what you found at each step of the task, in order; this ends the task.

        Args:
            answers: One entry per step, in order: the item's name (or its id when it has
                no name). The last entry is the final answer.
            confidence: How sure you are that the final answer is right, from 0 to 1.
        """
        if not answers or not answers[-1].strip():
            raise ToolError("give at least one answer, the final one last")
        if not 0.0 <= confidence <= 1.0:
            raise ToolError(f"confidence must be between 0 and 1, not {confidence}")
        return json.dumps({"answers": answers, "confidence": confidence})

    return ToolDef(execute, name="submit")


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The agent as an inspect solver; it opens its own connection per sample."""
    settings = graph.settings
    require_model(spec)
    system = role_prompts(spec, ("system",))["system"]

    @solver(name=spec.name)
    def path_solver() -> Solver:
        """No parameters: the log records them, and the settings hold credentials."""
        return _solve(spec, settings, system)

    return path_solver()


def _solve(spec: AgentSpec, settings: Settings, system: str) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        require_model(spec)
        with Graph(settings) as graph:
            tools = app_toolset(graph, spec.tools)
            agent = react_agent(spec, system, tools, submit_steps(), LAST_STEP)
            result = await agent(AgentState(messages=state.messages))
        state.messages = result.messages
        attempt = _attempt(str(state.sample_id), result)
        return finish(state, attempt, str(get_model()))

    return solve


def _attempt(task_id: str, state: AgentState) -> Attempt:
    """The attempt from the last successful submit; an error if the loop ended without."""
    submitted = last_submission(state)
    if submitted is None:
        raise AgentAnswerError(f"the path agent for task {task_id} did not submit its answers")
    given = json.loads(submitted.text)
    steps = [str(a).strip() for a in given["answers"]]
    return Attempt(
        task_id=task_id,
        answer=steps[-1],
        steps=steps,
        confidence=given["confidence"],
        calls=tool_calls(state),
    )


def tool_calls(state: AgentState) -> list[ToolCall]:
    """The app-tool calls the loop executed, in order (submit left out): arguments from
    the model's call, item ids and error from the tool's result, so the error rules
    (:mod:`taskspace.generators.paths.error_attribution`) see what the agent saw."""
    asked: dict[str, dict[str, str]] = {}
    calls: list[ToolCall] = []
    for message in state.messages:
        if isinstance(message, ChatMessageAssistant):
            for call in message.tool_calls or []:
                asked[call.id] = {k: str(v) for k, v in call.arguments.items()}
        elif isinstance(message, ChatMessageTool) and message.function != "submit":
            error = message.error.message if message.error else None
            calls.append(
                ToolCall(
                    tool=message.function or "",
                    arguments=asked.get(message.tool_call_id or "", {}),
                    ids=[] if error else list(dict.fromkeys(_ITEM_ID.findall(message.text))),
                    error=error,
                )
            )
    return calls
