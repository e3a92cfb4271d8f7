"""A :Run's name is what Neo4j Browser captions it by: agent and tasks file name, no path."""

from __future__ import annotations

from taskspace.evaluation.results import run_name


def test_a_run_is_named_by_agent_and_tasks_file_name() -> None:
    long = "/home/user/.taskspace/tasks/" + "a-long-folder-name/" * 6 + "doc-seed0.jsonl"
    assert run_name("extractive", long) == "extractive · doc-seed0.jsonl"
    assert run_name("rag", None) == "rag"
