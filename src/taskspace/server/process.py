"""Starts, stops and reports on the local server process (``kg db start|stop|status|logs``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from neo4j import READ_ACCESS, Driver
from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable

from taskspace.core.descriptor import jvm_options
from taskspace.core.server_pid import MAIN_CLASS, has_ended, is_alive, recorded_pid
from taskspace.core.settings import Settings
from taskspace.graph.connection import open_driver
from taskspace.graph.queries import default_library
from taskspace.server.admin import server_env
from taskspace.server.config import ensure_initial_password, write_config
from taskspace.server.errors import InstallError, ServerError
from taskspace.server.install import find_tool, is_installed
from taskspace.server.permissions import SERVER_UMASK, lock_down, write_private


@dataclass
class ServerStatus:
    installed: bool
    running: bool
    pid: int | None
    version: str | None
    edition: str | None
    bolt_uri: str
    browser_url: str
    home: Path
    store_bytes: int
    incomplete_loads: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "installed": self.installed,
            "running": self.running,
            "pid": self.pid,
            "version": self.version,
            "edition": self.edition,
            "bolt_uri": self.bolt_uri,
            "browser_url": self.browser_url,
            "home": str(self.home),
            "store_bytes": self.store_bytes,
            "incomplete_loads": self.incomplete_loads,
        }


def read_pid(settings: Settings) -> int | None:
    """The recorded pid if that process is still this home's server, else None.

    A stale file is removed. After a reboot or a crash the recorded pid may belong to an
    unrelated process; trusting it would make ``kg db stop`` signal that process.
    """
    pid = recorded_pid(settings)
    if pid is None or not has_ended(pid, settings):
        return pid
    settings.local.pid_file.unlink(missing_ok=True)
    return None


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def start(settings: Settings) -> ServerStatus:
    """Start the server if it is not running, and wait until it accepts Bolt logins."""
    if not settings.uses_local_server:
        raise ServerError(
            f"NEO4J_URI is set ({settings.display_uri}): that database is used and no local server "
            "is started. Unset NEO4J_URI to use the local server."
        )
    paths = settings.local
    if not is_installed(paths):
        raise ServerError("The local Neo4j server is not installed: run `kg db install` first.")
    if read_pid(settings) is not None:
        return wait_until_ready(settings)
    for port in (settings.bolt_port, settings.http_port):
        if _port_in_use(port):
            raise ServerError(
                f"Port {port} on 127.0.0.1 is already taken by another process; stop it or "
                "choose other ports with TASKSPACE_BOLT_PORT / TASKSPACE_HTTP_PORT."
            )
    write_config(settings)
    lock_down(paths)
    ensure_initial_password(settings)
    java = find_tool("java", "install a Java 17 runtime")
    command = [
        java,
        *jvm_options(),
        f"-Xms{settings.heap}",
        f"-Xmx{settings.heap}",
        "-cp",
        f"{paths.lib}/*",
        MAIN_CLASS,
        f"--home-dir={paths.root}",
        f"--config-dir={paths.conf_dir}",
    ]
    descriptor = os.open(paths.console_log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(descriptor, "ab") as console:
        process = subprocess.Popen(
            command,
            env=server_env(settings),
            umask=SERVER_UMASK,
            stdout=console,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            cwd=paths.root,
        )
    write_private(paths.pid_file, str(process.pid))
    return wait_until_ready(settings, process)


def wait_until_ready(
    settings: Settings, process: subprocess.Popen[bytes] | None = None
) -> ServerStatus:
    deadline = time.monotonic() + settings.start_timeout
    last_error = ""
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            settings.local.pid_file.unlink(missing_ok=True)
            raise ServerError(
                f"Neo4j exited during start (code {process.returncode}). Last log lines:\n"
                + tail_logs(settings, 20)
            )
        try:
            return status(settings, require_login=True)
        except (ServiceUnavailable, OSError) as exc:
            last_error = str(exc)
        time.sleep(0.5)
    raise ServerError(
        f"Neo4j did not accept Bolt on {settings.display_uri} within {settings.start_timeout:.0f}s "
        f"({last_error}). See `kg db logs`."
    )


def stop(settings: Settings, timeout: float = 60.0) -> bool:
    """Stop the server cleanly (SIGTERM, then SIGKILL after ``timeout``); False if not running."""
    pid = read_pid(settings)
    if pid is None:
        return False
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not is_alive(pid):
            break
        time.sleep(0.2)
    else:
        os.kill(pid, signal.SIGKILL)
    settings.local.pid_file.unlink(missing_ok=True)
    return True


def store_size(path: Path) -> int:
    if not path.exists():
        return 0
    return sum(entry.stat().st_size for entry in path.rglob("*") if entry.is_file())


def status(settings: Settings, require_login: bool = False) -> ServerStatus:
    """What runs where. With ``require_login`` a failed Bolt login raises instead of reporting."""
    paths = settings.local
    pid = read_pid(settings)
    version = edition = None
    incomplete: int | None = None
    running = False
    password = settings.password()
    try:
        if password is None:
            raise ServiceUnavailable("no password known")
        with open_driver(
            settings,
            auth=(settings.neo4j_username, password),
            notifications_min_severity="OFF",
            connection_timeout=3.0,
        ) as driver:
            # An auto-commit query: a managed transaction would retry for half a minute.
            with driver.session(database="system") as session:
                record = session.run(
                    "CALL dbms.components() YIELD versions, edition "
                    "RETURN versions[0] AS version, edition"
                ).single(strict=True)
            version, edition = record["version"], record["edition"]
            running = True
            incomplete = _incomplete_loads(driver, settings.neo4j_database)
    except (ServiceUnavailable, AuthError, OSError):
        if require_login:
            raise
    return ServerStatus(
        installed=is_installed(paths),
        running=running,
        pid=pid,
        version=version,
        edition=edition,
        bolt_uri=settings.display_uri,
        browser_url=f"http://127.0.0.1:{settings.http_port}/browser/",
        home=paths.root,
        store_bytes=store_size(paths.data),
        incomplete_loads=incomplete,
    )


def _incomplete_loads(driver: Driver, database: str) -> int | None:
    """How many :Source loads never finished, or None if the database cannot say."""
    try:
        with driver.session(database=database, default_access_mode=READ_ACCESS) as session:
            record = session.run(default_library().text("graph/incomplete_source_count")).single(
                strict=True
            )
    except Neo4jError:
        return None
    return int(record["count"])


def log_file(settings: Settings, which: str = "neo4j") -> Path:
    names = {
        "neo4j": "neo4j.log",
        "debug": "debug.log",
        "console": "console.log",
        "query": "query.log",
        "http": "http.log",
        "security": "security.log",
    }
    if which not in names:
        raise ServerError(f"unknown log {which!r}; choose one of {', '.join(names)}")
    return settings.local.logs / names[which]


def tail_logs(settings: Settings, lines: int = 50, which: str = "neo4j") -> str:
    path = log_file(settings, which)
    if not path.exists():
        return f"(no {path.name} yet under {path.parent})"
    with path.open(encoding="utf-8", errors="replace") as handle:
        return "".join(deque(handle, maxlen=lines))


__all__ = ["InstallError", "ServerError", "ServerStatus", "start", "status", "stop", "tail_logs"]
