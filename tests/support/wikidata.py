"""Helpers for the Wikidata tests: fixture paths, a SPARQL endpoint served by rdflib, graph
snapshots for "same graph" comparisons."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
import rdflib

from taskspace.graph.connection import Graph
from tests.support import SHARED_DATA
from tests.support.locations import TESTS

FIXTURES = TESTS / "fixtures" / "wikidata"
BAD = FIXTURES / "bad"
FILMS = FIXTURES / "mini_films.nt"
DUMP = FIXTURES / "mini_dump.ttl"
KEEPER = FIXTURES / "keeper.wbgetentities.json"
CITY = FIXTURES / "city_dump.json"
FORMATS = FIXTURES / "formats"
SHARED_WIKIDATA = SHARED_DATA / "wikidata"
FILM_SLICE = SHARED_WIKIDATA / "film_kg_atai" / "atai_movie_kg_slice_selected.nt"
Q42_TTL = SHARED_WIKIDATA / "wdqs_dump_format" / "Q42_Douglas_Adams.ttl"
DUMP_CHUNK = SHARED_WIKIDATA / "wdqs_dump_format" / "small_dump_chunk.ttl"
KAHN = SHARED_WIKIDATA / "entity_json" / "Q131261_Oliver_Kahn.wbgetentities.json"
KARLSRUHE = SHARED_WIKIDATA / "entity_json" / "Q1040_Karlsruhe.wbgetentities.json"


def shared(path: Path) -> Path:
    """A file from ../shared/data, or skip the test with the reason."""
    if not path.is_file():
        pytest.skip(f"shared test data not present: {path}")
    return path


def rows(graph: Graph, cypher: str, **params: Any) -> list[dict[str, Any]]:
    return graph.read_text(cypher, **params)


def value(graph: Graph, cypher: str, **params: Any) -> Any:
    found = graph.read_text(cypher, **params)
    assert len(found) == 1, found
    return next(iter(found[0].values()))


def snapshot(graph: Graph) -> tuple[list[str], list[str]]:
    """Every node and relationship as sorted JSON text (Source.loaded_at left out)."""
    nodes = graph.read_text("MATCH (n) RETURN labels(n) AS labels, properties(n) AS props")
    edges = graph.read_text(
        "MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS type, properties(r) AS props, b.id AS b"
    )
    for node in nodes:
        node["labels"] = sorted(node["labels"])
        node["props"].pop("loaded_at", None)
    return (
        sorted(json.dumps(node, sort_keys=True, default=str) for node in nodes),
        sorted(json.dumps(edge, sort_keys=True, default=str) for edge in edges),
    )


def without_sources(shot: tuple[list[str], list[str]]) -> tuple[list[str], list[str]]:
    """A snapshot without provenance: two files differ in name, so in Source ids."""
    nodes = []
    for text in shot[0]:
        node = json.loads(text)
        node["props"].pop("source", None)
        if "Source" not in node["labels"]:
            nodes.append(json.dumps(node, sort_keys=True))
    return sorted(nodes), shot[1]


class _SparqlHandler(BaseHTTPRequestHandler):
    """Answers SPARQL SELECT queries (GET or POST) from an rdflib graph, as SPARQL JSON."""

    store: rdflib.Graph
    lock: threading.Lock
    queries: list[str]

    def log_message(self, format: str, *args: Any) -> None:
        return None

    def do_GET(self) -> None:
        query = parse_qs(self.path.partition("?")[2]).get("query", [""])[0]
        self._answer(query)

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
        if self.headers.get("Content-Type", "").startswith("application/sparql-query"):
            query = body
        else:
            query = parse_qs(body).get("query", [""])[0]
        self._answer(query)

    def _answer(self, query: str) -> None:
        try:
            with self.lock:
                self.queries.append(query)
                payload = self.store.query(query).serialize(format="json")
        except Exception as exc:  # a bad query is the client's error: answer 400 like WDQS
            self._send(400, "text/plain", f"bad query: {exc}".encode())
            return
        self._send(200, "application/sparql-results+json", payload or b"")

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def sparql_endpoint(*files: Path) -> Iterator[tuple[str, list[str]]]:
    """A SPARQL endpoint on 127.0.0.1 over the given RDF files; yields (URL, queries seen)."""
    store = rdflib.Graph()
    for file in files:
        store.parse(file, format="nt" if file.suffix == ".nt" else "turtle")
    queries: list[str] = []
    handler = type(
        "Handler", (_SparqlHandler,), {"store": store, "lock": threading.Lock(), "queries": queries}
    )
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/sparql", queries
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
