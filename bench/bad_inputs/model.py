"""What one probe case is, and what came of it.

A case is data (input files already written, the ``kg`` arguments, the expectations),
so that cases can be listed, filtered with ``--only`` and run by one runner; the few
cases that are procedures (kills, concurrent loads) carry their own ``procedure``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class BadRef:
    """Where the bad record is: the file name a user sees and its line or record.

    ``lines`` is the range of lines the defect occupies (a report anywhere inside counts);
    ``record`` a record label such as ``task 2``; both empty means the whole file is bad.
    """

    file: str
    lines: tuple[int, int] | None = None
    record: str | None = None


@dataclass
class Case:
    klass: str
    name: str
    args: list[str]
    loads: bool | None = True
    """Something must load (exit 0) / nothing can load (exit non-zero) / either, if consistent."""
    partial: bool = True
    """Part of the input failed, so a load that exits 0 must end with "Partly loaded"."""
    bad: list[BadRef] = field(default_factory=list)
    good_ids: list[str] = field(default_factory=list)
    reference: list[str] | None = None
    """``kg`` arguments that load the good part only; the case must give the same counts."""
    salvage: list[str] | None = None
    """``kg`` arguments that load the good part plus what a reader may rightly keep of the
    bad record (an entity without its one broken statement). When the bad part is reported,
    counts equal to these are clean too: a finer record was skipped, nothing good was lost."""
    recoverable: bool = False
    """The defect may be repaired by the parser; then loading it whole is clean too."""
    procedure: Callable[[Any, Case], list[str]] | None = None
    """A case that is not one load (kills, concurrency): given the runner, returns the reasons
    it failed. The runner is typed loosely so that the model does not import the runner."""
    timeout: float = 180


@dataclass
class Outcome:
    case: Case
    reasons: list[str]
    seconds: float

    @property
    def clean(self) -> bool:
        return not self.reasons
