"""Runs are listed in the order they ran even when two began, or began and ended, in the same
second (inspect keeps a start and an end to the second; a run can take less than one): the
report's columns, --latest and `kg eval list` follow it, never the ids' order."""

from __future__ import annotations

from taskspace.evaluation.queries import run_eval_query
from taskspace.graph.connection import Graph
from taskspace.reports.data import read_report, resolve_runs

SECOND = "2026-11-27T04:23:45+00:00"


def record(graph: Graph, run_id: str, started: str, finished: str) -> None:
    """Write a run the way `kg eval run` does: through the run-merging query."""
    graph.write_text(
        graph.queries.text("eval/merge_run"),
        rows=[
            {
                "id": run_id,
                "started": started,
                "props": {"agent": "extractive", "model": "none/none", "finished": finished},
            }
        ],
    )


def test_runs_begun_in_the_same_second_are_ordered_by_their_ends(graph: Graph) -> None:
    # ids in the opposite order to the runs, and recorded the other way: the ends decide
    record(graph, "run-aaaa-second", SECOND, "2026-11-27T04:23:46+00:00")
    record(graph, "run-zzzz-first", SECOND, SECOND)
    ids = ["run-zzzz-first", "run-aaaa-second"]
    assert [run.id for run in read_report(graph, list(reversed(ids))).runs] == ids
    assert resolve_runs(graph, [], latest=True) == ["run-aaaa-second"]


def test_runs_begun_and_ended_in_the_same_second_keep_the_order_they_were_recorded(
    graph: Graph,
) -> None:
    # two sub-second runs in a row tie on start and end; the ids run the other way
    ids = ["run-zzzz-first", "run-mmmm-second", "run-aaaa-third"]
    for run_id in ids:
        record(graph, run_id, SECOND, SECOND)
    assert [run.id for run in read_report(graph, list(reversed(ids))).runs] == ids
    assert resolve_runs(graph, [], latest=True) == ["run-aaaa-third"]
    listed = [row["run"] for row in run_eval_query(graph, "runs")]
    assert listed == list(reversed(ids))
    # a resumed run keeps its place: writing it again does not move it
    record(graph, "run-zzzz-first", SECOND, SECOND)
    assert [run.id for run in read_report(graph, ids).runs] == ids
