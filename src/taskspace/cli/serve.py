"""``kg serve mcp``: the graph tools for any MCP client (Claude Code, Claude Desktop,
inspect agents), over stdio or streamable HTTP on 127.0.0.1."""

from __future__ import annotations

import contextlib
import errno
import socket

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.errors import PortInUseError
from taskspace.cli.output import error_console

DEFAULT_PORT = 8765


@click.group("serve")
def serve() -> None:
    """Serve the live graph to agents."""


@serve.command("mcp")
@click.option(
    "--http",
    "use_http",
    is_flag=True,
    help="Streamable HTTP on 127.0.0.1 (bearer token) instead of stdio.",
)
@click.option("--port", default=DEFAULT_PORT, show_default=True, help="Port of the HTTP transport.")
@click.option(
    "--cypher-timeout",
    default=20.0,
    show_default=True,
    type=click.FloatRange(min=0.1),
    help="Seconds read_cypher may run on the server.",
)
@click.option(
    "--rows",
    default=100,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Most rows read_cypher returns.",
)
def serve_mcp(use_http: bool, port: int, cypher_timeout: float, rows: int) -> None:
    """Run the MCP server of taskspace's graph tools.

    Tools: retrieve, guidelines, neighbours, node, read_cypher, schema, sample_tasks, task.
    Resources: taskspace://schema, taskspace://catalogue. With stdio (the default) the
    client starts this command and talks on its stdin/stdout. With --http, clients connect
    to http://127.0.0.1:PORT/mcp and send "Authorization: Bearer <token>", the token being
    in the file this command names (0600, made on first use).
    """
    from taskspace.mcp.auth import ensure_token
    from taskspace.mcp.run import serve_http, serve_stdio
    from taskspace.tools.graph.toolbox import ToolLimits

    limits = ToolLimits(cypher_timeout=cypher_timeout, cypher_rows=rows)
    with connected_graph() as graph:
        if not use_http:
            serve_stdio(graph, limits)
            return
        _check_port(port)
        token, path = ensure_token(graph.settings)

        def ready(url: str) -> None:
            error_console.print(
                f"taskspace MCP server on {url} (streamable HTTP). Clients send "
                f"'Authorization: Bearer <token>'; the token is in {path}. Ctrl-C stops it.",
                highlight=False,
            )

        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how it is meant to stop
            serve_http(graph, limits, port, token, on_ready=ready)
        error_console.print("taskspace MCP server stopped.")


def _check_port(port: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise PortInUseError(
                    f"port {port} on 127.0.0.1 is in use: choose another with --port"
                ) from exc
            raise PortInUseError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from exc
