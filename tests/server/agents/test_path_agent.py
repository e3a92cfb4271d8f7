"""The path agent on a real Wikidata excerpt (Al Pacino's films, their cast, birthplaces and
countries: CoDEx-M triples with the KGTK tutorial slice's labels and dates,
tests/fixtures/paths/codex_kgtk_pacino.nt) and the app spaces: the app tools, the agent
through inspect and the local Messages-API server, and ``kg load wikidata --apps``,
``kg sample paths`` and ``kg eval run`` end to end with step metrics on ATTEMPTED.

SANITY CHECK: the model here is a *scripted policy that follows the gold path's tools*
(search the start in the first step's app, then open each step's item and follow its
action). It knows the path from the test, not from the agent: it shows that the tools
expose every step and that scoring credits a correct trajectory, not that a model can
solve the tasks. What it submits it reads from the tool results, never from the gold.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from inspect_ai import Task as EvalTask
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalLog
from inspect_ai.model import get_model

from taskspace.agents.registry import build_solver
from taskspace.agents.spec import load_agent_spec
from taskspace.cli.main import cli
from taskspace.evaluation.scorers.task import task_scorer
from taskspace.generators.paths.difficulty import read_levels
from taskspace.generators.paths.error_judge import JUDGE_ENV
from taskspace.generators.paths.error_judge import SYSTEM as JUDGE_SYSTEM
from taskspace.generators.paths.sampler import sample_paths
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY
from taskspace.tasks.model import Task
from taskspace.tools.apps.toolbox import AppTools
from taskspace.tools.errors import ToolInputError
from tests.support.messages_script_api import (
    Block,
    first_user_text,
    messages_script_api,
    result_text,
    tool_use,
)
from tests.support.paths import FIXTURES
from tests.support.web import empty_graph

EXCERPT = FIXTURES / "codex_kgtk_pacino.nt"

MODEL = "anthropic/claude-test"
MISSED: list[str] = []
"""Gold targets the scripted policy did not find in what the tools listed (must stay empty)."""


@pytest.fixture(scope="module")
def films(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Graph, list[Task]]]:
    """The excerpt and app spaces loaded by `kg load wikidata --apps` into an emptied
    graph; two level-1 path tasks and one long one. Most of the excerpt's long paths run
    through films and their cast in one app: the long task is level 3 of a levels file
    that drops NaturalGAIA's three-app minimum."""
    empty_graph(session_graph)
    loaded = CliRunner().invoke(
        cli, ["load", "wikidata", str(EXCERPT), "--apps", "--json"], env=server_env
    )
    assert loaded.exit_code == 0, loaded.output
    easy = sample_paths(session_graph, 1, 2, 0).tasks
    one_app = tmp_path_factory.mktemp("levels") / "levels.yaml"
    one_app.write_text(
        "levels:\n  3: {difficulty: hard, nodes: [5, 7], apps: [1, 7], atomic_tasks: [6, 7]}\n",
        encoding="utf-8",
    )
    tasks = easy + sample_paths(session_graph, 3, 2, 0, levels=read_levels(one_app)).tasks[:1]
    assert [t.level for t in tasks] == [1, 1, 3]
    yield session_graph, tasks


def start_name(task: Task) -> str:
    """The start item's name, as the instruction quotes it."""
    return task.prompt.split("“", 1)[1].split("”", 1)[0]


def next_call(task: Task, results: list[str]) -> tuple[str, dict[str, Any]] | None:
    """The gold path's next tool call given the results so far (None: time to submit):
    search the start, then at each step open the item and follow the step's action, paging
    on while the step's target is not listed."""
    if not results:
        return "search", {"app": task.path[0].app, "query": start_name(task)}
    position = 1
    for step in task.path:
        if position == len(results):
            return "open_item", {"app": step.app, "item_id": step.from_id}
        position += 1
        follow = {"app": step.app, "item_id": step.from_id, "action": step.action, "limit": 50}
        offset = 0
        while True:
            if position == len(results):
                return "follow", {**follow, "offset": offset}
            listing = json.loads(results[position])
            position += 1
            ids = [item["id"] for item in listing["items"]]
            if step.to_id in ids or offset + len(ids) >= listing["total"]:
                break
            offset += len(ids)
    return None


def found(task: Task, results: list[str], wrong_at: int | None) -> list[str]:
    """What the policy read at each step: the listed item that is the step's target (by
    id, as a person would pick it by its attributes), its label or else its id."""
    listed = [json.loads(text) for text in results if '"action"' in text and '"total"' in text]
    answers = []
    for step in task.path:
        items = [
            item
            for listing in listed
            if (listing["item_id"], listing["action"]) == (step.from_id, step.action)
            for item in listing["items"]
            if item["id"] == step.to_id
        ]
        if not items:
            MISSED.append(f"{task.id} step {step.index}: {step.to_id} not listed")
        answers.append(items[0]["label"] or items[0]["id"] if items else "nothing")
    if wrong_at is not None:
        answers[wrong_at - 1] = "a wrong item"
    return answers


def all_results(request: dict[str, Any]) -> list[str]:
    return [
        result_text(block)
        for message in request["messages"]
        if message["role"] == "user" and not isinstance(message["content"], str)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]


def gold_policy(tasks: list[Task], wrong_at: dict[str, int] | None = None) -> Any:
    """SANITY CHECK policy: the gold path's tool calls, then submit what they showed."""
    by_prompt = {t.prompt: t for t in tasks}

    def script(request: dict[str, Any]) -> list[Block]:
        task = by_prompt[first_user_text(request)]
        results = all_results(request)
        call = next_call(task, results)
        if call is not None:
            return [tool_use(*call)]
        answers = found(task, results, (wrong_at or {}).get(task.id))
        return [tool_use("submit", {"answers": answers, "confidence": 0.9})]

    return script


def test_app_tools_show_each_gold_step_and_refuse_what_an_app_lacks(
    films: tuple[Graph, list[Task]],
) -> None:
    graph, tasks = films
    tools = AppTools(graph)

    async def walk(task: Task) -> None:
        hits = await tools.search(task.path[0].app, start_name(task))
        assert task.anchor in [item.id for item in hits.items], start_name(task)
        for step in task.path:
            page = await tools.open_item(step.app, step.from_id)
            assert step.action in [a.name for a in page.actions]
            listed, offset = [], 0
            while offset < step.fanout:
                page_of = await tools.follow(step.app, step.from_id, step.action, 50, offset)
                assert page_of.total == step.fanout
                listed += page_of.items
                offset += 50
            assert step.to_id in [i.id for i in listed]
            assert len({i.id for i in listed}) == step.fanout  # pages neither overlap nor skip
            shown = page.model_dump_json() + json.dumps([i.model_dump() for i in listed])
            assert task.id not in shown and task.prompt not in shown

    async def refusals() -> list[str]:
        messages = []
        for call in (
            tools.search("no_such_app", "Alien"),
            tools.open_item(app="moviedb", item_id="not-an-id"),
            tools.follow("moviedb", tasks[0].anchor, "no_such_action"),
        ):
            try:
                await call
            except ToolInputError as exc:
                messages.append(str(exc))
        return messages

    for task in tasks:
        anyio.run(walk, task)
    problems = anyio.run(refusals)
    assert problems[0].startswith("no app 'no_such_app' (apps: ")
    assert problems[1].startswith("invalid arguments: item_id")
    assert "offers no action 'no_such_action'" in problems[2]


def run_agent(task: Task, url: str, log_dir: Path, graph: Graph) -> EvalLog:
    sample = Sample(
        id=task.id,
        input=task.prompt,
        target=task.answer,
        metadata={"task_json": task.model_dump_json()},
    )
    solver = build_solver(load_agent_spec("path-agent"), graph)
    logs = inspect_eval(
        EvalTask(dataset=[sample], solver=solver, scorer=task_scorer()),
        model=get_model(MODEL, base_url=url, memoize=False),
        log_dir=str(log_dir),
        display="none",
        max_retries=1,
    )
    assert logs[0].status == "success", logs[0].error and logs[0].error.traceback
    return logs[0]


def test_path_agent_through_inspect_sees_no_gold_and_is_scored_per_step(
    films: tuple[Graph, list[Task]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    graph, tasks = films
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-not-real")
    hard = tasks[2]
    with messages_script_api(gold_policy(tasks, {hard.id: 3})) as (url, requests):
        log = run_agent(hard, url, tmp_path, graph)
    assert log.samples is not None and log.samples[0].scores is not None
    score = log.samples[0].scores["task_scorer"].value
    assert isinstance(score, dict)
    n = len(hard.path)
    # SANITY CHECK policy, step 3 answered wrong on purpose: steps 1-2 then 4..n pass
    assert score["steps_total"] == n and score["steps_passed"] == n - 1
    assert score["steps_leading"] == 2 and score["first_failed_step"] == 3
    assert score["matcr"] == pytest.approx(2 / n)
    weights = sum(range(1, n + 1))
    assert score["patsr_weighted"] == weights - 3 and score["patsr_weight"] == weights
    assert score["success"] == 1.0  # the final answer is still right
    calls = log.samples[0].store[ATTEMPT_STORE_KEY]["calls"]  # the recorded trajectory
    assert calls[0]["tool"] == "search" and calls[0]["arguments"]["app"] == hard.path[0].app
    follows = [c for c in calls if c["tool"] == "follow"]
    assert all(c["error"] is None for c in calls)
    for step in hard.path:  # each gold target listed by a follow of its step's action
        assert any(
            c["arguments"]["item_id"] == step.from_id and step.to_id in c["ids"] for c in follows
        )
    assert "error_class" not in (log.samples[0].scores["task_scorer"].metadata or {})  # succeeded
    sent = json.dumps(requests)
    assert hard.id not in sent and "task_json" not in sent and "GROUNDED_IN" not in sent
    assert MISSED == []


def test_without_a_key_the_path_agent_refuses_in_one_line(
    films: tuple[Graph, list[Task]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(
        Exception, match=r"^agent 'path-agent' needs a model: set ANTHROPIC_API_KEY"
    ):
        build_solver(load_agent_spec("path-agent"), films[0])


def test_kg_eval_run_writes_step_metrics_to_attempted(
    films: tuple[Graph, list[Task]], server_env: dict[str, str], tmp_path: Path
) -> None:
    graph, _ = films
    runner = CliRunner()
    out = tmp_path / "paths.jsonl"
    sampled = runner.invoke(
        cli,
        ["sample", "paths", "--level", "1", "-n", "3", "--seed", "5", "-o", str(out), "--json"],
        env=server_env,
    )
    assert sampled.exit_code == 0, sampled.output
    tasks = [Task.model_validate_json(line) for line in out.read_text().splitlines()]
    assert len(tasks) == 3
    # the policy gets the first task's first step wrong, and the second task's last one
    # (a wrong final answer: a failed task, attributed); a one-step first task fails too
    wrong = {tasks[0].id: 1, tasks[1].id: len(tasks[1].path)}
    failed = sum(wrong.get(t.id) == len(t.path) for t in tasks)
    with messages_script_api(gold_policy(tasks, wrong)) as (url, _):
        env = {**server_env, "ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": url}
        args = ["eval", "run", str(out), "--agent", "path-agent", "--model", MODEL]
        result = runner.invoke(cli, [*args, "--display", "none", "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert MISSED == []
    summary = json.loads(result.output)
    rows = graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) RETURN t.id AS task, a.success AS "
        "success, a.steps_total AS total, a.steps_passed AS passed, a.steps_leading AS "
        "leading, a.first_failed_step AS failed, a.metrics_json AS metrics, a.error_type AS "
        "error_type ORDER BY task",
        run=summary["run"],
    )
    by_task = {row["task"]: row for row in rows}
    assert set(by_task) == {t.id for t in tasks}
    for task in tasks:
        row = by_task[task.id]
        n, w = len(task.path), wrong.get(task.id)
        if w:
            assert (row["passed"], row["leading"], row["failed"]) == (n - 1, w - 1, w)
            assert json.loads(row["metrics"])["matcr"] == pytest.approx((w - 1) / n)
        else:
            assert (row["total"], row["passed"], row["leading"], row["failed"]) == (n, n, n, 0)
            assert json.loads(row["metrics"])["matcr"] == 1.0
        assert row["success"] == (w != n)
        # a failed task: the policy listed the gold item, then answered another (perceptual)
        assert row["error_type"] == (None if row["success"] else "PE")
    # the report: per level and overall, from what ATTEMPTED holds (hand-computed)
    page = tmp_path / "report.html"
    reported = runner.invoke(
        cli, ["eval", "report", summary["run"], "-o", str(page), "--json"], env=server_env
    )
    assert reported.exit_code == 0, reported.output
    (section,) = json.loads(reported.output)["paths"]
    (system,) = section["systems"]
    overall = section["by_level"]["all"][system]
    lengths = [len(t.path) for t in tasks]
    ratios = [(wrong[t.id] - 1) / len(t.path) if t.id in wrong else 1.0 for t in tasks]
    assert overall["attempts"] == 3 and overall["matcr"] == round(sum(ratios) / 3, 4)
    weighted = sum(n * (n + 1) / 2 for n in lengths)
    missed = sum(wrong.values())  # the positional weights p(i) = i of the missed steps
    assert overall["patsr"] == round((weighted - missed) / weighted, 4)
    expected = []
    for task in tasks[:2]:
        step = task.path[wrong[task.id] - 1]
        relation = ("^" if step.reverse else "") + step.relation
        expected.append(
            {"system": system, "step": step.index, "app": step.app, "relation": relation}
        )
    assert section["failures"] == sorted(
        ({**e, "attempts": 1} for e in expected),
        key=lambda e: (e["step"], e["app"], e["relation"]),
    )
    assert section["error_classes"] == {
        system: {"KD": 0, "PRE": 0, "OE": 0, "PE": failed, "SCE": 0, "other": 0}
    }
    html = page.read_text()
    terminal = runner.invoke(
        cli, ["eval", "report", summary["run"], "-o", str(page)], env=server_env
    )
    assert terminal.exit_code == 0, terminal.output
    assert "Causal paths (NaturalGAIA)" in terminal.output
    assert "Failed causal paths by error class" in terminal.output
    assert 'id="paths-error-classes"' in html
    assert 'id="paths-table"' in html and "paths_levels-bar-" in html
    queried = runner.invoke(
        cli, ["eval", "queries", "path_first_failures", "--json"], env=server_env
    )
    assert queried.exit_code == 0, queried.output
    mine = [r for r in json.loads(queried.output) if r["run"] == summary["run"]]
    steps = sorted(wrong.values())
    assert [(r["step"], r["attempts"]) for r in mine] == [
        (i, steps.count(i)) for i in sorted(set(steps))
    ]
    queried = runner.invoke(
        cli, ["eval", "queries", "path_error_classes", "--json"], env=server_env
    )
    assert queried.exit_code == 0, queried.output
    mine = [r for r in json.loads(queried.output) if r["run"] == summary["run"]]
    assert [(r["error_type"], r["attempts"]) for r in mine] == [("PE", failed)]
    reasons = graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->() WHERE a.error_type IS NOT NULL "
        "RETURN a.error_source AS source, a.error_reason AS reason",
        run=summary["run"],
    )
    assert [row["source"] for row in reasons] == ["rules"] * failed
    assert all("gold" in row["reason"] or "listed" in row["reason"] for row in reasons)


def test_kg_eval_run_with_the_error_judge_writes_its_class_and_reason(
    films: tuple[Graph, list[Task]], server_env: dict[str, str], tmp_path: Path
) -> None:
    """With a key and TASKSPACE_PATH_ERROR_JUDGE=1, each failed task costs one judge call
    (the local Messages API answers both the agent and the judge); the judge's class,
    reason and model land on ATTEMPTED, and a success asks nothing."""
    graph, _ = films
    runner = CliRunner()
    out = tmp_path / "judged.jsonl"
    args = ["sample", "paths", "-n", "2", "--seed", "11", "--no-graph", "-o", str(out)]
    assert runner.invoke(cli, args, env=server_env).exit_code == 0
    tasks = [Task.model_validate_json(line) for line in out.read_text().splitlines()]
    assert len(tasks) == 2
    failing = tasks[0]
    agent = gold_policy(tasks, {failing.id: len(failing.path)})
    judged: list[str] = []

    def script(request: dict[str, Any]) -> list[Block]:
        if request.get("system") == JUDGE_SYSTEM:
            judged.append(first_user_text(request))
            return [{"type": "text", "text": "PRE: it answered before reading the listing."}]
        blocks: list[Block] = agent(request)
        return blocks

    with messages_script_api(script) as (url, _):
        env = {
            **server_env,
            "ANTHROPIC_API_KEY": "test-key",
            "ANTHROPIC_BASE_URL": url,
            "TASKSPACE_LLM_MODEL": "claude-judge-test",
            JUDGE_ENV: "1",
        }
        run = ["eval", "run", str(out), "--agent", "path-agent", "--model", MODEL]
        result = runner.invoke(cli, [*run, "--display", "none", "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert len(judged) == 1  # the failed task only
    last = failing.path[-1]
    assert (
        f"Task: {failing.prompt}" in judged[0] and f"-> {last.to_id} ({last.answer})" in judged[0]
    )
    assert '"a wrong item"' in judged[0] and "Agent's tool calls:" in judged[0]
    rows = graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) RETURN t.id AS task, a.success AS "
        "success, a.error_type AS type, a.error_reason AS reason, a.error_source AS source",
        run=json.loads(result.output)["run"],
    )
    by_task = {row["task"]: row for row in rows}
    assert by_task[failing.id] == {
        "task": failing.id,
        "success": False,
        "type": "PRE",
        "reason": "it answered before reading the listing.",
        "source": "claude-judge-test",
    }
    passed = by_task[tasks[1].id]
    assert passed["success"] and (passed["type"], passed["reason"], passed["source"]) == (
        None,
        None,
        None,
    )
