"""The transcript events agents record stay short: texts cut to an excerpt on one line,
lists cut to a few rows with the rest counted."""

from __future__ import annotations

from pydantic import JsonValue

from taskspace.agents.trace import EXCERPT, ROWS, capped, excerpt


def test_texts_become_one_line_excerpts() -> None:
    assert excerpt("a  passage\non two lines") == "a passage on two lines"
    long = excerpt("word " * 200)
    assert len(long) == EXCERPT and long.endswith("…")


def test_lists_are_cut_and_nested_values_capped() -> None:
    rows: list[JsonValue] = [
        {"id": f"chunk-{n}", "excerpt": "x" * 500, "score": 0.5} for n in range(ROWS + 3)
    ]
    kept = capped({"nodes": rows, "k": 3})
    assert isinstance(kept, dict) and kept["k"] == 3
    nodes = kept["nodes"]
    assert isinstance(nodes, list) and len(nodes) == ROWS + 1
    assert nodes[-1] == "… 3 more"
    first = nodes[0]
    assert isinstance(first, dict) and first["id"] == "chunk-0" and first["score"] == 0.5
    assert isinstance(first["excerpt"], str) and len(first["excerpt"]) == EXCERPT
