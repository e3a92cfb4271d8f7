"""A run is named by its settings, its tasks and its tasks file: the same tasks copied to
another file are another run (the report and `kg eval list` name runs by their file)."""

from __future__ import annotations

from taskspace.evaluation.run import RunConfig


def test_the_same_tasks_in_another_file_are_another_run() -> None:
    config = RunConfig(agent="extractive", model="offline")
    first = config.run_id("0123abcd", "/data/doc-first.jsonl")
    assert first == config.run_id("0123abcd", "/data/doc-first.jsonl")
    assert first != config.run_id("0123abcd", "/elsewhere/doc-first.jsonl")
    assert first != config.run_id("ffff0000", "/data/doc-first.jsonl")
    assert first.startswith("run-")


def test_other_settings_and_fresh_make_new_runs() -> None:
    base = RunConfig(agent="extractive", model="offline")
    ids = {
        base.run_id("d", "/t.jsonl"),
        RunConfig(agent="extractive", model="offline", epochs=2).run_id("d", "/t.jsonl"),
        RunConfig(agent="extractive", model="offline", fresh="now").run_id("d", "/t.jsonl"),
    }
    assert len(ids) == 3
