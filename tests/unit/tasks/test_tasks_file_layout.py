"""A tasks file is JSON Lines, or one pretty-printed task or list of tasks: told by parsing."""

from __future__ import annotations

import json
from pathlib import Path

from taskspace.tasks.model import GroundRef, Task
from taskspace.tasks.store import read_tasks_file, write_jsonl

TASKS = [
    Task(
        id=f"task:count-{n}",
        kind="doc",
        type="analysis_aggregation",
        template="count_subsections",
        difficulty="easy",
        prompt=f"How many subsections does section {n} have?",
        answer=str(n),
        check="number",
        anchor=f"sec:{n}",
        fingerprint=f"fp:{n}",
        grounding=[GroundRef(label="Section", id=f"sec:{n}")],
        seed=0,
    )
    for n in (1, 2)
]


def test_pretty_printed_tasks_read_like_json_lines(tmp_path: Path) -> None:
    lines = tmp_path / "tasks.jsonl"
    write_jsonl(TASKS, lines)
    rows = [json.loads(line) for line in lines.read_text().splitlines()]
    listed = tmp_path / "tasks.json"
    listed.write_text(json.dumps(rows, indent=2))
    single = tmp_path / "task.json"
    single.write_text(json.dumps(rows[0], indent=2))
    assert read_tasks_file(lines) == (TASKS, [])
    assert read_tasks_file(listed) == (TASKS, [])
    assert read_tasks_file(single) == (TASKS[:1], [])


def test_a_bad_item_of_a_list_is_named(tmp_path: Path) -> None:
    listed = tmp_path / "tasks.json"
    rows = [TASKS[0].model_dump(mode="json"), {"id": "task:half"}]
    listed.write_text(json.dumps(rows, indent=2))
    tasks, bad = read_tasks_file(listed)
    assert tasks == TASKS[:1] and len(bad) == 1 and str(bad[0]).startswith("line 1: item 2: ")
