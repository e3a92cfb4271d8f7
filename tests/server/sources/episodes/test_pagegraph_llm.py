"""`--llm` page graphs: the real anthropic client against a local Messages API server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from taskspace.graph.connection import Graph
from taskspace.sources.episodes.loader import EpisodeLoadOptions, load_episode_items
from tests.support.messages_api import messages_api
from tests.support.pagegraph import send_email


def _reply(text: str, tool: dict[str, Any]) -> dict[str, Any]:
    if tool["name"] == "ScreenSummary":
        shown = next(line for line in text.splitlines() if line.startswith("Visible text: "))
        return {"summary": "Mail app screen showing " + shown.split(": ", 1)[1].split(" | ")[0]}
    leaves = 'tap "Compose"' in text or 'tap "Send"' in text
    return {"new_page": leaves, "reason": "the model says so"}


def test_llm_decides_jumps_and_summaries_once(
    graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with messages_api(_reply) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path))
        report = load_episode_items(graph, [send_email()], EpisodeLoadOptions(llm=True))
        calls = len(seen)
        again = load_episode_items(graph, [send_email()], EpisodeLoadOptions(llm=True))
    tools = [request["tools"][0]["name"] for request in seen]
    # Four actions have a screen before and after: four jump questions. Three pages are
    # reached (inbox, compose, inbox again): three summaries.
    assert sorted(tools) == ["JumpVerdict"] * 4 + ["ScreenSummary"] * 3
    assert calls == len(seen)  # the reload asked nothing: placements kept, answers cached
    assert (report.jumps, len(report.screens), again.nodes_created) == (2, 2, 0)
    steps = graph.read_text(
        "MATCH (s:Step) RETURN s.index AS index, s.jump_reason AS why ORDER BY index"
    )
    assert [row["why"] for row in steps[:4]] == ["LLM: the model says so"] * 4
    assert steps[4]["why"] == "complete stays on the page"  # no screen after: offline rule
    summaries = graph.read_text("MATCH (s:Screen) RETURN s.summary AS summary ORDER BY summary")
    assert [row["summary"] for row in summaries] == [
        "Mail app screen showing Inbox",
        "Mail app screen showing To",
    ]
    assert "test-key" not in str(list(tmp_path.rglob("*.json")))
