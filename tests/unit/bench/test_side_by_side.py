"""The side-by-side run reads each bench's JSON after its progress lines, and the embedding
bench's arithmetic rate counts the encoder's work as the model defines it."""

from __future__ import annotations

import json

from bench.embedding_bench import model_flops
from bench.side_by_side import bulk_figures, last_json


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


def test_model_flops_count_weights_and_attention_per_token() -> None:
    # one 100-token text: 6 layers x (24 x 384² + 4 x 100 x 384) FLOPs per token
    assert model_flops([100]) == 6 * (24 * 384 * 384 + 4 * 100 * 384) * 100
    assert model_flops([10, 20]) == model_flops([10]) + model_flops([20])
