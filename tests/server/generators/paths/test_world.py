"""Causal paths on our own small world (tests/fixtures/paths/world.nt), loaded through the
real Wikidata loader and app spaces into the real test server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.main import KgGroup
from taskspace.cli.sample import sample_verify
from taskspace.cli.sample_paths import paths
from taskspace.core.settings import Settings
from taskspace.generators.errors import SamplingError
from taskspace.generators.paths.cardinality import make_unique, step_targets
from taskspace.generators.paths.describe import hidden_labels, paraphrase_paths
from taskspace.generators.paths.sampler import path_reader, rederive_path, sample_paths
from taskspace.generators.paths.world import world as world_rules
from taskspace.graph.connection import Graph
from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import StepConstraint
from taskspace.tasks.store import write_jsonl
from tests.support.messages_api import messages_api
from tests.support.paths import WORLD, load_wikidata, problems
from tests.support.web import empty_graph

SEED = 7
MARA, PAPER_LANTERNS, NINTH_FERRY = "Q960101", "Q960002", "Q960004"
TOMAS, PIA = "Q960102", "Q960108"


@pytest.fixture(scope="module")
def world(session_graph: Graph) -> Graph:
    load_wikidata(session_graph, WORLD)
    return session_graph


@pytest.fixture(scope="module")
def reports(world: Graph) -> dict[int, SampleReport]:
    return {level: sample_paths(world, level, 6, SEED) for level in (1, 2, 3)}


def test_every_level_gives_tasks_within_its_steps_and_apps(
    reports: dict[int, SampleReport],
) -> None:
    # NaturalGAIA's levels: L3 is 5-7 nodes and at least 6 atomic tasks, in 3 apps or more
    bounds = {1: ((1, 2), (1, 2)), 2: ((3, 4), (2, 5)), 3: ((6, 7), (3, 7))}
    for level, report in reports.items():
        assert len(report.tasks) == 6, report.as_dict()
        (low, high), (fewest, most) = bounds[level]
        for task in report.tasks:
            assert task.kind == "path" and task.level == level
            assert low <= len(task.path) <= high
            assert task.apps == list(dict.fromkeys(step.app for step in task.path))
            assert fewest <= len(task.apps) <= most
            assert task.score == round(0.5 * len(task.path) / 7 + 0.5 * len(task.apps) / 7, 3)
    assert len({app for task in reports[2].tasks for app in task.apps}) >= 4


def test_every_task_re_derives_and_hides_what_it_passes_through(
    world: Graph, reports: dict[int, SampleReport]
) -> None:
    for report in reports.values():
        for task in report.tasks:
            assert problems(world, task) == [], (task.prompt, problems(world, task))
            start_label = world.read_text(
                "MATCH (i:Item {id: $id}) RETURN i.label AS label", id=task.anchor
            )[0]["label"]
            assert f"“{start_label}”" in task.prompt
            for constraint in (c for s in task.path for c in s.constraints):
                assert (constraint.label or constraint.value) in task.prompt


def test_golden_path_edges_exist_and_each_step_has_one_answer(
    world: Graph, reports: dict[int, SampleReport]
) -> None:
    read = path_reader(world)
    for task in reports[3].tasks:
        previous = task.anchor
        for step in task.path:
            assert step.from_id == previous
            cypher = (
                "MATCH (a:Item {id: $a})-[r]->(b:Item {id: $b}) WHERE type(r) = $type "
                "RETURN count(r) AS n"
            )
            ends = (step.to_id, step.from_id) if step.reverse else (step.from_id, step.to_id)
            found = world.read_text(cypher, a=ends[0], b=ends[1], type=step.relation)
            assert found[0]["n"] == 1
            rows = step_targets(read, step.from_id, step.relation, step.reverse, step.constraints)
            assert [row["id"] for row in rows] == [step.to_id]
            assert step.answer == step.to_label
            rule = world_rules().rule(step.relation, step.reverse)
            dated = rule is not None and bool(rule.identified_by)
            assert (step.fanout > 1 or dated) == bool(step.constraints)
            if dated:
                assert rule is not None
                assert any(rule.met_by(c.kind, c.pid, c.value) for c in step.constraints)
            previous = step.to_id


def test_same_seed_same_tasks_other_seed_other_tasks(
    world: Graph, reports: dict[int, SampleReport]
) -> None:
    again = sample_paths(world, 2, 6, SEED)
    assert [(t.id, t.prompt) for t in again.tasks] == [(t.id, t.prompt) for t in reports[2].tasks]
    other = sample_paths(world, 2, 6, SEED + 1)
    assert {t.id for t in other.tasks} != {t.id for t in reports[2].tasks}


def test_one_to_many_steps_are_made_unique_by_attributes(world: Graph) -> None:
    read, rules = path_reader(world), world_rules()
    attributes = ["P577", "P569", "P136", "P27", "P19"]
    # Mara directed four films, two of them in 2005: a person's films are a reverse step,
    # open in the world, so the one is named by the day it was released
    lanterns = make_unique(read, rules, ("P57", True), MARA, PAPER_LANTERNS, 4, attributes)
    assert lanterns == [StepConstraint(kind="value", pid="P577", value="2005-09-01")]
    assert [r["id"] for r in step_targets(read, MARA, "P57", True, lanterns)] == [PAPER_LANTERNS]
    year = [StepConstraint(kind="year", pid="P577", value="2005")]
    assert [r["id"] for r in step_targets(read, MARA, "P57", True, year)] == [
        "Q960002",
        "Q960003",
    ]
    # two cast members born in 1975 in Linden Vale: a film's cast needs the day of birth
    assert make_unique(read, rules, ("P161", False), NINTH_FERRY, TOMAS, 2, attributes) == [
        StepConstraint(kind="value", pid="P569", value="1975-07-19")
    ]
    # a constraint may not name what the instruction must hide, and nothing else will do
    hidden = ["1975-07-19"]
    assert make_unique(read, rules, ("P161", False), NINTH_FERRY, TOMAS, 2, attributes, hidden) == (
        "not_unique"
    )
    # Tomas is a citizen of one country here: citizenship is not functional in the world,
    # so the step names the country's founding day; his birthplace is functional and bare
    assert make_unique(read, rules, ("P27", False), TOMAS, "Q960402", 1, attributes) == [
        StepConstraint(kind="value", pid="P571", value="1905-06-07")
    ]
    assert make_unique(read, rules, ("P19", False), TOMAS, "Q960302", 1, attributes) == []


def test_a_changed_graph_no_longer_re_derives(
    world: Graph, reports: dict[int, SampleReport]
) -> None:
    # a step narrowed by a date of its target (a year or a full date)
    task, step, constraint = next(
        (t, s, c)
        for r in reports.values()
        for t in r.tasks
        for s in t.path
        for c in s.constraints
        if c.kind in ("year", "value")
    )
    assert rederive_path(world, task)
    wrong = task.model_copy(deep=True)
    wrong.path[-1].answer = "Somebody else"
    assert not rederive_path(world, wrong)
    original = world.read_text(
        f"MATCH (i:Item {{id: $id}}) RETURN i.{constraint.pid} AS value", id=step.to_id
    )[0]["value"]
    world.write_text(
        f"MATCH (i:Item {{id: $id}}) SET i.{constraint.pid} = date('1900-01-01')", id=step.to_id
    )
    try:
        assert not rederive_path(world, task)
    finally:
        world.write_text(
            f"MATCH (i:Item {{id: $id}}) SET i.{constraint.pid} = $value",
            id=step.to_id,
            value=original,
        )
    assert rederive_path(world, task)


def _cli(args: list[str], env: dict[str, str], command: click.Command = paths) -> Any:
    group = KgGroup(commands={command.name or "": command})
    return CliRunner().invoke(group, [command.name or "", *args], env=env)


def test_cli_writes_jsonl_task_nodes_and_verify_passes(
    world: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "paths.jsonl"
    args = ["--level", "2", "-n", "3", "--seed", "1", "-o", str(out), "--json"]
    result = _cli(args, server_env)
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["tasks"] == 3 and payload["level"] == 2 and payload["task_nodes_created"] == 3
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["level"] for line in lines] == [2, 2, 2]
    assert all(line["path"][-1]["answer"] == line["answer"] for line in lines)
    edges = world.read_text(
        "MATCH (t:Task {id: $id})-[:GROUNDED_IN]->(n) RETURN labels(n) AS labels, n.id AS id",
        id=lines[0]["id"],
    )
    grounded = {row["id"] for row in edges}
    assert {s["to_id"] for s in lines[0]["path"]} <= grounded
    assert {f"app:{app}" for app in lines[0]["apps"]} <= grounded
    verified = _cli([str(out), "--json"], server_env, sample_verify)
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output) == {"tasks": 3, "verified": 3, "failed": [], "bad_lines": []}
    table = _cli(["--level", "1", "-n", "2", "--no-graph", "-o", str(out)], server_env)
    assert table.exit_code == 0 and "level-1 causal-path tasks" in table.output


def test_cli_levels_of_ones_own_and_their_errors(
    world: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    """`--levels FILE` replaces the shipped levels; an unknown level or a bad file is said
    in one line naming the level or the file and field."""
    own = tmp_path / "levels.yaml"
    own.write_text(
        "levels:\n  4: {difficulty: hard, nodes: [2, 3], apps: [2, 2], atomic_tasks: [1, 7]}\n",
        encoding="utf-8",
    )
    out = tmp_path / "own.jsonl"
    args = ["--levels", str(own), "--level", "4", "-n", "2", "--no-graph", "-o", str(out)]
    result = _cli([*args, "--json"], server_env)
    assert result.exit_code == 0, result.output
    tasks = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(tasks) == 2
    assert all(t["level"] == 4 and 2 <= len(t["path"]) <= 3 and len(t["apps"]) == 2 for t in tasks)
    unknown = _cli(["--level", "4", "-n", "1", "--no-graph"], server_env)
    assert unknown.exit_code == 1
    assert "No level 4: the levels are 1, 2, 3." in unknown.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("levels:\n  1: {difficulty: easy, nodes: [2, 1]}\n", encoding="utf-8")
    broken = _cli(["--levels", str(bad), "-n", "1", "--no-graph"], server_env)
    assert broken.exit_code == 1
    assert f"{bad}: invalid levels spec: levels.1.nodes" in broken.output
    assert "low bound 2 is above high bound 1" in broken.output
    assert "levels.1.apps: Field required" in broken.output


def test_verify_of_a_mixed_file_asks_each_task_s_own_family(
    world: Graph, reports: dict[int, SampleReport], server_env: dict[str, str], tmp_path: Path
) -> None:
    """A path task that holds, and copies of it filed under the other kinds: only the
    family of each kind judges it, so only the real path task re-derives."""
    task = reports[1].tasks[0]
    copies = [
        task.model_copy(update={"id": f"as-{kind}", "kind": kind})
        for kind in ("doc", "web", "multihop", "gui")
    ]
    out = tmp_path / "mixed.jsonl"
    write_jsonl([task, *copies], out)
    result = _cli([str(out), "--json"], server_env, sample_verify)
    assert result.exit_code == 1, result.output
    assert json.loads(result.output) == {
        "tasks": 5,
        "verified": 1,
        "failed": ["as-doc", "as-web", "as-multihop", "as-gui"],
        "bad_lines": [],
    }


def test_llm_rewrites_are_kept_only_when_faithful_and_spoiler_free(
    reports: dict[int, SampleReport], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tasks = reports[2].tasks[:2]
    leak = hidden_labels(tasks[1])[0]

    def reply(text: str, tool: dict[str, Any]) -> dict[str, Any]:
        instruction = text.split("Instruction: ", 1)[1]
        if instruction == tasks[1].prompt:
            instruction += f" (Hint: it goes through {leak}.)"
        return {"instruction": "Please help: " + instruction}

    with messages_api(reply) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        llm = StructuredLLM(Settings(TASKSPACE_HOME=tmp_path))
        rewritten, changed = paraphrase_paths(llm, tasks)
        paraphrase_paths(llm, tasks)
    assert changed == 1 and len(seen) == 2  # the second run came from the cache
    assert rewritten[0].prompt == "Please help: " + tasks[0].prompt
    assert rewritten[0].generator.startswith("taskspace-llm:")
    assert rewritten[0].fingerprint == tasks[0].fingerprint
    assert rewritten[1] == tasks[1]


def test_without_app_spaces_sampling_says_what_to_load(session_graph: Graph) -> None:
    empty_graph(session_graph)
    with pytest.raises(SamplingError, match="kg load wikidata --apps"):
        sample_paths(session_graph, 1, 1, 0)
