"""The mind2web-llm agent through inspect against a local Messages-API server: it plans
each section as a multiple choice, is scored per step, and never sees a step's gold."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task as EvalTask
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from taskspace.agents.spec import load_agent_spec
from taskspace.agents.steps import agent as web_steps
from taskspace.core.settings import Settings
from taskspace.environments.web_steps.tasks import task_from_episode
from taskspace.evaluation.steps.web.runs import StepTasks, step_dataset
from taskspace.evaluation.steps.web.scorer import step_scorer
from taskspace.graph.connection import Graph
from taskspace.models.errors import LLMUnavailableError
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Episode
from tests.support.locations import TESTS
from tests.support.messages_text_api import messages_text_api, user_text

SEEACT = TESTS / "fixtures" / "webeval" / "seeact_queries.jsonl"
MODEL = "anthropic/claude-sonnet-4-6"


def _letter(text: str, shown: str) -> str | None:
    found = re.search(rf"^([A-Za-z])\. {re.escape(shown)}$", text, re.M)
    return found.group(1) if found else None


def reply(body: dict[str, Any]) -> str:
    """Type the service into the search box first, then click Search; pick option 1."""
    text = user_text(body)
    if "Candidate next actions" in text:
        return "ANSWER: 1"
    if "Previous actions:\nNone" in text:
        letter = _letter(text, "[input] Search services")
        if letter:
            return f"Type the service.\nELEMENT: {letter}\nOPERATION: TYPE\nVALUE: house cleaner"
    else:
        letter = _letter(text, "[button] Search")
        if letter:
            return f"Run the search.\nELEMENT: {letter}\nOPERATION: CLICK\nVALUE:"
    return "Nothing to do in this section.\nELEMENT: None\nOPERATION: CLICK\nVALUE:"


def test_llm_pipeline_steps_are_planned_scored_and_blind_to_gold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-not-real")
    (episode,) = [e for e in read_episodes(SEEACT) if isinstance(e, Episode)]
    found = StepTasks("seeact", [("episode:a-1", episode.id, task_from_episode(episode))])
    spec = load_agent_spec("mind2web-llm")
    with messages_text_api(reply) as (url, requests):
        logs = inspect_eval(
            EvalTask(
                dataset=step_dataset(found),
                solver=web_steps.build(spec, None),  # type: ignore[arg-type]
                scorer=step_scorer(spec.selection),
            ),
            model=get_model(MODEL, base_url=url, memoize=False),
            log_dir=str(tmp_path),
            display="none",
            max_retries=1,
        )
    sample = (logs[0].samples or [])[0]
    assert sample.error is None, sample.error
    value = next(iter((sample.scores or {}).values())).value
    assert isinstance(value, dict)
    assert (value["step_sr"], value["ele_acc"], value["success"]) == (1.0, 1.0, 1.0)
    assert value["re_acc"] == 1.0
    plans = [r for r in requests if "Candidate next actions" not in user_text(r)]
    # step 1: 3 candidates in 3 sections; step 2: 5 candidates in 4 sections
    assert len(plans) == 7
    first = [user_text(r) for r in plans if "Previous actions:\nNone" in user_text(r)]
    assert len(first) == 3 and not any("-> TYPE" in text for text in first)
    later = [user_text(r) for r in plans if "Previous actions:\nNone" not in user_text(r)]
    assert all("[input] Search services -> TYPE: house cleaner" in text for text in later)
    assert not any("-> CLICK" in text for text in later)  # step 2's own gold never shown


def test_llm_pipeline_without_a_key_refuses_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(LLMUnavailableError) as error:
        # The driver connects lazily: a password of its own keeps this test off any
        # provisioned server (a fresh machine has none).
        graph = Graph(Settings(neo4j_password="never-sent"))
        web_steps.build(load_agent_spec("mind2web-llm"), graph)
    assert "needs a model: set ANTHROPIC_API_KEY" in str(error.value)
