"""The cached ONNX graph run by OpenVINO, in bfloat16 where the CPU multiplies it natively.

ONNX Runtime's CPU provider has no bfloat16 arithmetic on x86, so on a CPU with bfloat16
matrix instructions (AMX or AVX-512 BF16, Intel Xeon from Sapphire Rapids on) it leaves
them idle. OpenVINO reads the same fused graph (its ONNX reader knows ONNX Runtime's BERT
operators) and, on such a CPU, runs the products in bfloat16 with float32 sums and keeps
the normalisations in float32: the vectors stay within cosine 0.9999 of the float32 ones,
at 2.6–3.3× PyTorch's speed where ONNX Runtime reached 1.1–1.3× (docs/benchmarks.md), so
it is the default there. Elsewhere it would run float32, and ONNX Runtime stays the
default. It only reads a local file: no model conversion tool, no download.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from taskspace.models.errors import EmbeddingError

BF16 = "BF16"
"""What OpenVINO lists among a CPU's capabilities when it multiplies bfloat16 natively."""
_ONE_AT_A_TIME = threading.RLock()
"""Held around every call into OpenVINO. Two threads inside its Python binding at once can
deadlock: one waits, holding the GIL, for a static the other initialises and needs the GIL
for (seen as a hung `kg eval run`). The inference itself releases the GIL, so a thread
waiting here costs only the wait; on two cores the model uses both anyway."""


def native_bf16(core: Any = None) -> bool:
    """Whether OpenVINO is installed and this CPU multiplies bfloat16 natively: where both
    hold, OpenVINO is the default runtime."""
    with _ONE_AT_A_TIME:
        if core is None:
            try:
                import openvino
            except ImportError:
                return False
            core = openvino.Core()
        return BF16 in core.get_property("CPU", "OPTIMIZATION_CAPABILITIES")


class OpenVinoSession:
    """The one call of an ONNX Runtime session the encoder makes (``run``), on OpenVINO.

    Like an ONNX Runtime session, it may be called from several threads at once (the
    loader embeds in a thread of its own while the caller embeds a sample); the calls
    into OpenVINO take turns (:data:`_ONE_AT_A_TIME`)."""

    def __init__(self, path: Path, threads: int) -> None:
        with _ONE_AT_A_TIME:
            self._open(path, threads)

    def _open(self, path: Path, threads: int) -> None:
        try:
            import openvino
        except ImportError as error:
            raise EmbeddingError(
                "TASKSPACE_EMBED_BACKEND=openvino needs the openvino package "
                f"(pip install openvino): {error}"
            ) from error
        core = openvino.Core()
        self.precision = "bf16" if native_bf16(core) else "f32"
        """What the products run in: chosen from the CPU, never left to a default."""
        self._compiled = core.compile_model(
            str(path),
            "CPU",
            {
                "INFERENCE_PRECISION_HINT": self.precision,
                "INFERENCE_NUM_THREADS": str(threads),
                "PERFORMANCE_HINT": "LATENCY",  # one request at a time, every core on it
            },
        )
        self._request = self._compiled.create_infer_request()
        self._outputs = {output.get_any_name(): output for output in self._compiled.outputs}

    def run(self, names: Sequence[str], feed: Mapping[str, NDArray[Any]]) -> list[NDArray[Any]]:
        """The named outputs for one batch, as arrays of their own (the request reuses its
        buffers for the next batch)."""
        with _ONE_AT_A_TIME:
            results = self._request.infer(dict(feed))
            return [np.array(results[self._outputs[name]]) for name in names]
