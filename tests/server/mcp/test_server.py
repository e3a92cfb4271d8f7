"""`kg serve mcp` through the MCP SDK's own client, over stdio and over streamable HTTP,
on the real EIP documents and the real Android episodes of the shared data.

A bait task grounded on every chunk, with a run that attempted it, carries an answer no
document contains: no tool result may ever show it, nor any task's answer or grounding.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from click.testing import CliRunner
from mcp import Client

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from tests.support.docs import require_real_eips
from tests.support.episodes import shared
from tests.support.mcp import http_client, http_server, payload, stdio_client, text_of

TOOLS = {
    "retrieve",
    "guidelines",
    "neighbours",
    "node",
    "read_cypher",
    "schema",
    "sample_tasks",
    "task",
}
SENTINEL = "GOLD-SENTINEL-7f3a"
BAIT = """
MATCH (c:Chunk)
WITH collect(c) AS chunks
CREATE (t:Task {id: 'task:bait', kind: 'doc', type: 'extraction', template: 'bait',
                difficulty: 'easy', prompt: 'What is the bait?', answer: $answer})
CREATE (r:Run {id: 'run:bait', answer: $answer})-[:ATTEMPTED {answer: $answer}]->(t)
FOREACH (c IN chunks | CREATE (t)-[:GROUNDED_IN]->(c))
"""


def kg(env: dict[str, str], *args: str) -> str:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def loaded(session_graph: Graph, server_env: dict[str, str], tmp_path_factory: Any) -> Graph:
    """The EIP documents, two real Android episodes, sampled tasks and the bait."""
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    eip_1559, eip_2718 = require_real_eips()
    trace, aitz = shared("gui/llamatouch/trace_18"), shared("gui/aitz_episode")
    kg(server_env, "load", "docs", str(eip_1559), str(eip_2718))
    kg(server_env, "load", "episodes", str(trace), str(aitz))
    out = tmp_path_factory.mktemp("tasks") / "tasks.jsonl"
    kg(server_env, "sample", "doc", "-n", "6", "--seed", "3", "-o", str(out))
    session_graph.write_text(BAIT, answer=SENTINEL)
    return session_graph


async def exercise(client: Client, graph: Graph) -> list[str]:
    """Call every tool once the way an agent would and check what it returns; the texts
    of every result, refusals included."""
    texts: list[str] = []

    async def call(name: str, arguments: dict[str, Any]) -> Any:
        result = await client.call_tool(name, arguments)
        texts.append(text_of(result))
        return result

    listed = await client.list_tools()
    assert {tool.name for tool in listed.tools} == TOOLS
    assert all(tool.description and tool.input_schema["type"] == "object" for tool in listed.tools)

    found = payload(await call("retrieve", {"question": "Who gets to keep the base fee?", "k": 3}))
    items = found["items"]
    stored = graph.read_text(
        "MATCH (c:Chunk) WHERE c.id IN $ids RETURN c.id AS id, c.text AS text",
        ids=[item["node_id"] for item in items],
    )
    assert len(items) == 3 and {row["text"] for row in stored} == {i["text"] for i in items}
    assert any("burned" in item["text"] for item in items)
    chunk = items[0]["node_id"]

    near = payload(
        await call("neighbours", {"node_id": chunk, "types": ["FROM_DOCUMENT"], "direction": "out"})
    )["neighbours"]
    assert [(n["relationship"], n["direction"], n["label"]) for n in near] == [
        ("FROM_DOCUMENT", "out", "Document")
    ]
    everything = payload(await call("neighbours", {"node_id": chunk, "limit": 200}))["neighbours"]
    assert {"FROM_DOCUMENT", "HAS_ELEMENT"} <= {n["relationship"] for n in everything}
    assert not any(n["label"] in {"Task", "Run"} for n in everything)

    node = payload(await call("node", {"node_id": chunk}))
    assert node["labels"] == ["Chunk"] and "embedding" not in node["properties"]
    assert node["properties"]["text"] == items[0]["text"]
    assert {d["relationship"] for d in node["relationships"]} >= {"FROM_DOCUMENT"}
    assert "GROUNDED_IN" not in {d["relationship"] for d in node["relationships"]}
    missing = await call("node", {"node_id": "chunk:none"})
    assert missing.is_error and "no node 'chunk:none'" in text_of(missing)

    chunks = graph.read_text("MATCH (c:Chunk) RETURN count(c) AS n")[0]["n"]
    counted = payload(
        await call("read_cypher", {"query": "MATCH (c:Chunk) RETURN count(c) AS n", "params": {}})
    )
    assert counted["rows"] == [{"n": chunks}] and counted["columns"] == ["n"]
    titled = payload(
        await call(
            "read_cypher",
            {
                "query": "MATCH (d:Document) WHERE d.title CONTAINS $word RETURN d.title AS t",
                "params": {"word": "Fee market"},
            },
        )
    )
    assert titled["rows"] == [{"t": "Fee market change for ETH 1.0 chain"}]
    write = await call("read_cypher", {"query": "MATCH (c:Chunk) SET c.text = 'x' RETURN c"})
    assert write.is_error and "a write is not allowed" in text_of(write)
    assert graph.read_text("MATCH (c:Chunk {text: 'x'}) RETURN count(c) AS n")[0]["n"] == 0
    admin = await call("read_cypher", {"query": "SHOW USERS"})
    assert admin.is_error and "Refused" in text_of(admin)
    walk = await call(
        "read_cypher", {"query": "MATCH (c:Chunk)<-[r]-(t) RETURN properties(t) AS p"}
    )
    assert walk.is_error and "follows relationships of any type" in text_of(walk)

    schema = payload(await call("schema", {}))
    assert schema["labels"]["Chunk"] == chunks and schema["labels"]["Screen"] >= 2
    assert not {"Task", "Run"} & set(schema["labels"])
    assert not {"GROUNDED_IN", "ATTEMPTED"} & set(schema["relationship_types"])
    assert "text" in schema["label_properties"]["Chunk"]
    names = {index["name"] for index in schema["indexes"]}
    assert "chunk_embedding" in names and "task_embedding" not in names

    guides = payload(
        await call("guidelines", {"summary": "an Android home screen with app icons", "n": 2})
    )["guidelines"]
    screens = {row["id"] for row in graph.read_text("MATCH (s:Screen) RETURN s.id AS id")}
    assert guides and all(g["actions"] and g["start"] in screens for g in guides)
    assert all(g["instruction"].startswith("Perform ") for g in guides)
    trace = shared("gui/llamatouch/trace_18")
    dump = (trace / "0.xml").read_text(encoding="utf-8")
    from_dump = payload(await call("guidelines", {"ui_dump": dump, "n": 1, "k": 5}))["guidelines"]
    # the dump is the episode's own first screen: its guidelines lead to the episode's task
    # instruction.txt: the trace number, then the task
    instruction = (trace / "instruction.txt").read_text(encoding="utf-8").splitlines()[-1].strip()
    assert from_dump and len(from_dump) <= 5
    assert len({g["start"] for g in from_dump}) == 1
    assert all(instruction in g["tasks"] for g in from_dump)
    nothing = await call("guidelines", {})
    assert nothing.is_error and "give a summary or a ui_dump" in text_of(nothing)

    sampled = payload(await call("sample_tasks", {"kind": "doc", "n": 3, "seed": 5}))
    assert len(sampled["tasks"]) == 3 and sampled["stored"] is True
    for task in sampled["tasks"]:
        assert task["prompt"] and not {"answer", "grounding", "anchor"} & set(task)
    first = sampled["tasks"][0]
    assert payload(await call("task", {"id": first["id"]}))["prompt"] == first["prompt"]
    bait = payload(await call("task", {"id": "task:bait"}))
    assert bait["prompt"] == "What is the bait?" and "answer" not in bait
    unknown_kind = await call("sample_tasks", {"kind": "poems"})
    assert unknown_kind.is_error

    schema_doc = await client.read_resource("taskspace://schema")
    assert "Chunk" in schema_doc.contents[0].text  # type: ignore[union-attr]
    catalogue = await client.read_resource("taskspace://catalogue")
    assert "documents/cloze_entity" in catalogue.contents[0].text  # type: ignore[union-attr]
    metapath = await client.read_resource("taskspace://metapath/documents/cloze_entity")
    assert "MATCH (p)-[:MENTIONS]->(e:Entity)" in metapath.contents[0].text  # type: ignore[union-attr]
    return texts


def assert_no_gold(texts: list[str]) -> None:
    """The bait's answer and its run never show, nor the fields that hold a task's gold."""
    joined = "\n".join(texts)
    assert len(texts) >= 18
    assert SENTINEL not in joined and "run:bait" not in joined
    assert '"anchor"' not in joined and '"fingerprint"' not in joined
    assert '"grounding"' not in joined and '"answer":' not in joined


def test_every_tool_over_stdio(loaded: Graph, server_env: dict[str, str]) -> None:
    async def session() -> list[str]:
        async with stdio_client(server_env) as client:
            return await exercise(client, loaded)

    assert_no_gold(anyio.run(session))


@pytest.fixture(scope="module")
def http(loaded: Graph, server_env: dict[str, str]) -> Iterator[tuple[str, str]]:
    with http_server(server_env, "--cypher-timeout", "2") as (url, token_file):
        assert token_file.stat().st_mode & 0o777 == 0o600
        yield url, token_file.read_text(encoding="utf-8").strip()


def test_every_tool_over_http_with_the_token(
    http: tuple[str, str], loaded: Graph, server_env: dict[str, str]
) -> None:
    url, token = http

    async def session() -> list[str]:
        async with http_client(url, token) as client:
            texts = await exercise(client, loaded)
            long = await client.call_tool(
                "read_cypher",
                {
                    "query": "UNWIND range(1, 2000000000) AS x "
                    "WITH x WHERE x % 7 = 3 RETURN count(x)"
                },
            )
            texts.append(text_of(long))
            assert long.is_error and "ran longer than the 2 s timeout" in text_of(long)
            return texts

    assert_no_gold(anyio.run(session))


@pytest.mark.parametrize("header", [None, "Bearer wrong-token", "Basic abc", "Bearer"])
def test_http_refuses_a_missing_or_wrong_token(http: tuple[str, str], header: str | None) -> None:
    url, _ = http
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"Accept": "application/json, text/event-stream"}
    if header is not None:
        headers["Authorization"] = header
    response = httpx2.post(url, json=body, headers=headers, timeout=30)
    assert response.status_code == 401
    assert "Bearer" in response.headers["www-authenticate"]
    assert "unauthorized" in response.json()["error"]


def test_the_sdk_client_with_a_wrong_token_gets_nothing(http: tuple[str, str]) -> None:
    url, _ = http

    async def session() -> None:
        async with http_client(url, "wrong") as client:
            await client.list_tools()

    with pytest.raises(Exception) as failure:  # the SDK wraps it in a group
        anyio.run(session)
    assert "MCPError" in _messages(failure.value)  # the raw 401 is checked above


def _messages(error: BaseException) -> str:
    """Every message in an exception, its causes and, for a group, its members."""
    parts = [repr(error)]
    for inner in getattr(error, "exceptions", ()):
        parts.append(_messages(inner))
    if error.__cause__ is not None:
        parts.append(_messages(error.__cause__))
    return " ".join(parts)


def test_an_inspect_agent_reaches_the_same_tools_through_mcp(
    loaded: Graph, server_env: dict[str, str]
) -> None:
    from inspect_ai.tool import ToolDef, mcp_server_stdio

    from tests.support.kg import KG, command_env

    async def session() -> tuple[set[str], str]:
        server = mcp_server_stdio(command=KG, args=["serve", "mcp"], env=command_env(server_env))
        async with server:
            tools = await server.tools()
            by_name = {ToolDef(tool).name: tool for tool in tools}
            result = await by_name["node"](node_id=_a_chunk(loaded))
            blocks = result if isinstance(result, list) else [result]
            return set(by_name), "".join(str(getattr(b, "text", b)) for b in blocks)

    names, node = anyio.run(session)
    assert names == TOOLS
    assert json.loads(node)["labels"] == ["Chunk"]


def _a_chunk(graph: Graph) -> str:
    return str(graph.read_text("MATCH (c:Chunk) RETURN c.id AS id ORDER BY id LIMIT 1")[0]["id"])


def test_token_file_is_private_and_kept(http: tuple[str, str], server_env: dict[str, str]) -> None:
    path = Path(server_env["TASKSPACE_HOME"]) / "secrets" / "mcp-token"
    _, token = http
    assert path.read_text(encoding="utf-8").strip() == token and len(token) >= 40


def test_http_refuses_a_foreign_host_even_with_the_token(http: tuple[str, str]) -> None:
    """DNS rebinding: a page on another origin must not reach the local server."""
    url, token = http
    port = url.split(":")[2].split("/")[0]
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {
        "Authorization": f"Bearer {token}",
        "Host": f"evil.example:{port}",
        "Accept": "application/json, text/event-stream",
    }
    assert httpx2.post(url, json=body, headers=headers, timeout=30).status_code == 421


def test_a_port_in_use_is_said_in_one_line(
    http: tuple[str, str], server_env: dict[str, str]
) -> None:
    port = http[0].split(":")[2].split("/")[0]
    result = CliRunner().invoke(cli, ["serve", "mcp", "--http", "--port", port], env=server_env)
    assert result.exit_code == 1
    assert f"port {port} on 127.0.0.1 is in use: choose another with --port" in result.output
