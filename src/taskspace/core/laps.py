"""Seconds per named step of one run, so a report can say where its time went."""

from __future__ import annotations

from time import perf_counter


class Laps:
    """A stopwatch whose laps are named: :meth:`lap` charges the time since the previous
    lap (or the start) to ``name``; a name used twice adds up."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._last = perf_counter()

    def lap(self, name: str) -> None:
        now = perf_counter()
        self.seconds[name] = self.seconds.get(name, 0.0) + now - self._last
        self._last = now

    def rounded(self) -> dict[str, float]:
        """The laps in milliseconds, rounded to a tenth, in the order they were first taken."""
        return {name: round(seconds * 1000, 1) for name, seconds in self.seconds.items()}
