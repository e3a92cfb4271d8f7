"""The report's NaturalGAIA section: SR (Pass@1 and Pass@k), WPSR, MATCR and p-ATSR of
causal-path attempts per level and overall, where failed attempts broke first, and the
failed attempts per error class (KD, PRE, OE, PE, SCE; ``scoring.path_errors``).

Read with ``cypher/reports/path_attempts.cypher``; the numbers come from the step
metrics the path scorer wrote (:func:`taskspace.generators.paths.scoring.summarise_scored`). An
attempt that ended in an error before it was scored counts as failed at step 1, with its
path's weights (so it lowers every rate rather than vanishing from them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from taskspace.generators.paths.error_attribution import ERROR_CLASSES
from taskspace.generators.paths.scoring import PathSummary, ScoredAttempt, by_level_scored
from taskspace.graph.connection import Graph, Record

PATH_SECTION = "Causal paths (NaturalGAIA)"
METRICS = (("sr", "SR"), ("wpsr", "WPSR"), ("matcr", "MATCR"), ("patsr", "p-ATSR"))


@dataclass
class PathReport:
    """Per level ("L1" …, "all") and system: the summary; failures by first failed step."""

    systems: list[str]
    k: int = 1
    group: str = ""
    """The tasks its runs share, as :attr:`taskspace.reports.hops.HopReport.group`."""
    suffix: str = ""
    by_level: dict[str, dict[str, PathSummary]] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)
    error_classes: dict[str, dict[str, int]] = field(default_factory=dict)
    """system -> failed attempts per class (every class, and "other" for errored samples)."""

    @property
    def empty(self) -> bool:
        return not self.by_level

    def as_dict(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "systems": self.systems,
            "k": self.k,
            "by_level": {
                level: {system: s.as_dict() for system, s in cells.items()}
                for level, cells in self.by_level.items()
            },
            "failures": self.failures,
            "error_classes": self.error_classes,
        }


def _stored(row: dict[str, Any]) -> tuple[ScoredAttempt, dict[str, Any] | None]:
    """The attempt's metrics, or for an unscored one the failure its path implies; and the
    first failed step of the path (None: no step failed)."""
    path = json.loads(row["path"] or "{}").get("path", [])
    metrics: dict[str, float] = json.loads(row["metrics"] or "{}")
    if "steps_total" not in metrics:
        n, apps = len(path), len({step["app"] for step in path})
        metrics = {
            "matcr": 0.0,
            "patsr_weighted": 0.0,
            "patsr_weight": n * (n + 1) / 2,
            "path_weight": float((n + 1) * max(apps, 1)),
            "first_failed_step": 1.0,
        }
    failed = int(metrics.get("first_failed_step", 0))
    step = path[failed - 1] if 0 < failed <= len(path) else None
    attempt = ScoredAttempt(row["task"], int(row["level"] or 0), bool(row["success"]), metrics)
    return attempt, step


def read_path_report(
    graph: Graph,
    run_ids: Sequence[str],
    systems: Sequence[str],
    column: Callable[[Record], str],
) -> PathReport:
    """The section for ``run_ids``' path attempts (empty when they have none)."""
    attempts: dict[str, list[ScoredAttempt]] = {}
    failed: dict[tuple[str, int, str, str], int] = {}
    classes: dict[str, dict[str, int]] = {}
    epochs = 1
    for row in graph.read("reports/path_attempts", runs=list(run_ids)):
        system = column(row)
        attempt, step = _stored(row)
        attempts.setdefault(system, []).append(attempt)
        if not attempt.success:
            counts = classes.setdefault(system, {**dict.fromkeys(ERROR_CLASSES, 0), "other": 0})
            kind = row["error_type"]
            counts[kind if kind in ERROR_CLASSES else "other"] += 1
        epochs = max(epochs, int(row["epoch"] or 1))
        if step is not None:
            relation = ("^" if step.get("reverse") else "") + step["relation"]
            key = (system, int(step["index"]), step["app"], relation)
            failed[key] = failed.get(key, 0) + 1
    report = PathReport(systems=[s for s in systems if s in attempts], k=epochs)
    report.error_classes = {s: classes[s] for s in report.systems if s in classes}
    for system in report.systems:
        for level, summary in by_level_scored(attempts[system], epochs).items():
            report.by_level.setdefault(level, {})[system] = summary
    order = sorted(report.by_level, key=lambda name: (name == "all", name))
    report.by_level = {name: report.by_level[name] for name in order}
    report.failures = [
        {"system": s, "step": i, "app": app, "relation": rel, "attempts": n}
        for (s, i, app, rel), n in sorted(failed.items())
    ]
    return report
