"""Laps: each lap is charged to its name, a name used again adds up, order is kept."""

from __future__ import annotations

import pytest

from taskspace.core import laps as laps_module
from taskspace.core.laps import Laps


def test_laps_charge_the_time_since_the_previous_lap(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([10.0, 10.25, 10.5, 11.0, 11.0625])
    monkeypatch.setattr(laps_module, "perf_counter", lambda: next(clock))
    laps = Laps()
    laps.lap("grounding")
    laps.lap("verification")
    laps.lap("grounding")
    laps.lap("verification")
    assert laps.rounded() == {"grounding": 750.0, "verification": 312.5}
    assert list(laps.rounded()) == ["grounding", "verification"]
