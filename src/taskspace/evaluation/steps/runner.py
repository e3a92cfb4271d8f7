"""What step-level runs on episodes share (``kg eval steps`` on web episodes, ``kg eval
gui`` on GUI ones): choosing the episodes, and running one inspect task over them.

Both score an agent on episodes already in the graph, one sample per episode; they differ
in their datasets, their samples' metadata and their scorer, which the callers bring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai import Task as InspectTask
from inspect_ai.dataset import Dataset
from inspect_ai.scorer import Scorer

from taskspace.agents.registry import build_solver
from taskspace.agents.spec import AgentSpec
from taskspace.evaluation.run import Concurrency, RunConfig, RunOutcome, run_inspect_task
from taskspace.graph.connection import Graph

ALL = "all"
NO_LIMIT = 1_000_000_000


def selection_params(selection: str, datasets: Sequence[str]) -> dict[str, Any]:
    """The query parameters for ``all``, one of ``datasets``, or the file (or folder)
    the episodes were loaded from."""
    if selection == ALL:
        return {"datasets": list(datasets), "file": None}
    if selection in datasets:
        return {"datasets": [selection], "file": None}
    return {"datasets": list(datasets), "file": str(Path(selection).expanduser().resolve())}


@dataclass(frozen=True)
class EpisodeRun:
    """What one kind of step-level run brings: its samples, scorer, and the digest and
    source name that make a rerun of the same episodes resume."""

    dataset: Dataset
    scorer: Scorer
    digest: str
    source: str
    selection: str
    kind: str
    """What the run holds: ``web-steps`` or ``gui-steps``."""


def run_episodes(
    graph: Graph,
    spec: AgentSpec,
    config: RunConfig,
    home: Path,
    run: EpisodeRun,
    concurrency: Concurrency | None = None,
    display: str | None = None,
) -> RunOutcome:
    """Run (or resume) the agent over the episodes; a rerun of the same thing resumes."""
    task = InspectTask(
        dataset=run.dataset,
        solver=build_solver(spec, graph),
        scorer=run.scorer,
        name=f"kg-{spec.name}",
        epochs=config.epochs,
        time_limit=config.time_limit,
        token_limit=config.token_limit,
    )
    return run_inspect_task(
        task,
        config.run_id(run.digest),
        run.source,
        spec,
        config,
        home,
        concurrency or Concurrency(),
        display,
        Path(run.selection),
        kind=run.kind,
    )
