"""``rag``: retrieve from the live graph, then ask the model for a JSON answer that cites
the passages it used by node id. Needs a model (``ANTHROPIC_API_KEY`` or ``--model``)."""

from __future__ import annotations

import json
import re

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from pydantic import BaseModel, Field, ValidationError

from taskspace.agents.context import question_of, record_attempt, retrieve_for
from taskspace.agents.errors import AgentReplyError
from taskspace.agents.spec import AgentSpec
from taskspace.graph.connection import Graph
from taskspace.retrieval.model import Retrieval
from taskspace.tasks.attempt import Attempt

DEFAULT_SYSTEM = (
    "You answer questions about documents using only the passages given. Reply with one "
    'JSON object and nothing else: {"answer": "...", "cited": ["<node id>", ...], '
    '"confidence": 0.0-1.0}. Keep the answer short: the exact title, name, number or '
    "true/false asked for. Cite the ids of the passages the answer rests on."
)


class Reply(BaseModel):
    answer: str
    cited: list[str] = Field(default_factory=list)
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)


def passages_prompt(question: str, retrieval: Retrieval) -> str:
    """The user turn: each retrieved passage under its node id, then the question."""
    blocks = []
    for item in retrieval.items:
        where = item.where()
        blocks.append(f"[{item.node_id}] ({item.label}; {where})\n{item.text.strip()}")
    passages = "\n\n".join(blocks) or "(no passages found)"
    return f"Passages:\n\n{passages}\n\nQuestion: {question}"


_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


def parse_reply(text: str) -> Reply:
    """The one JSON object of a reply (a ```json fence around it is allowed), validated."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    try:
        return Reply.model_validate(json.loads(body))
    except (json.JSONDecodeError, ValidationError) as exc:
        raise AgentReplyError(f"reply is not the JSON asked for: {body[:200]!r}") from exc


def rag_agent(spec: AgentSpec, graph: Graph) -> Solver:
    system = spec.prompts.get("system", DEFAULT_SYSTEM)

    @solver(name=f"taskspace/{spec.name}")
    def build() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            question = question_of(state)
            retrieval = await retrieve_for(graph, spec, question, state)
            messages: list[ChatMessage] = [
                ChatMessageSystem(content=system),
                ChatMessageUser(content=passages_prompt(question, retrieval)),
            ]
            state.messages = list(messages)
            model = get_model()
            output = await model.generate(messages)
            state.output = output
            state.messages.append(output.message)
            reply = parse_reply(output.completion)
            attempt = Attempt(
                task_id=str(state.sample_id),
                answer=reply.answer,
                cited=reply.cited,
                confidence=reply.confidence,
            )
            record_attempt(state, attempt, model=str(model))
            return state

        return solve

    return build()
