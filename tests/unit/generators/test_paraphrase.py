"""`--llm`: the real anthropic client through instructor, against a local Messages API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from taskspace.core.settings import Settings
from taskspace.generators.paraphrase import faithful, paraphrase_tasks
from taskspace.models.errors import LLMUnavailableError
from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.model import GroundRef, Task
from tests.support.messages_api import messages_api


def _task(prompt: str, answer: str) -> Task:
    return Task(
        id="task:1",
        kind="doc",
        type="information_extraction",
        template="t",
        difficulty="easy",
        prompt=prompt,
        answer=answer,
        anchor="a",
        fingerprint="fp:x",
        grounding=[GroundRef(label="Section", id="a")],
        seed=0,
    )


def _question(text: str) -> str:
    return text.split("Question: ", 1)[1]


def test_paraphrases_are_used_when_faithful_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def reply(text: str, tool: dict[str, Any]) -> dict[str, Any]:
        return {"prompt": "Could you tell me this: " + _question(text)}

    tasks = [_task("In the document “Harbor Report”, what is the title of section 2?", "Ops")]
    with messages_api(reply) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        llm = StructuredLLM(Settings(TASKSPACE_HOME=tmp_path))
        rewritten, changed = paraphrase_tasks(llm, tasks)
        again, _ = paraphrase_tasks(llm, tasks)
    assert changed == 1
    assert rewritten[0].prompt.startswith("Could you tell me this: In the document “Harbor")
    assert rewritten[0].answer == "Ops" and rewritten[0].generator.startswith("taskspace-llm:")
    assert again[0].prompt == rewritten[0].prompt
    assert len(seen) == 1  # the second run came from the disk cache
    assert seen[0]["tools"][0]["name"] == "Paraphrase"
    assert "test-key" not in str(list(tmp_path.rglob("*.json")))


def test_unfaithful_paraphrases_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def reply(text: str, tool: dict[str, Any]) -> dict[str, Any]:
        return {"prompt": "What is the title of the second section? It is Ops."}

    tasks = [_task("In the document “Harbor Report”, what is the title of section 2?", "Ops")]
    with messages_api(reply) as (url, _):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        llm = StructuredLLM(Settings(TASKSPACE_HOME=tmp_path))
        kept, changed = paraphrase_tasks(llm, tasks)
    assert changed == 0 and kept[0].prompt == tasks[0].prompt


def test_faithfulness_rules() -> None:
    original = "In “A B”, what is the value in row “x” under column “2017”?"
    assert faithful(original, "Looking at “A B”: row “x”, column “2017” — what value?", "5")
    assert not faithful(original, "In A B, what is the value in row x for 2017?", "5")
    assert not faithful("How many sections does “A” have?", "“A” has 5 sections: how many?", "5")


def test_without_a_key_the_llm_path_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(LLMUnavailableError, match="ANTHROPIC_API_KEY"):
        StructuredLLM(Settings())
