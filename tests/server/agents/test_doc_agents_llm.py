"""The model-driven agents (multi-agent, graph-tools) through the real inspect engine.

The real ``anthropic`` client, through inspect's anthropic provider, talks to a scripted
Messages-API server on 127.0.0.1; the agents read a real Neo4j server holding two real
EIP documents and tasks sampled from them.
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
from inspect_ai.event import InfoEvent, SpanBeginEvent
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.model import get_model

from taskspace.agents.doc import graph_react, multi_agent
from taskspace.agents.spec import load_agent_spec
from taskspace.core.settings import Settings
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.models.errors import LLMUnavailableError
from taskspace.retrieval.retrieve import retrieve
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.model import Task
from taskspace.tasks.store import write_task_nodes
from tests.support.docs import require_real_eips
from tests.support.leaks import carries, carries_id
from tests.support.messages_script_api import (
    Block,
    assistant_turns,
    first_user_text,
    messages_script_api,
    result_text,
    text,
    tool_names,
    tool_results,
    tool_use,
)

MODEL = "anthropic/claude-sonnet-4-6"
PLANNED = "maximum base fee change per block"
ROLE_ORDER = ["planner", "retriever", "reasoner", "verifier", "reasoner", "verifier", "summarizer"]


@pytest.fixture(scope="module")
def eips(session_graph: Graph) -> Iterator[tuple[Graph, list[Task]]]:
    """Two real EIPs loaded, doc tasks sampled from them and written as :Task nodes."""
    paths = list(require_real_eips())
    session_graph.run_autocommit(
        "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS"
    )
    report = load_documents(session_graph, paths)
    assert not report.failed, report.failed
    tasks = sample_tasks(session_graph, "doc", count=20, seed=4).tasks
    write_task_nodes(session_graph, tasks, "test:agents")
    yield session_graph, tasks


@pytest.fixture()
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-not-real")


def unseen_task(graph: Graph, tasks: list[Task], queries: list[str]) -> Task:
    """A task whose gold answer is in none of the text retrieval gives for ``queries``."""
    for task in tasks:
        seen = " ".join(
            item.text
            for query in [task.prompt, *queries]
            for item in retrieve(graph, query, "vector", 5).items
        )
        if len(task.answer) >= 4 and task.answer.lower() not in seen.lower():
            return task
    pytest.fail("every sampled task's answer is in its retrieved text")


def run(solver: Any, task: Task, log_dir: Path, base_url: str) -> EvalSample:
    """One sample through inspect's engine; metadata holds the gold, as the eval task will.

    The model is made afresh for this test's Messages server (inspect memoizes models by
    name, and an earlier test's server is gone)."""
    sample = Sample(
        id=task.id,
        input=task.prompt,
        target=task.answer,
        metadata={
            "task_json": task.model_dump_json(),
            "grounding": [ref.model_dump() for ref in task.grounding],
        },
    )
    logs: list[EvalLog] = inspect_eval(
        EvalTask(dataset=[sample], solver=solver),
        model=get_model(MODEL, base_url=base_url, memoize=False),
        log_dir=str(log_dir),
        display="none",
        max_retries=1,
    )
    assert logs[0].status == "success", logs[0].error and logs[0].error.traceback
    assert logs[0].samples is not None
    result = logs[0].samples[0]
    assert result.error is None, result.error
    return result


def leaks(requests: list[dict[str, Any]], task: Task, allowed_ids: set[str]) -> list[str]:
    """Gold the requests carried: the answer, or grounding ids retrieval did not return."""
    found = [task.answer] if carries(requests, task.answer, question=task.prompt) else []
    found += [
        ref.id
        for ref in task.grounding
        if carries_id(requests, ref.id) and ref.id not in allowed_ids
    ]
    return found + ([task.id] if carries_id(requests, task.id) else [])


def test_multi_agent_roles_run_in_order_on_real_evidence(
    eips: tuple[Graph, list[Task]],
    settings: Settings,
    api_key: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph, tasks = eips
    task = unseen_task(graph, tasks, [PLANNED])
    verdicts = iter([False, True])

    def script(request: dict[str, Any]) -> list[Block]:
        role = request["tool_choice"]["name"]
        message = request["messages"][-1]["content"]
        message = message if isinstance(message, str) else first_user_text(request)
        evidence = re.findall(r"^\[([^\]]+)\]", message, flags=re.MULTILINE)
        if role == "report_planner":
            return [tool_use(role, {"reasoning": "one need", "queries": [PLANNED]})]
        if role == "report_reasoner":
            draft = "second draft" if "Verifier feedback" in message else "first draft"
            return [
                tool_use(
                    role,
                    {
                        "reasoning": "read it",
                        "answer": draft,
                        "cited": evidence[:2],
                        "confidence": 0.6,
                    },
                )
            ]
        if role == "report_verifier":
            supported = next(verdicts)
            return [
                tool_use(
                    role,
                    {
                        "reasoning": "checked",
                        "supported": supported,
                        "feedback": "" if supported else "cite the section",
                    },
                )
            ]
        return [tool_use(role, {"answer": "final words", "cited": evidence[:1], "confidence": 0.7})]

    spec = load_agent_spec("multi-agent")
    with messages_script_api(script) as (url, requests):
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        result = run(multi_agent.build(spec, Graph(settings)), task, tmp_path, url)

    steps = [e for e in result.events if isinstance(e, InfoEvent) and e.source != "sample"]
    assert [e.source for e in steps] == ROLE_ORDER
    spans = [e.name for e in result.events if isinstance(e, SpanBeginEvent) and e.type == "role"]
    assert spans == ROLE_ORDER
    assert [r["tool_choice"]["name"] for r in requests] == [
        f"report_{role}" for role in ROLE_ORDER if role != "retriever"
    ]
    logged: list[dict[str, Any]] = [json.loads(json.dumps(e.data)) for e in steps]
    retrieved: list[str] = logged[1]["step"]["node_ids"]
    expected = retrieve(graph, task.prompt, "vector", spec.k).node_ids
    assert set(expected) <= set(retrieved)
    assert logged[4]["step"]["answer"] == "second draft"
    attempt = result.store["taskspace_attempt"]
    assert attempt == {
        "task_id": task.id,
        "answer": "final words",
        "cited": retrieved[:1],
        "confidence": 0.7,
        "trajectory": None,
    }
    assert result.output.completion == "final words"
    assert leaks(requests, task, set(retrieved)) == []


def test_graph_tools_agent_queries_the_graph_and_cannot_read_the_gold(
    eips: tuple[Graph, list[Task]],
    settings: Settings,
    api_key: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph, tasks = eips
    task = unseen_task(graph, tasks, [])
    found: dict[str, str] = {}

    def script(request: dict[str, Any]) -> list[Block]:
        turn = assistant_turns(request)
        names = tool_names(request)
        for block in tool_results(request):
            found[names[block["tool_use_id"]]] = result_text(block)
        if turn == 0:
            return [
                text("I will search the graph first."),
                tool_use("retrieve", {"question": first_user_text(request), "k": 3}),
                tool_use("read_cypher", {"query": "MATCH (t:Task) RETURN t.answer LIMIT 5"}),
            ]
        chunks = [row["node_id"] for row in json.loads(found["retrieve"])["items"]]
        if turn == 1:
            return [
                tool_use("neighbours", {"node_id": chunks[0], "limit": 30}),
                tool_use("node", {"node_id": chunks[0]}),
            ]
        return [tool_use("submit", {"answer": "an answer", "cited": chunks, "confidence": 0.4})]

    spec = load_agent_spec("graph-tools")
    with messages_script_api(script) as (url, requests):
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        result = run(graph_react.build(spec, Graph(settings)), task, tmp_path, url)

    assert len(requests) == 3
    hits = json.loads(found["retrieve"])["items"]
    chunks = [hit["node_id"] for hit in hits]
    stored = graph.read_text(
        "MATCH (c:Chunk) WHERE c.id IN $ids RETURN c.id AS id, c.text AS text", ids=chunks
    )
    assert len(chunks) == 3 and {row["id"] for row in stored} == set(chunks)
    assert {row["text"] for row in stored} == {hit["text"] for hit in hits}
    refused = [b for b in tool_results(requests[1]) if names_of(requests[1], b) == "read_cypher"]
    assert refused[0]["is_error"] is True and "Refused" in result_text(refused[0])
    near = json.loads(found["neighbours"])["neighbours"]
    assert "FROM_DOCUMENT" in {row["relationship"] for row in near}
    assert not {row["label"] for row in near} & {"Task", "Run"}
    node = json.loads(found["node"])
    assert node["labels"] == ["Chunk"] and "embedding" not in node["properties"]
    assert node["properties"]["text"] == hits[0]["text"]
    assert not {row["relationship"] for row in node["relationships"]} & {"GROUNDED_IN"}
    assert result.store["taskspace_attempt"] == {
        "task_id": task.id,
        "answer": "an answer",
        "cited": chunks,
        "confidence": 0.4,
        "trajectory": None,
    }
    assert result.output.completion == "an answer"
    first = requests[:1]
    assert not carries(first, task.answer, question=task.prompt)
    assert not carries_id(requests, task.id)
    assert not any(carries_id(first, ref.id) for ref in task.grounding)


def names_of(request: dict[str, Any], block: Block) -> str:
    return tool_names(request)[block["tool_use_id"]]


def test_without_a_key_the_agents_refuse_in_one_line(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    for name, module in (("multi-agent", multi_agent), ("graph-tools", graph_react)):
        with pytest.raises(LLMUnavailableError) as error:
            module.build(load_agent_spec(name), Graph(settings))
        assert str(error.value) == (
            f"agent {name!r} needs a model: set ANTHROPIC_API_KEY "
            "(the offline agent 'extractive' needs none)"
        )
