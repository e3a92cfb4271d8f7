"""Sentences of document prose, split by pysbd, whose rules know abbreviations.

A regular expression that cuts after every ". " before a capital cuts "Mozilla
Corporation Ltd. Its ..." right, but also "Apple Inc. in 2010" wrong when a name follows,
and a gold summary or claim ends mid-name. pysbd (the Golden Rules segmenter) keeps
"Ltd.", "Inc.", "e.g.", "Fig.", "U.S." and decimal numbers whole.

Every place that splits document text into sentences (chunking, entity extraction, the
key sentences stored on paragraphs for the templates) calls :func:`split_sentences`, so
they agree. pysbd costs about 5 ms per paragraph, and the same paragraph is split by
several of them: results are cached per text.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

import pysbd

_NO_CUT = re.compile(r"[.!?…]")
"""A text with none of these marks is one sentence: pysbd is not asked."""

_local = threading.local()


def _segmenter() -> pysbd.Segmenter:
    """One segmenter per thread (pysbd keeps per-call state on the instance)."""
    segmenter = getattr(_local, "segmenter", None)
    if segmenter is None:
        segmenter = pysbd.Segmenter(language="en", clean=False)
        _local.segmenter = segmenter
    return segmenter


@lru_cache(maxsize=8192)
def _split(text: str) -> tuple[str, ...]:
    if not _NO_CUT.search(text.rstrip(".!?…\"'”’) ")):
        return (text,)
    return tuple(part.strip() for part in _segmenter().segment(text) if part.strip())


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` (whitespace at either end trimmed), in order."""
    stripped = " ".join(text.split())
    if not stripped:
        return []
    return list(_split(stripped))


def first_sentence(text: str) -> str:
    """The opening sentence of ``text`` (all of it when it is one sentence)."""
    sentences = split_sentences(text)
    return sentences[0] if sentences else ""
