"""`kg load web` on a site serving a real image as `text/html`: the page is skipped with
the reason, never stored as thousands of characters of binary text."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from taskspace.graph.connection import Graph
from tests.support import SHARED_DATA, require_shared
from tests.support.kg import piped
from tests.support.web import chromium_missing, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

IMAGE = SHARED_DATA / "web" / "mkdocs_org_site" / "img" / "grid.png"


def test_a_binary_file_served_as_html_is_skipped_with_a_reason(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    shutil.copy(require_shared(IMAGE), tmp_path / "report.html")  # served as text/html
    (tmp_path / "index.html").write_text(
        "<html><head><title>Reports</title></head><body><h1>Reports</h1>"
        '<a href="report.html">This week</a></body></html>'
    )
    options = ["--no-probe", "--delay", "0", "--timeout", "10"]
    with serve_folder(tmp_path) as base:
        shown = piped(server_env, "load", "web", base, *options)
        data = json.loads(piped(server_env, "load", "web", base, *options, "--json").stdout)
    lines = shown.stdout.splitlines()
    assert shown.returncode == 0 and lines[-1] == "Partly loaded: 1 of 2 pages.", lines
    assert data["failed"] == [
        {
            "input": base + "report.html",
            "reason": "not HTML (binary content: NUL bytes, served as text/html)",
            "depth": 1,
        }
    ]
    stored = graph.read_text("MATCH (p:WebPage) RETURN p.url AS url")
    assert [row["url"] for row in stored] == [base]
