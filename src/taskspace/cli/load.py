"""``kg load``: put a source into the graph."""

from __future__ import annotations

import click

from taskspace.cli.lazy import LazyGroup


@click.group(
    cls=LazyGroup,
    lazy={
        "docs": "taskspace.cli.load_docs:docs",
        "episodes": "taskspace.cli.load_episodes:episodes",
        "web": "taskspace.cli.load_web:web",
        "wikidata": "taskspace.cli.load_wikidata:wikidata",
    },
)
def load() -> None:
    """Load documents, web pages, Wikidata or GUI episodes into the graph."""
