"""What every agent may see and must leave behind, in one place.

An agent sees the task's prompt (``state.input_text``) and the live graph through a
retriever; never the sample's metadata, target or ``task_json`` (they hold the gold). It
leaves its :class:`~taskspace.tasks.attempt.Attempt` in ``state.store`` for the scorer and
its answer as the completion.
"""

from __future__ import annotations

from anyio import to_thread
from inspect_ai.model import ChatMessageAssistant, ModelOutput
from inspect_ai.solver import TaskState

from taskspace.agents.spec import AgentSpec
from taskspace.agents.trace import retrieved
from taskspace.generators.safety.overlay import overlay_for_sample
from taskspace.graph.connection import Graph
from taskspace.retrieval.model import Retrieval
from taskspace.retrieval.retrieve import retrieve
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt


def question_of(state: TaskState) -> str:
    """The only task text an agent reads: the prompt."""
    return state.input_text


async def retrieve_for(
    graph: Graph, spec: AgentSpec, question: str, state: TaskState | None = None
) -> Retrieval:
    """The agent's retriever over the live graph, off the event loop (the driver blocks).

    With the sample's ``state``, the environment lays a safety sample's injection over the
    chunks it targets (``taskspace.generators.safety.overlay``); the agent only sees the result.
    What it returned goes to the sample's transcript (:func:`taskspace.agents.trace.retrieved`)."""
    found = await to_thread.run_sync(retrieve, graph, question, spec.retriever, spec.k)
    seen = found if state is None else overlay_for_sample(found, state.metadata)
    retrieved(spec.name, seen)
    return seen


def record_attempt(state: TaskState, attempt: Attempt, model: str) -> None:
    """Store the attempt for the scorer and make its answer the sample's completion."""
    state.store.set(ATTEMPT_STORE_KEY, attempt.model_dump())
    if state.output.choices:
        state.output.completion = attempt.answer
    else:
        state.output = ModelOutput.from_content(model=model, content=attempt.answer)
        state.messages.append(ChatMessageAssistant(content=attempt.answer, model=model))
