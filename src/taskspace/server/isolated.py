"""The environment of a throwaway local server: its own home, free ports, small memory.

Tests and the bad-input probe each run a server of their own beside a user's; sharing the
resolved jars (``TASKSPACE_CACHE``) is safe, sharing data or ports never is.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

SHARED_JAR_CACHE = Path(
    os.environ.get("TASKSPACE_TEST_CACHE", Path.home() / ".cache" / "taskspace-tests")
)
"""Jars resolved once for every throwaway home; only jars live here, never data."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on at this moment."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def isolated_environment(home: Path) -> dict[str, str]:
    """``TASKSPACE_*`` variables for a server that shares nothing with a user's but jars."""
    return {
        "TASKSPACE_HOME": str(home),
        "TASKSPACE_CACHE": str(SHARED_JAR_CACHE),
        "TASKSPACE_BOLT_PORT": str(free_port()),
        "TASKSPACE_HTTP_PORT": str(free_port()),
        "TASKSPACE_NEO4J_HEAP": "512m",
        "TASKSPACE_NEO4J_PAGECACHE": "256m",
    }
