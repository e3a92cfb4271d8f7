"""The one spoiler check every generator runs: a prompt may not name what it asks for.

Templates hide the answer heading or URL, causal paths the entities they pass through,
multihop chains every hop's answer; all of them drop a candidate whose prompt (or LLM
rewrite) names one of its hidden values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def named(prompt: str, values: Iterable[str]) -> list[str]:
    """The values the prompt names as whole words, ignoring case and spacing."""
    flat = " ".join(prompt.split())
    found = set()
    for value in values:
        words = value.split()
        if not words:
            continue
        pattern = r"\s+".join(re.escape(word) for word in words)
        if re.search(rf"(?<!\w){pattern}(?!\w)", flat, re.IGNORECASE):
            found.add(" ".join(words))
    return sorted(found)
