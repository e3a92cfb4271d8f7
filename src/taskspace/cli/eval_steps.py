"""``kg eval steps``: Mind2Web-format episodes in the graph, scored step by step.

Every metric is printed twice: against the gold action only, and with the flexible ground
truth (interchangeable steps accept each other's action); micro = over steps, per task =
the mean of each episode's own mean.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import json_option, print_json, print_line, print_table
from taskspace.core.settings import load_settings

if TYPE_CHECKING:
    from inspect_ai.log import EvalLog

    from taskspace.agents.spec import AgentSpec
    from taskspace.evaluation.steps.runner import EpisodeRun
    from taskspace.graph.connection import Graph

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

LABELS = {
    "ele_acc": "Ele.Acc",
    "op_f1": "Op.F1",
    "step_sr": "Step SR",
    "re_acc": "RE Acc (top k)",
    "ap_acc": "AP Acc",
    "grounding_acc": "Grounding Acc",
    "sr_first_viable": "Step SR, first viable",
    "sr_llm_select": "Step SR, LLM select",
}


def episode_options(default_agent: str) -> Callable[[F], F]:
    """EPISODES, --agent, --model, --limit, --max-samples, --display and --json: what
    every step-level command (`kg eval steps`, `kg eval gui`) takes, defined once."""

    def apply(function: F) -> F:
        options = [
            click.argument("episodes"),
            click.option("--agent", "agent_name", default=default_agent, show_default=True),
            click.option("--model", default=None, help="inspect model, for agents that need one."),
            click.option(
                "--limit", default=None, type=click.IntRange(1), help="The first N episodes."
            ),
            click.option("--max-samples", default=None, type=click.IntRange(1)),
            click.option(
                "--display", default=None, type=click.Choice(("full", "rich", "plain", "none"))
            ),
            json_option,
        ]
        for option in reversed(options):
            function = option(function)
        return function

    return apply


def run_and_record(
    spec: AgentSpec,
    model: str | None,
    scorer: str,
    read: Callable[[Graph], T],
    make: Callable[[T], EpisodeRun],
    max_samples: int | None,
    display: str | None,
) -> tuple[T, str, EvalLog, int]:
    """Read the episodes, run (or resume) the agent on them as one inspect run and write
    its ATTEMPTED edges: what every step-level command does between its options and its
    tables. Returns the episodes read, the run id, the log and the edges written."""
    from taskspace.evaluation.run import Concurrency, RunConfig, resolve_model
    from taskspace.evaluation.steps.results import write_step_results
    from taskspace.evaluation.steps.runner import run_episodes

    config = RunConfig(agent=spec.name, model=resolve_model(spec, model), scorer=scorer, k=spec.k)
    settings = load_settings()
    with connected_graph(settings) as graph:
        found = read(graph)
        outcome = run_episodes(
            graph,
            spec,
            config,
            settings.home.expanduser(),
            make(found),
            Concurrency(max_samples=max_samples),
            display,
        )
        log = outcome.logs[0]
        written = write_step_results(graph, log)
    return found, outcome.run_id, log, written


@click.command(name="steps")
@episode_options("mind2web-pipeline")
def steps(
    episodes: str,
    agent_name: str,
    model: str | None,
    limit: int | None,
    max_samples: int | None,
    display: str | None,
    as_json: bool,
) -> None:
    """Score AGENT step by step on EPISODES: all, mind2web, seeact, or a loaded file."""
    from taskspace.agents.spec import load_agent_spec
    from taskspace.core.errors import UserError
    from taskspace.evaluation.steps.results import log_summary
    from taskspace.evaluation.steps.web.runs import read_step_tasks, step_run

    spec = load_agent_spec(agent_name)
    if spec.kind != "web_steps":
        raise UserError(f"agent {spec.name!r} is not a step-level web agent (kind web_steps)")
    found, run_id, log, written = run_and_record(
        spec,
        model,
        "steps",
        lambda graph: read_step_tasks(graph, episodes, limit),
        lambda tasks: step_run(tasks, spec.selection),
        max_samples,
        "none" if as_json else display,
    )
    summary = log_summary(log)
    result = _result(run_id, log, summary, written, found.skipped)
    if as_json:
        print_json(result)
        return
    print_table(f"Run {run_id}", ["key", "value"], list(result["run"].items()))
    rows = [
        [LABELS[key], *(result["metrics"][key][part] for part in ("micro", "macro"))]
        + [result["metrics"][key][part] for part in ("micro_flex", "macro_flex")]
        for key in LABELS
        if key in result["metrics"]
    ]
    rows.append(["Task SR", result["task_sr"], "", result["task_sr_flex"], ""])
    print_table(
        "Step metrics (flex: with flexible ground truth)",
        ["metric", "micro", "per task", "micro flex", "per task flex"],
        rows,
    )
    for line in found.skipped[:5]:
        print_line(f"skipped {line}")


def _result(run: str, log: Any, summary: Any, written: int, skipped: list[str]) -> dict[str, Any]:
    def pick(key: str) -> dict[str, float]:
        return {
            "micro": round(summary.micro.get(key, 0.0), 4),
            "macro": round(summary.macro.get(key, 0.0), 4),
            "micro_flex": round(summary.micro.get(key + "_flex", 0.0), 4),
            "macro_flex": round(summary.macro.get(key + "_flex", 0.0), 4),
        }

    return {
        "run": {
            "run": run,
            "status": log.status,
            "episodes": summary.tasks,
            "steps": summary.steps,
            "attempts_written": written,
            "skipped": len(skipped),
            "errors": sum(1 for s in log.samples or [] if s.error is not None),
        },
        "metrics": {key: pick(key) for key in LABELS if key in summary.micro},
        "task_sr": round(summary.task_sr.get("task_sr", 0.0), 4),
        "task_sr_flex": round(summary.task_sr.get("task_sr_flex", 0.0), 4),
    }
