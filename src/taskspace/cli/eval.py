"""``kg eval``: run an agent over a tasks file with inspect_ai, and read the results back.

``run`` writes inspect logs under ``TASKSPACE_HOME/logs/eval/<run id>/`` and a ``:Run``
with ``ATTEMPTED`` edges into the graph; ``list``, ``queries`` and ``score`` read them;
``view`` serves inspect's log viewer on 127.0.0.1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import json_option, print_json, print_line, print_table
from taskspace.core.errors import UserError
from taskspace.core.settings import load_settings
from taskspace.evaluation.scorers import SCORERS as SCORER_REGISTRY

SCORERS = SCORER_REGISTRY.names()

DISPLAYS = ("full", "rich", "plain", "log", "none")


@click.group(name="eval")
def eval_group() -> None:
    """Evaluate agents on sampled tasks (inspect_ai) and query the results."""


def _summary(outcome: Any, attempts: int) -> dict[str, Any]:
    from taskspace.evaluation.labels import model_label
    from taskspace.evaluation.results import run_metrics

    log = outcome.logs[0]
    samples = log.samples or []
    successes = sum(1 for s in samples if s.scores and _success(next(iter(s.scores.values()))))
    return {
        "run": outcome.run_id,
        "agent": outcome.config.agent,
        "model": model_label(outcome.config.model),
        "kind": (log.eval.metadata or {}).get("task_kind", ""),
        "status": log.status,
        "log": local_path(log.location),
        "samples": len(samples),
        "ran_now": outcome.ran_now,
        "resumed": outcome.resumed,
        "attempts_written": attempts,
        "successes": successes,
        "success_rate": round(successes / len(samples), 4) if samples else 0.0,
        "errors": sum(1 for s in samples if s.error is not None),
        "limited": sum(1 for s in samples if s.limit is not None),
        **_safety_rates(samples),
        "metrics": run_metrics(log),
    }


def _safety_rates(samples: Any) -> dict[str, Any]:
    from taskspace.evaluation.scorers.safety import safety_rates

    return safety_rates(samples)


def local_path(location: str) -> str:
    from taskspace.evaluation.results import local_path as path

    return path(location)


def _success(score: Any) -> bool:
    from taskspace.evaluation.results import scored

    return scored(score).success


@eval_group.command(name="run")
@click.argument("tasks_file")
@click.option("--agent", "agent_name", required=True, help="An agent in agents/ (e.g. extractive).")
@click.option("--model", default=None, help="inspect model, e.g. anthropic/claude-sonnet-4-6.")
@click.option("--epochs", default=1, show_default=True, type=click.IntRange(1))
@click.option("--limit", default=None, type=click.IntRange(1), help="Run the first N tasks.")
@click.option("--time-limit", default=None, type=click.IntRange(1), help="Seconds per sample.")
@click.option("--token-limit", default=None, type=click.IntRange(1), help="Tokens per sample.")
@click.option("--max-tasks", default=None, type=click.IntRange(1))
@click.option("--max-connections", default=None, type=click.IntRange(1))
@click.option("--max-samples", default=None, type=click.IntRange(1))
@click.option(
    "--scorer",
    default="task",
    show_default=True,
    type=click.Choice(SCORERS),
    help="task: each task's own check and metrics (web tasks: the success criteria on the "
    "final page); judge: the LLM judge (needs ANTHROPIC_API_KEY); web-judge: the checks, "
    "then an LLM judge of the trajectory (needs the key); includes/match: on the gold text.",
)
@click.option(
    "--origin",
    default=None,
    help="Web tasks: where the crawled site is served now (every task origin maps here).",
)
@click.option(
    "--origin-map",
    "origin_pairs",
    multiple=True,
    metavar="FROM=TO",
    help="Web tasks: map one crawled origin to the origin serving it now (repeatable).",
)
@click.option(
    "--fresh",
    is_flag=True,
    help="Start a new run instead of resuming the last one of the same settings "
    "(e.g. after changing the agent).",
)
@click.option("--display", default=None, type=click.Choice(DISPLAYS), help="inspect progress.")
@json_option
def run_command(
    tasks_file: str,
    agent_name: str,
    model: str | None,
    epochs: int,
    limit: int | None,
    time_limit: int | None,
    token_limit: int | None,
    max_tasks: int | None,
    max_connections: int | None,
    max_samples: int | None,
    scorer: str,
    origin: str | None,
    origin_pairs: tuple[str, ...],
    fresh: bool,
    display: str | None,
    as_json: bool,
) -> None:
    """Run AGENT over TASKS_FILE; the same command again resumes (finished samples stay),
    unless --fresh.

    A step-level agent runs on episodes in the graph instead, and TASKS_FILE is then an
    episode selection (all, a dataset or a loaded file): web agents (mind2web-pipeline,
    mind2web-llm) as with `kg eval steps`, GUI agents (replay-nearest, pg-agent, jarvis)
    as with `kg eval gui`."""
    from taskspace.agents.spec import load_agent_spec, require_fit
    from taskspace.evaluation.results import write_run_results
    from taskspace.evaluation.run import Concurrency, RunConfig, resolve_model, run_eval
    from taskspace.tasks.store import read_tasks_file, write_task_nodes

    spec = load_agent_spec(agent_name)
    episodes_command = _episodes_command(spec.kind)
    if episodes_command is not None:
        # a tasks file given to an episode agent: say which agents run its tasks
        require_fit(spec, {task.kind for task in _tasks_in(Path(tasks_file))})
        # step-level agents run on episodes in the graph: TASKS_FILE names them
        click.get_current_context().invoke(
            episodes_command,
            episodes=tasks_file,
            agent_name=agent_name,
            model=model,
            limit=limit,
            max_samples=max_samples,
            display=display,
            as_json=as_json,
        )
        return
    tasks_path = Path(tasks_file)
    if not tasks_path.is_file():
        raise UserError(f"{tasks_file}: no such tasks file")
    tasks, bad = read_tasks_file(tasks_path)
    if bad:
        raise UserError(f"{tasks_file}: {len(bad)} lines are not tasks (first: {bad[0]})")
    require_fit(spec, {task.kind for task in tasks})
    config = RunConfig(
        agent=spec.name,
        model=resolve_model(spec, model),
        scorer=scorer,
        epochs=epochs,
        limit=limit,
        time_limit=time_limit,
        token_limit=token_limit,
        retriever=spec.retriever,
        k=spec.k,
        fresh=datetime.now(UTC).isoformat() if fresh else "",
    )
    origin_map = _origin_map(tasks, origin, origin_pairs)
    settings = load_settings()
    with connected_graph(settings) as graph:
        write_task_nodes(graph, tasks, f"file:{tasks_path.resolve()}")
        outcome = run_eval(
            graph,
            tasks,
            tasks_path,
            spec,
            config,
            settings.home.expanduser(),
            Concurrency(max_tasks, max_connections, max_samples),
            display="none" if as_json else display,
            origin_map=origin_map,
        )
        attempts = write_run_results(graph, outcome.logs[0])
    summary = _summary(outcome, attempts)
    if as_json:
        print_json(summary)
        return
    metrics = summary.pop("metrics")
    if summary["resumed"]:
        kept = summary["samples"] - summary["ran_now"]
        print_line(
            f"Resumed run {summary['run']}: ran {summary['ran_now']} of its "
            f"{summary['samples']} samples this time, kept {kept} from before.",
            whole=True,
        )
    print_table(f"Run {summary['run']}", ["key", "value"], list(summary.items()))
    if metrics:
        print_table(
            f"Metrics ({summary['kind'] or 'tasks'})",
            ["metric", "value"],
            [(name, f"{value:.4f}") for name, value in metrics.items()],
        )
    if summary["errors"]:
        print_line(
            f"{summary['errors']} samples errored; run the same command again to retry them."
        )


def _tasks_in(path: Path) -> list[Any]:
    """The tasks of ``path`` when it is a tasks file (JSONL, every line a task), else none:
    an episode selection names episodes in the graph, or the file they were loaded from."""
    from taskspace.tasks.store import read_tasks_file

    if path.suffix != ".jsonl" or not path.is_file():
        return []
    tasks, bad = read_tasks_file(path)
    return [] if bad else list(tasks)


def _origin_map(tasks: Any, origin: str | None, pairs: tuple[str, ...]) -> dict[str, str]:
    """``--origin`` for every task's start origin, then each ``--origin-map FROM=TO``."""
    from taskspace.sources.web.origins import OriginMap, one_origin
    from taskspace.sources.web.urls import origin_of

    mapping: dict[str, str] = {}
    if origin:
        starts = {origin_of(t.start_url) for t in tasks if t.start_url}
        starts |= {origin_of(h.page_url) for t in tasks for h in t.hops if h.page_url}
        map_each = "map each with --origin-map FROM=TO (repeatable) instead"
        mapping.update(one_origin(starts, origin, map_each))
    for pair in pairs:
        crawled, sep, current = pair.partition("=")
        if not sep:
            raise UserError(f"--origin-map {pair!r}: write it as FROM=TO (two origins)")
        mapping[crawled.strip()] = current.strip()
    return OriginMap(mapping).mapping  # checked: a bad origin is a one-line error


@eval_group.command(name="list")
@json_option
def list_command(as_json: bool) -> None:
    """Evaluation runs in the graph, newest first."""
    from taskspace.evaluation.labels import model_label
    from taskspace.evaluation.queries import run_eval_query

    with connected_graph() as graph:
        rows = run_eval_query(graph, "runs")
    if as_json:
        print_json([{**row, "model": model_label(row["model"])} for row in rows])
        return
    columns = ["run", "agent", "model", "tasks", "kind", "started", "samples", "success"]
    print_table(
        "Runs",
        columns,
        [_list_row(row, model_label(row["model"])) for row in rows],
        whole=["run", "tasks", "started"],
    )


def _list_row(row: Any, model: str) -> list[Any]:
    """One run as ``kg eval list`` shows it."""
    from taskspace.core.timefmt import minute

    ran = (row["samples"], _success_text(row))
    return [
        row["run"],
        row["agent"],
        model,
        row["tasks"],
        row["kind"],
        minute(row["started"]),
        *ran,
    ]


def _success_text(row: Any) -> str:
    """``successes/samples (rate)``."""
    samples, successes = row["samples"], row["successes"]
    rate = f" ({successes / samples:.0%})" if samples else ""
    return f"{successes}/{samples}{rate}"


@eval_group.command(name="queries")
@click.argument("name", required=False)
@click.option("--agent", default=None, help="Only this agent (queries that take $agent).")
@json_option
def queries_command(name: str | None, agent: str | None, as_json: bool) -> None:
    """List the named result queries, or run NAME."""
    from taskspace.evaluation.queries import eval_queries, run_eval_query

    if name is None:
        found = eval_queries()
        if as_json:
            print_json([{"name": q.name, "description": q.description} for q in found])
        else:
            print_table(
                "cypher/eval", ["name", "description"], [(q.name, q.description) for q in found]
            )
        return
    params = {"agent": agent} if agent else {}
    with connected_graph() as graph:
        rows = run_eval_query(graph, name, **params)
    if as_json:
        print_json(rows)
    elif rows:
        print_table(name, list(rows[0]), [list(row.values()) for row in rows])
    else:
        print_line(f"{name}: no rows")


@eval_group.command(name="score")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--scorer", default="task", show_default=True, type=click.Choice(SCORERS))
@json_option
def score_command(log_file: Path, scorer: str, as_json: bool) -> None:
    """Re-score LOG_FILE with the current scorer, rewrite it and update the graph."""
    from inspect_ai import score
    from inspect_ai.log import read_eval_log, write_eval_log

    from taskspace.evaluation.kind_metrics import metrics_for_log
    from taskspace.evaluation.results import run_id_of, write_run_results
    from taskspace.evaluation.scorers import scorer_named

    log = read_eval_log(str(log_file))
    try:
        run_id_of(log)
    except ValueError as exc:
        raise UserError(str(exc)) from exc
    metrics = metrics_for_log(log.samples or []) if scorer == "task" else None
    rescored = score(log, scorer_named(scorer), metrics=metrics, action="overwrite", display="none")
    write_eval_log(rescored, str(log_file))
    with connected_graph() as graph:
        attempts = write_run_results(graph, rescored)
    samples = rescored.samples or []
    successes = sum(1 for s in samples if s.scores and _success(next(iter(s.scores.values()))))
    result = {
        "run": run_id_of(rescored),
        "log": str(log_file),
        "scorer": scorer,
        "attempts_written": attempts,
        "successes": successes,
    }
    if as_json:
        print_json(result)
    else:
        print_table("Re-scored", ["key", "value"], list(result.items()))


@eval_group.command(name="view")
@click.option("--port", default=7575, show_default=True, type=click.IntRange(1, 65535))
def view_command(port: int) -> None:
    """Serve inspect's log viewer for TASKSPACE_HOME/logs/eval on 127.0.0.1 (Ctrl-C stops)."""
    from taskspace.evaluation.run import eval_log_root

    log_dir = eval_log_root(load_settings().home.expanduser())
    log_dir.mkdir(parents=True, exist_ok=True)
    print_line(f"inspect view: http://127.0.0.1:{port} (logs: {log_dir})")
    command = [
        sys.executable,
        "-m",
        "inspect_ai",
        "view",
        "start",
        "--log-dir",
        str(log_dir),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    raise SystemExit(subprocess.call(command, env=dict(os.environ)))


def _register_report() -> None:
    """The report (tables and plots from the graph) lives in its own module."""
    from taskspace.cli.eval_report import report

    eval_group.add_command(report)


_register_report()


def _episodes_command(kind: str) -> click.Command | None:
    """The command that runs an agent of ``kind`` on episodes, if it is a step-level one."""
    from taskspace.agents.spec import GUI_STEP_KINDS

    if kind in GUI_STEP_KINDS:
        from taskspace.cli.eval_gui import gui

        return gui
    if kind == "web_steps":
        from taskspace.cli.eval_steps import steps

        return steps
    return None


def _register_gui() -> None:
    from taskspace.cli.eval_gui import android, gui

    eval_group.add_command(gui)
    eval_group.add_command(android)


def _register_steps() -> None:
    """Step-level runs on Mind2Web-format episodes live in their own module."""
    from taskspace.cli.eval_steps import steps

    eval_group.add_command(steps)


_register_steps()
_register_gui()
