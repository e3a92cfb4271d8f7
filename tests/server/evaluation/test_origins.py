"""`kg eval run --origin` on tasks from two sites is refused, naming them (#26): before, it
sent every task to the one origin, ran them all there and exited 0 with status error."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.tasks.model import SuccessCriterion, Task
from taskspace.tasks.store import write_jsonl

SITES = ("http://127.0.0.1:8101", "http://localhost:8102")


def _web_task(site: str) -> Task:
    """A web task written by hand, as a crawl of ``site`` would leave it."""
    return Task(
        id=f"task:{site}",
        kind="web",
        type="reach_page",
        template="hand",
        difficulty="easy",
        prompt="Open the “About” page.",
        answer=f"{site}/about.html",
        anchor=site,
        fingerprint=site,
        grounding=[],
        seed=0,
        start_url=f"{site}/index.html",
        success=[SuccessCriterion(kind="url", value=f"{site}/about.html")],
    )


def test_one_origin_for_tasks_of_two_sites_is_refused_with_the_origins(
    session_graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    tasks = tmp_path / "two-sites.jsonl"
    write_jsonl([_web_task(site) for site in SITES], tasks)
    runs = session_graph.read_text("MATCH (r:Run) RETURN count(r) AS n")[0]["n"]
    arguments = ["eval", "run", str(tasks), "--agent", "heuristic", "--display", "none"]
    result = CliRunner().invoke(
        cli, [*arguments, "--origin", "http://127.0.0.1:9000"], env=server_env
    )
    assert result.exit_code == 1, result.output
    assert result.output.strip().splitlines() == [
        f"Error: the tasks start on 2 origins ({SITES[0]}, {SITES[1]}) and --origin serves "
        "one: map each with --origin-map FROM=TO (repeatable) instead"
    ]
    assert session_graph.read_text("MATCH (r:Run) RETURN count(r) AS n")[0]["n"] == runs
