"""``kg load``: put a source into the graph."""

from __future__ import annotations

import click

from taskspace.cli.lazy import LazyGroup
from taskspace.core.registry import Entry, Registry


@click.group(
    cls=LazyGroup,
    lazy=Registry(
        "source",
        {
            "docs": Entry("taskspace.cli.load_docs:docs", "PDF, Markdown and HTML documents"),
            "episodes": Entry("taskspace.cli.load_episodes:episodes", "GUI and web episodes"),
            "web": Entry("taskspace.cli.load_web:web", "a crawled website"),
            "wikidata": Entry("taskspace.cli.load_wikidata:wikidata", "Wikidata dumps"),
        },
    ),
)
def load() -> None:
    """Load documents, web pages, Wikidata or GUI episodes into the graph."""
