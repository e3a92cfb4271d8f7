"""``kg serve mcp``: the graph tools over the Model Context Protocol (official ``mcp`` SDK),
on stdio for clients that start the server and on streamable HTTP at 127.0.0.1 behind a
bearer token."""

__all__ = ["auth", "run", "server"]
