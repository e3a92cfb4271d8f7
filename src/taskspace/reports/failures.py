"""Per run, its failed tasks: what was asked, expected and answered, why it failed, and
where inspect's log holds the sample, so that a failure is one click from its transcript
in ``kg eval view`` (``cypher/reports/failed_tasks.cypher``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from taskspace.graph.connection import Graph

VIEW_URL = "http://127.0.0.1:7575"
"""Where ``kg eval view`` serves the logs by default."""
MAX_FAILED = 50
"""Failed attempts listed per run; the caption says how many there were."""


@dataclass
class FailedAttempt:
    task: str
    epoch: int
    prompt: str
    gold: str
    answer: str
    check: str
    reason: str
    log: str
    """The log file as ``kg eval view`` lists it: ``<run id>/<file>.eval``."""
    url: str


@dataclass
class FailedRun:
    run: str
    system: str
    total: int
    rows: list[FailedAttempt] = field(default_factory=list)

    @property
    def more(self) -> bool:
        return self.total > len(self.rows)

    def as_dict(self) -> dict[str, Any]:
        return {
            "run": self.run,
            "system": self.system,
            "total": self.total,
            "rows": [asdict(row) for row in self.rows],
        }


def viewer_log(log_path: str | None) -> str:
    """A log's path under ``TASKSPACE_HOME/logs/eval`` (its run folder and file name)."""
    parts = PurePosixPath(log_path or "").parts
    return "/".join(parts[-2:])


def sample_url(log: str, task: str, epoch: int) -> str:
    """The viewer's address of one sample (its hash route: log, sample id, epoch)."""
    return f"{VIEW_URL}/#/logs/{quote(log)}/samples/sample/{quote(task, safe='')}/{epoch}/"


def reason(row: dict[str, Any]) -> str:
    """Why an attempt failed: the error class or exception and its reason, else the
    score the task's check gave."""
    if row.get("error_type"):
        why = row.get("error_reason")
        return f"{row['error_type']}: {why}" if why else str(row["error_type"])
    return f"the check scored {float(row.get('score') or 0.0):.2f}"


def read_failed(
    graph: Graph, run_ids: list[str], systems: dict[str, str], limit: int = MAX_FAILED
) -> list[FailedRun]:
    """The failed attempts of each run that has any, in the order of ``systems``."""
    found: dict[str, FailedRun] = {}
    totals = {
        row["run"]: row["failed"] for row in graph.read("reports/failed_counts", runs=run_ids)
    }
    for row in graph.read("reports/failed_tasks", runs=run_ids, limit=limit):
        log = viewer_log(row["log_path"])
        entry = FailedRun(row["run"], systems[row["run"]], totals.get(row["run"], 0))
        for item in row["failed"]:
            entry.rows.append(
                FailedAttempt(
                    task=item["task"],
                    epoch=int(item["epoch"] or 1),
                    prompt=item["prompt"] or "",
                    gold=item["gold"] or "",
                    answer=item["answer"] or "",
                    check=item["check"] or "",
                    reason=reason(item),
                    log=log,
                    url=sample_url(log, item["task"], int(item["epoch"] or 1)),
                )
            )
        found[entry.run] = entry
    return [found[run] for run in systems if run in found]
