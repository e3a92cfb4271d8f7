"""The Browser guide's HTML, without Neo4j: every block is a query file as the code runs it,
the runs slide sets integer parameters, and the guide's server answers the Browser's
cross-origin fetch from the local Browser only."""

from __future__ import annotations

import html
import re
import socket
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import yaml

from taskspace.core.resources import resource_dir
from taskspace.core.timefmt import minute
from taskspace.graph.metapaths import metapath_library
from taskspace.graph.queries import default_library
from taskspace.server.browser_guide import GUIDE_FILE, METAPATH_KINDS, render_guide
from taskspace.server.errors import ServerError
from taskspace.server.guide_server import guide_url, play_url, serving_guide
from tests.support import settings_for

RUN: dict[str, Any] = {
    "run": "run-0123456789abcdef",
    "agent": "extractive",
    "tasks": "doc-seed0.jsonl",
    "started": "2026-11-26T10:00:00Z",
    "successes": 3,
    "samples": 6,
}
BLOCK = re.compile(r'<pre class="[^"]*runnable[^"]*" data-query="([^"]*)">(.*?)</pre>', re.S)


def blocks(page: str) -> list[tuple[str, str]]:
    return [(name, html.unescape(text)) for name, text in BLOCK.findall(page)]


def test_every_named_block_is_its_query_file_as_the_code_runs_it() -> None:
    shown = {name: text for name, text in blocks(render_guide([RUN])) if name}
    for name in (
        "browser/schema",
        "browser/sources",
        "eval/runs",
        "reports/failed_tasks",
        "reports/failures_by_edge_type",
        "reports/success_by_property",
    ):
        assert shown[name] == default_library().text(name).strip()
    metapaths = {
        spec["query"]
        for kind in METAPATH_KINDS
        for path in (resource_dir("metapaths") / kind).glob("*.yaml")
        if "query" in (spec := yaml.safe_load(path.read_text(encoding="utf-8")))
    }
    assert metapaths and metapaths <= shown.keys()
    for name in metapaths:
        assert shown[name] == metapath_library().text(name).strip()


def test_a_run_is_chosen_by_one_block_of_integer_parameters() -> None:
    texts = [text for name, text in blocks(render_guide([RUN])) if not name]
    chosen = next(text for text in texts if RUN["run"] in text)
    assert chosen.splitlines() == [
        ':param runs => ["run-0123456789abcdef"];',
        ':param agent => "extractive";',
        ":param limit => 25;",
        ':param property => "template";',
    ]
    style = next(text for text in texts if text.startswith(":style"))
    assert re.search(r'node\.Run \{[^}]*caption: "\{name\}"', style)


def test_a_run_is_labelled_with_its_start_as_listings_and_reports_show_it() -> None:
    shown = html.unescape(render_guide([RUN]))
    assert f"extractive · doc-seed0.jsonl · {minute(RUN['started'])}: " in shown
    assert minute(RUN["started"]) == "2026-11-26 10:00"


def test_the_server_answers_the_local_browser_only(tmp_path: Path) -> None:
    settings = settings_for({"TASKSPACE_HOME": str(tmp_path), "TASKSPACE_HTTP_PORT": "17474"})
    with serving_guide(settings, lambda: "<slide>guide</slide>") as port:
        base = f"http://127.0.0.1:{port}/{GUIDE_FILE}"
        assert guide_url(port) == f"http://localhost:{port}/{GUIDE_FILE}"
        assert play_url(settings, port).startswith("http://127.0.0.1:17474/browser/?cmd=play&arg=")
        preflight = urllib.request.Request(
            base,
            method="OPTIONS",
            headers={
                "Origin": "http://127.0.0.1:17474",
                "Access-Control-Request-Headers": "pragma,cache-control,sentry-trace",
            },
        )
        with urllib.request.urlopen(preflight) as answer:
            assert answer.headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:17474"
            assert answer.headers["Access-Control-Allow-Headers"] == (
                "pragma,cache-control,sentry-trace"
            )
        fetch = urllib.request.Request(base, headers={"Origin": "http://localhost:17474"})
        with urllib.request.urlopen(fetch) as answer:
            assert answer.read() == b"<slide>guide</slide>"
            assert answer.headers["Access-Control-Allow-Origin"] == "http://localhost:17474"
        foreign = urllib.request.Request(base, headers={"Origin": "http://example.org"})
        with urllib.request.urlopen(foreign) as answer:
            assert "Access-Control-Allow-Origin" not in answer.headers
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/etc/passwd")
        assert missing.value.code == 404


def test_a_port_in_use_is_one_clear_error(tmp_path: Path) -> None:
    settings = settings_for({"TASKSPACE_HOME": str(tmp_path)})
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = pytest.raises(ServerError, match=f"127.0.0.1:{port}.*--port")
        with refused, serving_guide(settings, lambda: "", port):
            pass
