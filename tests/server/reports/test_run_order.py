"""Runs are listed in the order they ran even when two began in the same second (a start
is kept to the second; a run can take less than one): the report's columns and --latest
follow it, never the ids' order."""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.reports.data import read_report, resolve_runs

RUNS = [  # ids in the opposite order to the runs: the ids must not decide
    ("run-zzzz-first", "2026-11-27T04:23:45+00:00", "2026-11-27T04:23:45+00:00"),
    ("run-aaaa-second", "2026-11-27T04:23:45+00:00", "2026-11-27T04:23:46+00:00"),
]


def test_runs_begun_in_the_same_second_keep_the_order_they_ran_in(graph: Graph) -> None:
    for run_id, started, finished in RUNS:
        graph.run_autocommit(
            "CREATE (:Run {id: $id, agent: 'extractive', model: 'none/none', "
            "started: $started, finished: $finished, status: 'success'})",
            id=run_id,
            started=started,
            finished=finished,
        )
    ids = [run_id for run_id, _, _ in RUNS]
    assert [run.id for run in read_report(graph, list(reversed(ids))).runs] == ids
    assert resolve_runs(graph, [], latest=True) == ["run-aaaa-second"]
