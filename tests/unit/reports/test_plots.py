"""The bars of the report's plots: a 0 is drawn, and no data is a mark, not a bar."""

from __future__ import annotations

import re

from taskspace.reports.plots import NO_DATA, ZERO_HEIGHT, grouped_bars


def test_zero_is_a_bar_and_no_data_is_a_mark() -> None:
    svg = grouped_bars("t", ["a", "b"], {"run 1": [0.0, None], "run 2": [0.5, 1.0]}, "rate", "p")
    assert 'id="p-bar-0-0"' in svg  # 0: a bar (ZERO_HEIGHT tall, outlined)
    assert 'id="p-bar-0-1"' not in svg  # no data: no bar …
    mark = re.search(r'<g id="p-nodata-0-1">.*?</g>', svg, re.S)
    assert mark is not None and NO_DATA in mark.group(0)  # … but the mark
    assert {'id="p-bar-1-0"', 'id="p-bar-1-1"'} <= set(re.findall(r'id="p-bar-\d-\d"', svg))
    assert 0 < ZERO_HEIGHT < 0.02
