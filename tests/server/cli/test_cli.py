"""`kg query` and `kg stats` against the test server, and clear errors when it is away."""

from __future__ import annotations

import json

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter
from taskspace.server.isolated import free_port


def test_query_answers_with_parameters(server_env: dict[str, str], graph: Graph) -> None:
    BatchedWriter(graph).merge_nodes(
        ["Item", "Entity"], [{"id": f"Q{i}", "props": {"qid": f"Q{i}"}} for i in range(5)]
    )
    result = CliRunner().invoke(
        cli,
        [
            "query",
            "MATCH (n:Item) WHERE n.qid IN $ids RETURN n.qid AS qid ORDER BY qid",
            "-p",
            'ids=["Q1", "Q3"]',
            "--json",
        ],
        env=server_env,
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [{"qid": "Q1"}, {"qid": "Q3"}]
    table = CliRunner().invoke(cli, ["query", "MATCH (n) RETURN count(n) AS n"], env=server_env)
    assert table.exit_code == 0 and "5" in table.output and "1 rows" in table.output


def test_query_refuses_writes_and_changes_nothing(server_env: dict[str, str], graph: Graph) -> None:
    for cypher in (
        "CREATE (:Item {id: 'x'})",
        "MATCH (n) DETACH DELETE n",
        "CREATE INDEX nope IF NOT EXISTS FOR (n:Item) ON (n.nope)",
    ):
        result = CliRunner().invoke(cli, ["query", cypher], env=server_env)
        assert result.exit_code == 1, cypher
        assert "read-only" in result.output
        assert "Traceback" not in result.output
    assert graph.read("graph/node_count")[0]["count"] == 0
    assert "nope" not in {ix["name"] for ix in graph.read("graph/indexes")}


def test_query_reports_a_syntax_error_clearly(server_env: dict[str, str], graph: Graph) -> None:
    result = CliRunner().invoke(cli, ["query", "MATCH (n RETURN n"], env=server_env)
    assert result.exit_code == 1
    assert "Query failed" in result.output and "SyntaxError" in result.output


def test_stats_counts_labels_relationships_and_indexes(
    server_env: dict[str, str], graph: Graph
) -> None:
    writer = BatchedWriter(graph)
    writer.merge_nodes(["Item", "Entity"], [{"id": "Q1", "props": {}}, {"id": "Q2", "props": {}}])
    writer.merge_nodes(["Property"], [{"id": "P31", "props": {"pid": "P31"}}])
    writer.merge_relationships("P31", "Item", "Item", [{"start": "Q1", "end": "Q2"}])
    result = CliRunner().invoke(cli, ["stats", "--json"], env=server_env)
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert stats["nodes"] == 3
    assert stats["labels"] == {"Item": 2, "Entity": 2, "Property": 1}
    assert stats["relationships"] == {"P31": 1}
    assert {"chunk_embedding", "item_id"} <= {ix["name"] for ix in stats["indexes"]}
    human = CliRunner().invoke(cli, ["stats"], env=server_env)
    assert "Nodes per label" in human.output
    assert human.output.rstrip().endswith("3 nodes, 1 relationship"), human.output


def test_server_down_gives_a_clear_error_and_non_zero_exit(server_env: dict[str, str]) -> None:
    env = {**server_env, "TASKSPACE_BOLT_PORT": str(free_port())}
    for command in (["stats"], ["query", "RETURN 1"], ["init"]):
        result = CliRunner().invoke(cli, command, env=env)
        assert result.exit_code == 1, command
        assert "not reachable" in result.output and "kg db start" in result.output
        assert "Traceback" not in result.output
    remote = {**env, "NEO4J_URI": f"bolt://127.0.0.1:{free_port()}", "NEO4J_PASSWORD": "x"}
    result = CliRunner().invoke(cli, ["stats"], env=remote)
    assert result.exit_code == 1 and "NEO4J_URI" in result.output


def test_wrong_password_is_reported_without_echoing_it(server_env: dict[str, str]) -> None:
    env = {**server_env, "NEO4J_PASSWORD": "wrong-secret-value"}
    result = CliRunner().invoke(cli, ["stats"], env=env)
    assert result.exit_code == 1
    assert "refused the credentials" in result.output
    assert "wrong-secret-value" not in result.output


def test_neo4j_uri_is_used_instead_of_the_local_server(
    server_env: dict[str, str], settings: object
) -> None:
    password = settings.local.password_file.read_text().strip()  # type: ignore[attr-defined]
    env = {
        "TASKSPACE_HOME": "/nonexistent-taskspace-home",
        "NEO4J_URI": f"neo4j://127.0.0.1:{server_env['TASKSPACE_BOLT_PORT']}",
        "NEO4J_USERNAME": "neo4j",
        "NEO4J_PASSWORD": password,
    }
    result = CliRunner().invoke(cli, ["query", "RETURN 42 AS answer", "--json"], env=env)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [{"answer": 42}]
