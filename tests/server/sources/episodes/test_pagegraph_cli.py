"""`kg load episodes`, `kg guide` and `kg sample gui` against the test server."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.server.isolated import free_port
from taskspace.sources.episodes.loader import load_episode_items
from taskspace.tasks.store import read_jsonl
from tests.support.episodes import FIXTURES
from tests.support.pagegraph import FIND, REPLY, SEND, screen_of, world, write_jsonl


def _kg(env: Mapping[str, str | None], *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def test_load_episodes_json_and_reload(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    path = write_jsonl(tmp_path / "world.jsonl", world())
    code, output = _kg(server_env, "load", "episodes", str(path), "--json")
    assert code == 0, output
    report = json.loads(output)
    assert {k: report[k] for k in ("episodes", "steps", "screens", "transitions")} == {
        "episodes": 4,
        "steps": 18,
        "screens": 7,
        "transitions": 9,
    }
    assert report["datasets"] == {"jsonl": 4} and report["errors"] == 0
    assert report["loaded"] == [str(path)] and report["failed"] == []
    code, output = _kg(server_env, "load", "episodes", str(path), "--format", "jsonl")
    assert code == 0 and "Episodes loaded" in output
    assert "0 nodes and 0 relationships created" in output
    source = graph.read_text("MATCH (s:Source {kind: 'episodes'}) RETURN s.checksum AS c")
    assert len(source) == 1 and len(source[0]["c"]) == 64


def test_load_episodes_reports_bad_files(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    good = write_jsonl(tmp_path / "good.jsonl", world()[:1])
    broken = tmp_path / "broken.json"
    broken.write_text('{"task": "x", "steps": [', encoding="utf-8")
    missing = tmp_path / "nowhere.json"
    args = ("load", "episodes", str(good), str(broken), str(missing), "--json")
    code, output = _kg(server_env, *args)
    assert code == 0  # partly loaded: the good file went in
    report = json.loads(output)
    assert report["episodes"] == 1
    assert [(e["input"], e["reason"]) for e in report["failed"]][1] == (
        str(missing),
        "no such file or folder",
    )
    assert report["failed"][0]["input"] == str(broken) and report["errors"] == 0
    assert (report["status"], report["outcome"]) == ("partial", "Partly loaded: 1 of 3 files.")
    code, output = _kg(server_env, "load", "episodes", str(good), str(broken))
    assert code == 0 and "Partly loaded: 1 of 2 files." in output
    assert "Records not loaded" in output
    code, output = _kg(server_env, "load", "episodes", str(broken))
    assert code == 1 and "Nothing loaded: none of the 1 files loaded." in output
    code, output = _kg(server_env, "load", "episodes", str(good), "--format", "odyssey")
    assert code == 1 and "Nothing loaded" in output  # read as GUI Odyssey: refused
    code, output = _kg(server_env, "load", "episodes", str(missing))
    assert (code, output.strip()) == (1, f"Error: no such file or folder: {missing}")


def test_load_mind2web_live_and_guide_from_a_rico_dump(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    live = FIXTURES / "real" / "mind2web_live" / "mind2web-live_test_excerpt.json"
    code, output = _kg(server_env, "load", "episodes", str(live), "--json")
    assert code == 0, output
    report = json.loads(output)
    assert (report["episodes"], report["datasets"]) == (10, {"mind2web_live": 10})
    assert report["status"] == "partial" and report["errors"] == 1  # task 86: start page only
    assert len(report["error_details"]) == 1 and report["failed"] == []
    tasks = graph.read_text(
        "MATCH (e:Episode {dataset: 'mind2web_live', app: 'gamestop'}) RETURN e.task AS t"
    )
    assert [row["t"][:30] for row in tasks] == ["Find the store location and ho"]
    rico = FIXTURES / "real" / "rico" / "525.json"
    line = {
        "id": "gallery-1",
        "platform": "android",
        "task": "Cancel picking a photo",
        "steps": [
            {"observation": {"ui_dump": str(rico)}, "action": {"kind": "tap", "point": [1300, 160]}}
        ],
    }
    path = tmp_path / "rico.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    code, output = _kg(server_env, "load", "episodes", str(path))
    assert code == 0 and "Loaded: all 1 files." in output
    code, output = _kg(server_env, "guide", "--ui-dump", str(rico), "--json")
    assert code == 0, output
    guidelines = json.loads(output)
    assert [(g["actions"], g["tasks"]) for g in guidelines][:1] == [
        (['tap "Cancel"'], ["Cancel picking a photo"])
    ]


def test_load_episodes_llm_needs_a_key(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    path = write_jsonl(tmp_path / "one.jsonl", world()[:1])
    env: dict[str, str | None] = {**server_env, "ANTHROPIC_API_KEY": None}
    code, output = _kg(env, "load", "episodes", str(path), "--llm")
    assert code == 1 and "--llm" in output and "ANTHROPIC_API_KEY" in output
    assert graph.read_text("MATCH (e:Episode) RETURN count(e) AS n") == [{"n": 0}]


def test_guide_json_table_and_errors(graph: Graph, server_env: dict[str, str]) -> None:
    load_episode_items(graph, world())
    inbox = screen_of(graph, "test/send", 0)
    summary = graph.read_text("MATCH (s:Screen {id: $id}) RETURN s.summary AS s", id=inbox)[0]["s"]
    code, output = _kg(server_env, "guide", summary, "-n", "1", "--layers", "1", "--json")
    assert code == 0, output
    found = json.loads(output)
    assert [(g["actions"], g["tasks"]) for g in found] == [
        (['tap "Search mail"'], [FIND, REPLY]),
        (['tap "Compose"'], [SEND]),
    ]
    assert found[0]["start"] == inbox
    code, output = _kg(
        server_env, "guide", summary, "-n", "1", "-k", "1", "--app", "com.example.mail"
    )
    assert code == 0 and "1 guidelines" in output and "Search mail" in output
    code, output = _kg(server_env, "guide")
    assert code == 1 and "give a SUMMARY or --ui-dump" in output
    code, output = _kg(server_env, "guide", "x", "--layers", "0")
    assert code == 2 and "--layers" in output
    down = {**server_env, "TASKSPACE_BOLT_PORT": str(free_port())}
    code, output = _kg(down, "guide", "inbox")
    assert code == 1 and "not reachable" in output


def test_sample_gui_same_seed_same_tasks_and_verify(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    load_episode_items(graph, world())
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    code, output = _kg(
        server_env, "sample", "gui", "-n", "3", "--seed", "3", "-o", str(first), "--json"
    )
    assert code == 0, output
    report = json.loads(output)
    assert report["tasks"] == 3 and report["dropped_unverified"] == 0
    assert report["task_nodes_created"] == 3
    code, _ = _kg(server_env, "sample", "gui", "-n", "3", "--seed", "3", "-o", str(second))
    assert code == 0 and first.read_text() == second.read_text()
    tasks = read_jsonl(first)
    for task in tasks:
        assert task.kind == "gui" and task.type == "gui_navigation"
        assert task.answer == " → ".join(a for hop in task.route for a in hop.actions)
        assert task.route[0].start == task.anchor and len(task.route) <= 3
        assert [g.id for g in task.grounding] == [task.anchor] + [h.end for h in task.route]
    grounded = graph.read_text(
        "MATCH (t:Task {kind: 'gui'})-[:GROUNDED_IN]->(s:Screen) RETURN count(*) AS n"
    )
    assert grounded == [{"n": sum(len(t.grounding) for t in tasks)}]
    code, output = _kg(server_env, "sample", "verify", str(first), "--json")
    assert code == 0 and json.loads(output)["verified"] == 3
    # Remove a transition a task's route uses: that task no longer re-derives.
    used = tasks[0].route[0].key
    graph.write_text("MATCH ()-[t:TRANSITION {key: $key}]->() DELETE t", key=used)
    code, output = _kg(server_env, "sample", "verify", str(first), "--json")
    assert code == 1 and tasks[0].id in json.loads(output)["failed"]


def test_sample_gui_on_an_empty_graph_says_what_to_do(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    code, output = _kg(server_env, "sample", "gui", "-o", str(tmp_path / "x.jsonl"))
    assert code == 1 and "load GUI episodes first" in output


def test_a_bad_episode_record_is_listed_in_a_file_and_strict_fails_the_load(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    """#27: the skipped record is in the file the last line names; --strict exits 3."""
    path = write_jsonl(tmp_path / "world.jsonl", world())
    with path.open("a", encoding="utf-8") as out:
        out.write('{"task": "cut short", "steps": [\n')
    code, output = _kg(server_env, "load", "episodes", str(path))
    assert code == 0, output
    last = output.rstrip().splitlines()[-1]
    head = "Partly loaded: 1 of 1 files, 1 record(s) skipped (all listed in "
    assert last.startswith(head) and last.endswith(").")
    listed = [json.loads(line) for line in Path(last[len(head) : -2]).read_text().splitlines()]
    assert [(r["file"], r["record"] is not None) for r in listed] == [(str(path), True)]
    assert listed[0]["reason"]
    code, output = _kg(server_env, "load", "episodes", str(path), "--strict", "--json")
    assert code == 3
    report = json.loads(output)
    assert report["status"] == "partial" and report["errors"] == 1
    assert Path(report["bad_records_file"]).read_text().count("\n") == 1


def test_bad_mind2web_records_are_shown_as_written(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    """A reason with brackets is printed as it is (no markup escapes), and an ``actions``
    that is a string is one bad record, not one per character."""
    tasks = json.loads((FIXTURES / "mind2web" / "raw_tasks.json").read_text(encoding="utf-8"))
    short = json.loads(json.dumps(tasks[0]))
    short["actions"][1] = ["CLICK", "[link]"]
    spelled = {**tasks[0], "actions": "click Women, then Shoes"}
    path = tmp_path / "mind2web.json"
    path.write_text(json.dumps([tasks[1], short, spelled]), encoding="utf-8")
    args = ("load", "episodes", str(path), "--format", "mind2web")
    code, output = _kg(server_env, *args)
    assert code == 0, output
    assert "expected [operation, role, element text], got ['CLICK', '[link]']" in output
    assert "\\[" not in output
    code, output = _kg(server_env, *args, "--json")
    report = json.loads(output)
    reasons = [(e["record"], e["reason"]) for e in report["error_details"]]
    assert reasons == [
        ("task 1 action 1", "expected [operation, role, element text], got ['CLICK', '[link]']"),
        ("task 2", "'actions' is not a list, got str"),
    ]
