"""The side-by-side run reads each bench's JSON after its progress lines, says how each
sampling size was warmed and how cost grew with the graph, and the embedding bench's
arithmetic rate counts the encoder's work as the model defines it."""

from __future__ import annotations

import json
from typing import Any

from bench.embedding_bench import model_flops
from bench.side_by_side import bulk_figures, cost_growth, last_json, recalls, sampling_figures


def test_the_json_after_progress_lines_is_read() -> None:
    result = {"median_chunks_per_s": {"onnx": 20.0}, "rounds": [{"round": 0}]}
    printed = '{"round": 0, "backend": "onnx"}\nskipped x.pdf: bad\n' + json.dumps(result, indent=2)
    assert last_json(printed) == result
    assert last_json("no JSON here\n") is None


def test_bulk_figures_give_each_ratio_from_the_same_run() -> None:
    result = {
        "triples": 1_000_310,
        "bulk": {
            "seconds": 30.0,
            "csv_seconds": 7.0,
            "import_seconds": 10.0,
            "restart_seconds": 6.0,
            "schema_seconds": 5.0,
            "csv_over_import": 0.7,
        },
        "rdflib_neo4j": {"seconds": 150.0},
        "transactional": {"seconds": 100.0},
    }
    figures = bulk_figures(result)
    assert figures.startswith("1,000,310 triples: bulk 30.0 s (CSV 7.0, import 10.0")
    assert "rdflib-neo4j 150.0 s (5.00×)" in figures
    assert "transactional 100.0 s (3.33×)" in figures
    assert "transactional over rdflib-neo4j 1.50×" in figures
    assert "rdflib" not in bulk_figures({**result, "rdflib_neo4j": {"skipped": "--peers none"}})
    missing = {**result, "rdflib_neo4j": {"missing": "rdflib-neo4j is not installed"}}
    assert "rdflib-neo4j not run: rdflib-neo4j is not installed" in bulk_figures(missing)


def test_recall_is_said_once_when_every_backend_agrees() -> None:
    assert (
        recalls({"torch": 0.8003, "onnx": 0.8003, "openvino": 0.8003}) == "0.8003 (every backend)"
    )
    assert recalls({"torch": 0.8003, "openvino": 0.79}) == "torch 0.8003, openvino 0.79"
    assert recalls(0.8) == "0.8"


def test_model_flops_count_weights_and_attention_per_token() -> None:
    # one 100-token text: 6 layers x (24 x 384² + 4 x 100 x 384) FLOPs per token
    assert model_flops([100]) == 6 * (24 * 384 * 384 + 4 * 100 * 384) * 100
    assert model_flops([10, 20]) == model_flops([10]) + model_flops([20])


def _sampled(nodes: int, doc: float, web: float, warm_up: dict[str, Any] | None = None) -> Any:
    result: dict[str, Any] = {
        "graph_nodes": nodes,
        "results": [
            {"kind": "doc", "tasks_per_second": doc},
            {"kind": "web", "tasks_per_second": web},
        ],
    }
    return {**result, "warm_up": warm_up} if warm_up else result


def test_sampling_figures_say_how_the_server_was_warmed() -> None:
    rounds = [{"tasks_per_second": 61.0}, {"tasks_per_second": 150.0}]
    warm_up: dict[str, Any] = {
        "rounds": rounds,
        "seconds": 42.5,
        "steady": False,
    }
    figures = sampling_figures(_sampled(9_920, 210.0, 230.5, warm_up))
    assert figures.startswith("9,920 nodes: doc 210.0 tasks/s, web 230.5 tasks/s")
    assert "after 2 untimed rounds in 42.5 s, not settled when the time ran out" in figures
    one_round = {**warm_up, "rounds": rounds[:1]}
    assert "after 1 untimed round in" in sampling_figures(_sampled(9_920, 1.0, 1.0, one_round))
    assert "the first round 61.0 tasks/s" in figures
    assert "settled" in sampling_figures(_sampled(9_920, 1.0, 1.0, {**warm_up, "steady": True}))
    assert "untimed" not in sampling_figures(_sampled(9_920, 1.0, 1.0))


def test_sampling_figures_say_how_fast_the_machine_was() -> None:
    result = {**_sampled(9_920, 90.0, 80.0), "machine": {"python_ms": 68.7, "matmul_gflops": 128.3}}
    assert sampling_figures(result) == (
        "9,920 nodes: doc 90.0 tasks/s, web 80.0 tasks/s"
        " (machine: Python reference 68.7 ms, matmul 128.3 GFLOP/s)"
    )
    assert "machine" not in sampling_figures(_sampled(9_920, 90.0, 80.0))


def test_cost_growth_is_the_ratio_of_rates_per_kind() -> None:
    growth = cost_growth(_sampled(9_920, 200.0, 220.0), _sampled(987_078, 125.0, 220.0))
    assert growth == "9,920 to 987,078 nodes: doc 1.60×, web 1.00×"
    assert cost_growth(None, _sampled(1, 1.0, 1.0)) == "n/a"
