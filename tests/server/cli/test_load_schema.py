"""A load on a database that `kg init` never ran on applies the schema first and says so,
instead of every file failing on a missing full-text index (found on a new TASKSPACE_HOME:
`kg db start` then `kg load docs` refused all seven shared documents)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.graph.schema import apply_schema, missing_schema
from tests.support.locations import FIXTURES

SPEC = FIXTURES / "documents" / "spec.md"
FILMS = FIXTURES / "wikidata" / "mini_films.nt"
APPLIED = "The database lacked part of the taskspace schema"


@pytest.fixture()
def without_schema_parts(graph: Graph) -> Iterator[Graph]:
    """The test graph with the index entity lookup needs and one constraint dropped."""
    graph.run_autocommit("DROP INDEX entity_names IF EXISTS")
    graph.run_autocommit("DROP CONSTRAINT chunk_id IF EXISTS")
    try:
        yield graph
    finally:
        apply_schema(graph)  # the session's later tests need the whole schema


def load(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["load", *args], env=env)
    return result.exit_code, result.stdout, result.stderr


def test_a_docs_load_applies_the_missing_schema_and_loads(
    without_schema_parts: Graph, server_env: dict[str, str]
) -> None:
    graph = without_schema_parts
    assert missing_schema(graph) == ["chunk_id", "entity_names"]
    code, out, err = load(server_env, "docs", str(SPEC))
    assert code == 0, out + err
    assert APPLIED in err and "kg init had not run on it" in err
    assert out.strip().splitlines()[-1] == "Loaded: all 1 files."
    assert missing_schema(graph) == []
    chunks = graph.read_text("MATCH (c:Chunk) RETURN count(c) AS n")[0]["n"]
    assert chunks > 0
    # with the schema whole, a second load neither applies nor changes anything
    code, out, err = load(server_env, "docs", str(SPEC))
    assert code == 0 and APPLIED not in err
    assert graph.read_text("MATCH (c:Chunk) RETURN count(c) AS n")[0]["n"] == chunks


def test_a_wikidata_load_applies_it_too(
    without_schema_parts: Graph, server_env: dict[str, str]
) -> None:
    code, out, err = load(server_env, "wikidata", str(FILMS))
    assert code == 0, out + err
    assert APPLIED in err
    assert missing_schema(without_schema_parts) == []
