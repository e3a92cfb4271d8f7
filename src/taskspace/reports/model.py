"""The report's tables as plain records: what the HTML, the plots and ``--json`` share."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from taskspace.reports.failures import FailedRun
from taskspace.reports.hops import HopReport
from taskspace.reports.paths import PathReport


@dataclass
class Cell:
    """Attempts (run × task × epoch edges) in one table cell and how many succeeded."""

    attempts: int = 0
    successes: int = 0
    score_sum: float = 0.0

    @property
    def failures(self) -> int:
        return self.attempts - self.successes

    @property
    def success_rate(self) -> float:
        return self.successes / self.attempts if self.attempts else 0.0

    @property
    def failure_rate(self) -> float:
        return self.failures / self.attempts if self.attempts else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.attempts if self.attempts else 0.0

    def add(self, attempts: int, successes: int, mean_score: float | None) -> None:
        self.attempts += attempts
        self.successes += successes
        self.score_sum += (mean_score or 0.0) * attempts

    def as_dict(self) -> dict[str, Any]:
        return {
            "attempts": self.attempts,
            "successes": self.successes,
            "failures": self.failures,
            "success_rate": round(self.success_rate, 4),
            "mean_score": round(self.mean_score, 4),
        }


@dataclass
class Breakdown:
    """One table: rows are values of a dimension (task type, difficulty …), columns are
    systems (agent and model); ``failures`` says the table is read as failures."""

    key: str
    title: str
    dimension: str
    systems: list[str]
    rows: dict[str, dict[str, Cell]] = field(default_factory=dict)
    failures: bool = False
    note: str = ""
    group: str = ""
    """The tasks the table's runs all ran, when the report holds runs on other tasks too
    (a table sets side by side only runs on the same tasks); empty when all ran the same."""

    def cell(self, value: str, system: str) -> Cell:
        return self.rows.setdefault(value, {}).setdefault(system, Cell())

    def total(self, value: str) -> Cell:
        """Every system's attempts on one row, pooled."""
        pooled = Cell()
        for cell in self.rows.get(value, {}).values():
            pooled.add(cell.attempts, cell.successes, cell.mean_score)
        return pooled

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "dimension": self.dimension,
            "systems": self.systems,
            "group": self.group,
            "note": self.note,
            "rows": {
                value: {system: cell.as_dict() for system, cell in cells.items()}
                for value, cells in self.rows.items()
            },
        }


@dataclass
class RunSummary:
    """One selected run as the report's first table shows it."""

    id: str
    agent: str
    model: str
    system: str
    started: str
    finished: str
    status: str
    tasks_file: str
    tasks: int
    attempts: int
    successes: int
    mean_score: float
    epochs: int
    kind: str = ""
    """What the run held (``doc``, ``web``, ``path``, ``multihop``, ``web-steps`` …)."""
    metrics: dict[str, float] = field(default_factory=dict)
    """The run's metrics as inspect computed them (its viewer shows the same numbers)."""

    @property
    def success_rate(self) -> float:
        return self.successes / self.attempts if self.attempts else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "success_rate": round(self.success_rate, 4)}


METRIC_LABELS = {
    "score": "score",
    "success": "success",
    "exact_match": "EM",
    "f1": "F1",
    "rouge_l": "ROUGE-L",
    "citation_precision": "citation P",
    "citation_recall": "citation R",
    "checks_passed": "checks passed",
    "attack_success": "attack success",
    "task_success_under_attack": "task success under attack",
    "sr": "SR",
    "wpsr": "WPSR",
    "matcr": "MATCR",
    "patsr": "p-ATSR",
    "hop_sr": "hop SR",
    "ele_acc": "Ele.Acc",
    "op_f1": "Op.F1",
    "step_sr": "Step SR",
    "macro_step_sr": "Step SR per task",
    "re_acc": "RE Acc",
    "ap_acc": "AP Acc",
    "grounding_acc": "Grounding",
    "task_sr": "task SR",
    "action_match": "action match",
    "macro_action_match": "action match per episode",
    "type_match": "type match",
    "episode_success": "episode success",
}
"""The headline metrics the report shows per kind of run, in this order, and their column
heads; the rest (``_flex``, other reductions) stay in the run's JSON and in the step
sections."""


def metric_tables(runs: list[RunSummary]) -> list[dict[str, Any]]:
    """Per kind of run, a table of its runs' headline metrics: ``{kind, columns, labels,
    rows}`` with ``rows`` of ``(run, {metric: value})``; metrics no run of the kind has are
    left out, so a web run shows no citation columns."""
    kinds: dict[str, list[RunSummary]] = {}
    for run in runs:
        if run.metrics:
            kinds.setdefault(run.kind or "unknown", []).append(run)
    tables = []
    for kind, members in kinds.items():
        present = {name for run in members for name in run.metrics}
        columns = [name for name in METRIC_LABELS if name in present]
        tables.append(
            {
                "kind": kind,
                "columns": columns,
                "labels": [METRIC_LABELS.get(name, name) for name in columns],
                "rows": [(run, run.metrics) for run in members],
            }
        )
    return tables


@dataclass
class PassAtK:
    """pass@k of one run for k = 1 … its epochs (unbiased estimator over its tasks)."""

    run: str
    system: str
    epochs: int
    values: dict[int, float]

    def as_dict(self) -> dict[str, Any]:
        return {
            "run": self.run,
            "system": self.system,
            "epochs": self.epochs,
            "pass_at_k": {str(k): round(v, 4) for k, v in self.values.items()},
        }


@dataclass
class ReportData:
    """Everything one report shows, read from the graph for a set of runs."""

    runs: list[RunSummary]
    breakdowns: list[Breakdown]
    pass_at_k: list[PassAtK]
    omitted: list[str] = field(default_factory=list)
    step_metrics: list[Any] = field(default_factory=list)
    """``taskspace.reports.steps.StepMetrics`` of the step-level runs among them."""
    hops: list[HopReport] = field(default_factory=list)
    """The MMInA hop-queue sections (multihop attempts only), one per group of runs on
    the same tasks."""
    paths: list[PathReport] = field(default_factory=list)
    """The NaturalGAIA sections (causal-path attempts only), one per such group."""
    gui_metrics: list[Any] = field(default_factory=list)
    """``taskspace.reports.gui_steps.GuiMetrics`` of the GUI step runs among them."""
    failed: list[FailedRun] = field(default_factory=list)
    """Per run, its failed tasks (``taskspace.reports.failures``)."""

    @property
    def breakdown_groups(self) -> list[tuple[str, list[Breakdown]]]:
        """The tables by group of runs on the same tasks, in page order."""
        groups: dict[str, list[Breakdown]] = {}
        for table in self.breakdowns:
            groups.setdefault(table.group, []).append(table)
        return list(groups.items())

    def breakdown(self, key: str) -> Breakdown | None:
        return next((table for table in self.breakdowns if table.key == key), None)

    def as_dict(self) -> dict[str, Any]:
        return {
            "runs": [run.as_dict() for run in self.runs],
            "tables": {table.key: table.as_dict() for table in self.breakdowns},
            "pass_at_k": [entry.as_dict() for entry in self.pass_at_k],
            "omitted": self.omitted,
            "step_metrics": [entry.as_dict() for entry in self.step_metrics],
            "gui_metrics": [entry.as_dict() for entry in self.gui_metrics],
            "failed": [entry.as_dict() for entry in self.failed],
            **({"hops": [report.as_dict() for report in self.hops]} if self.hops else {}),
            **({"paths": [report.as_dict() for report in self.paths]} if self.paths else {}),
        }
