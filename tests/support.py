"""Helpers for tests that run their own real Neo4j servers (never a user's database)."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from taskspace.server import install as installer
from taskspace.server import process
from taskspace.settings import Settings

TEST_CACHE = Path(
    os.environ.get("TASKSPACE_TEST_CACHE", Path.home() / ".cache" / "taskspace-tests")
)
"""Resolved jars shared by every test home; only jars, never data, are shared."""

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_environment(home: Path) -> dict[str, str]:
    """Environment for a test server of its own: own home, own ports, small memory."""
    return {
        "TASKSPACE_HOME": str(home),
        "TASKSPACE_CACHE": str(TEST_CACHE),
        "TASKSPACE_BOLT_PORT": str(free_port()),
        "TASKSPACE_HTTP_PORT": str(free_port()),
        "TASKSPACE_NEO4J_HEAP": "512m",
        "TASKSPACE_NEO4J_PAGECACHE": "256m",
    }


def settings_for(environment: dict[str, str]) -> Settings:
    return Settings(**environment)  # type: ignore[arg-type]


@contextmanager
def running_server(home: Path) -> Iterator[tuple[Settings, dict[str, str]]]:
    """Install (from the shared cache), start, yield, and always stop a server."""
    environment = server_environment(home)
    settings = settings_for(environment)
    installer.install(settings.local)
    process.start(settings)
    try:
        yield settings, environment
    finally:
        process.stop(settings)
