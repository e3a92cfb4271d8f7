"""Neo4j's admin tool (``neo4j-admin``) on the provisioned server's jars.

The server is installed from Maven Central as jars, without the distribution's ``bin/``
scripts, so the admin tool is run as its main class on the same class path and with the
same ``NEO4J_HOME``/``NEO4J_CONF`` as the server: it sees the local server's databases.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Sequence

from taskspace.core.settings import Settings
from taskspace.server.install import find_tool
from taskspace.server.permissions import SERVER_UMASK

ADMIN_MAIN = "org.neo4j.cli.AdminTool"


def server_env(settings: Settings) -> dict[str, str]:
    """The environment of the server and its admin tool: its home and its configuration."""
    env = dict(os.environ)
    env["NEO4J_HOME"] = str(settings.local.root)
    env["NEO4J_CONF"] = str(settings.local.conf_dir)
    return env


def admin_command(settings: Settings, args: Sequence[str], jvm: Sequence[str] = ()) -> list[str]:
    """The command line of ``neo4j-admin ARGS`` for the local server (``jvm``: options
    for the Java runtime, such as the importer's heap)."""
    java = find_tool("java", "install a Java 17 runtime")
    return [java, *jvm, "-cp", f"{settings.local.lib}/*", ADMIN_MAIN, *args]


def run_admin(settings: Settings, args: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run ``neo4j-admin ARGS``, wait, and keep what it printed."""
    return subprocess.run(
        admin_command(settings, args),
        env=server_env(settings),
        umask=SERVER_UMASK,
        capture_output=True,
        text=True,
        check=False,
    )


def stream_admin(settings: Settings, args: Sequence[str], emit: Callable[[str], None]) -> int:
    """Run ``neo4j-admin ARGS``, passing each line it prints to ``emit`` as it comes (a
    dump's progress); its exit code."""
    with subprocess.Popen(
        admin_command(settings, args),
        env=server_env(settings),
        umask=SERVER_UMASK,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            emit(line.rstrip("\n"))
    return proc.returncode
