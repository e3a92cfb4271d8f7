"""One dedicated Neo4j server for the test session, with its own home and ports.

Tests mirror the source: ``tests/unit/<package>/`` need neither Neo4j nor Chromium,
``tests/server/`` start the session's Neo4j, ``tests/browser/`` drive Chromium (and most
of them Neo4j too). Every test that uses the server is marked ``server`` and every test
under ``tests/browser/`` ``browser``, so ``pytest -m "not server and not browser"`` runs
the unit tests alone.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.graph.schema import apply_schema
from tests.support import running_server
from tests.support.locations import TESTS

_ENV_KEYS = ("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE")


@pytest.fixture(scope="session", autouse=True)
def _no_user_database() -> Iterator[None]:
    """Tests must never reach a user's database through inherited NEO4J_* variables."""
    saved = {key: os.environ.pop(key) for key in _ENV_KEYS if key in os.environ}
    yield
    os.environ.update(saved)


@pytest.fixture(autouse=True)
def _fresh_inspect_models() -> Iterator[None]:
    """inspect memoizes models by name, not by ANTHROPIC_BASE_URL: without this, a test's
    model would still talk to the local Messages server of an earlier test, long closed."""
    loaded = sys.modules.get("inspect_ai.model._model")
    if loaded is not None:
        loaded._models.clear()
    yield


@pytest.fixture(scope="session")
def test_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Settings, dict[str, str]]]:
    home = tmp_path_factory.mktemp("taskspace-home")
    with running_server(home) as server:
        yield server


@pytest.fixture(scope="session")
def settings(test_server: tuple[Settings, dict[str, str]]) -> Settings:
    return test_server[0]


@pytest.fixture(scope="session")
def server_env(test_server: tuple[Settings, dict[str, str]]) -> dict[str, str]:
    """The environment a `kg` command needs to talk to the test server."""
    return test_server[1]


@pytest.fixture(scope="session")
def session_graph(settings: Settings) -> Iterator[Graph]:
    with Graph(settings) as graph:
        apply_schema(graph)
        yield graph


@pytest.fixture()
def graph(session_graph: Graph) -> Graph:
    """The test graph, emptied before each test (schema kept)."""
    session_graph.run_autocommit(
        "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
    )
    return session_graph


@pytest.fixture()
def cwd_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark tests by what they start: a server by folder or by the fixture they use (a
    browser test may use one too), Chromium by folder."""
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0]
        if folder == "server" or "test_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.server)
        if folder == "browser":
            item.add_marker(pytest.mark.browser)
