"""Step-level runs on GUI episodes in the graph (``kg eval gui``, ``kg eval run`` with a
GUI agent), scored with AITW action matching (``taskspace.evaluation.steps.gui.matching``: ``aitw``,
the reference, unless ``aitw-strict`` is chosen; ``element-id`` for screens without
geometry).

One inspect sample per episode, as for web steps (``taskspace.evaluation.steps.web.runs``): its
metadata holds the parsed episode (read by the step environment and the scorer, never by
the agent), the solver is the agent's, the scorer matches every predicted action. Results
go to the graph with the web steps' writer: a ``:Run`` with ``ATTEMPTED`` to each
``:Episode`` and each ``:Step`` (``action_match``, ``type_match``, ``predicted``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.log import EvalLog
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from taskspace.core.errors import UserError
from taskspace.environments.gui.store import EpisodeStore
from taskspace.environments.gui.view import EPISODE_KEY, PREDICTED_KEY
from taskspace.evaluation.kind_metrics import step_run_metrics
from taskspace.evaluation.steps.gui.matching import REFERENCE
from taskspace.evaluation.steps.gui.scoring import STEP_KEYS, episode_rule, score_episode, succeeded
from taskspace.evaluation.steps.results import step_values
from taskspace.evaluation.steps.runner import ALL, NO_LIMIT, EpisodeRun, selection_params
from taskspace.graph.connection import Graph
from taskspace.metrics.mind2web import Aggregate, aggregate
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.model import Action, Episode

GUI_DATASETS = ("aitw", "gui_odyssey", "uiautomator", "droidbot", "jsonl")
RULE_KEY = "gui_rule"


@dataclass
class GuiTasks:
    selection: str
    rule: str = REFERENCE
    """The matching rule asked for (``aitw`` or ``aitw-strict``)."""
    episodes: list[tuple[str, Episode]] = field(default_factory=list)
    """(episode node id, parsed episode)."""
    skipped: list[str] = field(default_factory=list)


def read_gui_tasks(
    graph: Graph, selection: str, limit: int | None = None, rule: str = REFERENCE
) -> GuiTasks:
    found = GuiTasks(selection, rule)
    store = EpisodeStore()
    rows = graph.read(
        "gui_steps/episodes", **selection_params(selection, GUI_DATASETS), limit=limit or NO_LIMIT
    )
    for row in rows:
        try:
            episode = store.get(str(row["file"]), str(row["key"]))
        except EpisodeError as exc:
            found.skipped.append(str(exc))
            continue
        if not episode.steps:
            found.skipped.append(f"{row['key']}: no steps to score")
            continue
        found.episodes.append((str(row["id"]), episode))
    if not found.episodes:
        raise UserError(
            f"no GUI episodes for {selection!r} in the graph (choose {ALL}, "
            f"{', '.join(GUI_DATASETS)} or a loaded file; load them with `kg load episodes`)"
        )
    return found


def gui_dataset(found: GuiTasks) -> MemoryDataset:
    samples = [
        Sample(
            id=node_id,
            input=episode.task,
            metadata={
                "episode": episode.id,
                "dataset": episode.dataset,
                RULE_KEY: episode_rule(episode, found.rule),
                EPISODE_KEY: episode.model_dump_json(),
            },
        )
        for node_id, episode in found.episodes
    ]
    return MemoryDataset(samples, name=f"gui-episodes:{found.selection}")


def gui_digest(found: GuiTasks) -> str:
    """What the run ran on: the selection and every episode as parsed."""
    digest = hashlib.sha256(f"{found.selection}|{found.rule}".encode())
    for _, episode in found.episodes:
        digest.update(episode.model_dump_json().encode())
    return digest.hexdigest()[:16]


@scorer(
    metrics=[
        step_run_metrics(("action_match",), ("action_match",), {"action_match": "episode_success"})
    ]
)
def gui_step_scorer() -> Scorer:
    async def score(state: TaskState, target: Target) -> Score:
        episode = Episode.model_validate_json(str(state.metadata[EPISODE_KEY]))
        stored: list[dict[str, Any] | None] = state.store.get(PREDICTED_KEY, [])
        predicted = [Action.model_validate(done) if done else None for done in stored]
        rule = str(state.metadata[RULE_KEY])
        results = score_episode(episode, predicted, rule if rule != "element-id" else REFERENCE)
        value = {
            key: round(sum(r.values[key] for r in results) / len(results), 6) for key in STEP_KEYS
        }
        value["score"] = value["action_match"]
        value["success"] = 1.0 if succeeded(results) else 0.0
        detail = [
            {
                "index": r.index,
                "predicted": r.predicted.model_dump(exclude_none=True) if r.predicted else None,
                "values": r.values,
            }
            for r in results
        ]
        right = sum(1 for r in results if r.values["action_match"] == 1.0)
        return Score(
            value=value,
            answer=state.output.completion if state.output else "",
            explanation=f"{right} of {len(results)} actions match ({rule})",
            metadata={"steps": detail, "rule": rule},
        )

    return score


def gui_run(found: GuiTasks) -> EpisodeRun:
    """The GUI episodes as one step-level run, scored by AITW action matching."""
    return EpisodeRun(
        dataset=gui_dataset(found),
        scorer=gui_step_scorer(),
        digest=gui_digest(found),
        source=f"gui-episodes:{found.selection}",
        selection=found.selection,
        kind="gui-steps",
    )


def gui_summaries(log: EvalLog) -> dict[str, Aggregate]:
    """Micro, per-episode and episode success, overall and per matching rule."""
    samples = [s for s in log.samples or [] if s.epoch == 1 and s.scores]
    by_rule: dict[str, list[Any]] = {"all": samples}
    for sample in samples:
        by_rule.setdefault(str((sample.metadata or {}).get(RULE_KEY)), []).append(sample)
    return {
        rule: aggregate(step_values(group), ("action_match",)) for rule, group in by_rule.items()
    }
