"""Runs cases against one probe server: empty the graph, load, check, load again, check.

Counts expected from the good part alone (``Case.reference``) are measured once per
distinct reference load and reused, so a class of a hundred cases sharing one good file
pays for it once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bench.bad_inputs import checks
from bench.bad_inputs.kg import KgCommand, KgResult
from bench.bad_inputs.model import Case, Outcome
from bench.bad_inputs.server import Counts, ProbeServer

Labels = dict[str, int]


class Runner:
    def __init__(self, server: ProbeServer, kg: KgCommand) -> None:
        self.server = server
        self.kg = kg
        self._references: dict[tuple[str, ...], tuple[Counts, Labels] | str] = {}

    def run(self, args: list[str], timeout: float = 180, during: Any = None) -> KgResult:
        return self.kg.run(args, self.server.env, timeout=timeout, during=during)

    def labels(self) -> Labels:
        rows = self.server.query(
            "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS c ORDER BY label"
        )
        return {str(row["label"]): int(row["c"]) for row in rows}

    def reference(self, args: list[str]) -> tuple[Counts, Labels] | str:
        """Counts of loading ``args`` into an empty graph (empty args: the empty graph)."""
        key = tuple(args)
        if key not in self._references:
            self.server.clear()
            if args:
                result = self.run(args, timeout=300)
                if result.code != 0 or checks.TRACEBACK in result.output:
                    self._references[key] = (
                        f"reference load failed: {checks.last_line(result.output)}"
                    )
                    return self._references[key]
            self._references[key] = (self.server.counts(), self.labels())
            self.server.clear()
        return self._references[key]

    def outcome(self, case: Case) -> Outcome:
        started = time.monotonic()
        procedure: Callable[[Runner, Case], list[str]] = case.procedure or standard
        try:
            reasons = procedure(self, case)
        except Exception as exc:  # the probe must report, not stop, on a case it cannot run
            reasons = [f"probe error: {type(exc).__name__}: {exc}"]
        return Outcome(case, reasons, time.monotonic() - started)

    def differs(self, counts: Counts, expected: tuple[Counts, Labels], what: str) -> list[str]:
        if counts == expected[0]:
            return []
        now = self.labels()
        changed = {
            label: f"{expected[1].get(label, 0)}→{now.get(label, 0)}"
            for label in sorted(set(now) | set(expected[1]))
            if now.get(label, 0) != expected[1].get(label, 0)
        }
        detail = ", ".join(f"{k} {v}" for k, v in changed.items()) or "same labels"
        return [f"graph has {counts}; {what} give {expected[0]} ({detail})"]


def standard(runner: Runner, case: Case) -> list[str]:
    """One load of the case's input, checked; then the same load again, which must add nothing."""
    expected = runner.reference(case.reference) if case.reference is not None else None
    if isinstance(expected, str):
        return [expected]
    salvaged = runner.reference(case.salvage) if case.salvage is not None else None
    if isinstance(salvaged, str):
        return [salvaged]
    runner.server.clear()
    first = runner.run(case.args, case.timeout)
    reasons = checks.crash_reasons(first)
    counts = runner.server.counts()
    loaded = counts.nodes > 0
    whole = expected is not None and counts != expected[0] and counts.nodes > expected[0].nodes
    not_reported = checks.report_reasons(first, case.bad)
    recovered = case.recoverable and whole and bool(not_reported)
    reasons += checks.exit_reasons(first, case.loads, case.partial and not recovered, loaded)
    if not recovered:
        reasons += not_reported
        kept_finer = salvaged is not None and not not_reported and counts == salvaged[0]
        if expected is not None and not kept_finer:
            reasons += runner.differs(counts, expected, "the good records alone")
    missing = runner.server.missing_ids(case.good_ids) if case.good_ids else []
    if missing:
        reasons.append(f"good records not loaded: {', '.join(missing[:5])}")
    if checks.TRACEBACK not in first.output:
        second = runner.run(case.args, case.timeout)
        reasons += [f"second load: {r}" for r in checks.crash_reasons(second)]
        again = runner.server.counts()
        if again != counts:
            reasons.append(f"second load changed the graph: {counts} → {again}")
    return reasons
