"""``web_steps`` agents (``mind2web-pipeline``): the modular SeeAct-style pipeline walking a
Mind2Web episode step by step (``taskspace.agents.steps.pipeline``).

Per sample the step environment shows one step at a time; the pipeline ranks, plans per
section, grounds and selects. What each stage did goes to the sample's store for the stage
metrics; the output is the selected actions as JSON. Offline (``needs_model: false``) the
deterministic word-overlap predictor plans; with a model, Claude through inspect
(``taskspace.agents.steps.llm``).
"""

from __future__ import annotations

import json
from dataclasses import asdict

from inspect_ai.model import ModelOutput
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.spec import AgentSpec
from taskspace.agents.steps.offline import OfflinePredictor
from taskspace.agents.steps.pipeline import PipelineConfig, Predictor, run_step
from taskspace.agents.trace import looked_at
from taskspace.environments.web_steps.environment import step_views
from taskspace.environments.web_steps.model import StepOutcome, StepView
from taskspace.environments.web_steps.serial import OUTCOMES_KEY, outcome_to_dict
from taskspace.graph.connection import Graph


def pipeline_config(spec: AgentSpec) -> PipelineConfig:
    return PipelineConfig(top_k=spec.k, batches=spec.batches, final=spec.selection)


def predictor_for(spec: AgentSpec) -> Predictor:
    if not spec.needs_model:
        return OfflinePredictor()
    from taskspace.agents.steps.llm import LLMPredictor

    return LLMPredictor(spec)


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The pipeline as an inspect solver (the graph is not read: the sample has the episode)."""
    config = pipeline_config(spec)
    predictor = predictor_for(spec)

    @solver(name=spec.name)
    def pipeline() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            outcomes = []
            for index, view in enumerate(step_views(state.metadata)):
                outcomes.append(await run_step(view, config, predictor))
                _trace(spec.name, index, view, outcomes[-1], config.final)
            state.store.set(OUTCOMES_KEY, [outcome_to_dict(outcome) for outcome in outcomes])
            chosen = [outcome.selected.get(config.final) for outcome in outcomes]
            content = json.dumps([asdict(action) if action else None for action in chosen])
            state.output = ModelOutput.from_content(model=spec.name, content=content)
            return state

        return solve

    return pipeline()


SHOWN = 10
"""Ranked candidates a transcript event lists (the rest are counted)."""


def _trace(agent: str, index: int, view: StepView, outcome: StepOutcome, final: str) -> None:
    """The step's best-ranked candidates (id and how the agent saw them) and the action
    selected, as one ``candidates`` event."""
    shown = {element.uid: element.describe() for element in view.candidates}
    chosen = outcome.selected.get(final)
    looked_at(
        agent,
        "candidates",
        step=index,
        website=view.website,
        candidates=len(view.candidates),
        ranked=[{"id": uid, "element": shown.get(uid, "")} for uid in outcome.ranked[:SHOWN]],
        selected=asdict(chosen) if chosen else None,
    )
