"""The report's plots as inline SVG text: matplotlib figures made without pyplot (no
display, no global figure state), text kept as ``<text>`` and no external references, so
the page works offline as one file."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.typing import RcKeyType

from taskspace.reports.model import Breakdown, Cell, PassAtK, RunSummary

_STYLE: dict[RcKeyType, Any] = {
    "svg.fonttype": "none",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
BAR_WIDTH = 0.8
ZERO_HEIGHT = 0.012
"""How tall a 0 is drawn (in the [0, 1] axis): a sliver that shows the value was
measured, where no bar at all would read as no data."""
NO_DATA = "–"
"""The mark drawn where a series has no data for a category (no bar)."""
PASS_AT_K_TOP = 1.05


@contextmanager
def _styled(name: str) -> Iterator[None]:
    """The report's style; ``name`` salts the ids matplotlib writes, so that several plots
    in one page never share a clip-path id."""
    with matplotlib.rc_context():
        matplotlib.rcParams.update(_STYLE)
        matplotlib.rcParams["svg.hashsalt"] = name
        yield


def to_svg(figure: Figure) -> str:
    """The figure as an ``<svg>`` element (no XML prolog, ready to inline)."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    return text[text.index("<svg") :]


LEGEND_SIZE = 10
"""Points; a plot is never scaled down in the page (its legend sits under it, not beside
it, so the figure stays narrower than the page), so this is what a reader sees."""


def _figure(categories: Sequence[str], entries: int = 0) -> tuple[Figure, Axes]:
    """A figure as wide as its categories need and tall enough for their tick labels
    (drawn at 30°, so long ones such as run names need height) and its legend's
    ``entries`` (one line each), so that the plot area keeps its height."""
    longest = max((len(line) for name in categories for line in name.splitlines()), default=0)
    labels = 0.035 * longest + 0.15 * max(len(name.splitlines()) for name in [*categories, ""])
    legend = 0.25 * entries + 0.2 if entries > 1 else 0.0
    figure = Figure(
        figsize=(max(4.5, 0.9 * len(categories) + 2.5), 2.8 + labels + legend),
        layout="constrained",
    )
    return figure, figure.add_subplot()


def _legend(figure: Figure) -> None:
    """Under the plot, below its tick labels: run labels are long, and beside the axes they
    made figures wider than the page, which the browser then shrank with their text."""
    figure.legend(frameon=False, fontsize=LEGEND_SIZE, loc="outside lower center")


def grouped_bars(
    title: str,
    categories: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    ylabel: str,
    name: str,
) -> str:
    """One group of bars per category, one bar per series (system or run), in [0, 1].

    Each bar's SVG group is named ``<name>-bar-<series>-<category>`` and the plot area
    ``<name>-axes``, so a reader (or a test) can find a bar and compare its height. A 0 is
    drawn ``ZERO_HEIGHT`` tall and outlined; ``None`` (no data) draws no bar but the
    ``NO_DATA`` mark at the axis, named ``<name>-nodata-<series>-<category>``."""
    with _styled(name):
        figure, axes = _figure(categories, len(series))
        axes.patch.set_gid(f"{name}-axes")
        width = BAR_WIDTH / max(1, len(series))
        for index, (label, values) in enumerate(series.items()):
            positions = [c + (index - (len(series) - 1) / 2) * width for c in range(len(values))]
            heights = [ZERO_HEIGHT if v == 0 else (v or 0.0) for v in values]
            bars = axes.bar(positions, heights, width=width, label=label)
            for category, bar in enumerate(bars):
                bar.set_gid(f"{name}-bar-{index}-{category}")
                if values[category] is None:
                    bar.set_visible(False)
                    mark = axes.text(positions[category], 0.02, NO_DATA, ha="center", va="bottom")
                    mark.set_gid(f"{name}-nodata-{index}-{category}")
                elif values[category] == 0:
                    bar.set_edgecolor("#333")
                    bar.set_linewidth(0.6)
        axes.set_xticks(range(len(categories)), list(categories), rotation=30, ha="right")
        axes.set_ylim(0, 1)
        axes.set_ylabel(ylabel)
        axes.set_title(title)
        if len(series) > 1:
            _legend(figure)
        return to_svg(figure)


def breakdown_plot(table: Breakdown) -> str:
    """Success rate (or failure rate, for a failures table) per row value and system."""
    categories = list(table.rows)

    def rate(value: str, system: str) -> float | None:
        cell = table.rows[value].get(system) or Cell()
        if not cell.attempts:
            return None
        return cell.failure_rate if table.failures else cell.success_rate

    series = {system: [rate(value, system) for value in categories] for system in table.systems}
    ylabel = "failure rate" if table.failures else "success rate"
    return grouped_bars(table.title, categories, series, ylabel, table.key)


def runs_plot(runs: Sequence[RunSummary]) -> str:
    """Success rate of each run."""
    return grouped_bars(
        "Success rate per run",
        [f"{run.system}\n{run.id}" for run in runs],
        {"success rate": [run.success_rate for run in runs]},
        "success rate",
        "runs",
    )


def pass_at_k_plot(entries: Sequence[PassAtK]) -> str:
    """pass@k against k, one line per run."""
    with _styled("pass_at_k"):
        epochs = max(entry.epochs for entry in entries)
        figure, axes = _figure([str(k) for k in range(1, epochs + 1)], len(entries))
        axes.patch.set_gid("pass_at_k-axes")
        for index, entry in enumerate(entries):
            ks = sorted(entry.values)
            (line,) = axes.plot(ks, [entry.values[k] for k in ks], marker="o", label=entry.run)
            line.set_gid(f"pass_at_k-line-{index}")
        axes.set_xticks(range(1, epochs + 1))
        axes.set_xlabel("k (epochs drawn)")
        axes.set_ylabel("pass@k")
        axes.set_ylim(0, PASS_AT_K_TOP)
        axes.set_title("pass@k")
        _legend(figure)
        return to_svg(figure)
