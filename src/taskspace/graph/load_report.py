"""What every ``kg load`` reports, spelled one way whatever the source.

Each loader (documents, web, Wikidata files, SPARQL, bulk and app spaces, GUI episodes)
keeps its own counts in a subclass of :class:`LoadReport`; the fields a user compares
across sources (which inputs loaded, which gave nothing and why, records skipped, what the
writes created, how long it took) live here, so ``--json`` names them the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from taskspace.graph.writer import WriteSummary


class BadRecord(NamedTuple):
    """A record skipped inside an input that otherwise loaded: where it is, and why."""

    file: str
    where: int | str | None
    """Its line (text formats) or record name (episodes); None when there is none."""
    reason: str

    def as_dict(self, key: str = "line") -> dict[str, Any]:
        return {"file": self.file, key: self.where, "reason": self.reason}

    def located(self) -> str:
        """``file:line: reason``, as compilers print it (``file: reason`` without a place)."""
        at = f":{self.where}" if self.where is not None else ""
        return f"{self.file}{at}: {self.reason}"


class Failure(NamedTuple):
    """An input (a file, a folder, a page URL) from which nothing reached the graph."""

    input: str
    reason: str


@dataclass
class LoadReport:
    """The counts every load has; a source's report adds its own after them."""

    loaded: list[str] = field(default_factory=list)
    """Inputs from which something reached the graph, in the order they were read."""
    failed: list[Failure] = field(default_factory=list)
    """Inputs that gave nothing, each with the reason, for a one-line report."""
    warnings: list[Failure] = field(default_factory=list)
    """Inputs given or found that were not loaded, and not for an error: a file of another
    format met in a folder, a copy of a document already loaded; each with why."""
    error_count: int = 0
    """Records reported and skipped inside inputs that otherwise loaded."""
    nodes_created: int = 0
    relationships_created: int = 0
    seconds: float = 0.0

    @property
    def inputs(self) -> int:
        """Every input given or found: loaded, or not with a reason."""
        return len(self.loaded) + len(self.failed) + len(self.warnings)

    def fail(self, item: str, reason: str) -> None:
        self.failed.append(Failure(item, reason))

    def add_write(self, summary: WriteSummary) -> None:
        """Count what one write created (its :class:`WriteSummary`)."""
        self.nodes_created += summary.nodes_created
        self.relationships_created += summary.relationships_created

    def bad_records(self) -> list[BadRecord]:
        """Every record skipped, in the order met; each source says what its records are."""
        return []

    def failure_entry(self, failure: Failure) -> dict[str, Any]:
        """One failed input in ``--json``; a source may add what it knows (a page's depth)."""
        return {"input": failure.input, "reason": failure.reason}

    def as_dict(self) -> dict[str, Any]:
        return {
            "inputs": self.inputs,
            "loaded": list(self.loaded),
            "failed": [self.failure_entry(failure) for failure in self.failed],
            "warnings": [self.failure_entry(warning) for warning in self.warnings],
            "errors": self.error_count,
            "nodes_created": self.nodes_created,
            "relationships_created": self.relationships_created,
            "seconds": round(self.seconds, 2),
        }
