"""A reader's verdicts on sampled tasks: valid, or invalid and why, kept beside the tasks.

``kg sample review FILE`` writes a page to judge FILE's tasks on and saves each verdict as
one JSON line in ``<FILE stem>.review.jsonl`` beside it; a later line for the same task
replaces an earlier one, so a verdict can be changed by judging again. ``--summary``
counts valid / judged per kind and the invalid ones per reason.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from taskspace.tasks.errors import ReviewError

REASONS: dict[str, str] = {
    "ambiguous": "the prompt is ambiguous or does not make sense",
    "not_answerable": "the source does not answer it",
    "wrong_gold": "the gold answer is wrong",
    "not_unique": "another answer is right too",
    "spoiler": "the prompt gives the answer away",
    "bad_structure": "the source was read wrongly (title, heading, table)",
    "contentless": "built on a page or item without content",
    "other": "another reason (see the note)",
}
"""Why a task is invalid: the defect classes a careful reader names."""


class Verdict(BaseModel):
    task: str = Field(description="the task's id")
    kind: str
    verdict: Literal["valid", "invalid"]
    reason: str = Field(default="", description="for an invalid task, a key of REASONS")
    note: str = ""
    at: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))


def verdicts_path(tasks_file: Path) -> Path:
    """Where the verdicts on ``tasks_file`` live: ``doc.jsonl`` -> ``doc.review.jsonl``."""
    return tasks_file.with_name(f"{tasks_file.stem}.review.jsonl")


def check_verdict(verdict: Verdict) -> Verdict:
    if verdict.verdict == "invalid" and verdict.reason not in REASONS:
        known = ", ".join(REASONS)
        raise ReviewError(f"task {verdict.task}: an invalid verdict needs a reason ({known})")
    if verdict.verdict == "valid" and verdict.reason:
        raise ReviewError(f"task {verdict.task}: a valid verdict has no reason")
    return verdict


def record(path: Path, verdicts: Iterable[Verdict]) -> int:
    """Append ``verdicts`` (checked) to the file at ``path``; returns how many."""
    lines = [check_verdict(v).model_dump_json() for v in verdicts]
    with path.open("a", encoding="utf-8") as out:
        out.writelines(line + "\n" for line in lines)
    return len(lines)


def read_verdicts(path: Path) -> dict[str, Verdict]:
    """The latest verdict per task (a missing file: none yet)."""
    if not path.exists():
        return {}
    latest: dict[str, Verdict] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            verdict = Verdict.model_validate(json.loads(line))
        except (json.JSONDecodeError, ValidationError) as exc:
            reason = str(exc).splitlines()[0]
            raise ReviewError(f"{path}:{number}: not a verdict ({reason})") from exc
        latest[verdict.task] = verdict
    return latest


def summarise(
    verdicts: Mapping[str, Verdict], kinds: Sequence[str] = ()
) -> dict[str, dict[str, object]]:
    """Per kind (and ``all``): judged, valid, the valid share, invalid per reason."""
    groups: dict[str, list[Verdict]] = {kind: [] for kind in kinds}
    for verdict in verdicts.values():
        groups.setdefault(verdict.kind, []).append(verdict)
    groups["all"] = list(verdicts.values())
    found: dict[str, dict[str, object]] = {}
    for kind, members in groups.items():
        valid = sum(1 for v in members if v.verdict == "valid")
        reasons = Counter(v.reason for v in members if v.verdict == "invalid")
        found[kind] = {
            "judged": len(members),
            "valid": valid,
            "valid_share": round(valid / len(members), 4) if members else None,
            "invalid_by_reason": dict(sorted(reasons.items())),
        }
    return found
