"""Loading real and hostile files into a real server: one file's failure stays that file's.

Covers the load report and ``kg load docs`` exit convention (LoadOutcome), pages that
cleaning emptied (a warning, not a load), missing paths, and large documents written in
parts, which must give the same graph as one transaction.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.load_docs import docs
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import LoadOptions, load_documents, load_parsed
from taskspace.sources.documents.parse import parse_file
from tests.support.docs import one, snapshot
from tests.support.locations import TESTS

server = pytest.mark.server

REAL = TESTS / "fixtures" / "documents" / "real"
VECTOR_2022 = REAL / "wikipedia-time-loop-films.html"
HERMITIAN = REAL / "wikipedia-hermitian-matrix.html"


def _menu_page(folder: Path) -> Path:
    """A page that is all navigation: cleaning leaves two characters of it."""
    items = "".join(f'<li><a href="/p{i}">Menu entry number {i}</a></li>' for i in range(40))
    page = folder / "menu.html"
    page.write_text(f"<html><body><nav><ul>{items}</ul></nav><p>Hi</p></body></html>")
    return page


def _deep_page(folder: Path) -> Path:
    page = folder / "deep.html"
    page.write_text(
        "<html><body><h1>Deep</h1>"
        + "<div>" * 600
        + "<p>Text at the bottom of six hundred divs.</p>"
        + "</div>" * 600
        + "</body></html>"
    )
    return page


@server
def test_real_pages_load_and_bad_ones_are_reported_each(graph: Graph, tmp_path: Path) -> None:
    menu, deep = _menu_page(tmp_path), _deep_page(tmp_path)
    missing = tmp_path / "no-such-folder"
    report = load_documents(graph, [VECTOR_2022, deep, menu, missing])
    assert report.inputs == 4
    assert sorted(Path(p).name for p in report.loaded) == [
        "deep.html",
        "wikipedia-time-loop-films.html",
    ]
    assert [(Path(f).name, r) for f, r in report.failed] == [
        ("no-such-folder", "no such file or folder")
    ]
    assert [Path(f).name for f, _ in report.warnings] == ["menu.html"]
    assert "almost no text left after cleaning" in report.warnings[0][1]
    title = one(
        graph,
        "MATCH (d:Document {name: 'wikipedia-time-loop-films'}) RETURN d.title",
    )
    assert title == "List of films featuring time loops"
    assert one(graph, "MATCH (t:Table) RETURN count(t)") == 1
    assert one(graph, "MATCH (d:Document {name: 'menu'}) RETURN count(d)") == 0
    assert one(graph, "MATCH (s:Source) RETURN count(s)") == 2  # none for the refused files


@server
def test_an_exception_in_one_document_is_its_error_and_leaves_no_source(graph: Graph) -> None:
    documents = [parse_file(VECTOR_2022), parse_file(HERMITIAN)]
    report = load_parsed(graph, documents, options=LoadOptions(chunk_chars=10))
    assert report.loaded == []
    assert len(report.failed) == 2
    assert all("chunk size must be at least 50" in reason for _, reason in report.failed)
    assert one(graph, "MATCH (n) RETURN count(n)") == 0  # no orphan :Source either


@server
def test_a_document_written_in_parts_is_the_same_graph(graph: Graph) -> None:
    whole = load_documents(graph, [HERMITIAN])
    assert whole.loaded == [str(HERMITIAN)]
    expected = snapshot(graph)
    graph.write_text("MATCH (n) DETACH DELETE n")
    parts = load_documents(graph, [HERMITIAN], options=LoadOptions(part_size=7))
    assert parts.loaded == [str(HERMITIAN)]
    assert snapshot(graph) == expected
    elements = one(graph, "MATCH (e:DocElement) RETURN count(e)")
    assert elements > 7 * 3  # really several parts
    assert one(graph, "MATCH (:DocElement)-[r:NEXT]->() RETURN count(r)") == elements - 1
    # loading again in parts changes nothing
    load_documents(graph, [HERMITIAN], options=LoadOptions(part_size=7))
    assert snapshot(graph) == expected


@server
def test_cli_partly_loaded_with_reasons_and_json(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    menu = _menu_page(tmp_path)
    missing = tmp_path / "gone"
    runner = CliRunner()
    result = runner.invoke(docs, [str(HERMITIAN), str(menu), str(missing)], env=server_env)
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())  # rich wraps long lines at spaces
    assert "Partly loaded: 1 of 3 files." in flat
    assert f"no such file or folder: {missing}" in flat
    assert "menu.html: almost no text left after cleaning" in flat
    assert "Traceback" not in result.output

    as_json = runner.invoke(docs, [str(menu), str(missing), "--json"], env=server_env)
    assert as_json.exit_code == 1
    payload = json.loads(as_json.stdout)
    assert payload["status"] == "failed" and payload["documents"] == 0
    assert [w["input"] for w in payload["warnings"]] == [str(menu)]
    assert [e["reason"] for e in payload["failed"]] == ["no such file or folder"]


@server
def test_cli_prints_odd_file_names_as_they_are(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    odd = tmp_path / "[bold]notes[red].md"
    odd.write_bytes(b"\x00\x01 binary")
    result = CliRunner().invoke(docs, [str(odd)], env=server_env)
    assert result.exit_code == 1
    assert "[bold]notes[red].md" in result.output.replace("\n", "")
    assert "not a text file (binary content: NUL bytes)" in result.output
