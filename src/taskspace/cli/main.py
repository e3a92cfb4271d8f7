"""``kg``: the entry point. Known failures print one clear line and exit non-zero."""

from __future__ import annotations

import logging
from typing import Any

import click
from rich.text import Text

from taskspace import __version__
from taskspace.cli.db import db
from taskspace.cli.graph_commands import init, query, stats
from taskspace.cli.guide import guide
from taskspace.cli.load import load
from taskspace.cli.output import error_console
from taskspace.cli.sample import sample
from taskspace.graph.connection import GraphError
from taskspace.graph.names import InvalidNameError
from taskspace.graph.queries import QueryNotFoundError
from taskspace.server.install import InstallError
from taskspace.server.process import ServerError

USER_ERRORS = (GraphError, ServerError, InstallError, InvalidNameError, QueryNotFoundError)


class KgGroup(click.Group):
    """Turns the errors a user can act on into a message and exit code 1, not a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except USER_ERRORS as exc:
            error_console.print(Text.assemble(("Error: ", "bold red"), str(exc)))
            ctx.exit(1)


@click.group(cls=KgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kg")
def cli() -> None:
    """taskspace: load sources into one Neo4j graph, sample tasks, serve agents."""
    # The driver logs each retry as a warning; commands report failures themselves.
    logging.getLogger("neo4j").setLevel(logging.ERROR)


cli.add_command(db)
cli.add_command(init)
cli.add_command(stats)
cli.add_command(query)
cli.add_command(load)
cli.add_command(sample)
cli.add_command(guide)
