"""Helpers for the causal-path and multihop tests: the fixture world, loading, checks."""

from __future__ import annotations

from pathlib import Path

from taskspace.generators.paths.describe import hidden_labels
from taskspace.generators.paths.sampler import rederive_path
from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.apps import load_apps
from taskspace.sources.wikidata.loader import load_files
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named
from tests.support.locations import TESTS
from tests.support.web import empty_graph

FIXTURES = TESTS / "fixtures" / "paths"
WORLD = FIXTURES / "world.nt"
SITE_B = FIXTURES / "site_b"


def load_wikidata(graph: Graph, *files: Path) -> None:
    """An empty graph, then the files through the real loader and the app spaces."""
    empty_graph(graph)
    report = load_files(graph, list(files))
    assert report.error_count == 0 and report.failed == [], report.as_dict()
    assert load_apps(graph).failed == []


def problems(graph: Graph, task: Task) -> list[str]:
    """Why a path task is not acceptable: spoilers, no re-derivation, wrong answer shape."""
    found = [f"names {label!r}" for label in named(task.prompt, hidden_labels(task))]
    if not rederive_path(graph, task):
        found.append("does not re-derive")
    if task.answer != task.path[-1].answer or not task.path[-1].to_label:
        found.append("final answer is not the last step's label")
    return found
