"""The same contract against Neo4j in Docker, through testcontainers, where an engine runs.

These machines have no Docker engine, so this module skips with that reason; on a machine
with one (and `pip install testcontainers`), it checks that the schema and the writer
behave the same against the official image.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator

import pytest

from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.graph.schema import apply_schema
from taskspace.graph.writer import BatchedWriter


def _docker_engine_running() -> bool:
    if shutil.which("docker") is None:
        return False
    probe = subprocess.run(["docker", "info"], capture_output=True, check=False)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(
    not _docker_engine_running(), reason="no Docker engine on this machine"
)


@pytest.fixture(scope="module")
def docker_graph() -> Iterator[Graph]:
    neo4j_module = pytest.importorskip("testcontainers.neo4j", reason="testcontainers missing")
    with neo4j_module.Neo4jContainer("neo4j:5.26-community") as container:
        settings = Settings(
            NEO4J_URI=container.get_connection_url(),
            NEO4J_USERNAME="neo4j",
            NEO4J_PASSWORD=container.password,
        )
        with Graph(settings) as graph:
            apply_schema(graph)
            yield graph


def test_schema_and_writer_match_the_local_server(docker_graph: Graph) -> None:
    before = len(docker_graph.read("graph/indexes"))
    apply_schema(docker_graph)
    assert len(docker_graph.read("graph/indexes")) == before
    writer = BatchedWriter(docker_graph, batch_size=3)
    rows = [{"id": f"Q{i}", "props": {"qid": f"Q{i}"}} for i in range(10)]
    assert writer.merge_nodes(["Item", "Entity"], rows).nodes_created == 10
    assert writer.merge_nodes(["Item", "Entity"], rows).nodes_created == 0
