""" "Exactly one other document mentions it" counts a mention in a list item too.

On the project's example documents, Kestrel Engineering is named by the harbor report
(the passage on Figure 1) and by the Nordwind profile, and the Valdoria Port Authority by
the Nordwind profile's "Partners" and the arrival guide's "Arrival". The three templates
that claim a name is shared by exactly one other document (or sits under one heading of
it) make those claims. Once the arrival guide also names both in a bulleted list under
"Departure", a reader finds the claims false, and the templates must make none of them.
Before, only paragraphs were counted, and the list item went unseen.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from taskspace.generators.templates.engine import run_template_query
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from tests.support.locations import REPO

EXAMPLES = REPO / "examples" / "documents"
BULLETS = (
    "## Departure\n\n"
    "- Cranes at the berth are serviced by Kestrel Engineering.\n"
    "- Clearance requests go to the Valdoria Port Authority.\n"
)


HEADED = "## Departure\n\n### Kestrel Engineering cranes\n\nThey are serviced at the berth.\n"


def _load(graph: Graph, folder: Path, bullets: bool, headed: bool = False) -> None:
    shutil.copytree(EXAMPLES, folder)
    guide = folder / "harbor-guide.md"
    text = guide.read_text(encoding="utf-8")
    assert "## Departure\n" in text
    if bullets:
        guide.write_text(text.replace("## Departure\n", BULLETS, 1), encoding="utf-8")
    if headed:
        guide.write_text(text.replace("## Departure\n", HEADED, 1), encoding="utf-8")
    report = load_documents(graph, [folder])
    assert report.failed == [] and len(report.loaded) == 3


def _rows(graph: Graph, name: str) -> list[dict[str, Any]]:
    spec = next(spec for spec in load_templates("doc") if spec.name == name)
    return run_template_query(graph, spec, seed=0, scan=1000, limit=1000)


def _claims(graph: Graph) -> dict[str, list[tuple[str, ...]]]:
    return {
        "shared_entity_hop": [
            (row["document"], row["entity"], row["other_document"])
            for row in _rows(graph, "shared_entity_hop")
            if row["entity"] == "Kestrel Engineering"
        ],
        "figure_entity_hop": [
            (row["document"], row["entity"], row["other_document"])
            for row in _rows(graph, "figure_entity_hop")
        ],
        "entity_synthesis": [
            (row["title"], row["entity"], row["heading"])
            for row in _rows(graph, "entity_synthesis")
            if row["other_document"] == "Harbor Arrival Guide"
            and row["entity"] == "Valdoria Port Authority"
        ],
    }


def test_the_claims_hold_while_only_the_paragraphs_name_them(graph: Graph, tmp_path: Path) -> None:
    _load(graph, tmp_path / "docs", bullets=False)
    report, profile = "Harbor Freight Annual Report", "Nordwind Shipping Company Profile"
    claims = _claims(graph)
    assert (report, "Kestrel Engineering", profile) in claims["shared_entity_hop"]
    assert (profile, "Kestrel Engineering", report) in claims["shared_entity_hop"]
    assert claims["figure_entity_hop"] == [(report, "Kestrel Engineering", profile)]
    assert ("Partners", "Valdoria Port Authority", "Arrival") in claims["entity_synthesis"]


@pytest.mark.parametrize("name", ["shared_entity_hop", "figure_entity_hop", "entity_synthesis"])
def test_a_list_item_naming_them_too_withdraws_each_claim(
    graph: Graph, tmp_path: Path, name: str
) -> None:
    _load(graph, tmp_path / "docs", bullets=True)
    listed = graph.read_text(
        "MATCH (i:ListItem)-[:MENTIONS]->(e:Entity) RETURN e.label AS label ORDER BY label"
    )
    assert {"Kestrel Engineering", "Valdoria Port Authority"} <= {row["label"] for row in listed}
    assert _claims(graph)[name] == []


@pytest.mark.parametrize("name", ["shared_entity_hop", "figure_entity_hop"])
def test_a_heading_naming_it_in_a_third_document_withdraws_the_claim(
    graph: Graph, tmp_path: Path, name: str
) -> None:
    """Headings are no entity source, but a reader who checks "exactly one other document"
    sees "Kestrel Engineering cranes" heading a section of the arrival guide."""
    _load(graph, tmp_path / "docs", bullets=False, headed=True)
    headed = graph.read_text(
        "MATCH (s:Section) WHERE s.text STARTS WITH 'Kestrel' RETURN s.file AS file"
    )
    assert [Path(row["file"]).name for row in headed] == ["harbor-guide.md"]
    assert not graph.read_text(
        "MATCH (s:Section)-[:MENTIONS]->(e:Entity) RETURN e.label AS label LIMIT 1"
    )
    assert _claims(graph)[name] == []
