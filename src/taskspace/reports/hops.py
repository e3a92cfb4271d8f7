"""The report's MMInA section: hop SR and task SR of multihop attempts, by hop count (1,
2–4, 5+, as in the paper's Table 3) and by hop position (its Table 4).

Read with ``cypher/reports/hop_attempts.cypher``: per system, how many attempts of tasks
with H hops passed P hops. Hops are judged in order up to the first miss, so an attempt
passed the hop at position p exactly when P ≥ p: the position table needs nothing more.
An attempt that ended in an error before it was scored counts with 0 hops passed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from taskspace.graph.connection import Graph, Record

HOP_SECTION = "Multihop hop SR and task SR"
BINS = ("1", "2–4", "5+")
ALL = "all"


def hop_bin(hops: int) -> str:
    """MMInA's hop-count bins: 1 hop, 2–4 hops, 5 or more."""
    return BINS[0] if hops <= 1 else BINS[1] if hops <= 4 else BINS[2]


@dataclass
class HopCell:
    """Attempts on multihop tasks, their hops, and how many of each passed."""

    attempts: int = 0
    successes: int = 0
    hops: int = 0
    hops_passed: int = 0

    @property
    def hop_sr(self) -> float:
        return self.hops_passed / self.hops if self.hops else 0.0

    @property
    def task_sr(self) -> float:
        return self.successes / self.attempts if self.attempts else 0.0

    def add(self, attempts: int, successes: int, hops: int, passed: int) -> None:
        self.attempts += attempts
        self.successes += successes
        self.hops += hops * attempts
        self.hops_passed += passed * attempts

    def as_dict(self) -> dict[str, Any]:
        return {
            "attempts": self.attempts,
            "successes": self.successes,
            "hops": self.hops,
            "hops_passed": self.hops_passed,
            "hop_sr": round(self.hop_sr, 4),
            "task_sr": round(self.task_sr, 4),
        }


@dataclass
class PositionCell:
    """Attempts that had a hop at one position, and how many passed it."""

    attempts: int = 0
    passed: int = 0

    @property
    def rate(self) -> float:
        return self.passed / self.attempts if self.attempts else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"attempts": self.attempts, "passed": self.passed, "hop_sr": round(self.rate, 4)}


@dataclass
class HopReport:
    """Per system: cells by hop-count bin (and ``all``), by position, and by exact hop
    count and position (``matrix[system][hops][position]``)."""

    systems: list[str]
    group: str = ""
    """The tasks its runs share (``multihop-a.jsonl: 8 tasks``) when the report holds runs
    on different tasks: one section per group, never runs on other tasks side by side."""
    suffix: str = ""
    """Appended to the section's element ids and plot keys (``-2``, ``-3`` …)."""
    by_bin: dict[str, dict[str, HopCell]] = field(default_factory=dict)
    by_position: dict[int, dict[str, PositionCell]] = field(default_factory=dict)
    matrix: dict[str, dict[int, dict[int, PositionCell]]] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.by_bin

    @property
    def max_hops(self) -> int:
        return max(self.by_position, default=0)

    def bin_cell(self, name: str, system: str) -> HopCell | None:
        return self.by_bin.get(name, {}).get(system)

    def add(self, system: str, hops: int, passed: int, attempts: int, successes: int) -> None:
        for name in (hop_bin(hops), ALL):
            cells = self.by_bin.setdefault(name, {})
            cells.setdefault(system, HopCell()).add(attempts, successes, hops, passed)
        row = self.matrix.setdefault(system, {}).setdefault(hops, {})
        for position in range(1, hops + 1):
            for cell in (
                self.by_position.setdefault(position, {}).setdefault(system, PositionCell()),
                row.setdefault(position, PositionCell()),
            ):
                cell.attempts += attempts
                cell.passed += attempts if passed >= position else 0

    def ordered(self) -> None:
        """Bins in the paper's order (all last), positions and hop counts ascending."""
        self.by_bin = {name: self.by_bin[name] for name in (*BINS, ALL) if name in self.by_bin}
        self.by_position = dict(sorted(self.by_position.items()))
        self.matrix = {
            system: dict(sorted(rows.items()))
            for system, rows in self.matrix.items()
            if system in self.systems
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "systems": self.systems,
            "by_hop_count": {
                name: {system: cell.as_dict() for system, cell in cells.items()}
                for name, cells in self.by_bin.items()
            },
            "by_position": {
                str(position): {system: cell.as_dict() for system, cell in cells.items()}
                for position, cells in self.by_position.items()
            },
            "by_hop_count_and_position": {
                system: {
                    str(hops): {str(p): cell.as_dict() for p, cell in row.items()}
                    for hops, row in rows.items()
                }
                for system, rows in self.matrix.items()
            },
        }


def read_hop_report(
    graph: Graph,
    run_ids: Sequence[str],
    systems: Sequence[str],
    column: Callable[[Record], str],
) -> HopReport:
    """The hop tables of ``run_ids``' multihop attempts (empty when they have none);
    ``column`` names a row's column from its run, as every table does."""
    report = HopReport(systems=[])
    for row in graph.read("reports/hop_attempts", runs=list(run_ids)):
        system = column(row)
        hops = int(row["hops"])
        passed = min(int(row["passed"]), hops)
        report.add(system, hops, passed, int(row["attempts"]), int(row["successes"]))
    seen = {system for cells in report.by_bin.values() for system in cells}
    report.systems = [system for system in systems if system in seen]
    report.ordered()
    return report
