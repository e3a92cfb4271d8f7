"""The benches' shared graph: the project's example documents in the test server."""

from __future__ import annotations

import pytest

from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from tests.support.locations import REPO


@pytest.fixture
def examples(graph: Graph, server_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Graph:
    """The project's example documents in the test server, which a bench run in this
    process connects to (its settings come from the environment)."""
    for key, value in server_env.items():
        monkeypatch.setenv(key, value)
    report = load_documents(graph, [REPO / "examples" / "documents"])
    assert not report.failed, report.failed
    return graph
