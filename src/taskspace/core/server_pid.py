"""Whether the local server's recorded process still runs: read by ``kg db`` to start and
stop it, and by every connection to tell a server that died from one that is slow."""

from __future__ import annotations

import os
from pathlib import Path

from taskspace.core.settings import Settings

MAIN_CLASS = "org.neo4j.server.CommunityEntryPoint"


def recorded_pid(settings: Settings) -> int | None:
    """The pid in this home's pid file, alive or not; None when there is no such file."""
    try:
        return int(settings.local.pid_file.read_text(encoding="utf-8").strip())
    except (FileNotFoundError, ValueError):
        return None


def is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child still answers kill(0); reap it if it is ours.
    try:
        reaped, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return reaped == 0


def is_our_server(pid: int, settings: Settings) -> bool:
    """Does ``pid`` run Neo4j with this home? True where /proc cannot tell (not Linux)."""
    try:
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return not Path("/proc/self").exists()
    except OSError:
        return True
    wanted = f"--home-dir={settings.local.root}".encode()
    return MAIN_CLASS.encode() in arguments and wanted in arguments


def has_ended(pid: int, settings: Settings) -> bool:
    """Is ``pid`` no longer this home's server (killed, crashed, out of memory, or the pid
    reused by another process after a reboot)?"""
    return not (is_alive(pid) and is_our_server(pid, settings))


def ended_server(settings: Settings) -> int | None:
    """The recorded pid when that process is no longer this home's server, else None: no
    pid file (never started, or stopped by ``kg db stop``, which removes it) is not this
    case, and neither is a server that still runs."""
    pid = recorded_pid(settings)
    return pid if pid is not None and has_ended(pid, settings) else None
