"""Run an agent over a tasks file with inspect's ``eval_set``: one log folder per run.

A run is its tasks, agent, model, scorer and limits; its id hashes them, and its logs live
in ``TASKSPACE_HOME/logs/eval/<run id>/``. Running the same thing again is a resume:
``eval_set`` finds the log there, keeps every sample that finished and runs only the rest
(samples that errored, or never ran because the run was cut short). A sample's error is
that sample's error (``continue_on_fail``): the others run on, and the run's log ends
``error`` so that the next run retries exactly those samples.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai import Task as InspectTask
from inspect_ai import eval_set
from inspect_ai.dataset import MemoryDataset
from inspect_ai.log import EvalLog, read_eval_log
from inspect_ai.scorer import Scorer

from taskspace.agents.registry import build_solver
from taskspace.agents.spec import AgentSpec, offline_baseline
from taskspace.core.errors import UserError
from taskspace.environments.browser.session import ORIGIN_MAP_KEY
from taskspace.evaluation.dataset import evidence_cover, task_dataset
from taskspace.evaluation.errors import ModelNeededError
from taskspace.evaluation.kind_metrics import metrics_for
from taskspace.evaluation.labels import OFFLINE_MODEL, tasks_name
from taskspace.evaluation.scorers import scorer_named
from taskspace.evaluation.scorers.task import scoring_epochs
from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.models.llm.client import DEFAULT_MODEL
from taskspace.sources.web.origins import OriginMap
from taskspace.tasks.model import Task


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's results (and so its id); not its concurrency."""

    agent: str
    model: str
    scorer: str = "task"
    epochs: int = 1
    limit: int | None = None
    time_limit: int | None = None
    token_limit: int | None = None
    retriever: str = ""
    k: int = 0
    fresh: str = ""
    """A mark (``kg eval run --fresh``: the time) that makes a new run of the same
    settings, e.g. after the agent's code changed; empty keeps earlier runs' ids."""

    def run_id(self, tasks_digest: str, source: str = "") -> str:
        """A name that is also a folder name: ``run-<hash>``.

        ``source`` (the tasks file's resolved path) is part of it because a run is named
        by its tasks file everywhere a user reads it: the same tasks copied to another
        file are another run, not a resume of one labelled with the first file."""
        values = {name: value for name, value in asdict(self).items() if name != "fresh"}
        marks = (self.fresh,) if self.fresh else ()
        places = (source,) if source else ()
        key = stable_id("run", tasks_digest, *(str(v) for v in values.values()), *places, *marks)
        return key.replace(":", "-")


@dataclass(frozen=True)
class Concurrency:
    max_tasks: int | None = None
    max_connections: int | None = None
    max_samples: int | None = None


@dataclass
class RunOutcome:
    run_id: str
    log_dir: Path
    logs: list[EvalLog]
    complete: bool
    config: RunConfig
    tasks_file: Path
    extra: dict[str, Any] = field(default_factory=dict)
    ran_now: int = 0
    """Samples this call ran; the rest of the log's samples were kept from before."""
    resumed: bool = False
    """The run's folder already held a log: this call resumed it."""


def resolve_model(spec: AgentSpec, model: str | None) -> str:
    """The model a run uses: ``--model``, else Claude with a key; offline agents use none."""
    if not spec.needs_model:
        return model or OFFLINE_MODEL
    if model:
        return model
    if not os.environ.get("ANTHROPIC_API_KEY"):
        raise ModelNeededError(
            f"agent {spec.name!r} needs a model: set ANTHROPIC_API_KEY or pass --model "
            f"(offline baseline: --agent {offline_baseline(spec.kind)})"
        )
    return "anthropic/" + os.environ.get("TASKSPACE_LLM_MODEL", DEFAULT_MODEL)


def tasks_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def eval_log_root(home: Path) -> Path:
    return home / "logs" / "eval"


def served_dataset(dataset: MemoryDataset, origin_map: Mapping[str, str] | None) -> MemoryDataset:
    """``dataset`` for sites served elsewhere now: the origin map in each sample's metadata
    (for the browser environment), and every crawled origin a prompt names ("Open
    http://…") rewritten to the origin serving it now, for the agent."""
    if origin_map:
        origins = OriginMap(origin_map)
        for sample in dataset:
            sample.metadata = {**(sample.metadata or {}), ORIGIN_MAP_KEY: dict(origin_map)}
            if isinstance(sample.input, str):
                sample.input = origins.text(sample.input)
    return dataset


def inspect_task(
    tasks: Sequence[Task],
    spec: AgentSpec,
    graph: Graph,
    scorer: Scorer,
    config: RunConfig,
    origin_map: Mapping[str, str] | None = None,
) -> InspectTask:
    dataset = served_dataset(task_dataset(tasks, covers=evidence_cover(graph, tasks)), origin_map)
    task_scorer = config.scorer == "task"
    kinds = {task.kind for task in tasks}
    return InspectTask(
        dataset=dataset,
        solver=build_solver(spec, graph),
        scorer=scorer,
        # the metrics of the kinds of task the run holds (taskspace.evaluation.kind_metrics)
        metrics=metrics_for(kinds, any(t.safety for t in tasks)) if task_scorer else None,
        name=f"kg-{spec.name}",
        # the task scorer's reducers: the mean of every metric, and pass@k over epochs
        epochs=scoring_epochs(config.epochs) if task_scorer else config.epochs,
        time_limit=config.time_limit,
        token_limit=config.token_limit,
    )


def run_eval(
    graph: Graph,
    tasks: Sequence[Task],
    tasks_file: Path,
    spec: AgentSpec,
    config: RunConfig,
    home: Path,
    concurrency: Concurrency = Concurrency(),
    scorer: Scorer | None = None,
    display: str | None = None,
    origin_map: Mapping[str, str] | None = None,
) -> RunOutcome:
    """Run (or resume) one evaluation; the logs it leaves, newest first.

    ``origin_map`` (crawled origin -> where the site is served now) is not part of the
    run's identity: the same tasks on the same site served on another port resume."""
    if not tasks:
        raise UserError(f"{tasks_file}: no tasks to run")
    source = str(Path(tasks_file).resolve())
    run_id = config.run_id(tasks_digest(tasks_file), source)
    chosen = scorer or scorer_named(config.scorer, any(task.safety for task in tasks))
    task = inspect_task(tasks, spec, graph, chosen, config, origin_map)
    return run_inspect_task(
        task,
        run_id,
        source,
        spec,
        config,
        home,
        concurrency,
        display,
        Path(tasks_file),
        origin_map,
        kind=run_kind(tasks),
    )


def inspect_status_to_stderr(display: str | None) -> contextlib.AbstractContextManager[Any]:
    """With no display (``--json``, ``--display none``) inspect still prints its closing
    "Completed all tasks in …" line on stdout, which would come before a JSON summary:
    send it to stderr, where a pipe reading the JSON does not see it."""
    if display == "none":
        return contextlib.redirect_stdout(sys.stderr)
    return contextlib.nullcontext()


def run_kind(tasks: Sequence[Task]) -> str:
    """What a run holds: its task kinds (``doc``, ``doc+web``), ``safety/`` before them
    when its tasks carry injected threats."""
    kinds = "+".join(sorted({task.kind for task in tasks}))
    return f"safety/{kinds}" if any(task.safety for task in tasks) else kinds


def run_inspect_task(
    task: InspectTask,
    run_id: str,
    source: str,
    spec: AgentSpec,
    config: RunConfig,
    home: Path,
    concurrency: Concurrency,
    display: str | None,
    tasks_file: Path,
    origin_map: Mapping[str, str] | None = None,
    kind: str = "",
) -> RunOutcome:
    """Run (or resume) a built inspect task in the run's log folder; ``source`` is what the
    run's ``tasks_file`` says it ran on (a tasks file, or ``episodes:<selection>``)."""
    log_dir = eval_log_root(home) / run_id
    log_dir.mkdir(parents=True, exist_ok=True)
    resumed = any(log_dir.glob("*.eval"))
    kept = finished_samples(log_dir)
    label(task, spec, source, kind)
    with inspect_status_to_stderr(display):
        complete, logs = eval_set(
            task,
            log_dir=str(log_dir),
            model=config.model,
            limit=config.limit,
            fail_on_error=True,
            continue_on_fail=True,
            retry_attempts=0,
            retry_immediate=False,
            max_tasks=concurrency.max_tasks,
            max_connections=concurrency.max_connections,
            max_samples=concurrency.max_samples,
            metadata={
                "taskspace_run": run_id,
                "tasks_file": source,
                "task_kind": kind,
                "agent_spec": spec.model_dump(),
                "tasks_name": tasks_name(source),
                "run_config": asdict(config),
                "origin_map": dict(origin_map or {}),
            },
            tags=run_tags(spec, source, kind),
            display=display,  # type: ignore[arg-type]
            log_level="error",
        )
    # eval_set hands back headers; the results need the samples.
    full = [read_eval_log(log.location) for log in logs]
    now = {sample.uuid for sample in full[0].samples or []} if full else set()
    return RunOutcome(
        run_id,
        log_dir,
        full,
        complete,
        config,
        tasks_file,
        ran_now=len(now - kept),
        resumed=resumed,
    )


def run_tags(spec: AgentSpec, source: str, kind: str) -> list[str]:
    """The tags inspect's viewer shows and filters a run by: agent, tasks file, kind."""
    return [tag for tag in (spec.name, tasks_name(source), kind) if tag]


def label(task: InspectTask, spec: AgentSpec, source: str, kind: str) -> None:
    """The tasks file and kind on the inspect task itself (its metadata, tags and the name
    the viewer shows), so that ``kg eval view`` tells two runs of one agent apart; none of
    these are part of the task's identity, so a resume still finds its log."""
    task.metadata = {**(task.metadata or {}), "tasks_file": source, "task_kind": kind}
    task.tags = run_tags(spec, source, kind)
    task._display_name = f"{spec.name} on {tasks_name(source)}"


def finished_samples(log_dir: Path) -> set[str]:
    """The uuids of the samples a run's earlier log holds (none for a new run): what a
    resume keeps rather than runs again."""
    kept: set[str] = set()
    for location in sorted(log_dir.glob("*.eval")):
        log = read_eval_log(str(location))
        kept |= {s.uuid for s in log.samples or [] if s.error is None and s.uuid}
    return kept
