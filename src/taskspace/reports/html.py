"""The report as one self-contained HTML page: a Jinja2 template (autoescaped, so text
from the graph is always text) with the plots inlined as SVG; nothing loads from outside."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from taskspace.core.timefmt import minute
from taskspace.evaluation.labels import model_label, tasks_name
from taskspace.reports import plots
from taskspace.reports.gui_steps import gui_metrics_plot
from taskspace.reports.hop_plots import hop_plots
from taskspace.reports.model import Cell, ReportData, metric_tables
from taskspace.reports.path_plots import path_plots
from taskspace.reports.steps import LABELS as STEP_LABELS
from taskspace.reports.steps import step_metrics_plot

TITLE = "Evaluation report"


def _percent(value: float | None) -> str:
    """A rate as a percentage; "n/a" for one not reported (pass@k with too few epochs)."""
    return "n/a" if value is None else f"{value:.0%}"


def _cell_text(cell: Cell | None, failures: bool) -> str:
    """``successes/attempts (rate)``, or ``failures/attempts failed (rate)``."""
    if cell is None or not cell.attempts:
        return "–"
    if failures:
        return f"{cell.failures}/{cell.attempts} failed ({_percent(cell.failure_rate)})"
    return f"{cell.successes}/{cell.attempts} ({_percent(cell.success_rate)})"


def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("taskspace.reports", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["percent"] = _percent
    environment.filters["cell_text"] = _cell_text
    environment.filters["model_label"] = model_label
    environment.filters["tasks_name"] = tasks_name
    environment.filters["minute"] = minute
    return environment


def draw_plots(data: ReportData) -> dict[str, Markup]:
    """Every plot of the report, by section key, as SVG markup."""
    drawn = {"runs": plots.runs_plot(data.runs)}
    drawn.update({table.key: plots.breakdown_plot(table) for table in data.breakdowns})
    if data.pass_at_k:
        drawn["pass_at_k"] = plots.pass_at_k_plot(data.pass_at_k)
    if data.step_metrics:
        drawn["step_metrics"] = step_metrics_plot(data.step_metrics)
    if data.gui_metrics:
        drawn["gui_metrics"] = gui_metrics_plot(data.gui_metrics)
    for hops in data.hops:
        drawn.update(hop_plots(hops))
    for paths in data.paths:
        drawn.update(path_plots(paths))
    return {key: Markup(svg) for key, svg in drawn.items()}


def render_report(data: ReportData, generated: datetime | None = None) -> str:
    """The page's HTML text."""
    template = _environment().get_template("report.html.j2")
    return template.render(
        title=TITLE,
        data=data,
        plots=draw_plots(data),
        generated=(generated or datetime.now(UTC)).isoformat(timespec="seconds"),
        max_epochs=max((entry.epochs for entry in data.pass_at_k), default=0),
        step_labels=STEP_LABELS,
        metric_tables=metric_tables(data.runs),
    )


def write_report(data: ReportData, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_report(data), encoding="utf-8")
    return path
