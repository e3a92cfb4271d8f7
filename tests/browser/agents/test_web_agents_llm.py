"""The model-driven web agents (``som``, ``reflective``) in real Chromium on the MkDocs site.

The real ``anthropic`` client, through inspect's anthropic provider, talks to the scripted
Messages-API server on 127.0.0.1. The script plays the model: it reads the mark listing
of the observation it is sent, clicks the mark of the link it wants, and answers once the
page it asked for is open. The environment checks the task's criteria on the final page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task as EvalTask
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalSample
from inspect_ai.model import get_model

from taskspace.agents.registry import build_solver
from taskspace.agents.spec import load_agent_spec
from taskspace.environments.browser import ORIGIN_MAP_KEY
from taskspace.evaluation.scorers.web import task_or_web_scorer
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt
from taskspace.tasks.model import SuccessCriterion, Task
from tests.support import require_shared
from tests.support.messages_script_api import Block, messages_script_api, text, tool_use
from tests.support.web import MKDOCS, chromium_missing, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

MODEL = "anthropic/claude-sonnet-4-6"
CRAWLED = "http://127.0.0.1:9"  # where the tasks say the site was crawled: nothing listens


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serve_folder(require_shared(MKDOCS)) as base:
        yield base.rstrip("/")


@pytest.fixture()
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-not-real")


def page_task(name: str, path: str, title: str, heading: str) -> Task:
    url = f"{CRAWLED}{path}"
    return Task(
        id=f"task:{name}",
        kind="web",
        type="basic_navigation",
        template="hand",
        difficulty="easy",
        prompt=f"You are on the page “MkDocs”. Open the page “{title}” and give its URL.",
        answer=url,
        anchor=name,
        fingerprint=name,
        grounding=[],
        seed=0,
        start_url=f"{CRAWLED}/",
        success=[
            SuccessCriterion(kind="url", value=url),
            SuccessCriterion(kind="text_present", value=heading),
        ],
    )


TASKS = [
    page_task("start", "/getting-started/", "Getting Started", "Getting Started with MkDocs"),
    page_task("guide", "/user-guide/", "User Guide", "Building Documentation"),
]


def last_listing(request: dict[str, Any]) -> str:
    """The text of the newest observation in the request (URL line onwards)."""
    blocks = request["messages"][-1]["content"]
    texts = [b["text"] for b in blocks if b.get("type") == "text" and "URL: " in b["text"]]
    return str(texts[-1][texts[-1].index("URL: ") :])


def model_script(request: dict[str, Any]) -> list[Block]:
    """Click the mark of the link the task names; answer once its page is open."""
    if not request.get("tools"):
        return [text("The click opened the page the task names; answer with its URL next.")]
    task = request["messages"][0]["content"]
    task = task if isinstance(task, str) else " ".join(b.get("text", "") for b in task)
    wanted = re.findall(r"Open the page “([^”]+)”", task)[-1]
    listing = last_listing(request)
    url = listing.split("\n", 1)[0].removeprefix("URL: ")
    if f"Title: {wanted} - MkDocs" in listing:
        return [tool_use("answer", {"text": url})]
    # the menu's "User Guide" (href "#") opens a dropdown; the page link leads to the page
    marks = re.findall(rf'^\[(\d+)\] link "{re.escape(wanted)}" -> \S+[^#]$', listing, re.M)
    assert marks, listing[:2000]
    return [tool_use("click", {"mark": int(marks[0])})]


def run_agent(
    name: str, site: str, url: str, log_dir: Path, graph: Graph | None = None
) -> list[EvalSample]:
    spec = load_agent_spec(name)
    samples = [
        Sample(
            id=task.id,
            input=task.prompt,
            target=task.answer,
            metadata={"task_json": task.model_dump_json(), ORIGIN_MAP_KEY: {CRAWLED: site}},
        )
        for task in TASKS
    ]
    logs = inspect_eval(
        EvalTask(
            dataset=samples,
            solver=build_solver(spec, graph or Graph.__new__(Graph)),
            scorer=task_or_web_scorer(),
        ),
        model=get_model(MODEL, base_url=url, memoize=False),
        log_dir=str(log_dir),
        display="none",
        max_retries=1,
        max_samples=1,
    )
    assert logs[0].status == "success", logs[0].error and logs[0].error.traceback
    return list(logs[0].samples or [])


def first_text(request: dict[str, Any]) -> str:
    """The text blocks of the request's first message (the task, with any memory)."""
    content = request["messages"][0]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(str(block.get("text", "")) for block in content)


def attempt_of(sample: EvalSample) -> Attempt:
    return Attempt.model_validate(sample.store[ATTEMPT_STORE_KEY])


def images_sent(requests: list[dict[str, Any]]) -> int:
    return sum(json.dumps(r).count('"type": "image"') for r in requests)


@pytest.mark.usefixtures("api_key")
def test_som_agent_completes_tasks_by_clicking_marks(site: str, tmp_path: Path) -> None:
    with messages_script_api(model_script) as (url, requests):
        samples = run_agent("som", site, url, tmp_path)
    assert len(samples) == 2
    for sample in samples:
        trajectory = attempt_of(sample).trajectory
        assert trajectory is not None
        assert [a.kind for a in trajectory.actions] == ["click", "answer"]
        assert all(a.ok for a in trajectory.actions)
        assert trajectory.actions[0].mark is not None and trajectory.answers == [
            trajectory.final_url
        ]
        assert all(trajectory.checks.values()) and len(trajectory.checks) == 2
        assert trajectory.visited[0] == f"{site}/"
        score = next(iter(sample.scores.values())) if sample.scores else None
        assert score is not None and isinstance(score.value, dict)
        assert score.value["success"] == 1.0
    # one request per action, each with the SoM screenshot of the page then open
    assert len(requests) == 4 and images_sent(requests) == 4
    # the gold (task ids, the crawled URLs the criteria name) never reaches the model
    sent = json.dumps(requests)
    assert "task:start" not in sent and f"{CRAWLED}/" not in sent


@pytest.mark.usefixtures("api_key")
def test_reflective_agent_reflects_after_each_action_and_remembers(
    site: str, tmp_path: Path
) -> None:
    with messages_script_api(model_script) as (url, requests):
        samples = run_agent("reflective", site, url, tmp_path)
    trajectories = [attempt_of(sample).trajectory for sample in samples]
    assert all(t is not None and t.checks and all(t.checks.values()) for t in trajectories)
    reflections = [r for r in requests if not r.get("tools")]
    assert len(reflections) == 2  # one after each click (none after answering)
    second_task = [
        r
        for r in requests
        if r.get("tools")
        and "Open the page “User Guide”" in json.dumps(r["messages"][0], ensure_ascii=False)
    ]
    first_turn = json.dumps(second_task[0]["messages"][0], ensure_ascii=False)
    assert "Procedural memory" in first_turn and "Getting Started" in first_turn


@pytest.mark.usefixtures("api_key")
def test_memory_agent_prepends_the_most_similar_earlier_trajectory(
    site: str, tmp_path: Path
) -> None:
    with messages_script_api(model_script) as (url, requests):
        samples = run_agent("memory", site, url, tmp_path)
    assert len(samples) == 2 and not any(r for r in requests if not r.get("tools"))
    first_turns = [first_text(r) for r in requests]
    opening = [turn for turn in first_turns if "Trajectories of similar earlier tasks" in turn]
    # the second task's turns carry the first task's trajectory: its prompt and its click
    assert opening and all("Open the page “User Guide”" in turn for turn in opening)
    assert all('click [3] link "Getting Started"' in turn for turn in opening)


def test_web_agents_that_need_a_model_refuse_without_a_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from taskspace.models.errors import LLMUnavailableError

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    for name in ("som", "reflective", "memory", "guided"):
        with pytest.raises(LLMUnavailableError, match=f"agent '{name}' needs a model"):
            build_solver(load_agent_spec(name), Graph.__new__(Graph))


@pytest.mark.usefixtures("api_key")
def test_guided_agent_sees_the_page_graph_guidelines_before_each_decision(
    site: str, graph: Graph, tmp_path: Path
) -> None:
    from taskspace.sources.episodes.loader import load_episode_items
    from tests.support.pagegraph import world

    load_episode_items(graph, world())  # a page graph (a mail app's screens) to guide by
    with messages_script_api(model_script) as (url, requests):
        samples = run_agent("guided", site, url, tmp_path, graph)
    assert all(attempt_of(sample).trajectory for sample in samples)
    assert len(requests) == 4
    for request in requests:
        note = last_listing(request)
        assert "Guidelines from the page graph:" in note
        assert "- Perform " in note and " to accomplish: " in note
