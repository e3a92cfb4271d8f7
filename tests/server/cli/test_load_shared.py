"""Loads of different kinds against the test server: the same ``--json`` names for the same
counts, and the same :class:`Progress` told about each run (#25)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.core.progress import Unit
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.sources.episodes.loader import load_episodes
from taskspace.sources.wikidata.loader import load_files
from tests.support.locations import TESTS

FIXTURES = TESTS / "fixtures"
SPEC = FIXTURES / "documents" / "spec.md"
FILMS = FIXTURES / "wikidata" / "mini_films.nt"
EPISODES = FIXTURES / "episodes" / "jsonl" / "episodes.jsonl"
SHARED = {"inputs", "loaded", "failed", "errors", "nodes_created", "relationships_created"}

pytestmark = pytest.mark.server


def test_docs_and_wikidata_json_name_the_same_counts_the_same(
    graph: Graph, server_env: dict[str, str]
) -> None:
    runner = CliRunner()
    docs = runner.invoke(cli, ["load", "docs", str(SPEC), "--json"], env=server_env)
    assert docs.exit_code == 0, docs.output
    wikidata = runner.invoke(cli, ["load", "wikidata", str(FILMS), "--json"], env=server_env)
    assert wikidata.exit_code == 0, wikidata.output
    document, films = json.loads(docs.stdout), json.loads(wikidata.stdout)["files"]
    both = set(document) & set(films)
    assert SHARED | {"seconds"} <= both
    assert {name: type(document[name]) for name in both} == {
        name: type(films[name]) for name in both
    }
    for payload, path in ((document, SPEC), (films, FILMS)):
        assert (payload["inputs"], payload["loaded"], payload["failed"]) == (1, [str(path)], [])
        assert payload["errors"] == 0
        assert payload["nodes_created"] > 0 and payload["relationships_created"] > 0
    again = runner.invoke(cli, ["load", "wikidata", str(FILMS), "--json"], env=server_env)
    reloaded = json.loads(again.stdout)["files"]
    assert (reloaded["nodes_created"], reloaded["relationships_created"]) == (0, 0)


class Recorder:
    """A :class:`Progress` that keeps each run: label, total, unit and the amount advanced."""

    def __init__(self) -> None:
        self.runs: list[tuple[str, int | None, Unit]] = []
        self.done: list[int] = []

    def start(self, label: str, total: int | None, unit: Unit = "items") -> None:
        self.runs.append((label, total, unit))
        self.done.append(0)

    def advance(self, count: int = 1) -> None:
        self.done[-1] += count

    def describe(self, text: str) -> None:
        assert self.runs, f"described before a run started: {text}"


def test_documents_wikidata_and_episodes_report_to_one_progress(graph: Graph) -> None:
    progress = Recorder()
    assert load_documents(graph, [SPEC], progress=progress).loaded == [str(SPEC)]
    assert load_files(graph, [FILMS], progress=progress).loaded == [str(FILMS)]
    episodes = load_episodes(graph, [EPISODES], progress=progress)
    assert episodes.loaded and not episodes.failed and episodes.error_count == 0
    size = FILMS.stat().st_size
    assert progress.runs == [
        ("documents", 1, "items"),
        ("mini_films.nt", size, "bytes"),
        ("episodes", None, "items"),
    ]
    assert progress.done == [1, size, episodes.episodes]


def test_strict_turns_a_partial_docs_load_into_exit_3(
    graph: Graph, server_env: dict[str, str]
) -> None:
    """#27: every ``kg load`` takes --strict; a real truncated PDF beside good Markdown."""
    mixed = FIXTURES / "documents_graph" / "mixed"
    runner = CliRunner()
    plain = runner.invoke(cli, ["load", "docs", str(mixed)], env=server_env)
    assert plain.exit_code == 0, plain.output
    assert plain.output.rstrip().splitlines()[-1] == "Partly loaded: 1 of 2 files."
    strict = runner.invoke(cli, ["load", "docs", str(mixed), "--strict", "--json"], env=server_env)
    assert strict.exit_code == 3
    assert json.loads(strict.stdout)["status"] == "partial"
    complete = runner.invoke(cli, ["load", "docs", str(SPEC), "--strict"], env=server_env)
    assert complete.exit_code == 0, complete.output
