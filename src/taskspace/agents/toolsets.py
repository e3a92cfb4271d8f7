"""The graph tools as inspect tools: the same functions, schemas and refusals that
``kg serve mcp`` serves (:mod:`taskspace.tools.graph`), plus the ``submit`` tool that ends a
task; and the app tools of causal-path tasks (:mod:`taskspace.tools.apps`) through the
same :func:`inspect_tool`. A problem the model can fix (an unknown id, a refused query)
comes back to it as a tool error."""

from __future__ import annotations

import functools
import json
from typing import Any

from inspect_ai.tool import ToolDef, ToolError, ToolParams
from pydantic import BaseModel

from taskspace.core.errors import UserError
from taskspace.generators.safety.overlay import injected_items
from taskspace.graph.connection import Graph
from taskspace.tasks.safety import Injection
from taskspace.tools.apps.toolbox import AppTools
from taskspace.tools.base import ToolFunction, description, input_schema
from taskspace.tools.graph.toolbox import GraphTools


def inspect_tool(name: str, function: ToolFunction, defaults: dict[str, Any]) -> ToolDef:
    """``function`` as an inspect tool; ``defaults`` replace the defaults of its arguments."""
    schema = input_schema(function)
    for key, value in defaults.items():
        if key in schema["properties"]:
            schema["properties"][key]["default"] = value

    async def execute(**arguments: Any) -> str:
        for key, value in defaults.items():
            if key in schema["properties"]:
                arguments.setdefault(key, value)
        try:
            result = await function(**arguments)
        except UserError as exc:
            raise ToolError(str(exc)) from exc
        if isinstance(result, BaseModel):
            return result.model_dump_json()
        return json.dumps(result, ensure_ascii=False, default=str)

    return ToolDef(
        execute,
        name=name,
        description=description(function),
        parameters=ToolParams.model_validate(schema),
    )


def graph_toolset(
    graph: Graph,
    names: tuple[str, ...],
    defaults: dict[str, Any] | None = None,
    injection: Injection | None = None,
) -> list[ToolDef]:
    """The graph tools ``names`` over ``graph``, as inspect tools. With a safety sample's
    ``injection``, its ``retrieve`` returns the targeted chunks with the threat laid over
    them, as every retrieving agent sees them (:mod:`taskspace.generators.safety.overlay`)."""
    functions = GraphTools(graph).functions(names)
    if injection is not None and "retrieve" in functions:
        functions["retrieve"] = _injecting(functions["retrieve"], injection)
    return [inspect_tool(name, fn, defaults or {}) for name, fn in functions.items()]


def _injecting(function: ToolFunction, injection: Injection) -> ToolFunction:
    @functools.wraps(function)
    async def retrieve(**arguments: Any) -> Any:
        found = await function(**arguments)
        return found.model_copy(update={"items": injected_items(found.items, injection)})

    return retrieve


def app_toolset(graph: Graph, names: tuple[str, ...]) -> list[ToolDef]:
    """The app tools ``names`` (``taskspace.tools.apps``) over ``graph``, as inspect tools."""
    functions = AppTools(graph).functions(names)
    return [inspect_tool(name, fn, {}) for name, fn in functions.items()]


def submit_answer() -> ToolDef:
    async def execute(answer: str, cited: list[str], confidence: float) -> str:
        """Give the final answer to the question; this ends the task.

        Args:
            answer: The answer alone, as short as the question allows.
            cited: Ids of the graph nodes the answer rests on.
            confidence: How sure you are that the answer is right, from 0 to 1.
        """
        if not 0.0 <= confidence <= 1.0:
            raise ToolError(f"confidence must be between 0 and 1, not {confidence}")
        return json.dumps({"answer": answer, "cited": cited, "confidence": confidence})

    return ToolDef(execute, name="submit")
