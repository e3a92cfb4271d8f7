"""A tool's description and input schema, read from its function: one definition for MCP
and for inspect."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, get_type_hints

from pydantic import create_model


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
