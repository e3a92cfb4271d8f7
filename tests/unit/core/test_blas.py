"""Inside ``one_blas_thread`` every BLAS library numpy loaded runs one thread; after it,
each runs as many as before."""

from __future__ import annotations

import numpy as np
from threadpoolctl import threadpool_info

from taskspace.core.blas import one_blas_thread


def blas_threads() -> dict[str, int]:
    return {
        pool["filepath"]: pool["num_threads"]
        for pool in threadpool_info()
        if pool["user_api"] == "blas"
    }


def test_products_in_the_block_run_on_one_thread_and_the_count_comes_back() -> None:
    np.ones((4, 4)) @ np.ones((4, 4))  # numpy's BLAS is loaded
    before = blas_threads()
    assert before, "numpy loaded no BLAS library: nothing to limit"
    with one_blas_thread():
        assert set(blas_threads().values()) == {1}
    assert blas_threads() == before


def test_as_a_decorator_it_limits_each_call() -> None:
    @one_blas_thread()
    def threads_inside() -> set[int]:
        return set(blas_threads().values())

    assert threads_inside() == {1}
    assert threads_inside() == {1}
