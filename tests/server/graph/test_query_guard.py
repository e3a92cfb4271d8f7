"""`kg query` and `read_only_query` against the real server: only harmless reads run.

Each case is something that ran before: the server fetching URLs for LOAD CSV,
administration commands, unbounded time, and results fetched in full to print a few rows.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest
from click.testing import CliRunner
from neo4j.exceptions import ClientError

from taskspace.cli.main import cli
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph, read_only_query
from taskspace.graph.errors import QueryRefusedError, QueryTimeoutError, ReadOnlyViolationError
from taskspace.graph.readonly_guard import check_load_csv_urls


def flat(text: str) -> str:
    """Output with rich's line wrapping undone."""
    return " ".join(text.split())


class _Recorder(BaseHTTPRequestHandler):
    requests: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).requests.append(self.path)
        body = b"a,b\n"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        return


@contextmanager
def recording_http_server() -> Iterator[tuple[str, list[str]]]:
    """A tiny HTTP server on 127.0.0.1 that records every path it is asked for."""
    requests: list[str] = []
    handler = type("Recorder", (_Recorder,), {"requests": requests})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", requests
    finally:
        server.shutdown()
        server.server_close()


def test_the_local_server_itself_refuses_to_fetch_urls(graph: Graph) -> None:
    """The configuration blocks every address, even when Cypher reaches the server unchecked."""
    with recording_http_server() as (base, requests):
        for url in (f"{base}/a.csv", base.replace("127.0.0.1", "localhost") + "/b.csv"):
            with pytest.raises(ClientError) as refused:
                graph.read_text("LOAD CSV FROM $url AS row RETURN row", url=url)
            assert "internal.dbms.cypher_ip_blocklist" in str(refused.value.message)
        assert requests == []


def test_kg_query_refuses_network_urls_before_sending(server_env: dict[str, str]) -> None:
    with recording_http_server() as (base, requests):
        for cypher, params in (
            (f"LOAD CSV FROM '{base}/c.csv' AS row RETURN row", []),
            ("LOAD CSV WITH HEADERS FROM $url AS row RETURN row", ["-p", f"url={base}/d.csv"]),
            (f"LOAD /* hidden */ CSV FROM '{base}/e.csv' AS row RETURN row", []),
            (
                f"RETURN 'LOAD CSV FROM \"file:///x\"' AS s UNION LOAD CSV FROM '{base}/f' AS s "
                "RETURN s",
                [],
            ),
        ):
            result = CliRunner().invoke(cli, ["query", cypher, *params], env=server_env)
            assert result.exit_code == 1, (cypher, result.output)
            assert "Refused" in result.output and "LOAD CSV" in flat(result.output)
            assert "Traceback" not in result.output
        assert requests == []


def test_load_csv_reads_a_file_from_the_import_folder(
    settings: Settings, server_env: dict[str, str]
) -> None:
    (settings.local.import_dir / "guard.csv").write_text("x,y\n", encoding="utf-8")
    cypher = "LOAD CSV FROM 'file:///guard.csv' AS row RETURN row"
    result = CliRunner().invoke(cli, ["query", cypher, "--json"], env=server_env)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [{"row": ["x", "y"]}]


@pytest.mark.parametrize(
    "cypher",
    [
        "SHOW USERS",
        "SHOW SETTINGS",
        "SHOW TRANSACTIONS",
        "SHOW CURRENT USER",
        "TERMINATE TRANSACTIONS 'neo4j-transaction-1'",
        "CALL dbms.killConnections(['bolt-1'])",
        "CALL db.clearQueryCaches()",
        "CALL dbms.listConfig()",
        "CALL db.stats.clear('QUERIES')",
        "CALL db.createLabel('Nope')",
        "CALL { MATCH (n) RETURN n } IN TRANSACTIONS RETURN 1",
        "CREATE INDEX nope IF NOT EXISTS FOR (n:Item) ON (n.nope)",
        "CREATE (:Item {id: 'x'})",
    ],
)
def test_administration_and_schema_commands_are_refused(
    server_env: dict[str, str], graph: Graph, cypher: str
) -> None:
    result = CliRunner().invoke(cli, ["query", cypher], env=server_env)
    assert result.exit_code == 1, result.output
    assert "Refused" in result.output and "is read-only" in flat(result.output)
    assert "Traceback" not in result.output
    assert graph.read("graph/node_count")[0]["count"] == 0
    assert "Nope" not in {row["label"] for row in graph.read("graph/labels")}


def test_terminate_cannot_kill_another_sessions_write(
    server_env: dict[str, str], graph: Graph
) -> None:
    with graph.session(write=True) as session, session.begin_transaction() as tx:
        tx.run("CREATE (:Item {id: 'kept'})").consume()
        ids = graph.read_text(
            "SHOW TRANSACTIONS YIELD transactionId, currentQuery RETURN transactionId AS id"
        )
        for row in ids:
            result = CliRunner().invoke(
                cli, ["query", f"TERMINATE TRANSACTIONS '{row['id']}'"], env=server_env
            )
            assert result.exit_code == 1 and "Refused" in result.output
        tx.commit()
    assert graph.read_text("MATCH (n:Item {id: 'kept'}) RETURN count(n) AS n") == [{"n": 1}]


def test_graph_reads_and_read_procedures_still_run(graph: Graph) -> None:
    graph.write_text("CREATE (:Item {id: 'a'})")
    result = read_only_query(graph, "CALL db.labels() YIELD label RETURN label")
    assert {"label": "Item"} in result.rows
    counted = read_only_query(graph, "MATCH (n:Item) RETURN count(n) AS n")
    assert counted.rows == [{"n": 1}] and counted.more is False


def test_only_the_rows_shown_are_fetched(server_env: dict[str, str], graph: Graph) -> None:
    cypher = "UNWIND range(1, 3000000) AS i RETURN i"
    result = read_only_query(graph, cypher, limit=5)
    assert [row["i"] for row in result.rows] == [1, 2, 3, 4, 5] and result.more is True
    exact = read_only_query(graph, "UNWIND range(1, 3) AS i RETURN i", limit=3)
    assert len(exact.rows) == 3 and exact.more is False
    shown = CliRunner().invoke(cli, ["query", cypher, "--limit", "3", "--json"], env=server_env)
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout) == [{"i": 1}, {"i": 2}, {"i": 3}]
    assert "first 3 rows; more exist" in flat(shown.stderr)
    table = CliRunner().invoke(cli, ["query", cypher, "--limit", "2"], env=server_env)
    assert "first 2 rows; more exist" in flat(table.output)


def test_a_long_read_is_stopped_by_the_server_timeout(
    server_env: dict[str, str], graph: Graph
) -> None:
    endless = "UNWIND range(1, 2000000000) AS i WITH count(i) AS n RETURN n"
    with pytest.raises(QueryTimeoutError):
        read_only_query(graph, endless, timeout=1)
    result = CliRunner().invoke(cli, ["query", endless, "--timeout", "1"], env=server_env)
    assert result.exit_code == 1
    assert "ran longer than the 1 s timeout" in flat(result.output)
    assert "Traceback" not in result.output
    assert read_only_query(graph, "RETURN 1 AS one").rows == [{"one": 1}]


def test_refusals_raise_read_only_violation(graph: Graph) -> None:
    with pytest.raises(ReadOnlyViolationError):
        read_only_query(graph, "SHOW SETTINGS")
    with pytest.raises(ValueError, match="limit"):
        read_only_query(graph, "RETURN 1", limit=0)


@pytest.mark.parametrize(
    ("param", "message"),
    [
        ("n=99999999999999999999", "64-bit"),
        ("n=" + "[" * 5000 + "]" * 5000, "nested"),
        ("n=" + "[" * 80 + "]" * 80, "nested deeper"),
        ("noequals", "NAME=VALUE"),
    ],
)
def test_odd_parameters_get_a_message_not_a_traceback(
    server_env: dict[str, str], param: str, message: str
) -> None:
    result = CliRunner().invoke(cli, ["query", "RETURN $n AS n", "-p", param], env=server_env)
    assert result.exit_code == 2
    assert message in flat(result.output) and "Traceback" not in result.output


def test_a_parameter_given_twice_is_refused(server_env: dict[str, str]) -> None:
    result = CliRunner().invoke(
        cli, ["query", "RETURN $n AS n", "-p", "n=1", "-p", "n=2"], env=server_env
    )
    assert result.exit_code == 2 and "given twice" in flat(result.output)


def test_plain_json_and_strings_still_pass(server_env: dict[str, str], graph: Graph) -> None:
    result = CliRunner().invoke(
        cli,
        [
            "query",
            "RETURN $a AS a, $b AS b, $c AS c",
            "-p",
            'a={"k": [1, null]}',
            "-p",
            "b=x",
            "-p",
            "c=",
            "--json",
        ],
        env=server_env,
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [{"a": {"k": [1, None]}, "b": "x", "c": ""}]


@pytest.mark.parametrize(
    "cypher",
    [
        "LOAD CSV FROM 'https://example.org/x.csv' AS r RETURN r",
        "LOAD CSV FROM 'fil\\u0065:///x.csv' AS r RETURN r",
        "LOAD CSV FROM $base + 'x.csv' AS r RETURN r",
        "LOAD // comment\nCSV FROM $u AS r RETURN r",
    ],
)
def test_load_csv_urls_must_be_file_literals(cypher: str) -> None:
    with pytest.raises(QueryRefusedError):
        check_load_csv_urls(cypher, expected=1)


def test_a_file_literal_passes_the_url_check() -> None:
    check_load_csv_urls('LOAD CSV WITH HEADERS FROM "file:///x.csv" AS r RETURN r', 1)
