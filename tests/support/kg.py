"""`kg` as a user's script or CI meets it: the real command in a subprocess, its output piped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

KG = str(Path(sys.executable).with_name("kg"))


def command_env(server_env: dict[str, str]) -> dict[str, str]:
    """The user's environment with the test server's TASKSPACE_* and never a NEO4J_* that
    could reach a user's database (nor a COLUMNS that would set rich's width)."""
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("NEO4J_") and key != "COLUMNS"
    }
    return {**base, **server_env}


def piped(
    server_env: dict[str, str], *args: str, seconds: float = 300
) -> subprocess.CompletedProcess[str]:
    """``kg args…`` with stdout and stderr piped (neither is a terminal), as in CI or a log."""
    return subprocess.run(
        [KG, *args],
        env=command_env(server_env),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=seconds,
        check=False,
    )
