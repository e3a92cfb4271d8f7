"""Retrieval over the live graph, on the real shared EIP and remoteStorage documents.

Each retriever must find the document a question is about, with real Chunk ids and
ordered scores; `kg retrieve` must print what an agent sees; and no retriever query may
touch tasks, their grounding or runs (checked on every query text sent and on its plan).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import neo4j
import numpy as np
import pytest
from click.testing import CliRunner
from neo4j._sync.work.session import Session
from neo4j._sync.work.transaction import TransactionBase

from taskspace.cli.main import cli
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.models.embeddings import embed
from taskspace.retrieval.errors import NoChunksError
from taskspace.retrieval.names import MAX_SEARCH_RATIO, NO_CHUNKS
from taskspace.retrieval.retrieve import RETRIEVER_NAMES, retrieve
from taskspace.sources.documents.loader import load_documents
from tests.support.docs import REAL_DOCS, require_real_eips

REMOTE_STORAGE = REAL_DOCS / "ietf_draft_remoteStorage.html"

QUESTIONS = {
    "How is the base fee per gas adjusted from one block to the next?": "eip-1559_fee_market",
    "Which byte range may a TransactionType of a typed transaction envelope take?": (
        "eip-2718_typed_tx_envelope"
    ),
    "How does a client discover the storage server of a user with WebFinger?": (
        "ietf_draft_remoteStorage"
    ),
}
BASE_FEE = next(iter(QUESTIONS))

FORBIDDEN = re.compile(r"\bTask\b|\bRun\b|GROUNDED_IN|ATTEMPTED")


@pytest.fixture(scope="module")
def corpus(session_graph: Graph) -> Iterator[Graph]:
    eip_1559, eip_2718 = require_real_eips()
    if not REMOTE_STORAGE.is_file():
        pytest.skip(f"real test data is absent: {REMOTE_STORAGE}")
    session_graph.run_autocommit(
        "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS"
    )
    report = load_documents(session_graph, [eip_1559, eip_2718, REMOTE_STORAGE])
    assert not report.failed, report.failed
    yield session_graph


def _document_of(graph: Graph, chunk_ids: list[str]) -> list[str]:
    rows = graph.read_text(
        "UNWIND $ids AS id MATCH (c:Chunk {id: id})-[:FROM_DOCUMENT]->(d:Document) "
        "RETURN d.name AS name",
        ids=chunk_ids,
    )
    return [row["name"] for row in rows]


def _labels_of(graph: Graph, ids: list[str]) -> dict[str, list[str]]:
    rows = graph.read_text(
        "MATCH (n) WHERE n.id IN $ids RETURN n.id AS id, labels(n) AS labels", ids=ids
    )
    return {row["id"]: row["labels"] for row in rows}


@pytest.mark.parametrize("retriever", RETRIEVER_NAMES)
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_each_retriever_finds_the_document_a_question_is_about(
    corpus: Graph, retriever: str, question: str
) -> None:
    result = retrieve(corpus, question, retriever, k=4)
    ids = [item.node_id for item in result.items]
    assert len(ids) == 4  # the corpus holds far more than k chunks for every retriever
    assert len(set(ids)) == len(ids)
    assert _document_of(corpus, ids[:1]) == [QUESTIONS[question]]
    assert all("Chunk" in labels for labels in _labels_of(corpus, ids).values())
    assert len(_labels_of(corpus, ids)) == len(ids)  # every id is a real node
    scores = [item.score for item in result.items]
    assert scores == sorted(scores, reverse=True)
    assert all(item.text and item.label == "Chunk" for item in result.items)


def test_the_base_fee_question_gets_the_base_fee_text_first(corpus: Graph) -> None:
    for retriever in RETRIEVER_NAMES:
        top = retrieve(corpus, BASE_FEE, retriever, k=3).items[0]
        assert "base fee" in top.text.lower() or "base_fee" in top.text.lower(), retriever
        assert top.document == "Fee market change for ETH 1.0 chain", retriever


def test_an_item_names_every_section_of_a_packed_chunk(corpus: Graph) -> None:
    """EIP-2718's three closing sections share one chunk: every retriever that returns it
    shows the three heading paths, as `kg retrieve` prints them."""
    chunk = corpus.read_text(
        "MATCH (c:Chunk)-[:FROM_DOCUMENT]->(:Document {name: 'eip-2718_typed_tx_envelope'}) "
        "WHERE c.heading_path = ['Backwards Compatibility'] RETURN c.id AS id, c.text AS text"
    )[0]
    for retriever in RETRIEVER_NAMES:
        top = retrieve(corpus, chunk["text"], retriever, k=3).items[0]
        assert top.node_id == chunk["id"], retriever
        assert top.heading_paths == [
            "Backwards Compatibility",
            "Security Considerations",
            "Copyright",
        ], retriever
        assert top.where(" / ") == (
            "Typed Transaction Envelope / Backwards Compatibility; Security Considerations; "
            "Copyright"
        )


def test_expansion_reaches_sections_neighbouring_chunks_and_entities(corpus: Graph) -> None:
    plain = retrieve(corpus, BASE_FEE, "vector", k=3)
    expanded = retrieve(corpus, BASE_FEE, "vector_cypher", k=3)
    assert [i.node_id for i in plain.items] == [i.node_id for i in expanded.items]
    assert all(item.related_ids == [] for item in plain.items)
    related = [node for item in expanded.items for node in item.related_ids]
    labels = _labels_of(corpus, related)
    assert set(related) == set(labels)  # every related id is a real node
    kinds = {label for found in labels.values() for label in found}
    assert {"Section", "Chunk", "Entity"} <= kinds
    top = expanded.items[0]
    neighbours = corpus.read_text(
        "MATCH (:Chunk {id: $id})-[:NEXT_CHUNK]-(n:Chunk) RETURN collect(n.id) AS ids",
        id=top.node_id,
    )[0]["ids"]
    assert set(neighbours) <= set(top.related_ids) and neighbours
    assert set(expanded.node_ids) >= set(related)


def test_graph_walk_names_the_document_and_the_seed_entities(corpus: Graph) -> None:
    result = retrieve(corpus, BASE_FEE, "graph_walk", k=3)
    for item in result.items:
        labels = _labels_of(corpus, item.related_ids)
        assert "Document" in labels[item.related_ids[0]]
        assert all("Entity" in labels[node] for node in item.related_ids[1:])


# --- the safety test: no retriever query touches tasks, grounding or runs ------------------


class QueryRecorder:
    """Records the text of every query the driver sends, then forwards it unchanged."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queries: list[str] = []
        for owner in (Session, TransactionBase):
            original = owner.run

            def recording(self_: Any, query: Any, *args: Any, _run: Any = original, **kw: Any):  # type: ignore[no-untyped-def]
                self.queries.append(str(getattr(query, "text", query)))
                return _run(self_, query, *args, **kw)

            monkeypatch.setattr(owner, "run", recording)


def _violations(graph: Graph, cypher: str) -> list[str]:
    """Why ``cypher`` might reach tasks or runs: by its text, or by its plan on the server."""
    found = [f"text names {m.group()}" for m in FORBIDDEN.finditer(cypher)]
    if cypher.lstrip().upper().startswith(("SHOW ", "CALL DBMS.COMPONENTS")):
        return found  # the library's setup: index definitions and the server version
    with graph.session() as session:
        summary = session.run(f"EXPLAIN {cypher}").consume()
    if summary.query_type != "r":
        found.append(f"query type {summary.query_type}")
    for step in _plan_steps(summary.plan):
        operator = str(step.get("operatorType", "")).split("@", 1)[0]
        details = str((step.get("args") or {}).get("Details", ""))
        found += [f"{operator} names {m.group()}" for m in FORBIDDEN.finditer(details)]
        if operator == "AllNodesScan":
            found.append("scans every node")
        if "Expand" in operator and not re.search(r"\[[^\]]*:[A-Za-z_]", details):
            found.append(f"{operator} follows relationships of any type: {details}")
    return found


def _plan_steps(plan: Any) -> Iterator[dict[str, Any]]:
    if plan:
        yield plan
        for child in plan.get("children") or []:
            yield from _plan_steps(child)


def test_the_checker_catches_queries_that_reach_tasks(corpus: Graph) -> None:
    """The safety test below can fail: each of these would reach a task or a run."""
    assert _violations(corpus, "MATCH (c:Chunk)<-[:GROUNDED_IN]-(t) RETURN t.id")
    assert _violations(corpus, "MATCH (t:Task) RETURN t.prompt")
    assert _violations(corpus, "MATCH (c:Chunk)--(x) RETURN x.id")
    assert _violations(corpus, "MATCH (n) WHERE n.embedding IS NOT NULL RETURN n.id")
    assert _violations(corpus, "MATCH (c:Chunk) RETURN c.id") == []


def test_no_retriever_query_touches_tasks_grounding_or_runs(
    corpus: Graph, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = retrieve(corpus, BASE_FEE, "hybrid_cypher", k=5)
    grounding = answers.node_ids
    corpus.write_text(
        "CREATE (t:Task {id: 'task:bait', kind: 'doc', prompt: $q, answer: 'bait-answer', "
        "text: $q, embedding: $vector}) "
        "CREATE (r:Run {id: 'run:bait', agent: 'bait'})-[:ATTEMPTED {score: 1.0}]->(t) "
        "WITH t UNWIND $ids AS id MATCH (n {id: id}) CREATE (t)-[:GROUNDED_IN]->(n)",
        q=BASE_FEE,
        vector=answers.items and _question_vector(),
        ids=grounding,
    )
    try:
        recorder = QueryRecorder(monkeypatch)
        with Graph(settings) as fresh:  # fresh: the library's setup queries are recorded too
            results = [
                retrieve(fresh, question, name, k=5)
                for name in RETRIEVER_NAMES
                for question in QUESTIONS
            ]
        monkeypatch.undo()
        sent = list(dict.fromkeys(recorder.queries))
        assert len(sent) >= len(RETRIEVER_NAMES)  # every retriever's search was recorded
        assert {name: _violations(corpus, q) for name, q in enumerate(sent)} == {
            name: [] for name in range(len(sent))
        }
        seen = {node for result in results for node in result.node_ids}
        labels = _labels_of(corpus, sorted(seen))
        assert not {"Task", "Run"} & {label for found in labels.values() for label in found}
        assert "bait-answer" not in json.dumps([r.model_dump() for r in results])
    finally:
        corpus.write_text("MATCH (n) WHERE n:Task OR n:Run DETACH DELETE n")


def _question_vector() -> list[float]:
    from taskspace.models.embeddings.model import embed

    return embed([BASE_FEE])[0]


def test_library_reads_are_refused_writes(corpus: Graph) -> None:
    """neo4j-graphrag sends every query with routing READ; the server refuses a write there."""
    with pytest.raises(neo4j.exceptions.ClientError):
        corpus.driver.execute_query(
            "CREATE (:Probe)", database_=corpus.database, routing_=neo4j.RoutingControl.READ
        )
    assert corpus.read_text("MATCH (p:Probe) RETURN count(p) AS n") == [{"n": 0}]


# --- the vector index's candidate pool ----------------------------------------------------


def _exact_nearest(graph: Graph, vector: list[float], k: int) -> list[str]:
    """The ``k`` chunks nearest ``vector`` by brute-force cosine over every chunk vector."""
    rows = graph.read_text(
        "MATCH (c:Chunk) WHERE c.embedding IS NOT NULL RETURN c.id AS id, c.embedding AS e"
    )
    matrix = np.asarray([row["e"] for row in rows], dtype=np.float32)
    scores = matrix @ np.asarray(vector, dtype=np.float32)
    return [rows[i]["id"] for i in np.argsort(-scores, kind="stable")[:k]]


@pytest.mark.parametrize("question", list(QUESTIONS))
def test_a_larger_search_ratio_is_at_least_as_close_to_exact_search(
    corpus: Graph, question: str
) -> None:
    vector = embed([question])[0]
    exact = set(_exact_nearest(corpus, vector, 5))

    def recall(ratio: int) -> float:
        found = retrieve(corpus, question, "vector", k=5, vector=vector, search_ratio=ratio)
        assert len(found.items) == 5
        return len(exact & {item.node_id for item in found.items}) / 5

    narrow, wide = recall(1), recall(20)
    assert wide >= narrow
    assert wide == 1.0  # 100 candidates of a few hundred chunks: the exact five are among them


def test_the_search_ratio_reaches_every_retriever_and_its_bounds_are_checked(
    corpus: Graph, server_env: dict[str, str]
) -> None:
    for name in RETRIEVER_NAMES:
        assert retrieve(corpus, BASE_FEE, name, k=3, search_ratio=10).items
    runner = CliRunner()
    wide = runner.invoke(
        cli,
        ["retrieve", BASE_FEE, "--retriever", "vector", "-k", "3", "--search-ratio", "10"],
        env=server_env,
    )
    assert wide.exit_code == 0, wide.output
    assert "3 items from vector" in wide.output
    for bad in ("0", str(MAX_SEARCH_RATIO + 1)):
        refused = runner.invoke(cli, ["retrieve", "fees?", "--search-ratio", bad], env=server_env)
        assert refused.exit_code == 1
        assert f"the search ratio must be between 1 and {MAX_SEARCH_RATIO} (got {bad})" in (
            refused.output
        )


# --- kg retrieve ---------------------------------------------------------------------------


def test_kg_retrieve_prints_what_an_agent_sees(corpus: Graph, server_env: dict[str, str]) -> None:
    runner = CliRunner()
    as_json = runner.invoke(cli, ["retrieve", BASE_FEE, "-k", "3", "--json"], env=server_env)
    assert as_json.exit_code == 0, as_json.output
    payload = json.loads(as_json.output)
    expected = retrieve(corpus, BASE_FEE, "hybrid", k=3)
    assert payload["retriever"] == "hybrid"
    assert [item["node_id"] for item in payload["items"]] == [i.node_id for i in expected.items]
    table = runner.invoke(
        cli, ["retrieve", BASE_FEE, "--retriever", "graph_walk", "-k", "2"], env=server_env
    )
    assert table.exit_code == 0, table.output
    assert "2 items from graph_walk" in table.output
    assert "base fee" in table.output.lower()


def test_kg_retrieve_refuses_what_it_cannot_answer(server_env: dict[str, str]) -> None:
    runner = CliRunner()
    unknown = runner.invoke(cli, ["retrieve", "fees?", "--retriever", "bm25"], env=server_env)
    assert unknown.exit_code == 1
    assert "no retriever 'bm25': choose one of " + ", ".join(RETRIEVER_NAMES) in unknown.output
    zero = runner.invoke(cli, ["retrieve", "fees?", "-k", "0"], env=server_env)
    assert zero.exit_code == 1
    assert "k must be at least 1" in zero.output


def test_an_empty_graph_says_to_load_documents(graph: Graph, server_env: dict[str, str]) -> None:
    """Runs last: the `graph` fixture empties the graph the tests above share."""
    with pytest.raises(NoChunksError):
        retrieve(graph, BASE_FEE)
    result = CliRunner().invoke(cli, ["retrieve", BASE_FEE], env=server_env)
    assert result.exit_code == 1
    assert NO_CHUNKS in result.output
