"""``kg`` starts without the heavy libraries: every command, ``--help`` included, paid 4.5 s
of imports when NLTK (through the ROUGE stemmer) and a table of all Unicode punctuation were
loaded with the CLI. A command imports what it runs, when it runs."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.kg import KG

HEAVY = (
    "nltk",
    "scipy",
    "torch",
    "sentence_transformers",
    "transformers",
    "onnxruntime",
    "inspect_ai",
    "playwright",
    "polars",
    "faiss",
    "rdflib",
    "neo4j_graphrag",
    "anthropic",
    "instructor",
    "mcp",
    "pypdf",
)


def test_the_cli_module_loads_no_heavy_library() -> None:
    script = (
        "import json, sys, taskspace.cli.main; "
        f"print(json.dumps([name for name in {list(HEAVY)!r} if name in sys.modules]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []


def test_help_lists_the_commands() -> None:
    done = subprocess.run(
        [KG, "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for command in ("load", "sample", "eval", "db", "query"):
        assert f"  {command} " in done.stdout
