"""`kg serve mcp` as a client meets it: the real command in a subprocess, reached by the
MCP SDK's own client over stdio or streamable HTTP."""

from __future__ import annotations

import json
import subprocess
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from taskspace.server.isolated import free_port
from tests.support import wait_for_port
from tests.support.kg import KG, command_env


def stdio_client(server_env: dict[str, str], *args: str) -> Client:
    params = StdioServerParameters(
        command=KG, args=["serve", "mcp", *args], env=command_env(server_env)
    )
    return Client(params, read_timeout_seconds=120)


@contextmanager
def http_server(server_env: dict[str, str], *args: str) -> Iterator[tuple[str, Path]]:
    """`kg serve mcp --http` on a free port: (its URL, the path of its token file)."""
    port = free_port()
    process = subprocess.Popen(
        [KG, "serve", "mcp", "--http", "--port", str(port), *args],
        env=command_env(server_env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, process, "kg serve mcp --http")
        yield (
            f"http://127.0.0.1:{port}/mcp",
            Path(server_env["TASKSPACE_HOME"]) / "secrets/mcp-token",
        )
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@asynccontextmanager
async def http_client(url: str, token: str | None) -> AsyncIterator[Client]:
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=120) as http,
        Client(streamable_http_client(url, http_client=http), read_timeout_seconds=120) as client,
    ):
        yield client


def payload(result: CallToolResult) -> Any:
    """A successful call's JSON result; a failed one fails the test with its message."""
    assert not result.is_error, text_of(result)
    return json.loads(text_of(result))


def text_of(result: CallToolResult) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)
