"""The benches' shared graph: the project's example documents in the test server."""

from __future__ import annotations

import pytest

from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from tests.support.locations import REPO


@pytest.fixture
def bench_graph(graph: Graph, server_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Graph:
    """The emptied test graph, with this process's environment pointed at its server: a
    bench run in the process takes its settings from the environment."""
    for key, value in server_env.items():
        monkeypatch.setenv(key, value)
    return graph


@pytest.fixture
def examples(bench_graph: Graph) -> Graph:
    """The project's example documents in the test server, for a bench run in this process."""
    graph = bench_graph
    report = load_documents(graph, [REPO / "examples" / "documents"])
    assert not report.failed, report.failed
    return graph
