"""How a run is named to people: its model (``offline`` for agents that call none) and
the file name of its tasks. Kept free of inspect so that listings and reports stay light."""

from __future__ import annotations

OFFLINE_MODEL = "mockllm/model"
"""inspect needs a model; agents that need none never call it."""
OFFLINE = "offline"


def model_label(model: str | None) -> str:
    """``offline`` for inspect's placeholder model, else the model as inspect names it."""
    return OFFLINE if model == OFFLINE_MODEL else (model or "")


def tasks_name(source: str | None) -> str:
    """A tasks file by its name (``doc-seed0.jsonl``); an episode selection as given."""
    if not source:
        return ""
    return source if source.startswith("episodes:") else source.rsplit("/", 1)[-1]
