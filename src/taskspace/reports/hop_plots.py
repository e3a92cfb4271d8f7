"""The MMInA section's plots: hop SR and task SR per hop-count bin, hop SR per position.

Drawn with the report's own :func:`~taskspace.reports.plots.grouped_bars`, so the bars
carry the same ids (``<name>-bar-<series>-<category>``) that the tests measure."""

from __future__ import annotations

from taskspace.reports.hops import HopCell, HopReport, PositionCell
from taskspace.reports.plots import grouped_bars


def hop_count_plot(report: HopReport) -> str:
    """Two bars per system and bin: hop SR, then task SR."""
    bins = list(report.by_bin)
    series: dict[str, list[float]] = {}
    for system in report.systems:
        cells = [report.bin_cell(name, system) or HopCell() for name in bins]
        series[f"{system}: hop SR"] = [cell.hop_sr for cell in cells]
        series[f"{system}: task SR"] = [cell.task_sr for cell in cells]
    return grouped_bars(
        "Hop SR and task SR by hop count", bins, series, "success rate", "hops_sr" + report.suffix
    )


def hop_position_plot(report: HopReport) -> str:
    """Hop SR at each position (1st, 2nd … hop), one bar per system."""
    positions = list(report.by_position)
    series = {
        system: [
            (report.by_position[position].get(system) or PositionCell()).rate
            for position in positions
        ]
        for system in report.systems
    }
    return grouped_bars(
        "Hop SR by hop position",
        [f"hop {position}" for position in positions],
        series,
        "hop success rate",
        "hops_position" + report.suffix,
    )


def hop_plots(report: HopReport) -> dict[str, str]:
    """The section's plots by key (none for an empty section)."""
    if report.empty:
        return {}
    return {
        "hops_sr" + report.suffix: hop_count_plot(report),
        "hops_position" + report.suffix: hop_position_plot(report),
    }
