"""The report's GUI step section: AITW action-match accuracy, type-match accuracy and
episode success of ``kg eval gui`` runs, per run and matching rule (``aitw``,
``aitw-strict``, ``element-id``), summed from the per-step ``ATTEMPTED`` edges with
``taskspace.metrics.mind2web.aggregate``, as the inspect viewer shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taskspace.evaluation.labels import model_label
from taskspace.graph.connection import Graph
from taskspace.metrics.mind2web import Values, aggregate
from taskspace.reports.plots import grouped_bars

LABELS = {"action_match": "Action match", "type_match": "Type match"}


@dataclass
class GuiMetrics:
    run: str
    system: str
    rule: str
    episodes: int
    steps: int
    micro: dict[str, float]
    macro: dict[str, float]
    success: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "run": self.run,
            "system": self.system,
            "rule": self.rule,
            "episodes": self.episodes,
            "steps": self.steps,
            "micro": {key: round(value, 4) for key, value in self.micro.items()},
            "macro": {key: round(value, 4) for key, value in self.macro.items()},
            "episode_success": round(self.success, 4),
        }


def read_gui_metrics(graph: Graph, run_ids: list[str]) -> list[GuiMetrics]:
    groups: dict[tuple[str, str], tuple[str, dict[str, list[Values]]]] = {}
    for row in graph.read("reports/gui_step_attempts", runs=run_ids):
        system = (
            f"{row['agent']} ({model_label(row['model'])})" if row["model"] else str(row["agent"])
        )
        rule = str(row["rule"])
        _, episodes = groups.setdefault((str(row["run"]), rule), (system, {}))
        values = {key: float(row[key] or 0.0) for key in LABELS}
        episodes.setdefault(str(row["episode"]), []).append(values)
    found = []
    for (run, rule), (system, episodes) in sorted(groups.items()):
        summary = aggregate(list(episodes.values()), ("action_match",))
        found.append(
            GuiMetrics(
                run,
                system,
                rule,
                summary.tasks,
                summary.steps,
                summary.micro,
                summary.macro,
                summary.task_sr["action_match"],
            )
        )
    return found


def gui_metrics_plot(entries: list[GuiMetrics]) -> str:
    """Micro action and type match and episode success: one bar per run and rule."""
    series = {
        f"{entry.system} {entry.run[-6:]} · {entry.rule}": [
            *(entry.micro.get(key, 0.0) for key in LABELS),
            entry.success,
        ]
        for entry in entries
    }
    categories = [*LABELS.values(), "Episode success"]
    return grouped_bars("GUI step matching (micro)", categories, series, "accuracy", "gui_metrics")
