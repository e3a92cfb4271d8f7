"""bench.sampling_bench on real documents in a real server: the warm-up reports its rounds,
calls the rate steady only by its own rule, and leaves the timed samples as they were."""

from __future__ import annotations

import pytest
from bench import sampling_bench

from taskspace.graph.connection import Graph
from taskspace.sources.derived import refresh_derived


def test_the_warm_up_reports_rounds_and_does_not_change_what_is_timed(examples: Graph) -> None:
    cold = sampling_bench.run(["doc"], count=5, seed=0, repeat=1)
    warmed = sampling_bench.run(["doc"], count=5, seed=0, repeat=1, warm_up_seconds=8)
    assert "warm_up" not in cold
    rounds = warmed["warm_up"]["rounds"]
    assert rounds, warmed["warm_up"]
    assert all(row["doc"]["tasks_per_second"] > 0 for row in rounds)
    assert all(row["doc"]["server_ms"] > 0 and row["doc"]["other_ms"] > 0 for row in rounds)
    rates = [row["tasks_per_second"] for row in rounds]
    assert warmed["warm_up"]["steady"] is sampling_bench.settled(rates)
    # the warm-up takes other seeds: the timed sample is the same one either way
    for key in ("tasks", "candidates"):
        assert [r[key] for r in warmed["results"]] == [r[key] for r in cold["results"]], key
    assert warmed["results"][0]["tasks"] > 0


def test_a_graph_without_shown_names_is_named_on_stderr_not_only_skipped(
    examples: Graph, capsys: pytest.CaptureFixture[str]
) -> None:
    """A graph loaded before documents had shown names gives no document task; the bench
    says why and what mends it, as ``kg sample`` does."""
    graph = examples
    graph.run_autocommit("MATCH (d:Document) REMOVE d.shown, d.shown_ambiguous")
    try:
        result = sampling_bench.run(["doc"], count=5, seed=0, repeat=1)
        assert result["skipped"] == ["doc"]
        err = capsys.readouterr().err
        assert "Warning (doc):" in err and "the name tasks call them by" in err, err
        assert "`kg init` derives them" in err
    finally:
        assert refresh_derived(graph).named > 0
    assert sampling_bench.run(["doc"], count=5, seed=0, repeat=1)["skipped"] == []
    assert "Warning" not in capsys.readouterr().err
