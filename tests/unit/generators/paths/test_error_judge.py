"""The LLM error judge against the local Messages-API text server: it sees the gold path,
the answers and the calls, its class is taken, an unreadable reply falls back to the
rules, a success asks nothing, and without a key it refuses in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskspace.core.settings import Settings
from taskspace.generators.paths.error_judge import JUDGE_ENV, ErrorJudge, error_judge, read_class
from taskspace.models.errors import LLMUnavailableError
from tests.support.messages_text_api import messages_text_api, user_text
from tests.unit.generators.paths.test_error_attribution import FIRST, attempt, follow, task


def test_read_class_takes_the_first_line() -> None:
    assert read_class("pe: it saw London\nmore") == ("PE", "it saw London")
    assert read_class("The agent erred") is None


def test_the_judge_classifies_a_failed_task(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = follow("people", "Q10", "born_in", ["Q10", "Q20", "Q21"])
    failed = attempt(["Nolan", "Paris"], [FIRST, good])
    with messages_text_api(lambda body: "OE: it misread the page order.") as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        judge = ErrorJudge(Settings(TASKSPACE_HOME=tmp_path), model="claude-test")
        found = judge.judge(task(), failed)
        assert found is not None
        assert (found.error_class, found.step, found.source) == ("OE", 2, "claude-test")
        assert found.reason == "it misread the page order."
        sent = user_text(seen[0])
        assert "Q20 (London)" in sent and '"Paris"' in sent and "born_in" in sent
        assert judge.judge(task(), failed) == found and len(seen) == 1  # cached
        assert judge.judge(task(), attempt(["Nolan", "London"], [FIRST])) is None
        assert len(seen) == 1  # a success asks nothing


def test_an_unreadable_reply_leaves_the_rules_class(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = follow("people", "Q10", "born_in", ["Q10", "Q20", "Q21"])
    with messages_text_api(lambda body: "I cannot tell.") as (url, _):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        judge = ErrorJudge(Settings(TASKSPACE_HOME=tmp_path), model="claude-test")
        found = judge.judge(task(), attempt(["Nolan", "Paris"], [FIRST, good]))
    assert found is not None and (found.error_class, found.source) == ("PE", "rules")


def test_without_a_key_the_judge_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(LLMUnavailableError, match="without it the rules attribute"):
        ErrorJudge(Settings())


def test_the_scorer_asks_the_judge_only_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.delenv(JUDGE_ENV, raising=False)
    assert error_judge() is None
    monkeypatch.setenv(JUDGE_ENV, "1")
    assert isinstance(error_judge(), ErrorJudge)
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    assert error_judge() is None
