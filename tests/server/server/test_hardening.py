"""The local server's files are owner-only, and its lifecycle survives odd states.

Modes after a start and a write, tightened again on the next start; a second start; a
pid file left behind that names an unrelated live process; ports already taken; a log
that does not exist; credentials in NEO4J_URI.
"""

from __future__ import annotations

import json
import os
import socket
import stat
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.server import process
from tests.support import running_server


def flat(text: str) -> str:
    return " ".join(text.split())


def loose_paths(home: Path) -> list[str]:
    """Everything under ``home`` that someone other than the owner could read or enter."""
    found = []
    for path in [home, *home.rglob("*")]:
        if path.is_symlink():
            continue
        if stat.S_IMODE(path.lstat().st_mode) & 0o077:
            found.append(f"{oct(stat.S_IMODE(path.lstat().st_mode))} {path}")
    return found


def test_server_files_are_owner_only_and_the_lifecycle_is_robust(tmp_path: Path) -> None:
    runner = CliRunner()
    home = tmp_path / "home"
    with running_server(home) as (settings, env):
        with Graph(settings) as graph:
            graph.write_text("CREATE (:Item {id: 'modes'})")
        local = settings.local
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert stat.S_IMODE((local.data / "dbms" / "auth.ini").stat().st_mode) == 0o600
        assert stat.S_IMODE(local.logs.stat().st_mode) == 0o700
        assert stat.S_IMODE((local.logs / "neo4j.log").stat().st_mode) == 0o600
        assert loose_paths(home) == []

        pid = process.read_pid(settings)
        again = runner.invoke(cli, ["db", "start", "--json"], env=env)
        assert again.exit_code == 0, again.output
        assert json.loads(again.stdout)["pid"] == pid

        assert runner.invoke(cli, ["db", "stop"], env=env).exit_code == 0
        # An install from before: world-readable files and folders are tightened at start.
        (local.data / "dbms" / "auth.ini").chmod(0o644)
        local.logs.chmod(0o755)
        home.chmod(0o755)
        started = runner.invoke(cli, ["db", "start"], env=env)
        assert started.exit_code == 0, started.output
        assert loose_paths(home) == []
        assert runner.invoke(cli, ["db", "stop"], env=env).exit_code == 0

        _stale_pid_file_naming_a_live_process(settings, env)
        _ports_in_use(settings, env)

        assert runner.invoke(cli, ["db", "start"], env=env).exit_code == 0


def _stale_pid_file_naming_a_live_process(settings: Settings, env: dict[str, str]) -> None:
    """After a crash the pid may belong to another process: it must not be signalled."""
    settings.local.pid_file.write_text(str(os.getpid()), encoding="utf-8")
    stopped = CliRunner().invoke(cli, ["db", "stop"], env=env)
    assert stopped.exit_code == 0 and "was not running" in stopped.output
    assert not settings.local.pid_file.exists()
    status = CliRunner().invoke(cli, ["db", "status", "--json"], env=env)
    assert status.exit_code == 3 and json.loads(status.stdout)["pid"] is None


def _ports_in_use(settings: Settings, env: dict[str, str]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        # The server that just stopped may leave the port in TIME_WAIT; take it anyway.
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        taken.bind(("127.0.0.1", settings.bolt_port))
        taken.listen(1)
        result = CliRunner().invoke(cli, ["db", "start"], env=env)
    assert result.exit_code == 1
    assert f"Port {settings.bolt_port}" in flat(result.output)
    assert "TASKSPACE_BOLT_PORT" in flat(result.output)
    assert "Traceback" not in result.output


def test_logs_of_a_home_that_never_ran_say_so(tmp_path: Path) -> None:
    env = {"TASKSPACE_HOME": str(tmp_path), "TASKSPACE_CACHE": str(tmp_path / "cache")}
    result = CliRunner().invoke(cli, ["db", "logs"], env=env)
    assert result.exit_code == 1
    assert "no neo4j.log" in flat(result.output) and "kg db start" in flat(result.output)
    bad = CliRunner().invoke(cli, ["db", "logs", "-n", "-3"], env=env)
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_credentials_in_neo4j_uri_are_never_printed(tmp_path: Path) -> None:
    env = {
        "TASKSPACE_HOME": str(tmp_path),
        "NEO4J_URI": "bolt://someone:hunter2-secret@127.0.0.1:1?token=also-secret",
        "NEO4J_PASSWORD": "x",
    }
    for command in (["stats"], ["query", "RETURN 1"], ["db", "status", "--json"]):
        result = CliRunner().invoke(cli, command, env=env)
        assert result.exit_code == 1, (command, result.output)
        assert "NEO4J_USERNAME" in flat(result.output)
        assert "hunter2" not in result.output and "also-secret" not in result.output
        assert "Traceback" not in result.output
    assert Settings(**env).display_uri == "bolt://127.0.0.1:1"  # type: ignore[arg-type]


def test_a_password_that_starts_with_a_dash_is_set_and_works(tmp_path: Path) -> None:
    """token_urlsafe can start a password with "-"; the admin tool must not read it as an
    option (a fresh home failed to start one time in 64 before)."""
    home = tmp_path / "home"
    secrets = home / "secrets"
    secrets.mkdir(parents=True, mode=0o700)
    password = "-Dash-first_" + "x" * 20
    (secrets / "neo4j-password").write_text(password, encoding="utf-8")
    (secrets / "neo4j-password").chmod(0o600)
    with running_server(home) as (settings, _env):
        assert settings.password() == password
        with Graph(settings) as graph:
            assert graph.read_text("RETURN 1 AS one") == [{"one": 1}]
