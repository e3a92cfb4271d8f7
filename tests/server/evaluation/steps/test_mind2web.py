"""kg eval steps end to end: real Mind2Web tasks and SeeAct-shaped steps loaded with
kg load episodes, the offline pipeline run through inspect, results in the graph."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.agents.spec import load_agent_spec
from taskspace.agents.steps.offline import OfflinePredictor
from taskspace.agents.steps.pipeline import PipelineConfig
from taskspace.agents.trace import excerpt
from taskspace.cli.main import cli
from taskspace.environments.web_steps.environment import step_views
from taskspace.environments.web_steps.serial import OUTCOMES_KEY
from taskspace.environments.web_steps.tasks import site_pools, task_from_episode
from taskspace.evaluation.steps.web.evaluate import evaluate_all, summary_of
from taskspace.graph.connection import Graph
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Episode
from tests.support import SHARED_DATA
from tests.support.locations import TESTS
from tests.support.trace import looked_at

RAW = SHARED_DATA / "benchmarks" / "mind2web" / "mind2web_raw_tasks.json"
SEEACT = TESTS / "fixtures" / "webeval" / "seeact_queries.jsonl"
SITES = ("exploretock", "redbox")
STEPS = ["eval", "steps", "--display", "none", "--json"]


def kg(env: dict[str, str], *args: str) -> Any:
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.fixture(scope="module")
def loaded(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    if not RAW.is_file():
        pytest.skip(f"shared Mind2Web tasks not found at {RAW}")
    tasks = [task for task in json.loads(RAW.read_text()) if task["website"] in SITES]
    path = tmp_path_factory.mktemp("m2w") / "two_sites.json"
    path.write_text(json.dumps(tasks))
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    result = kg(server_env, "load", "episodes", str(path), str(SEEACT), "--json")
    assert result.exit_code == 0, result.output
    yield path


def _attempts(graph: Graph, run: str, label: str) -> list[dict[str, Any]]:
    return graph.read_text(
        f"MATCH (:Run {{id: $run}})-[a:ATTEMPTED]->(n:{label}) RETURN properties(a) AS a",
        run=run,
    )


def test_offline_pipeline_run_is_scored_and_written(
    session_graph: Graph, server_env: dict[str, str], loaded: Path
) -> None:
    result = kg(server_env, *STEPS, "mind2web")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    episodes = [e for e in read_episodes(loaded) if isinstance(e, Episode)]
    assert report["run"]["episodes"] == len(episodes) == 13
    steps = sum(len(e.steps) for e in episodes)
    assert report["run"]["steps"] == steps
    # the graph path scores exactly as the pure pipeline on the parsed file
    tasks = [task_from_episode(e) for e in episodes]
    expected = summary_of(
        evaluate_all(tasks, site_pools(tasks), PipelineConfig(), OfflinePredictor())
    )
    for key in ("ele_acc", "op_f1", "step_sr", "re_acc", "ap_acc", "grounding_acc"):
        assert report["metrics"][key]["micro"] == round(expected.micro[key], 4)
        assert report["metrics"][key]["macro_flex"] == round(expected.macro[key + "_flex"], 4)
        assert report["metrics"][key]["micro_flex"] >= report["metrics"][key]["micro"] or key in (
            "ap_acc",
            "grounding_acc",
        )
    assert 0 < report["metrics"]["re_acc"]["micro"] <= 1
    run = report["run"]["run"]
    on_episodes = _attempts(session_graph, run, "Episode")
    on_steps = _attempts(session_graph, run, "Step")
    assert len(on_episodes) == 13 and len(on_steps) == steps
    assert all(
        {"ele_acc", "op_f1", "step_sr", "re_acc", "predicted"} <= set(a["a"]) for a in on_steps
    )
    assert sum(a["a"]["step_sr"] for a in on_steps) == round(expected.micro["step_sr"] * steps)
    # each step's transcript names the best-ranked candidates it read and the action chosen
    (log,) = session_graph.read_text("MATCH (r:Run {id: $run}) RETURN r.log_path AS p", run=run)
    final = load_agent_spec("mind2web-pipeline").selection
    for sample in read_eval_log(log["p"], resolve_attachments=True).samples or []:
        views = list(step_views(sample.metadata))
        outcomes = sample.store[OUTCOMES_KEY]
        events = looked_at(sample, "candidates", source="mind2web-pipeline")
        assert [e["step"] for e in events] == list(range(len(views)))
        for event, view, outcome in zip(events, views, outcomes, strict=True):
            shown = {c.uid: excerpt(c.describe()) for c in view.candidates}
            assert [r["id"] for r in event["ranked"]] == outcome["ranked"][:10]
            assert all(r["element"] == shown[r["id"]] for r in event["ranked"])
            assert event["selected"] == outcome["selected"][final]
    # the same command again resumes the same run and adds no edge
    again = kg(server_env, *STEPS, "mind2web")
    assert json.loads(again.output)["run"]["run"] == run
    assert len(_attempts(session_graph, run, "Step")) == steps
    listed = json.loads(kg(server_env, "eval", "list", "--json").output)
    assert any(row["run"] == run and row["samples"] == 13 for row in listed)
    # the report's step section sums the same values back from the graph
    page = loaded.parent / "report.html"
    shown = kg(server_env, "eval", "report", run, "-o", str(page), "--json")
    assert shown.exit_code == 0, shown.output
    (entry,) = json.loads(shown.output)["step_metrics"]
    assert (entry["run"], entry["episodes"], entry["steps"]) == (run, 13, steps)
    assert entry["micro"]["step_sr"] == report["metrics"]["step_sr"]["micro"]
    assert entry["macro"]["re_acc_flex"] == report["metrics"]["re_acc"]["macro_flex"]
    assert entry["task_sr"]["task_sr"] == report["task_sr"]
    # inspect's viewer shows the micro Step SR too (not the mean of episode means)
    recorded = json.loads(shown.output)["runs"][0]["metrics"]
    assert recorded["step_sr"] == pytest.approx(expected.micro["step_sr"], abs=1e-6)
    assert recorded["macro_step_sr"] == pytest.approx(expected.macro["step_sr"], abs=1e-6)
    assert recorded["task_sr"] == pytest.approx(expected.task_sr["task_sr"], abs=1e-6)
    assert json.loads(shown.output)["runs"][0]["kind"] == "web-steps"
    html = page.read_text()
    assert 'id="step_metrics"' in html and 'id="step_metrics-bar-1-2"' in html
    # the headline table shows the micro Step SR inspect recorded, beside Ele.Acc and Op.F1
    table = html.split('id="run_metrics-web-steps"', 1)[1].split("</table>", 1)[0]
    assert "Ele.Acc" in table and "Op.F1" in table and "Step SR" in table
    assert f"{recorded['step_sr']:.3f}" in table


def test_seeact_steps_use_their_own_candidates(
    session_graph: Graph, server_env: dict[str, str], loaded: Path
) -> None:
    result = kg(server_env, *STEPS, "seeact")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["run"]["episodes"], report["run"]["steps"]) == (1, 2)
    # 3 and 5 candidates: all within the top 50, so ranking keeps the gold element
    assert report["metrics"]["re_acc"]["micro"] == 1.0


def test_unknown_selection_and_wrong_command_are_one_line(
    server_env: dict[str, str], loaded: Path, tmp_path: Path
) -> None:
    result = kg(server_env, "eval", "steps", "aitw")
    assert result.exit_code == 1
    assert "no Mind2Web-format episodes for 'aitw'" in result.output
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("")
    # kg eval run with a step-level agent takes an episode selection, as kg eval steps does
    wrong = kg(server_env, "eval", "run", str(tasks), "--agent", "mind2web-pipeline")
    assert wrong.exit_code == 1
    assert f"no Mind2Web-format episodes for '{tasks}'" in wrong.output
    same = kg(server_env, "eval", "run", "seeact", "--agent", "mind2web-pipeline", "--json")
    assert same.exit_code == 0, same.output
    assert json.loads(same.output)["run"]["steps"] == 2
    missing = kg(server_env, "eval", "run", str(tmp_path / "none.jsonl"), "--agent", "extractive")
    assert missing.exit_code == 1 and "no such tasks file" in missing.output
    other = kg(server_env, "eval", "steps", "mind2web", "--agent", "extractive")
    assert other.exit_code == 1
    assert "not a step-level web agent" in other.output
