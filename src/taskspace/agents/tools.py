"""Graph tools for agents: thin layers over the library, each an inspect tool.

Every tool reads the live graph read-only and never returns tasks, runs or the edges that
tie them to the graph (``GROUNDED_IN``, ``ATTEMPTED``): those hold the gold. A problem the
model can fix (an unknown id, a bad query) comes back to it as a tool error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
from inspect_ai.tool import ToolDef, ToolError
from neo4j.exceptions import Neo4jError

from taskspace.errors import UserError
from taskspace.graph.connection import Graph, read_only_query
from taskspace.retrieval.retrieve import retrieve

MAX_K = 20
CYPHER_ROWS = 50
CYPHER_TIMEOUT = 20.0
GOLD_NAMES = re.compile(r"\b(Task|Run|GROUNDED_IN|ATTEMPTED)\b|\.\s*`?answer\b")
"""Labels, relationship types and the property that lead to the gold; refused in Cypher."""
LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')

T = TypeVar("T")


async def _in_thread(work: Callable[[], T]) -> T:
    """Run a blocking graph call off the event loop; library refusals become tool errors."""
    try:
        return await anyio.to_thread.run_sync(work)
    except UserError as exc:
        raise ToolError(str(exc)) from exc
    except Neo4jError as exc:
        raise ToolError(f"the graph refused the query: {exc.message}") from exc


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _check_k(k: int) -> None:
    if not 1 <= k <= MAX_K:
        raise ToolError(f"k must be between 1 and {MAX_K}, not {k}")


def lucene_terms(query: str) -> str:
    """``query`` as plain search terms: Lucene's operators escaped, AND/OR/NOT lower-cased."""
    escaped = LUCENE_SPECIAL.sub(r"\\\1", query)
    return re.sub(r"\b(AND|OR|NOT|TO)\b", lambda m: m.group(1).lower(), escaped).strip()


def gold_refusal(cypher: str) -> str | None:
    """Why ``cypher`` is refused for naming what holds the gold, or None if it does not."""
    found = GOLD_NAMES.search(cypher)
    if found is None:
        return None
    return (
        f"Refused: the query names {found.group(0).strip('.` ')!r}; tasks, runs, "
        "GROUNDED_IN and ATTEMPTED are not readable by agents"
    )


def _without_embeddings(value: Any) -> Any:
    """Rows as the model sees them: node property maps without their 384-d vectors."""
    if isinstance(value, dict):
        return {k: _without_embeddings(v) for k, v in value.items() if k != "embedding"}
    if isinstance(value, list):
        return [_without_embeddings(v) for v in value]
    return value


def vector_search(graph: Graph, retriever: str) -> ToolDef:
    async def execute(question: str, k: int = 5) -> str:
        """Find the passages of the loaded documents nearest in meaning to a question.

        Args:
            question: What to look for, in plain words.
            k: How many passages to return (1 to 20).
        """
        _check_k(k)
        found = await _in_thread(lambda: retrieve(graph, question, retriever, k))
        return _dump([item.model_dump() for item in found.items])

    return ToolDef(execute, name="vector_search")


def fulltext_search(graph: Graph) -> ToolDef:
    async def execute(query: str, k: int = 5) -> str:
        """Find document sections, paragraphs, tables and chunks containing given words.

        Args:
            query: Words or an exact phrase to look for (matched as plain words).
            k: How many matches to return (1 to 20).
        """
        _check_k(k)
        terms = lucene_terms(query)
        if not terms:
            raise ToolError("the query has no words to search for")
        rows = await _in_thread(lambda: graph.read("agents/fulltext_search", query=terms, k=k))
        return _dump(rows)

    return ToolDef(execute, name="fulltext_search")


def neighbours(graph: Graph) -> ToolDef:
    async def execute(node_id: str, limit: int = 20) -> str:
        """The nodes linked to one node, with the relationship type and its direction.

        Args:
            node_id: The id of a node, as other tools return it.
            limit: How many neighbours to return at most (1 to 100).
        """
        if not 1 <= limit <= 100:
            raise ToolError(f"limit must be between 1 and 100, not {limit}")
        rows = await _in_thread(
            lambda: graph.read("agents/neighbours", node_id=node_id, limit=limit)
        )
        if not rows:
            raise ToolError(f"no node {node_id!r} with neighbours in the graph")
        return _dump(rows)

    return ToolDef(execute, name="neighbours")


def read_cypher(graph: Graph) -> ToolDef:
    async def execute(query: str) -> str:
        """Run a read-only Cypher query on the graph and return its first 50 rows.

        Args:
            query: One Cypher read statement (MATCH … RETURN …); writes are refused.
        """
        refusal = gold_refusal(query)
        if refusal:
            raise ToolError(refusal)
        result = await _in_thread(
            lambda: read_only_query(graph, query, limit=CYPHER_ROWS, timeout=CYPHER_TIMEOUT)
        )
        rows = _without_embeddings(result.rows)
        return _dump({"columns": result.keys, "rows": rows, "more_rows": result.more})

    return ToolDef(execute, name="read_cypher")


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
        return _dump({"answer": answer, "cited": cited, "confidence": confidence})

    return ToolDef(execute, name="submit")


def graph_tools(graph: Graph, retriever: str) -> list[ToolDef]:
    """The four tools the graph-tools agent chooses from."""
    return [
        vector_search(graph, retriever),
        fulltext_search(graph),
        neighbours(graph),
        read_cypher(graph),
    ]
