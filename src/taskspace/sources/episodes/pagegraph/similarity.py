"""How alike two screens are: by UI tree, by screenshot, by visible text.

Each measure is a number in [0, 1] and knows nothing of pages; ``matching`` and ``jump``
decide what the numbers mean. The screenshot measure is a perceptual hash (pHash) made with
Pillow and numpy: the lowest frequencies of the discrete cosine transform of a small grey
image, each compared with their median. A changed clock or an opened popup moves a few
bits; another page moves about half of them, as for unrelated images. (A difference hash
was tried first: on screens that are mostly white background, unrelated pages agreed on
most of its bits, because flat areas give the same bits everywhere.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from PIL import Image, UnidentifiedImageError

from taskspace.core.words import split_tokens

HASH_SAMPLE = 64
"""The screenshot is reduced to HASH_SAMPLE x HASH_SAMPLE grey pixels before the transform."""
HASH_SIDE = 16
"""The hash keeps the HASH_SIDE x HASH_SIDE lowest frequencies: 256 bits."""


def bag(signatures: Iterable[str]) -> frozenset[str]:
    """Signatures as a set that keeps multiplicity (``sig#1``, ``sig#2`` …).

    A list of twelve identical rows and a list of two are different layouts; a plain set
    would call them the same.
    """
    counts = Counter(signatures)
    return frozenset(f"{sig}#{n}" for sig, count in counts.items() for n in range(1, count + 1))


def jaccard(a: Iterable[str], b: Iterable[str]) -> float:
    """|a ∩ b| / |a ∪ b|; two empty sets are alike (1.0)."""
    left, right = set(a), set(b)
    union = left | right
    return len(left & right) / len(union) if union else 1.0


def text_similarity(a: str, b: str) -> float:
    """Jaccard over words (``taskspace.core.words.split_tokens``): robust to reordering,
    blind to wording."""
    return jaccard(split_tokens(a), split_tokens(b))


def image_hash(path: str | Path) -> str | None:
    """The pHash of an image as a string of HASH_SIDE² '0'/'1' characters, or None when the
    file is missing or not an image. A bit string, not an integer, because Cypher compares
    it character by character in the guideline query (Cypher has no bit operations)."""
    try:
        with Image.open(path) as image:
            grey = image.convert("L").resize((HASH_SAMPLE, HASH_SAMPLE), Image.Resampling.LANCZOS)
            pixels = np.asarray(grey, dtype=np.float64)
    except (OSError, UnidentifiedImageError, ValueError):
        return None
    basis = _dct_basis(HASH_SAMPLE)
    low = (basis @ pixels @ basis.T)[:HASH_SIDE, :HASH_SIDE].flatten()
    median = float(np.median(low[1:]))  # the first coefficient is the mean brightness
    return "".join("1" if value > median else "0" for value in low)


@lru_cache(maxsize=4)
def _dct_basis(size: int) -> NDArray[np.float64]:
    """The orthonormal DCT-II matrix: ``basis @ x @ basis.T`` transforms an image."""
    frequency = np.arange(size)[:, None]
    position = np.arange(size)[None, :]
    basis = np.cos(np.pi * (2 * position + 1) * frequency / (2 * size))
    basis[0] /= np.sqrt(2)
    return np.asarray(basis * np.sqrt(2 / size), dtype=np.float64)


def hash_similarity(a: str, b: str) -> float:
    """1 - normalised Hamming distance between two hashes of equal length."""
    if len(a) != len(b) or not a:
        raise ValueError("hashes of different lengths cannot be compared")
    return 1.0 - sum(x != y for x, y in zip(a, b, strict=True)) / len(a)
