"""The ``--llm`` option's one way to Claude: a clear error instead of a traceback without a key."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from taskspace.cli.output import console
from taskspace.core.settings import load_settings

T = TypeVar("T")


def with_llm(status: str, work: Callable[..., T], *args: object) -> T:
    """Run ``work(llm, *args)`` with a :class:`StructuredLLM`, showing ``status`` meanwhile."""
    from taskspace.models.errors import LLMUnavailableError
    from taskspace.models.llm.client import StructuredLLM

    try:
        llm = StructuredLLM(load_settings())
    except LLMUnavailableError as exc:
        raise LLMUnavailableError(f"--llm: {exc}") from exc
    with console.status(status):
        return work(llm, *args)
