"""Named queries: lookup, statement splitting and validated slots (no server needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskspace.graph.errors import InvalidNameError, QueryNotFoundError
from taskspace.graph.names import checked_name
from taskspace.graph.queries import QueryLibrary, fill_slots


def test_every_shipped_query_loads() -> None:
    library = QueryLibrary()
    names = library.names()
    assert {"schema", "graph/labels", "writes/merge_nodes"} <= set(names)
    assert len(library.statements("schema")) >= 30


def test_statements_split_on_terminating_semicolons(tmp_path: Path) -> None:
    (tmp_path / "two.cypher").write_text(
        "// comment; not a statement\nRETURN 'a;b' AS x;\nRETURN 2 AS y;\n"
    )
    assert QueryLibrary([tmp_path]).statements("two") == ["RETURN 'a;b' AS x", "RETURN 2 AS y"]


def test_unknown_and_escaping_names_are_refused(tmp_path: Path) -> None:
    library = QueryLibrary([tmp_path])
    with pytest.raises(QueryNotFoundError, match="no query named"):
        library.text("missing")
    with pytest.raises(QueryNotFoundError, match="may not leave"):
        library.text("../etc/passwd")


def test_slots_take_only_valid_names() -> None:
    assert fill_slots("MATCH (n:{{label}})", {"label": "Item:Entity"}) == "MATCH (n:Item:Entity)"
    with pytest.raises(InvalidNameError):
        fill_slots("MATCH ()-[r:{{t}}]->()", {"t": "P31`]->() DETACH DELETE n //"})
    with pytest.raises(InvalidNameError, match="was not given"):
        fill_slots("MATCH (n:{{label}})", {})


def test_checked_name_accepts_wikidata_ids_and_contract_labels() -> None:
    for name in ("P31", "P1545", "WebElement", "HAS_STEP", "NEXT_CHUNK"):
        assert checked_name(name) == name
