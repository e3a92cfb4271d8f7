"""Settings come only from the names the README documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskspace.core.settings import Settings


def test_home_defaults_to_dot_taskspace_whatever_home_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    for unrelated in ("HEAP", "CACHE", "PAGECACHE", "BATCH_SIZE"):
        monkeypatch.setenv(unrelated, "7")
    monkeypatch.delenv("TASKSPACE_HOME", raising=False)
    settings = Settings()
    assert settings.home.name == ".taskspace"
    assert settings.local.password_file.parent.parent == settings.home
    assert (settings.heap, settings.cache, settings.batch_size) == ("1g", None, 5000)


def test_documented_variables_are_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path))
    monkeypatch.setenv("TASKSPACE_NEO4J_HEAP", "2g")
    monkeypatch.setenv("TASKSPACE_BATCH_SIZE", "123")
    settings = Settings()
    assert settings.home == tmp_path
    assert (settings.heap, settings.batch_size) == ("2g", 123)
    assert settings.local.password_file == tmp_path / "secrets" / "neo4j-password"
