"""What MCP adds to a tool call: p50/p95 of ``retrieve`` and ``guidelines`` over MCP (stdio
and streamable HTTP, through the SDK's client and ``kg serve mcp``) against the same tool
function called in process.

    python -m bench.mcp_bench --calls 200

Run it against a server that holds documents and episodes (``kg load docs``, ``kg load
episodes``); see docs/benchmarks.md. Every path asks the same questions in the same order,
after a warm-up that loads the embedding model in each process.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from bench.entry import run_main
from bench.load import emit, load_average
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.mcp.auth import ensure_token
from taskspace.server.isolated import free_port
from taskspace.tools.graph.toolbox import GraphTools

QUESTIONS = [
    "Who gets to keep the base fee?",
    "What is the maximum change of the base fee per block?",
    "How are legacy transactions told apart from typed ones?",
    "What does the priority fee pay for?",
    "Which transaction types does the envelope allow?",
]
SCREENS = [
    "an Android home screen with app icons",
    "a clock app showing alarms",
    "a settings list with toggles",
    "a search box with a keyboard open",
]
KG = str(Path(sys.executable).with_name("kg"))
Call = Callable[[str, dict[str, Any]], Awaitable[Any]]


def requests(calls: int) -> list[tuple[str, dict[str, Any]]]:
    """``calls`` retrieve and ``calls`` guidelines requests, interleaved."""
    out: list[tuple[str, dict[str, Any]]] = []
    for n in range(calls):
        out.append(("retrieve", {"question": QUESTIONS[n % len(QUESTIONS)], "k": 5}))
        out.append(("guidelines", {"summary": SCREENS[n % len(SCREENS)], "n": 4}))
    return out


async def timed(call: Call, work: list[tuple[str, dict[str, Any]]]) -> dict[str, list[float]]:
    distinct = 2 * max(len(QUESTIONS), len(SCREENS))
    for name, arguments in work[:distinct] * 2:  # warm-up: model, pools, query plans
        await call(name, arguments)
    times: dict[str, list[float]] = {"retrieve": [], "guidelines": []}
    for name, arguments in work:
        started = time.perf_counter()
        await call(name, arguments)
        times[name].append((time.perf_counter() - started) * 1000)
    return times


async def in_process(work: list[tuple[str, dict[str, Any]]]) -> dict[str, list[float]]:
    with Graph(load_settings()) as graph:
        functions = GraphTools(graph).functions()

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            return await functions[name](**arguments)

        return await timed(call, work)


async def over_client(client: Client, work: list[tuple[str, dict[str, Any]]]) -> Any:
    async def call(name: str, arguments: dict[str, Any]) -> Any:
        result = await client.call_tool(name, arguments)
        if result.is_error:
            raise SystemExit(f"{name} failed over MCP: {result.content}")
        return result

    return await timed(call, work)


async def over_stdio(work: list[tuple[str, dict[str, Any]]]) -> dict[str, list[float]]:
    params = StdioServerParameters(command=KG, args=["serve", "mcp"], env=dict(os.environ))
    async with Client(params, read_timeout_seconds=120) as client:
        return await over_client(client, work)  # type: ignore[no-any-return]


async def over_http(work: list[tuple[str, dict[str, Any]]]) -> dict[str, list[float]]:
    port = free_port()
    token, _ = ensure_token(load_settings())
    server = subprocess.Popen(
        [KG, "serve", "mcp", "--http", "--port", str(port)], stderr=subprocess.DEVNULL
    )
    try:
        _wait(port)
        headers = {"Authorization": f"Bearer {token}"}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=120) as http,
            Client(streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=http)) as c,
        ):
            return await over_client(c, work)  # type: ignore[no-any-return]
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait(port: int) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"kg serve mcp --http did not listen on port {port}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=200, help="calls of each tool per path")
    args = parser.parse_args()
    work = requests(args.calls)
    paths: dict[str, dict[str, list[float]]] = {}
    loads: dict[str, list[float]] = {}  # each path's load average, as it finished
    for path, measure in (
        ("in process", in_process),
        ("MCP stdio", over_stdio),
        ("MCP HTTP", over_http),
    ):
        paths[path] = anyio.run(measure, work)
        loads[path] = load_average()
    report: dict[str, Any] = {"calls": args.calls}
    for tool in ("retrieve", "guidelines"):
        base = paths["in process"][tool]
        rows = {}
        for path, times in paths.items():
            p50, p95 = percentile(times[tool], 0.5), percentile(times[tool], 0.95)
            rows[path] = {
                "p50_ms": round(p50, 2),
                "p95_ms": round(p95, 2),
                "p50_ratio": round(p50 / percentile(base, 0.5), 2),
                "p95_ratio": round(p95 / percentile(base, 0.95), 2),
                "load_average": loads[path],
            }
        report[tool] = rows
    emit(report)


if __name__ == "__main__":
    run_main(main)
