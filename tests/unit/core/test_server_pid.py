"""Which recorded server process counts as ended: the one case in which a connection gives
up at once instead of retrying (a process that ran, then died), and no other."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from taskspace.core.server_pid import ended_server, recorded_pid
from taskspace.core.settings import Settings


@pytest.fixture
def settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Settings:
    monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path))
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    return Settings()


def _record(settings: Settings, pid: int) -> None:
    settings.local.pid_file.parent.mkdir(parents=True, exist_ok=True)
    settings.local.pid_file.write_text(f"{pid}\n", encoding="utf-8")


def test_no_pid_file_is_no_ended_server(settings: Settings) -> None:
    """Never started, or stopped by `kg db stop` (which removes the file): not this case."""
    assert recorded_pid(settings) is None and ended_server(settings) is None


def test_a_process_that_exited_is_an_ended_server(settings: Settings) -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    _record(settings, child.pid)
    assert recorded_pid(settings) == child.pid
    assert ended_server(settings) == child.pid


def test_a_live_process_that_is_not_this_homes_server_is_an_ended_server(
    settings: Settings,
) -> None:
    """After a crash and a reboot, the pid may belong to an unrelated process."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        _record(settings, child.pid)
        assert ended_server(settings) == child.pid
    finally:
        child.kill()
        child.wait()
