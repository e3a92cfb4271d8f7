"""GUI episode inputs that fail: JSONL records that are malformed or miss fields, a real
Mind2Web file with a broken task, truncated AITW JSON, files of no known format, an
unknown ``--format``. The JSONL episodes are the first Mind2Web tasks, rewritten in the
project's JSONL shape, so that the good records are real.
"""

from __future__ import annotations

import json
from typing import Any

from bench.bad_inputs.files import Workdir
from bench.bad_inputs.model import BadRef, Case
from bench.bad_inputs.realdata import RealData

KLASS = "episodes"


def _jsonl_episode(task: dict[str, Any], number: int) -> dict[str, Any]:
    steps = []
    for operation, role, text in task["actions"]:
        op, _, value = operation.partition(":")
        kind = {"CLICK": "tap", "TYPE": "type", "SELECT": "select", "HOVER": "hover"}.get(
            op.strip(), "tap"
        )
        action: dict[str, Any] = {"kind": kind, "target_role": role.strip("[]") or None}
        if text:
            action["target_text"] = text
        if kind in ("type", "select"):
            action["text"] = value.strip()
        steps.append({"observation": {"app": task["website"]}, "action": action})
    return {
        "id": f"m2w-{number}",
        "platform": "web",
        "task": task["task"],
        "app": task["website"],
        "steps": steps,
    }


def cases(data: RealData, work: Workdir) -> list[Case]:
    tasks = data.mind2web_tasks
    episodes = [_jsonl_episode(task, n) for n, task in enumerate(tasks[:4])]
    lines = [json.dumps(e).encode() for e in episodes]
    good = work.write(KLASS, "good.jsonl", b"\n".join(lines) + b"\n")
    base = _jsonl_episode(tasks[4], 4)
    no_task = {k: v for k, v in base.items() if k != "task"}
    no_steps = {k: v for k, v in base.items() if k != "steps"}
    unknown_kind = json.loads(json.dumps(base))
    unknown_kind["steps"][0]["action"]["kind"] = "teleport"
    no_action = json.loads(json.dumps(base))
    del no_action["steps"][0]["action"]
    defects: dict[str, bytes] = {
        "malformed-json": json.dumps(base).encode()[:-7],
        "missing-task": json.dumps(no_task).encode(),
        "missing-steps": json.dumps(no_steps).encode(),
        "unknown-action": json.dumps(unknown_kind).encode(),
        "missing-action": json.dumps(no_action).encode(),
        "unknown-key": json.dumps({**base, "colour": "red"}).encode(),
        "latin1": json.dumps(base, ensure_ascii=False).encode() + "\u00e9".encode("latin-1"),
        "not-object": b"[1, 2, 3]",
    }
    found = []
    for name, bad in defects.items():
        body = b"\n".join([*lines[:2], bad, *lines[2:]]) + b"\n"
        path = work.write(KLASS, f"{name}.jsonl", body)
        found.append(
            Case(
                KLASS,
                f"jsonl {name}",
                ["load", "episodes", str(path)],
                bad=[BadRef(path.name, (3, 3))],
                reference=["load", "episodes", str(good)],
            )
        )
    found += _whole_files(data, work, good)
    return found


def _whole_files(data: RealData, work: Workdir, good: Any) -> list[Case]:
    tasks = [dict(task) for task in data.mind2web_tasks[:3]]
    good_m2w = work.write(KLASS, "good-mind2web.json", json.dumps(tasks[::2]))
    del tasks[1]["actions"]
    broken = work.write(KLASS, "mind2web-missing-actions.json", json.dumps(tasks))
    aitz = data.aitz_episode.read_bytes()
    truncated = work.write(KLASS, "aitz-truncated.json", aitz[: len(aitz) // 2])
    unknown = work.write(KLASS, "unknown-shape.json", data.entity_json_files[0].read_bytes())
    reference = ["load", "episodes", str(good)]
    return [
        Case(
            KLASS,
            "mind2web missing actions",
            ["load", "episodes", str(broken)],
            bad=[BadRef(broken.name, record="task 1")],
            reference=["load", "episodes", str(good_m2w)],
        ),
        Case(
            KLASS,
            "aitz truncated beside good",
            ["load", "episodes", str(good), str(truncated)],
            bad=[BadRef(truncated.name)],
            reference=reference,
        ),
        Case(
            KLASS,
            "aitz truncated alone",
            ["load", "episodes", str(truncated)],
            loads=False,
            bad=[BadRef(truncated.name)],
            reference=[],
        ),
        Case(
            KLASS,
            "unknown shape beside good",
            ["load", "episodes", str(good), str(unknown)],
            bad=[BadRef(unknown.name)],
            reference=reference,
        ),
        Case(
            KLASS,
            "unknown --format",
            ["load", "episodes", "--format", "nosuch", str(good)],
            loads=False,
            reference=[],
        ),
        Case(
            KLASS,
            "--format aitw on mind2web",
            ["load", "episodes", "--format", "aitw", str(good_m2w)],
            loads=False,
            bad=[BadRef(good_m2w.name)],
            reference=[],
        ),
    ]
