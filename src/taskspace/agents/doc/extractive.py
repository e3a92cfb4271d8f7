"""``extractive``: the offline baseline. Retrieve with the question, answer with the span,
cell or heading the rules in :mod:`extractive_rules` pick; cite the nodes they used."""

from __future__ import annotations

from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.context import question_of, record_attempt, retrieve_for
from taskspace.agents.doc.extractive_rules import extract
from taskspace.agents.spec import AgentSpec
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt


def extractive_agent(spec: AgentSpec, graph: Graph) -> Solver:
    @solver(name=f"taskspace/{spec.name}")
    def build() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            question = question_of(state)
            retrieval = await retrieve_for(graph, spec, question, state)
            found = extract(question, retrieval)
            attempt = Attempt(
                task_id=str(state.sample_id),
                answer=found.answer,
                cited=found.cited,
                confidence=round(min(max(found.confidence, 0.0), 1.0), 3),
            )
            record_attempt(state, attempt, model=spec.name)
            return state

        return solve

    return build()
