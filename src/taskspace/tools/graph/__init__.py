"""The graph tools agents call, defined once (:class:`toolbox.GraphTools`): served to
inspect agents in process and to any MCP client by ``kg serve mcp``."""

__all__ = ["catalogue", "gold", "results", "schema", "toolbox"]
