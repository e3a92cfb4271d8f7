"""The multi-agent system of GRAPH2EVAL: planner, retriever, reasoner, verifier, summarizer.

The planner breaks the question into retrieval needs; the retriever (no model) fetches
context from the live graph for the question and each need; the reasoner answers from that
evidence with citations; the verifier checks the answer against the evidence and may send
it back to the reasoner once; the summarizer gives the final ``{answer, cited,
confidence}``. Every role runs in its own transcript span and logs its message and
reasoning step. The agents see the question and the retrieved evidence, never the task's
metadata, gold answer or grounding.
"""

from __future__ import annotations

import json

import anyio
from inspect_ai.model import Model, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import span

from taskspace.agents.roles import ROLE_SPAN, Draft, Final, Plan, Verdict, ask_role, log_step
from taskspace.agents.solving import attempt_from, finish, require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.core.settings import Settings
from taskspace.generators.safety.overlay import chunk_injection, overlay
from taskspace.graph.connection import Graph
from taskspace.retrieval.model import RetrievedItem
from taskspace.retrieval.retrieve import retrieve
from taskspace.tasks.safety import Injection

ROLES = ("planner", "reasoner", "verifier", "summarizer")
"""The roles that call the model; the retriever is the library's retrieve()."""
MAX_QUERIES = 3
SEND_BACKS = 1


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The agent as an inspect solver; it opens its own connection to ``graph``'s database
    per sample."""
    settings = graph.settings
    require_model(spec)
    prompts = role_prompts(spec, ROLES)

    @solver(name=spec.name)
    def agent_solver() -> Solver:
        """No parameters on purpose: the log records a solver's parameters, and the
        settings hold the database credentials."""

        async def solve(state: TaskState, generate: Generate) -> TaskState:
            require_model(spec)
            # the environment's hook: a safety sample's injection over what retrieval returns
            team = Team(spec, settings, prompts, get_model(), chunk_injection(state.metadata))
            return finish(
                state, attempt_from(state, await team.answer(state.input_text)), str(team.model)
            )

        return solve

    return agent_solver()


class Team:
    """The five roles for one question, passing their messages along in order."""

    def __init__(
        self,
        spec: AgentSpec,
        settings: Settings,
        prompts: dict[str, str],
        model: Model,
        injection: Injection | None = None,
    ) -> None:
        self.injection = injection
        self.spec = spec
        self.settings = settings
        self.prompts = prompts
        self.model = model

    async def answer(self, question: str) -> dict[str, object]:
        plan = await ask_role(
            self.model, "planner", self.prompts["planner"], f"Question: {question}", Plan
        )
        evidence = await self.retrieve(question, plan.queries[:MAX_QUERIES])
        context = f"Question: {question}\n\nEvidence:\n{render(evidence)}"
        draft = await ask_role(self.model, "reasoner", self.prompts["reasoner"], context, Draft)
        for round_ in range(SEND_BACKS + 1):
            verdict = await ask_role(
                self.model,
                "verifier",
                self.prompts["verifier"],
                with_draft(context, draft),
                Verdict,
            )
            if verdict.supported or round_ == SEND_BACKS:
                break
            feedback = f"{with_draft(context, draft)}\n\nVerifier feedback: {verdict.feedback}"
            draft = await ask_role(
                self.model, "reasoner", self.prompts["reasoner"], feedback, Draft
            )
        review = f"{with_draft(context, draft)}\n\nVerifier: {verdict.model_dump_json()}"
        final = await ask_role(self.model, "summarizer", self.prompts["summarizer"], review, Final)
        return final.model_dump()

    async def retrieve(self, question: str, queries: list[str]) -> list[RetrievedItem]:
        """The retriever role: context for the question and each planned query, best first."""
        wanted = list(dict.fromkeys([question, *queries]))
        async with span(name="retriever", type=ROLE_SPAN):
            items = await anyio.to_thread.run_sync(self._fetch, wanted)
            log_step(
                "retriever",
                json.dumps({"queries": wanted, "retriever": self.spec.retriever}),
                {"node_ids": [item.node_id for item in items], "k": self.spec.k},
            )
        return items

    def _fetch(self, queries: list[str]) -> list[RetrievedItem]:
        best: dict[str, RetrievedItem] = {}
        with Graph(self.settings) as graph:
            for query in queries:
                found = retrieve(graph, query, self.spec.retriever, self.spec.k)
                for item in overlay(found, self.injection).items:
                    if item.node_id not in best or best[item.node_id].score < item.score:
                        best[item.node_id] = item
        return sorted(best.values(), key=lambda item: -item.score)


def render(items: list[RetrievedItem]) -> str:
    """Evidence as the reasoner reads it: each piece under its node id and where it sits."""
    if not items:
        return "(nothing was found)"
    blocks = []
    for item in items:
        where = item.where()
        related = f"\nrelated ids: {', '.join(item.related_ids)}" if item.related_ids else ""
        blocks.append(f"[{item.node_id}] ({item.label}; {where})\n{item.text}{related}")
    return "\n\n".join(blocks)


def with_draft(context: str, draft: Draft) -> str:
    return f"{context}\n\nProposed answer: {draft.model_dump_json()}"
