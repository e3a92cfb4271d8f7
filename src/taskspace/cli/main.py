"""``kg``: the entry point. Known failures print one clear line and exit non-zero."""

from __future__ import annotations

from typing import Any, NoReturn

import click

from taskspace import __version__
from taskspace.cli.db import db
from taskspace.cli.driver_log import route_driver_logs
from taskspace.cli.errors import error_log_path, log_unexpected, summary
from taskspace.cli.eval import eval_group
from taskspace.cli.graph_commands import init, query, stats
from taskspace.cli.guide import guide
from taskspace.cli.load import load
from taskspace.cli.output import print_error
from taskspace.cli.retrieve import retrieve_command
from taskspace.cli.sample import sample
from taskspace.cli.serve import serve
from taskspace.core.errors import UserError, raised_by_an_interrupt

USER_ERRORS = (UserError,)
"""Every error a user can act on derives from UserError (taskspace.core.errors), input that
cannot be read (a parser's error included) from its InputError: each is its own one line."""


# click's own ways of ending a command (usage errors, --help, ctx.exit) pass through.
_CLICK_FLOW = (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort)


class KgGroup(click.Group):
    """Turns every failure into a message and an exit code, never a traceback.

    Errors a user can act on print their own message (exit 1). Anything else is a defect
    met on real data: one line says what happened and where the traceback was logged
    (exit 1). Ctrl-C exits 130, the shell's code for an interrupt.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except _CLICK_FLOW:
            raise
        except KeyboardInterrupt:
            _interrupted(ctx)
        except Exception as exc:
            if raised_by_an_interrupt(exc):
                _interrupted(ctx)
            elif isinstance(exc, USER_ERRORS):
                print_error(str(exc))
                ctx.exit(1)
            _defect(ctx, exc)


def _interrupted(ctx: click.Context) -> NoReturn:
    print_error("interrupted.")
    ctx.exit(130)


def _defect(ctx: click.Context, exc: Exception) -> NoReturn:
    """The last line of defence: one line, and the traceback logged in full."""
    log = log_unexpected(exc)
    details = f"details: {log}" if log else "the error log could not be written"
    print_error(f"{summary(exc)} ({details})")
    ctx.exit(1)


@click.group(cls=KgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kg")
def cli() -> None:
    """taskspace: load sources into one Neo4j graph, sample tasks, serve agents."""
    # The driver logs retries and dead connections; commands report failures themselves.
    route_driver_logs(error_log_path().parent)


cli.add_command(db)
cli.add_command(init)
cli.add_command(stats)
cli.add_command(query)
cli.add_command(load)
cli.add_command(sample)
cli.add_command(guide)
cli.add_command(eval_group)
cli.add_command(retrieve_command)
cli.add_command(serve)
