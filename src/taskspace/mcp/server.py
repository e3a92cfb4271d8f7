"""The MCP server: every graph tool, the graph contract and the catalogue as resources."""

from __future__ import annotations

import functools
from typing import Any

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.types import ToolAnnotations

from taskspace import __version__
from taskspace.core.errors import UserError
from taskspace.tools.base import ToolFunction, description
from taskspace.tools.graph.catalogue import catalogue_markdown, cypher_text, schema_text
from taskspace.tools.graph.toolbox import GraphTools

INSTRUCTIONS = (
    "taskspace's knowledge graph in Neo4j: documents, web pages, Wikidata items and GUI "
    "screens. Start with schema() or the resource taskspace://schema; retrieve() finds "
    "passages, node() and neighbours() walk from an id, read_cypher() runs read-only Cypher "
    "that names its labels and relationship types, guidelines() suggests GUI actions for a "
    "screen. Tasks' answers and grounding are never readable here."
)


def build_server(tools: GraphTools) -> MCPServer:
    server = MCPServer(
        "taskspace",
        title="taskspace knowledge graph",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
    )
    for name, function in tools.functions().items():
        read_only = name not in GraphTools.WRITES
        server.add_tool(
            _reporting(function),
            name=name,
            description=description(function),
            annotations=ToolAnnotations(
                readOnlyHint=read_only,
                destructiveHint=False,
                idempotentHint=True,
                openWorldHint=False,
            ),
        )
    _add_resources(server)
    return server


def _reporting(function: ToolFunction) -> ToolFunction:
    """A refusal or bad argument reaches the client as a tool error with its message; any
    other failure stays a crash the SDK reports without details."""

    @functools.wraps(function)
    async def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return await function(*args, **kwargs)
        except UserError as exc:
            raise ToolError(str(exc)) from None

    return call


def _add_resources(server: MCPServer) -> None:
    @server.resource(
        "taskspace://schema",
        name="schema",
        title="The graph contract",
        description="Labels, relationships, properties and ids the loaders write (docs/schema.md).",
        mime_type="text/markdown",
    )
    def schema() -> str:
        return schema_text()

    @server.resource(
        "taskspace://catalogue",
        name="catalogue",
        title="Meta-paths, task templates and named queries",
        description="Every meta-path, task template and named query, with its parameters.",
        mime_type="text/markdown",
    )
    def catalogue() -> str:
        return catalogue_markdown()

    @server.resource(
        "taskspace://metapath/{group}/{name}",
        name="metapath",
        description="The Cypher of one meta-path, e.g. taskspace://metapath/documents/cloze_entity.",
        mime_type="text/plain",
    )
    def metapath(group: str, name: str) -> str:
        return _cypher("metapath", group, name)

    @server.resource(
        "taskspace://query/{group}/{name}",
        name="query",
        description="The Cypher of one named query, e.g. taskspace://query/guidelines/for_screen.",
        mime_type="text/plain",
    )
    def query(group: str, name: str) -> str:
        return _cypher("query", group, name)


def _cypher(kind: str, group: str, name: str) -> str:
    try:
        return cypher_text(kind, f"{group}/{name}")
    except UserError as exc:
        raise ResourceNotFoundError(str(exc)) from None
