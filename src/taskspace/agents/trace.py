"""What an agent looked at, as short readable events of the inspect transcript.

An offline agent has no model conversation to show, so without these events its sample in
``kg eval view`` says nothing about why it answered as it did. Every agent records what it
read through :func:`looked_at`: one ``info`` event (``source`` = the agent or environment)
whose data is a small dict with ``looked_at`` naming what was read (``retrieval``,
``walk``, ``page``, ``screens``, ``route``, ``neighbours``, ``candidates``) and the ids,
titles and scores a person would check. Texts are cut to :data:`EXCERPT` characters and
lists to :data:`ROWS` items (a query or title at the top level keeps up to
:data:`TEXT`), so a transcript stays readable and a log stays small.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from inspect_ai.log import transcript
from pydantic import JsonValue

from taskspace.retrieval.model import Retrieval

EXCERPT = 160
"""Characters of a text kept in an event's rows (an excerpt, not the passage)."""
TEXT = 600
"""Characters of a text kept at an event's top level (a query, a prompt: whole if short)."""
ROWS = 20
"""Items of a list kept in an event; the rest are counted, not shown."""
KEY = "looked_at"
"""The key every such event's data has: what was read."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def capped(value: JsonValue) -> JsonValue:
    """``value`` with every text cut to an excerpt and every list to :data:`ROWS` items
    (a last item says how many were left out)."""
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, Mapping):
        return {key: capped(item) for key, item in value.items()}
    if isinstance(value, Sequence):
        kept: list[JsonValue] = [capped(item) for item in value[:ROWS]]
        if len(value) > ROWS:
            kept.append(f"… {len(value) - ROWS} more")
        return kept
    return value


def looked_at(source: str, what: str, **fields: JsonValue) -> None:
    """Record in the sample's transcript that ``source`` read ``what``: one info event."""
    data: dict[str, JsonValue] = {KEY: what}
    for name, value in fields.items():
        data[name] = excerpt(value, TEXT) if isinstance(value, str) else capped(value)
    transcript().info(data, source=source)


def retrieved(source: str, retrieval: Retrieval) -> None:
    """A retriever's query and the nodes it returned, best first: id, label, where from
    (document and heading path), score and an excerpt."""
    looked_at(
        source,
        "retrieval",
        retriever=retrieval.retriever,
        query=retrieval.question,
        k=retrieval.k,
        nodes=[
            {
                "id": item.node_id,
                "label": item.label,
                "source": item.where(" › "),
                "score": round(item.score, 4),
                "excerpt": item.text,
            }
            for item in retrieval.items
        ],
    )
