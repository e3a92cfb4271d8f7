"""Helpers for tests that run their own real Neo4j servers (never a user's database)."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from taskspace.core.settings import Settings
from taskspace.server import install as installer
from taskspace.server import process
from taskspace.server.isolated import SHARED_JAR_CACHE, isolated_environment
from tests.support.locations import REPO

TEST_CACHE = SHARED_JAR_CACHE
SHARED_DATA = REPO.parent / "shared" / "data"


def require_shared(path: Path) -> Path:
    """``path`` under ../shared/data, or a skip of the test when that data is absent."""
    if not path.exists():
        pytest.skip(f"real test data is absent: {path} (../shared/data)")
    return path


server_environment = isolated_environment
"""Environment for a test server of its own: own home, own ports, small memory."""


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


def wait_for_port(
    port: int, process: subprocess.Popen[str], what: str, seconds: float = 90
) -> None:
    """Wait until ``process`` (a ``kg`` command serving something) listens on ``port``;
    fail with its stderr if it exits first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = process.stderr.read() if process.stderr else ""
            raise AssertionError(f"{what} exited: {said}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not listen on {port} within {seconds:.0f} s")
