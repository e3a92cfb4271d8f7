"""``kg db``: install, start, stop and inspect the local Neo4j server."""

from __future__ import annotations

import click

from taskspace.cli.output import console, human_bytes, json_option, print_json, print_mapping
from taskspace.core.settings import load_settings
from taskspace.server import install as installer
from taskspace.server import process
from taskspace.server.errors import ServerError


@click.group()
def db() -> None:
    """The local Neo4j 5.26 server (provisioned from Maven Central, no Docker)."""


@db.command("install")
@click.option("--force", is_flag=True, help="Resolve the jars again even if installed.")
@json_option
def install_command(force: bool, as_json: bool) -> None:
    """Resolve the pinned Neo4j server and Neo4j Browser jars into TASKSPACE_HOME."""
    settings = load_settings()
    with console.status("Resolving Neo4j from Maven Central…", spinner="dots"):
        report = installer.install(settings.local, force=force)
    payload = {
        "version": report.version,
        "lib": str(report.lib),
        "jars": report.jars,
        "already_installed": report.already_installed,
    }
    if as_json:
        print_json(payload)
        return
    verb = "already installed" if report.already_installed else "installed"
    console.print(f"Neo4j {report.version} {verb}: {report.jars} jars in {report.lib}")


@db.command("start")
@json_option
def start_command(as_json: bool) -> None:
    """Start the server (Bolt and HTTP on 127.0.0.1) and wait until it accepts logins."""
    settings = load_settings()
    with console.status("Starting Neo4j…", spinner="dots"):
        state = process.start(settings)
    if as_json:
        print_json(state.as_dict())
        return
    console.print(
        f"Neo4j {state.version} running (pid {state.pid}) at {state.bolt_uri}; "
        f"Browser at {state.browser_url}\n"
        f"User neo4j, password in {settings.local.password_file} (readable by you only)."
    )


@db.command("browser")
@click.option(
    "--port",
    default=0,
    show_default=True,
    type=click.IntRange(min=0, max=65535),
    help="Port on 127.0.0.1 for the guide (0: any free port).",
)
def browser_command(port: int) -> None:
    """Serve the project's Neo4j Browser guide (schema, meta-path and result queries, click
    to run) on 127.0.0.1 and print the Browser URL that plays it; Ctrl-C stops."""
    from taskspace.graph.connection import Graph
    from taskspace.server.browser_guide import read_guide
    from taskspace.server.guide_server import guide_url, play_url, serving_guide

    settings = load_settings()
    with Graph(settings) as graph:
        graph.verify()
        read_guide(graph)  # a guide that cannot be rendered fails here, not in the Browser
        with serving_guide(settings, lambda: read_guide(graph), port) as bound:
            click.echo(f"Guide: {guide_url(bound)}")
            if settings.uses_local_server:
                click.echo(f"Open Neo4j Browser with it: {play_url(settings, bound)}")
                click.echo(f"(user neo4j, password in {settings.local.password_file})")
            click.echo(f"In the Browser, `:play {guide_url(bound)}` plays it again. Ctrl-C stops.")
            _wait_forever()


def _wait_forever() -> None:
    """Until Ctrl-C or SIGTERM: the guide is served from a thread."""
    import contextlib
    import signal
    import threading

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with contextlib.suppress(KeyboardInterrupt):
        stop.wait()


@db.command("stop")
@json_option
def stop_command(as_json: bool) -> None:
    """Stop the server cleanly."""
    stopped = process.stop(load_settings())
    if as_json:
        print_json({"stopped": stopped})
        return
    console.print("Neo4j stopped." if stopped else "Neo4j was not running.")


@db.command("status")
@json_option
def status_command(as_json: bool) -> None:
    """Is it running, which version, which ports, how big is the store."""
    settings = load_settings()
    state = process.status(settings)
    if as_json:
        print_json(state.as_dict())
    else:
        shown = state.as_dict()
        shown["store_bytes"] = human_bytes(state.store_bytes)
        if not settings.uses_local_server:
            shown["note"] = "NEO4J_URI is set: this is that database, not a local server"
        print_mapping("Neo4j", shown)
        if state.incomplete_loads:
            console.print(f"{state.incomplete_loads} loads never finished: see `kg stats`.")
    if not state.running:
        raise SystemExit(3)


@db.command("logs")
@click.option(
    "-n",
    "--lines",
    default=50,
    show_default=True,
    type=click.IntRange(min=1),
    help="How many last lines.",
)
@click.option(
    "--log",
    "which",
    default="neo4j",
    show_default=True,
    type=click.Choice(["neo4j", "debug", "console", "query", "http", "security"]),
)
def logs_command(lines: int, which: str) -> None:
    """Print the last lines of the server's logs."""
    settings = load_settings()
    path = process.log_file(settings, which)
    if not path.is_file():
        raise ServerError(
            f"There is no {path.name} under {path.parent} yet: the server has not run with "
            "this TASKSPACE_HOME. Start it with `kg db start`."
        )
    click.echo(process.tail_logs(settings, lines, which), nl=False)


OFFLINE_ADMIN = frozenset({"dump", "load", "import", "copy", "migrate"})
"""``neo4j-admin database`` commands that need the database stopped (community edition)."""


@db.command(
    "admin",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def admin_command(args: tuple[str, ...]) -> None:
    """Neo4j's admin tool on the local server (``neo4j-admin ARGS``): database dump,
    load, check, info. Offline database commands need the server stopped (`kg db stop`)."""
    from taskspace.server.admin import stream_admin

    settings = load_settings()
    if not settings.uses_local_server:
        raise click.ClickException(
            f"NEO4J_URI is set ({settings.display_uri}): the admin tool works on the local "
            "server's files only. Unset NEO4J_URI to use it."
        )
    if not installer.is_installed(settings.local):
        raise click.ClickException(
            "The local Neo4j server is not installed: run `kg db install` first."
        )
    if not args:
        args = ("--help",)
    offline = args[0] == "database" and len(args) > 1 and args[1] in OFFLINE_ADMIN
    if offline and process.read_pid(settings) is not None:
        raise click.ClickException(
            f"`database {args[1]}` needs the local server stopped: run `kg db stop` "
            "first, and `kg db start` after."
        )
    raise SystemExit(stream_admin(settings, args, click.echo))
