"""The seeded anchor window: each sampling seed reads its own bounded slice of the id
space (wrapping at the end), the same seed the same slice, and re-derivation still finds
every task by its anchor."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.templates.engine import (
    build_task,
    rederive_many,
    run_template_query,
    window_start,
)
from taskspace.generators.templates.templates import load_templates, template_root
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.store import write_jsonl
from tests.support.locations import REPO

FIXTURES = REPO / "examples" / "documents"
SCAN = 2

WINDOW = re.compile(
    r"UNION ALL.*?\$start AS from.*?\.id >= from.*?LIMIT \$scan.*?"
    r"size\(after\) < \$scan THEN from ELSE '' END AS until.*?\.id < until.*?LIMIT \$scan.*?"
    r"after \+ before\[0\.\.\$scan - size\(after\)\]",
    re.S,
)


def test_every_document_and_web_template_reads_the_seeded_window() -> None:
    queries = sorted(
        path
        for folder in ("documents", "web")
        for path in (template_root() / folder).glob("*.cypher")
    )
    assert len(queries) >= 20
    lacking = [path.name for path in queries if not WINDOW.search(path.read_text("utf-8"))]
    assert lacking == [], f"templates without the seeded anchor window: {lacking}"


def _expected_window(ids: list[str], start: str, scan: int) -> list[str]:
    """``scan`` ids from ``prefix:start`` on in id order, then from the first id."""
    prefix = ids[0].split(":", 1)[0] + ":"
    after = [item for item in ids if item >= prefix + start]
    before = [item for item in ids if item < prefix + start]
    return (after + before)[:scan]


def test_two_seeds_read_different_windows_and_their_tasks_re_derive(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    report = load_documents(graph, [FIXTURES])
    assert not report.failed, report.failed
    spec = next(spec for spec in load_templates("doc") if spec.name == "section_title")
    sections = sorted(row["id"] for row in graph.read_text("MATCH (s:Section) RETURN s.id AS id"))
    every = {row["anchor"] for row in run_template_query(graph, spec, limit=500)}
    assert len(sections) > 4 * SCAN

    # Two seeds whose windows (computed here from the ids alone) do not overlap and hold
    # an anchor of the template. Which seeds those are follows from the ids (the files'
    # keys and positions), so they are found here, not fixed.
    windows = {seed: _expected_window(sections, window_start(seed), SCAN) for seed in range(400)}
    useful = [seed for seed in windows if set(windows[seed]) & every]
    first = useful[0]
    second = next(seed for seed in useful if not set(windows[seed]) & set(windows[first]))
    rows = {
        seed: run_template_query(graph, spec, limit=500, scan=SCAN, seed=seed)
        for seed in (first, second)
    }
    anchors = {seed: {row["anchor"] for row in rows[seed]} for seed in rows}
    for seed in rows:
        assert anchors[seed] == set(windows[seed]) & every, seed
        assert anchors[seed], seed
    assert not anchors[first] & anchors[second]
    # The same seed reads the same window again; no seed reads the first ids only.
    assert run_template_query(graph, spec, limit=500, scan=SCAN, seed=second) == rows[second]
    assert windows[first] != sections[:SCAN] or windows[second] != sections[:SCAN]
    # A seed that starts near the end of the id space reads the last ids and the first.
    wrapping = next(seed for seed, ids in windows.items() if ids[0] > ids[-1])
    wrapped = run_template_query(graph, spec, limit=500, scan=SCAN, seed=wrapping)
    assert {row["anchor"] for row in wrapped} == set(windows[wrapping]) & every

    # Tasks made from both windows re-derive by their anchors, in one query and by the CLI.
    tasks = [
        task
        for seed in rows
        for row in rows[seed]
        if (task := build_task(spec, row, seed=seed)) is not None
    ]
    assert len(tasks) >= 2
    assert all(rederive_many(graph, spec, tasks).values())
    out = tmp_path / "tasks.jsonl"
    write_jsonl(tasks, out)
    verified = CliRunner().invoke(cli, ["sample", "verify", str(out), "--json"], env=server_env)
    assert verified.exit_code == 0, verified.output
    summary = json.loads(verified.output)
    assert summary["failed"] == [] and summary["verified"] == len(tasks)
