"""A small Messages-API server on 127.0.0.1 whose replies a test scripts per request.

Like tests/messages_api.py, but for agents: ``script(request)`` returns the content blocks
of the reply (``text(...)``, ``tool_use(...)``), so a test can drive a tool-using loop
through the real ``anthropic`` client and inspect's anthropic provider. Every request body
is recorded, so a test can check what the model was (and was not) shown. Streamed requests
get the same reply as server-sent events.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.support.messages_api import QuietHandler, serving

Block = dict[str, Any]
Script = Callable[[dict[str, Any]], list[Block]]


def text(words: str) -> Block:
    return {"type": "text", "text": words}


def tool_use(name: str, arguments: dict[str, Any]) -> Block:
    """A tool call; the server gives it a unique id."""
    return {"type": "tool_use", "name": name, "input": arguments}


def tool_results(request: dict[str, Any]) -> list[Block]:
    """The tool_result blocks of the request's last user message."""
    content = request["messages"][-1]["content"]
    if isinstance(content, str):
        return []
    return [block for block in content if block.get("type") == "tool_result"]


def result_text(block: Block) -> str:
    content = block.get("content", "")
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content)


def tool_names(request: dict[str, Any]) -> dict[str, str]:
    """Tool-use id -> tool name over every assistant turn in the request."""
    names: dict[str, str] = {}
    for message in request["messages"]:
        if message["role"] == "assistant" and not isinstance(message["content"], str):
            for block in message["content"]:
                if block.get("type") == "tool_use":
                    names[block["id"]] = block["name"]
    return names


def first_user_text(request: dict[str, Any]) -> str:
    """The text of the request's first user message (the task's question)."""
    content = request["messages"][0]["content"]
    if isinstance(content, str):
        return content
    return "".join(block.get("text", "") for block in content if block.get("type") == "text")


def assistant_turns(request: dict[str, Any]) -> int:
    return sum(message["role"] == "assistant" for message in request["messages"])


def stream_events(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The server-sent events that stream ``message`` (inspect streams some requests)."""
    yield {"type": "message_start", "message": {**message, "content": [], "stop_reason": None}}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            start: dict[str, Any] = {"type": "text", "text": ""}
            delta: dict[str, Any] = {"type": "text_delta", "text": block["text"]}
        else:
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        yield {"type": "content_block_start", "index": index, "content_block": start}
        yield {"type": "content_block_delta", "index": index, "delta": delta}
        yield {"type": "content_block_stop", "index": index}
    yield {
        "type": "message_delta",
        "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
        "usage": {"output_tokens": message["usage"]["output_tokens"]},
    }
    yield {"type": "message_stop"}


@contextmanager
def messages_script_api(script: Script) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Yields (base_url, requests seen); each reply's content is ``script(request)``."""
    seen: list[dict[str, Any]] = []
    lock = threading.Lock()

    class Handler(QuietHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            with lock:
                seen.append(body)
                number = len(seen)
            try:
                blocks = [dict(block) for block in script(body)]
            except Exception as exc:  # a broken script must fail the test, not be retried
                self.reply(
                    400,
                    {
                        "type": "error",
                        "error": {
                            "type": "invalid_request_error",
                            "message": f"script failed: {exc!r}",
                        },
                    },
                )
                raise
            for index, block in enumerate(blocks):
                if block["type"] == "tool_use":
                    block["id"] = f"toolu_{number}_{index}"
            uses_tool = any(block["type"] == "tool_use" for block in blocks)
            payload = {
                "id": f"msg_{number}",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "stop_reason": "tool_use" if uses_tool else "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 20, "output_tokens": 10},
                "content": blocks,
            }
            if not body.get("stream"):
                self.reply(200, payload)
                return
            data = b"".join(
                f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()
                for event in stream_events(payload)
            )
            self.send_body(200, data, "text/event-stream")

        def reply(self, status: int, payload: dict[str, Any]) -> None:
            self.send_body(status, json.dumps(payload).encode(), "application/json")

    with serving(Handler) as url:
        yield url, seen
