"""The graph tools in process, on the real EIP documents: the gold stays out of reach of
every way into it we know, plain reads still work, and MCP and inspect see one definition."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client

from taskspace.agents.toolsets import graph_toolset
from taskspace.graph.connection import Graph
from taskspace.mcp.server import build_server
from taskspace.tools.apps.toolbox import AppTools
from taskspace.tools.base import input_schema
from taskspace.tools.errors import ToolInputError
from taskspace.tools.graph.toolbox import GraphTools, ToolLimits
from tests.server.mcp.test_server import BAIT, SENTINEL, kg
from tests.support.docs import require_real_eips

GOLD_ROUTES = {
    "untyped walk": "MATCH (c:Chunk)<-[r]-(t) RETURN properties(t) AS p",
    "any label": "MATCH (n) RETURN properties(n) AS p",
    "negated label": "MATCH (n:!Chunk) RETURN properties(n) AS p",
    "any label wildcard": "MATCH (n:%) RETURN properties(n) AS p",
    "dynamic label": "MATCH (n:$($label)) RETURN properties(n) AS p",
    "dynamic type": "MATCH (c:Chunk)<-[r:$($type)]-(t) RETURN properties(t) AS p",
    "by id": "MATCH (n) WHERE id(n) IN range(0, 5000) RETURN properties(n) AS p",
    "by element id": "MATCH (n) WHERE elementId(n) = $label RETURN n",
    "all relationships": "MATCH ()-[r]->() RETURN properties(r) AS p",
    "untyped variable length": "MATCH (c:Chunk)-[*1..2]-(t) RETURN properties(t) AS p",
    "untyped list comprehension": "MATCH (c:Chunk) RETURN [(c)<--(t) | t.prompt] AS p",
    "untyped degree": "MATCH (c:Chunk) RETURN COUNT { (c)<--() } AS grounded",
    "untyped exists": "MATCH (c:Chunk) WHERE EXISTS { (c)<--() } RETURN c.id",
    "quantified path": "MATCH p = ((a:Chunk)<-[]-(b)){1,1} RETURN nodes(p) AS p",
    "named label": "MATCH (t:Task) RETURN t.prompt",
    "quoted label": "MATCH (t:`Task`) RETURN t.prompt",
    "named type": "MATCH (c:Chunk)<-[:GROUNDED_IN]-(t) RETURN t.prompt",
    "run label": "MATCH (r:Run) RETURN r",
    "task index": (
        "CALL db.index.vector.queryNodes('task_embedding', 3, [x IN range(1, 384) | 0.1]) "
        "YIELD node RETURN node.prompt"
    ),
    "index name from an expression": (
        "CALL db.index.vector.queryNodes('task_' + 'embedding', 3, "
        "[x IN range(1, 384) | 0.1]) YIELD node RETURN node.prompt"
    ),
    "shortest path": (
        "MATCH (a:Chunk), (b:Document) MATCH p = shortestPath((a)-[*]-(b)) RETURN p LIMIT 1"
    ),
}

PLAIN_READS: dict[str, tuple[str, int]] = {
    "typed walk": (
        "MATCH (c:Chunk)-[:FROM_DOCUMENT]->(d:Document) RETURN d.title AS t, count(c) AS n",
        2,
    ),
    "typed variable length": (
        "MATCH (c:Chunk)-[:NEXT_CHUNK*1..2]->(n:Chunk) RETURN count(*) AS n",
        1,
    ),
    "full-text index": (
        "CALL db.index.fulltext.queryNodes('chunk_text', 'burned') YIELD node "
        "RETURN node.id AS id LIMIT 3",
        3,
    ),
    "labels": ("CALL db.labels() YIELD label RETURN count(label) AS n", 1),
    "typed degree": (
        "MATCH (s:Section) RETURN sum(COUNT { (s)-[:HAS_SECTION]->() }) AS n",
        1,
    ),
}


@pytest.fixture(scope="module")
def tools(session_graph: Graph, server_env: dict[str, str]) -> GraphTools:
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    eip_1559, eip_2718 = require_real_eips()
    kg(server_env, "load", "docs", str(eip_1559), str(eip_2718))
    session_graph.write_text(BAIT, answer=SENTINEL)
    session_graph.write_text(
        "MATCH (t:Task {id: 'task:bait'}) SET t.embedding = [x IN range(1, 384) | 0.1]"
    )
    return GraphTools(session_graph, ToolLimits(cypher_timeout=10, cypher_rows=20))


def cypher(tools: GraphTools, query: str, **params: Any) -> Any:
    return anyio.run(lambda: tools.read_cypher(query=query, params=params))


@pytest.mark.parametrize("route", sorted(GOLD_ROUTES))
def test_every_known_route_to_the_gold_is_refused(tools: GraphTools, route: str) -> None:
    query = GOLD_ROUTES[route]
    # Without the guard each of these reads the bait (checked in the next test).
    with pytest.raises(ToolInputError, match=r"^Refused: ") as refusal:
        cypher(tools, query, label="Task", type="GROUNDED_IN")
    assert SENTINEL not in str(refusal.value)


def test_the_routes_do_reach_the_gold_without_the_guard(tools: GraphTools) -> None:
    """So the refusals above refuse something: the same reads, run plainly, find the bait."""
    reached = 0
    for query in GOLD_ROUTES.values():
        try:
            rows = tools.graph.read_text(query, label="Task", type="GROUNDED_IN")
        except Exception:  # a few need an input (an element id) that a guess would supply
            continue
        reached += "task:bait" in str(rows) or SENTINEL in str(rows) or "bait" in str(rows)
    assert reached >= 14


@pytest.mark.parametrize("name", sorted(PLAIN_READS))
def test_plain_reads_run(tools: GraphTools, name: str) -> None:
    query, rows = PLAIN_READS[name]
    result = cypher(tools, query)
    assert result.rows and not result.more_rows
    assert len(result.rows) == rows


def test_row_cap_and_more_rows(tools: GraphTools) -> None:
    result = cypher(tools, "MATCH (c:Chunk) RETURN c.id AS id")
    assert len(result.rows) == 20 and result.more_rows and result.row_cap == 20


def test_bad_arguments_say_which_and_why(tools: GraphTools) -> None:
    with pytest.raises(ToolInputError, match=r"k: Input should be less than or equal to 20"):
        anyio.run(lambda: tools.retrieve(question="fee", k=50))
    with pytest.raises(ToolInputError, match=r"no retriever 'magic'"):
        anyio.run(lambda: tools.retrieve(question="fee", retriever="magic"))
    with pytest.raises(ToolInputError, match=r"search_ratio: Input should be greater than or"):
        anyio.run(lambda: tools.retrieve(question="fee", search_ratio=0))
    with pytest.raises(ToolInputError, match=r"direction: Input should be 'out', 'in' or 'both'"):
        anyio.run(lambda: tools.neighbours(node_id="x", direction="up"))
    with pytest.raises(ToolInputError, match=r"no task family makes 'poems' tasks"):
        anyio.run(lambda: tools.sample_tasks(kind="poems"))
    with pytest.raises(ToolInputError, match=r"no task 'task:none' in the graph"):
        anyio.run(lambda: tools.task(id="task:none"))


def test_mcp_and_inspect_list_the_same_definitions(tools: GraphTools) -> None:
    async def listed() -> dict[str, Any]:
        async with Client(build_server(tools)) as client:
            return {tool.name: tool for tool in (await client.list_tools()).tools}

    over_mcp = anyio.run(listed)
    in_inspect = {tool.name: tool for tool in graph_toolset(tools.graph, GraphTools.NAMES)}
    assert set(over_mcp) == set(in_inspect) == set(GraphTools.NAMES)
    for name, function in tools.functions().items():
        schema = input_schema(function)
        assert over_mcp[name].input_schema["properties"] == schema["properties"]
        assert over_mcp[name].description == in_inspect[name].description
        inspect_params = in_inspect[name].parameters.properties
        assert set(inspect_params) == set(schema["properties"])
        for param, spec in schema["properties"].items():
            assert inspect_params[param].description == spec.get("description")
    assert over_mcp["read_cypher"].annotations.read_only_hint is True
    assert over_mcp["sample_tasks"].annotations.read_only_hint is False


def test_both_toolboxes_refuse_an_unknown_tool_with_the_list(tools: GraphTools) -> None:
    """The graph and app tools are built on one template (``taskspace.tools.base``): the same
    refusal of an unknown name, the same validation of a bad argument."""
    with pytest.raises(
        ToolInputError, match=r"^no graph tool magic \(tools: retrieve, .*, task\)$"
    ):
        graph_toolset(tools.graph, ("retrieve", "magic"))
    apps = AppTools(tools.graph)
    assert list(apps.functions()) == ["apps", "search", "open_item", "follow"]
    with pytest.raises(
        ToolInputError, match=r"^no app tool magic \(tools: apps, search, open_item, follow\)$"
    ):
        apps.functions(("search", "magic"))
    with pytest.raises(ToolInputError, match=r"^invalid arguments: limit: Input should be"):
        anyio.run(lambda: apps.search(app="moviedb", query="Alien", limit=0))
