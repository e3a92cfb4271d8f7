"""How many candidates a sample reads per template, sized to the tasks asked for."""

from __future__ import annotations

import pytest

from taskspace.generators.errors import SamplingError
from taskspace.generators.templates.engine import SCAN
from taskspace.generators.templates.family import DOC, WEB
from taskspace.generators.templates.pool import PER_TEMPLATE, Pool


def test_the_pool_follows_the_count_between_its_bounds() -> None:
    # 22 document templates: ten tasks or fifty need no more than the fewest per template.
    assert Pool.for_count(10, 22) == Pool(per_template=12, limit=48, scan=192)
    assert Pool.for_count(50, 22) == Pool(per_template=12, limit=48, scan=192)
    # 200 tasks: 4 candidates each over 22 templates is 37 per template.
    assert Pool.for_count(200, 22) == Pool(per_template=37, limit=148, scan=592)
    # However many are asked for, no more than the full pool, which reads SCAN anchors.
    assert Pool.for_count(5000, 22) == Pool.keeping(PER_TEMPLATE)
    assert Pool.keeping(PER_TEMPLATE).scan == SCAN == 800
    assert Pool.for_count(0, 0) == Pool.for_count(1, 1) == Pool.keeping(12)


def test_a_short_sample_widens_its_pool_reading_again_only_for_more_anchors() -> None:
    small = Pool.for_count(50, 22)
    full = Pool.keeping(PER_TEMPLATE)
    assert small.widening() == [(small, 12), (small, 48), (full, 200)]
    # The full pool has nothing wider: its own rows, then all of them.
    assert full.widening() == [(full, 50), (full, 200)]


def test_the_family_keeps_what_is_given_sizes_documents_and_refuses_nonsense() -> None:
    assert DOC.per_template() is None  # sized to the count
    assert WEB.per_template() == PER_TEMPLATE
    assert DOC.per_template(7) == WEB.per_template(7) == 7
    for wrong in ("7", 0, -3, True, 2.5):
        with pytest.raises(SamplingError, match="whole number of at least 1"):
            DOC.per_template(wrong)
