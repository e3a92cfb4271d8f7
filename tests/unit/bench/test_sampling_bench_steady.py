"""When the sampling bench's warm-up calls the rate settled: the last rounds no longer rise
by more than 5% over the best round before them."""

from __future__ import annotations

import pytest
from bench.sampling_bench import settled


@pytest.mark.parametrize(
    ("rates", "expected"),
    [
        ([100.0, 150.0, 200.0, 201.0, 199.0, 205.0], True),
        ([100.0, 150.0, 200.0, 250.0, 260.0, 270.0], False),  # 250 rose 25% over 200
        ([200.0, 150.0, 160.0, 170.0], True),  # a dip, then below the first round
        ([200.0, 201.0, 202.0], False),  # too few rounds to tell
        ([100.0, 100.0, 100.0, 120.0], False),
    ],
)
def test_settled(rates: list[float], expected: bool) -> None:
    assert settled(rates) is expected
