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


@contextmanager
def messages_api(reply: Reply) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Yields (base_url, requests seen); ``reply(user_text, tool)`` gives the tool input."""
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
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
            data = json.dumps(payload).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()
