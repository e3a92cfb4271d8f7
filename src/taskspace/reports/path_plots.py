"""The causal-path section's plot: SR, WPSR, MATCR and p-ATSR per level and system.

Kept apart from :mod:`taskspace.reports.paths` (which reads the figures) so that the
report's model can name :class:`PathReport` without a loop through the plots."""

from __future__ import annotations

from taskspace.reports.paths import METRICS, PathReport
from taskspace.reports.plots import grouped_bars


def path_plots(report: PathReport) -> dict[str, str]:
    """SR, WPSR, MATCR and p-ATSR per level, one bar per system and metric."""
    if report.empty:
        return {}
    levels = list(report.by_level)
    series = {
        f"{system}: {label}": [
            float(getattr(report.by_level[level][system], key))
            if system in report.by_level[level]
            else 0.0
            for level in levels
        ]
        for system in report.systems
        for key, label in METRICS
    }
    key = "paths_levels" + report.suffix
    return {key: grouped_bars("Causal paths by level", levels, series, "rate", key)}
