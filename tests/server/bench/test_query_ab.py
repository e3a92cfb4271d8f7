"""bench.query_ab on the project's example documents in a real server: a query and its own
text at HEAD give the same rows; a text that orders them otherwise is caught, seed by seed;
a bad name or revision is one line, not a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from bench import query_ab

from taskspace.core.errors import UserError
from taskspace.graph.connection import Graph
from tests.support.locations import REPO


def test_the_same_text_gives_the_same_rows_and_a_changed_order_is_caught(
    examples: Graph,
) -> None:
    spec = query_ab.template("next_section")
    head = query_ab.text_at("HEAD", spec.query)
    same = query_ab.compare(examples, spec, head, seeds=3, rounds=2, limit=60)
    assert same["rows"]["before"] == same["rows"]["now"] > 0
    assert same["seeds_with_other_rows"] == []
    assert len(same["load_average"]) == 3
    for label in ("before", "now"):
        assert 0 < same["ms"][label]["median"] <= same["ms"][label]["p90"]

    assert head.rstrip().endswith("ORDER BY anchor LIMIT $limit")
    reversed_order = head.rstrip().removesuffix("ORDER BY anchor LIMIT $limit")
    reversed_order += "ORDER BY anchor DESC LIMIT $limit"
    other = query_ab.compare(examples, spec, reversed_order, seeds=3, rounds=2, limit=60)
    assert [row["seed"] for row in other["seeds_with_other_rows"]] == [0, 1, 2]


def test_an_unknown_template_or_revision_is_named() -> None:
    with pytest.raises(UserError, match="No template is called 'nowhere'"):
        query_ab.template("nowhere")
    with pytest.raises(UserError, match=r"next_section\.cypher at no-such-rev"):
        query_ab.text_at("no-such-rev", "documents/next_section")
    shown = subprocess.run(
        [sys.executable, "-m", "bench.query_ab", "nowhere", "--against", "HEAD"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 1
    assert shown.stderr.strip().splitlines() == [
        "Error: No template is called 'nowhere'; see metapaths/documents and metapaths/web."
    ]
