"""A graph loaded before the paragraph quantities existed, or under older rules, gets them
from ``kg init``; ``kg sample doc`` says so until then.

Real EIPs (tests/fixtures/documents/real) are loaded, then one document is made to look
loaded by an older taskspace (no quantities, no version stamp) and another by older rules
(a wrong quantity, an older stamp).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.sources import derived
from taskspace.sources.derived import refresh_derived, stale_derived
from taskspace.sources.documents.loader import load_documents
from taskspace.sources.documents.node_ids import document_id, document_key
from taskspace.sources.documents.quantities import PROPERTIES
from tests.support.locations import TESTS

REAL = TESTS / "fixtures" / "documents" / "real"
EIPS = [REAL / "eip-2200.md", REAL / "eip-3860.md"]

QUANTITIES = (
    "MATCH (p:Paragraph) RETURN p.id AS id, "
    + ", ".join(f"p.{name} AS {name}" for name in PROPERTIES)
    + " ORDER BY id"
)


def _doc_id(path: Path) -> str:
    return document_id(document_key(path, path))


def _age(graph: Graph) -> tuple[str, str]:
    """eip-2200 as loaded before quantities existed, eip-3860 as under older rules."""
    older, old_rules = (_doc_id(path) for path in EIPS)
    graph.run_autocommit(
        "MATCH (d:Document {id: $doc}) REMOVE d.quantities_version "
        "WITH d MATCH (d)-[:HAS_SECTION|CONTAINS]->+(p:Paragraph) "
        "REMOVE " + ", ".join(f"p.{name}" for name in PROPERTIES),
        doc=older,
    )
    graph.run_autocommit(
        "MATCH (d:Document {id: $doc}) SET d.quantities_version = 0 "
        "WITH d MATCH (d)-[:HAS_SECTION|CONTAINS]->+(p:Paragraph) "
        "SET p.quantity_values = [99.0], p.quantity_said = ['99'], "
        "p.quantity_counted = ['bogus words'], p.quantity_nouns = ['bogus'], "
        "p.quantity_units = [false]",
        doc=old_rules,
    )
    return older, old_rules


def _loaded(graph: Graph) -> list[dict[str, Any]]:
    report = load_documents(graph, EIPS)
    assert report.failed == [] and len(report.loaded) == 2
    rows = graph.read_text(QUANTITIES)
    # eip-2200 states its stipend: "2300 gas", so the check below compares real values.
    assert any(row["quantity_said"] and "2300" in row["quantity_said"] for row in rows)
    return rows


def test_a_fresh_load_is_stamped_and_nothing_is_stale(graph: Graph) -> None:
    _loaded(graph)
    stale = stale_derived(graph)
    assert not stale and stale.documents == [] and stale.sites == []
    assert refresh_derived(graph).documents == 0


def test_refresh_derives_what_the_loader_would_have_stored(
    graph: Graph, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(derived, "DOCUMENTS_PER_ROUND", 1)  # two rounds, one document each
    fresh = _loaded(graph)
    older, old_rules = _age(graph)
    assert graph.read_text(QUANTITIES) != fresh

    stale = stale_derived(graph)
    assert sorted(stale.documents) == sorted([older, old_rules]) and stale.sites == []
    assert stale.describe().startswith(
        "2 documents lack paragraph quantities (compare_sections asks nothing of them)"
    )
    assert "`kg init`" in stale.describe()

    done = refresh_derived(graph)
    assert (done.documents, done.sites) == (2, 0)
    assert done.paragraphs == len(fresh)
    assert graph.read_text(QUANTITIES) == fresh
    assert not stale_derived(graph)


def test_kg_init_fills_them_in_and_kg_sample_warns_until_then(
    server_env: dict[str, str], graph: Graph, cwd_tmp: Path
) -> None:
    fresh = _loaded(graph)
    _age(graph)

    runner = CliRunner()
    sampled = runner.invoke(cli, ["sample", "doc", "-n", "2", "--no-graph"], env=server_env)
    assert "Warning: 2 documents lack paragraph quantities" in sampled.stderr, sampled.output

    result = runner.invoke(cli, ["init"], env=server_env)
    assert result.exit_code == 0, result.output
    assert f"Derived again: quantities of {len(fresh):,} paragraphs in 2 documents" in result.output
    assert graph.read_text(QUANTITIES) == fresh

    again = runner.invoke(cli, ["init", "--json"], env=server_env)
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["derived"] == {
        "documents": 0,
        "paragraphs": 0,
        "sites": 0,
        "headings": 0,
        "pages": 0,
        "named": 0,
        "embedded_sites": 0,
        "embedded_elements": 0,
    }
    quiet = runner.invoke(cli, ["sample", "doc", "-n", "2", "--no-graph"], env=server_env)
    assert "Warning" not in quiet.stderr, quiet.stderr
