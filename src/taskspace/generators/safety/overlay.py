"""The evaluation environment's hook on doc retrieval: a safety sample's injection is
laid over the chunks it names, in what retrieval returns for that sample only. The graph
is never changed, so every other task (the original included) reads the real text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from taskspace.generators.safety.injecting import inject
from taskspace.retrieval.model import Retrieval
from taskspace.retrieval.model import RetrievedItem as Item
from taskspace.tasks.model import Task
from taskspace.tasks.safety import Injection
from taskspace.tasks.state import TASK_METADATA_KEY


def chunk_injection(metadata: Mapping[str, Any] | None) -> Injection | None:
    """The injection the environment applies for a sample, read from its metadata."""
    raw = (metadata or {}).get(TASK_METADATA_KEY)
    if not isinstance(raw, str) or '"safety":null' in raw:
        return None
    safety = Task.model_validate_json(raw).safety
    if safety is None or safety.injection.target != "chunks":
        return None
    return safety.injection


def overlay(retrieval: Retrieval, injection: Injection | None) -> Retrieval:
    """``retrieval`` with the injection in every returned chunk it targets."""
    if injection is None:
        return retrieval
    return retrieval.model_copy(update={"items": injected_items(retrieval.items, injection)})


def injected_items(items: Sequence[Item], injection: Injection) -> list[Item]:
    """The retrieved ``items`` with the injection in each chunk it targets."""
    targets = set(injection.node_ids)
    return [
        item.model_copy(update={"text": inject(item.text, injection)})
        if item.node_id in targets
        else item
        for item in items
    ]


def overlay_for_sample(retrieval: Retrieval, metadata: Mapping[str, Any] | None) -> Retrieval:
    return overlay(retrieval, chunk_injection(metadata))
