"""A Messages-API server on 127.0.0.1 that answers in plain text (no tool use), for agents
that ask the model for JSON in the reply itself. ``reply(body)`` gives each answer."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.support.messages_api import QuietHandler, serving

TextReply = Callable[[dict[str, Any]], str]


def user_text(body: dict[str, Any]) -> str:
    """Every text the request carries (system and messages), joined."""
    parts = [json.dumps(body.get("system", ""))]
    for message in body["messages"]:
        content = message["content"]
        if isinstance(content, str):
            parts.append(content)
        else:
            parts += [block.get("text", "") for block in content if isinstance(block, dict)]
    return "\n".join(parts)


@contextmanager
def messages_text_api(reply: TextReply) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Yields (base_url, requests seen)."""
    seen: list[dict[str, Any]] = []
    lock = threading.Lock()

    class Handler(QuietHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            with lock:
                seen.append(body)
                text = reply(body)
            payload = {
                "id": f"msg_{len(seen)}",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 50, "output_tokens": 20},
                "content": [{"type": "text", "text": text}],
            }
            if body.get("stream"):
                self._stream(payload, text)
                return
            data = json.dumps(payload).encode()
            self.send_body(200, data, "application/json")

        def _stream(self, payload: dict[str, Any], text: str) -> None:
            """The same reply as server-sent events (inspect's anthropic provider streams)."""
            start = {**payload, "content": [], "stop_reason": None}
            events = [
                ("message_start", {"type": "message_start", "message": start}),
                (
                    "content_block_start",
                    {
                        "type": "content_block_start",
                        "index": 0,
                        "content_block": {"type": "text", "text": ""},
                    },
                ),
                (
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "text_delta", "text": text},
                    },
                ),
                ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                (
                    "message_delta",
                    {
                        "type": "message_delta",
                        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                        "usage": {"output_tokens": 20},
                    },
                ),
                ("message_stop", {"type": "message_stop"}),
            ]
            data = "".join(f"event: {n}\ndata: {json.dumps(e)}\n\n" for n, e in events).encode()
            self.send_body(200, data, "text/event-stream")

    with serving(Handler) as url:
        yield url, seen
