"""The fingerprint that ties a task to what the graph rendered for it."""

from __future__ import annotations

from taskspace.graph.ids import stable_id


def fingerprint(prompt: str, answer: str) -> str:
    """Hash of the offline prompt and the answer: re-derivation must reproduce it."""
    return stable_id("fp", prompt, answer)
