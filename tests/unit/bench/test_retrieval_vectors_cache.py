"""The retrieval bench's vector cache pairs vectors only with the text they were made from."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from bench.retrieval_bench import vectors_for


def test_cached_vectors_are_reused_for_the_same_text_and_made_again_for_other_text(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "vectors.npy"
    texts = ["The borrow checker rejects two mutable references.", "Neo4j stores a graph."]
    first = vectors_for(texts, cache)
    assert first.shape == (2, 384)
    assert (tmp_path / "vectors.npy.sha256").is_file()

    # Same text: the file is read, not recomputed (a marker written into it comes back).
    np.save(cache, np.zeros_like(first))
    assert not vectors_for(texts, cache).any()

    # Other text of the same count: embedded again, and the cache follows it.
    other = ["A lighthouse keeper logs the weather.", "Fermentation turns sugar into acid."]
    again = vectors_for(other, cache)
    assert np.allclose(np.linalg.norm(again, axis=1), 1.0, atol=1e-3)
    assert np.allclose(np.load(cache), again)


def test_a_cache_without_its_digest_is_not_trusted(tmp_path: Path) -> None:
    cache = tmp_path / "vectors.npy"
    np.save(cache, np.zeros((1, 384), dtype=np.float32))
    vectors = vectors_for(["One sentence about rivers and their deltas."], cache)
    assert vectors.any()
