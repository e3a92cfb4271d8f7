"""One BLAS thread for the small matrix products a process does between database queries.

OpenBLAS hands a product to its worker threads, which then spin for a while waiting for
the next one. A sample's products are small (a few hundred prompts by 1,024 hashed words)
and come right before a round of queries; on two cores the spinning threads took the CPU
the database needed to answer them. Measured on the shared graph: the web sample's round
of checks took 122 ms after the products with the default threads, 73 ms with one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from threadpoolctl import ThreadpoolController


@lru_cache(maxsize=1)
def _controller() -> ThreadpoolController:
    # Finding the loaded BLAS libraries takes a quarter of a millisecond; limiting through
    # a controller found once takes a hundredth.
    return ThreadpoolController()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """BLAS products in this block (or this function, as a decorator) run on the calling
    thread alone."""
    with _controller().limit(limits=1, user_api="blas"):
        yield
