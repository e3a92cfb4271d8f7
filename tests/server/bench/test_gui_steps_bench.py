"""bench.gui_steps_bench run twice on the shared GUI episodes: the second run stopped with a
JSONDecodeError (inspect's "Completed all tasks" on stderr was read as the JSON), and its
end-to-end time was a resume that ran nothing, which it now says."""

from __future__ import annotations

import json

import pytest
from bench import gui_steps_bench

from taskspace.graph.connection import Graph


@pytest.mark.skipif(
    not all(path.exists() for path in gui_steps_bench.SOURCES),
    reason=f"the shared GUI episodes are not at {gui_steps_bench.SHARED}",
)
def test_a_second_run_prints_its_figures_and_says_it_timed_a_resume(
    bench_graph: Graph,
    capsys: pytest.CaptureFixture[str],
) -> None:
    results = []
    for _ in range(2):
        gui_steps_bench.main(["--repeat", "1"])
        results.append(json.loads(capsys.readouterr().out))
    first, second = results
    for result in results:
        assert result["best"]["episodes"] == 3
        assert result["best"]["steps"] == 76
        assert result["kg_eval_gui"]["run"]["status"] == "success"
        assert len(result["load_average"]) == 3
    assert "kg_eval_gui_resumed" not in first
    assert "timed a resume" in second["kg_eval_gui_resumed"]
    assert second["kg_eval_gui"]["run"]["run"] == first["kg_eval_gui"]["run"]["run"]
