"""The local server: install, start, status, stop, restart, and how it is locked down."""

from __future__ import annotations

import json
import stat
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.core.descriptor import pinned_version
from taskspace.server import process
from tests.support import running_server


def test_start_status_stop_and_restart_keeps_data_and_password(tmp_path: Path) -> None:
    runner = CliRunner()
    with running_server(tmp_path / "home") as (settings, env):
        status = runner.invoke(cli, ["db", "status", "--json"], env=env)
        assert status.exit_code == 0, status.output
        state = json.loads(status.output)
        assert state["running"] is True
        assert state["version"] == pinned_version()
        assert state["version"].startswith("5.26.")
        assert state["edition"] == "community"
        assert state["store_bytes"] > 0
        assert state["bolt_uri"] == f"bolt://127.0.0.1:{settings.bolt_port}"

        password_file = settings.local.password_file
        assert stat.S_IMODE(password_file.stat().st_mode) == 0o600
        assert stat.S_IMODE(password_file.parent.stat().st_mode) == 0o700
        password = password_file.read_text().strip()
        assert len(password) >= 24
        conf = settings.local.conf_file.read_text()
        assert "server.default_listen_address=127.0.0.1" in conf
        assert "dbms.security.auth_enabled=true" in conf
        for log in settings.local.logs.glob("*.log"):
            assert password not in log.read_text(errors="replace"), log.name

        browser = f"http://127.0.0.1:{settings.http_port}/browser/"
        with urllib.request.urlopen(browser) as page:
            assert page.status == 200
            assert b"Neo4j Browser" in page.read()

        answer = runner.invoke(cli, ["query", "RETURN 1 AS one", "--json"], env=env)
        assert json.loads(answer.output) == [{"one": 1}]

        stopped = runner.invoke(cli, ["db", "stop"], env=env)
        assert stopped.exit_code == 0 and "stopped" in stopped.output
        assert process.read_pid(settings) is None
        down = runner.invoke(cli, ["db", "status", "--json"], env=env)
        assert down.exit_code == 3
        assert json.loads(down.output)["running"] is False

        again = runner.invoke(cli, ["db", "start", "--json"], env=env)
        assert again.exit_code == 0, again.output
        assert json.loads(again.output)["running"] is True
        assert password_file.read_text().strip() == password


def test_start_before_install_says_what_to_do(tmp_path: Path) -> None:
    env = {"TASKSPACE_HOME": str(tmp_path), "TASKSPACE_CACHE": str(tmp_path / "empty-cache")}
    result = CliRunner().invoke(cli, ["db", "start"], env=env)
    assert result.exit_code == 1
    assert "kg db install" in result.output
    assert "Traceback" not in result.output


def test_start_refuses_when_neo4j_uri_points_elsewhere(tmp_path: Path) -> None:
    env = {"TASKSPACE_HOME": str(tmp_path), "NEO4J_URI": "neo4j://db.example.invalid:7687"}
    result = CliRunner().invoke(cli, ["db", "start"], env=env)
    assert result.exit_code == 1
    assert "NEO4J_URI is set" in result.output


def test_logs_are_readable(server_env: dict[str, str]) -> None:
    result = CliRunner().invoke(cli, ["db", "logs", "-n", "200"], env=server_env)
    assert result.exit_code == 0
    assert "Started." in result.output
