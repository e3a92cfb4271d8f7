"""The template every toolbox follows (the graph tools, the app tools): one definition of a
tool, read by MCP (``taskspace.mcp``) and by inspect agents (``taskspace.agents.toolsets``).

A toolbox is a class over one connected graph whose ``NAMES`` are its tools, each a public
coroutine decorated with :func:`tool`: its signature (``Annotated`` types with pydantic
``Field`` descriptions and bounds) is the tool's input schema (:func:`input_schema`), its
docstring's first paragraph the description (:func:`description`). Blocking graph work
runs in a worker thread (:func:`in_thread`), and every refusal arrives as a
:class:`~taskspace.tools.errors.ToolInputError` with a message the caller can act on.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar, get_type_hints

import anyio
from pydantic import ValidationError, create_model, validate_call

from taskspace.core.errors import UserError
from taskspace.tools.errors import ToolInputError

T = TypeVar("T")
ToolFunction = Callable[..., Awaitable[Any]]
"""A tool as callers hold it: a coroutine function taking the tool's arguments by name."""


def tool(function: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """Validate the arguments against the signature (bounds included) whoever calls, and
    turn a bad argument into a :class:`ToolInputError` that names it."""
    validated = validate_call(function)

    @functools.wraps(function)
    async def call(*args: Any, **kwargs: Any) -> T:
        try:
            return await validated(*args, **kwargs)
        except ValidationError as exc:
            if exc.title not in (function.__name__, function.__qualname__):
                raise  # a defect in what the tool built, not a bad argument
            raise ToolInputError(_invalid(exc)) from None

    return call


def _invalid(exc: ValidationError) -> str:
    problems = [
        f"{'.'.join(str(part) for part in error['loc']) or 'input'}: {error['msg']}"
        for error in exc.errors()
    ]
    return "invalid arguments: " + "; ".join(problems)


async def in_thread(work: Callable[[], T]) -> T:
    """Blocking graph work off the event loop; library refusals become tool input errors."""
    try:
        return await anyio.to_thread.run_sync(work)
    except ToolInputError:
        raise
    except UserError as exc:
        raise ToolInputError(str(exc)) from exc


class Toolbox:
    """What every toolbox shares: its tool names, and its tools by name."""

    KIND: ClassVar[str]
    """What its tools are called in a refusal ("no graph tool …", "no app tool …")."""
    NAMES: ClassVar[tuple[str, ...]]
    """Every tool, in the order clients list them."""

    def functions(self, names: tuple[str, ...] | None = None) -> dict[str, ToolFunction]:
        """The tools by name (all, or the ``names`` asked for), bound to this toolbox; an
        unknown name is refused with the list of known ones."""
        chosen = names or self.NAMES
        unknown = sorted(set(chosen) - set(self.NAMES))
        if unknown:
            raise ToolInputError(
                f"no {self.KIND} tool {', '.join(unknown)} (tools: {', '.join(self.NAMES)})"
            )
        return {name: getattr(self, name) for name in chosen}


def description(function: Callable[..., Any]) -> str:
    """The docstring's first paragraph as one line: what a model reads to choose the tool."""
    text = inspect.getdoc(function) or ""
    return " ".join(text.split("\n\n", 1)[0].split())


def input_schema(function: Callable[..., Any]) -> dict[str, Any]:
    """The JSON schema of the function's parameters (descriptions and bounds from their
    ``Annotated`` ``Field``s), as pydantic writes it for MCP's tool listing."""
    hints = get_type_hints(function, include_extras=True)
    fields: dict[str, Any] = {
        name: (hints[name], ... if param.default is param.empty else param.default)
        for name, param in inspect.signature(function).parameters.items()
    }
    model = create_model(f"{function.__name__}_arguments", **fields)
    return model.model_json_schema()
