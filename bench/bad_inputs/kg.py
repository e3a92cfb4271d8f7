"""Running the ``kg`` command under test and capturing what a user would see.

The command is configurable (``--kg``) so that the same probe measures any checkout: by
default it is this interpreter running ``taskspace.cli.main:cli``, which picks up the
checkout on ``PYTHONPATH``. Output is captured wide (``COLUMNS``) so that rich tables do
not wrap file names, which would hide them from the checks.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

DEFAULT_KG = [
    sys.executable,
    "-c",
    "import sys; sys.argv[0] = 'kg'; from taskspace.cli.main import cli; cli()",
]


@dataclass(frozen=True)
class KgResult:
    args: list[str]
    code: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def output(self) -> str:
        return self.stdout + ("\n" if self.stdout and self.stderr else "") + self.stderr


class KgCommand:
    """The command line that starts ``kg``, and how to run it with the probe's server."""

    def __init__(self, command: str | None = None) -> None:
        self.argv = shlex.split(command) if command else list(DEFAULT_KG)

    def describe(self) -> str:
        return shlex.join(self.argv)

    def environment(self, extra: dict[str, str]) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("NEO4J_") and key != "ANTHROPIC_API_KEY"
        }
        env.update(extra)
        env.update({"COLUMNS": "400", "LINES": "200", "NO_COLOR": "1", "TERM": "dumb"})
        return env

    def start(self, args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [*self.argv, *args],
            env=self.environment(env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )

    def run(
        self,
        args: list[str],
        env: dict[str, str],
        timeout: float = 180,
        during: Callable[[subprocess.Popen[bytes]], None] | None = None,
    ) -> KgResult:
        """Run to the end (or to ``timeout``, then kill); ``during`` acts on it meanwhile."""
        started = time.monotonic()
        process = self.start(args, env)
        if during is not None:
            during(process)
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            err += f"\n[probe: killed after {timeout:.0f}s timeout]".encode()
        return KgResult(
            args,
            process.returncode,
            out.decode("utf-8", "replace"),
            err.decode("utf-8", "replace"),
            time.monotonic() - started,
        )
