"""A small HTTP server on 127.0.0.1 that speaks the Anthropic Messages API.

The real ``anthropic`` client (through instructor) talks to it over HTTP, so the LLM path
is tested end to end without the network. ``reply`` decides each answer's tool input.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[str, dict[str, Any]], dict[str, Any]]


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that reads JSON, sends whole bodies and keeps the test output quiet."""

    def read_json(self) -> dict[str, Any]:
        body: dict[str, Any] = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        return body

    def send_body(self, status: int, data: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        return


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve ``handler`` on a free port of 127.0.0.1 in a thread; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def messages_api(reply: Reply) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Yields (base_url, requests seen); ``reply(user_text, tool)`` gives the tool input."""
    seen: list[dict[str, Any]] = []

    class Handler(QuietHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            seen.append(body)
            tool = body["tools"][0]
            content = body["messages"][-1]["content"]
            text = content if isinstance(content, str) else content[0]["text"]
            payload = {
                "id": f"msg_{len(seen)}",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 12, "output_tokens": 12},
                "content": [
                    {
                        "type": "tool_use",
                        "id": f"toolu_{len(seen)}",
                        "name": tool["name"],
                        "input": reply(text, tool),
                    }
                ],
            }
            self.send_body(200, json.dumps(payload).encode(), "application/json")

    with serving(Handler) as url:
        yield url, seen
