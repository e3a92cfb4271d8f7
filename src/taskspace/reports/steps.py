"""The report's step-level section: Mind2Web metrics and stage metrics of ``kg eval steps``
runs, with and without flexible ground truth, summed from the per-step ``ATTEMPTED``
edges (micro over steps, per task = the mean of each episode's mean)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taskspace.evaluation.labels import model_label
from taskspace.evaluation.steps.web.evaluate import FLEX, METRICS, SUCCESS_KEYS
from taskspace.graph.connection import Graph
from taskspace.metrics.mind2web import Values, aggregate
from taskspace.reports.plots import grouped_bars

LABELS = {
    "ele_acc": "Ele.Acc",
    "op_f1": "Op.F1",
    "step_sr": "Step SR",
    "re_acc": "RE Acc",
    "ap_acc": "AP Acc",
    "grounding_acc": "Grounding",
    "sr_first_viable": "First viable",
    "sr_llm_select": "LLM select",
}


@dataclass
class StepMetrics:
    run: str
    system: str
    episodes: int
    steps: int
    micro: dict[str, float]
    macro: dict[str, float]
    task_sr: dict[str, float]

    def as_dict(self) -> dict[str, Any]:
        def rounded(values: dict[str, float]) -> dict[str, float]:
            return {key: round(value, 4) for key, value in values.items()}

        return {
            "run": self.run,
            "system": self.system,
            "episodes": self.episodes,
            "steps": self.steps,
            "micro": rounded(self.micro),
            "macro": rounded(self.macro),
            "task_sr": rounded(self.task_sr),
        }


def read_step_metrics(graph: Graph, run_ids: list[str]) -> list[StepMetrics]:
    keys = {key for key in METRICS} | {key + FLEX for key in METRICS}
    runs: dict[str, tuple[str, dict[str, list[Values]]]] = {}
    for row in graph.read("reports/step_attempts", runs=run_ids):
        if "action_match" in row["metrics"]:
            continue  # a GUI step run: its own section (taskspace.reports.gui_steps)
        system = (
            f"{row['agent']} ({model_label(row['model'])})" if row["model"] else str(row["agent"])
        )
        _, episodes = runs.setdefault(row["run"], (system, {}))
        values = {k: float(v) for k, v in row["metrics"].items() if k in keys}
        episodes.setdefault(row["episode"], []).append(values)
    found = []
    for run, (system, episodes) in runs.items():
        summary = aggregate(list(episodes.values()), SUCCESS_KEYS)
        found.append(
            StepMetrics(
                run,
                system,
                summary.tasks,
                summary.steps,
                summary.micro,
                summary.macro,
                summary.task_sr,
            )
        )
    return found


def step_metrics_plot(entries: list[StepMetrics]) -> str:
    """Micro averages of every metric: one bar per run, gold only and flexible."""
    series = {}
    for entry in entries:
        for suffix, name in (("", "gold"), (FLEX, "flexible")):
            label = f"{entry.system} {entry.run[-6:]} · {name}"
            series[label] = [entry.micro.get(key + suffix, 0.0) for key in LABELS]
    return grouped_bars(
        "Step metrics (micro)", list(LABELS.values()), series, "accuracy", "step_metrics"
    )
