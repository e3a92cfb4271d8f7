"""Loading an edited file again gives the graph a fresh load of the edited file gives.

Element ids are a document's key and a position, so an edit moves what each id holds: a
paragraph inserted at the top shifts every element after it. Before, the second load
kept what the ids held before beside what they hold now: a paragraph still labelled
:Section and reached from the document as a top-level section, CONTAINS and NEXT edges of
the old order, mentions of names the text no longer has, links the file no longer makes.

The edits are made to a copy of the real EIP-3860 (tests/fixtures/documents/real): an
opening paragraph and a bulleted list inserted before "Abstract", "Rationale" demoted
under "Specification", the sentence that cites EIP-1014 and the front matter's "requires"
removed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from tests.support.locations import TESTS

EIP_3860 = TESTS / "fixtures" / "documents" / "real" / "eip-3860.md"
IGNORED = {"source", "loaded_at", "embedding"}
"""Properties that tell which load wrote a node (an entity keeps the load that created it),
not what the graph holds."""


def _edited(text: str) -> str:
    text = re.sub(r"^requires:.*\n", "", text, flags=re.M)
    text = text.replace(
        "## Abstract\n",
        "An opening paragraph the editor added, naming the Kestrel Engineering Group.\n\n"
        "- A list item about the Valdoria Port Authority.\n\n## Abstract\n",
        1,
    )
    text = text.replace("## Rationale\n", "### Rationale\n", 1)
    cited = re.search(r"Moreover, calculating gas per word[^\n]*EIP-1014[^.]*\.", text)
    assert cited is not None
    return text.replace(cited.group(0), "Moreover, the same rule applies.", 1)


def _dump(graph: Graph) -> tuple[list[Any], list[Any]]:
    """Every node but :Source (labels, properties) and every edge between them, by ids."""
    nodes = graph.read_text(
        "MATCH (n) WHERE NOT n:Source "
        "RETURN n.id AS id, labels(n) AS labels, properties(n) AS props ORDER BY id"
    )
    edges = graph.read_text(
        "MATCH (a)-[r]->(b) WHERE NOT a:Source AND NOT b:Source "
        "RETURN a.id AS start, type(r) AS type, b.id AS end, properties(r) AS props "
        "ORDER BY start, type, end"
    )
    for row in nodes:
        row["labels"] = sorted(row["labels"])
        row["props"] = {k: v for k, v in row["props"].items() if k not in IGNORED}
    return nodes, edges


def _load(graph: Graph, path: Path) -> None:
    report = load_documents(graph, [path])
    assert report.failed == [] and len(report.loaded) == 1


def test_an_edited_file_loaded_again_is_as_if_loaded_fresh(
    graph: Graph, tmp_path: Path, server_env: dict[str, str]
) -> None:
    original = EIP_3860.read_text(encoding="utf-8")
    path = tmp_path / "eip-3860.md"
    path.write_text(original, encoding="utf-8")
    other = tmp_path / "eip-170.md"  # what the removed "requires" linked to
    other.write_text("---\ntitle: Contract code size limit\n---\n\nA size limit.\n")
    _load(graph, other)
    _load(graph, path)
    assert graph.read_text("MATCH (:Document)-[r:LINKS_TO]->() RETURN count(r) AS n") == [{"n": 1}]

    path.write_text(_edited(original), encoding="utf-8")
    result = CliRunner().invoke(cli, ["load", "docs", str(path)], env=server_env)
    assert result.exit_code == 0, result.output
    removed = re.search(
        r"([\d,]+) nodes? and ([\d,]+) relationships? an earlier load of these files left removed",
        result.output,
    )
    assert removed is not None and int(removed.group(2).replace(",", "")) > 0, result.output
    reloaded = _dump(graph)

    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS")
    _load(graph, other)
    _load(graph, path)
    fresh = _dump(graph)
    assert reloaded[0] == fresh[0]  # nodes: labels and properties
    assert reloaded[1] == fresh[1]  # edges
    # What the edit changed is in the graph: the opening paragraph is no section, the
    # demoted heading hangs under Specification, EIP-1014 is no longer named.
    opening = graph.read_text(
        "MATCH (n:DocElement) WHERE n.text STARTS WITH 'An opening paragraph' "
        "RETURN labels(n) AS labels, EXISTS { (:Document)-[:HAS_SECTION]->(n) } AS top"
    )
    assert opening == [{"labels": ["DocElement", "Paragraph"], "top": False}]
    parent = graph.read_text(
        "MATCH (p:Section)-[:CONTAINS]->(s:Section {title: 'Rationale'}) RETURN p.title AS t"
    )
    assert parent == [{"t": "Specification"}]
    assert graph.read_text("MATCH (e:Entity {label: 'EIP-1014'}) RETURN e") == []


def test_the_same_file_loaded_again_deletes_and_creates_nothing(
    graph: Graph, tmp_path: Path
) -> None:
    path = tmp_path / "eip-3860.md"
    path.write_text(_edited(EIP_3860.read_text(encoding="utf-8")), encoding="utf-8")
    _load(graph, path)
    before = _dump(graph)
    again = load_documents(graph, [path])
    assert again.nodes_created == 0 and again.relationships_created == 0
    assert again.nodes_removed == 0 and again.relationships_removed == 0
    assert _dump(graph) == before
