"""Run the MCP server on one transport until the client (stdio) or Ctrl-C (HTTP) ends it."""

from __future__ import annotations

from collections.abc import Callable

import anyio

from taskspace.graph.connection import Graph
from taskspace.mcp.auth import BearerTokenGuard
from taskspace.mcp.server import build_server
from taskspace.tools.graph.toolbox import GraphTools, ToolLimits

HOST = "127.0.0.1"
PATH = "/mcp"


def serve_stdio(graph: Graph, limits: ToolLimits) -> None:
    server = build_server(GraphTools(graph, limits))
    anyio.run(server.run_stdio_async)


def serve_http(
    graph: Graph,
    limits: ToolLimits,
    port: int,
    token: str,
    on_ready: Callable[[str], None] | None = None,
) -> None:
    """Streamable HTTP on 127.0.0.1 only, every request checked for the bearer token."""
    import uvicorn

    server = build_server(GraphTools(graph, limits))
    app = BearerTokenGuard(server.streamable_http_app(streamable_http_path=PATH, host=HOST), token)
    config = uvicorn.Config(app, host=HOST, port=port, log_level="warning", access_log=False)
    http = uvicorn.Server(config)
    if on_ready is not None:
        on_ready(f"http://{HOST}:{port}{PATH}")
    http.run()
