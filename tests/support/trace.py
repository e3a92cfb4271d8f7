"""What an agent's inspect transcript says it looked at: the ``looked_at`` info events of
one sample of a written ``.eval`` log (``taskspace.agents.trace``)."""

from __future__ import annotations

from typing import Any

from inspect_ai.event import InfoEvent
from inspect_ai.log import EvalSample

from taskspace.agents.trace import KEY


def looked_at(sample: EvalSample, what: str, source: str | None = None) -> list[dict[str, Any]]:
    """The data of the sample's events that say it read ``what``, in order."""
    return [
        dict(event.data)
        for event in sample.events
        if isinstance(event, InfoEvent)
        and isinstance(event.data, dict)
        and event.data.get(KEY) == what
        and (source is None or event.source == source)
    ]
