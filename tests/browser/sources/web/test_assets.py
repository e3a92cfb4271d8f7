"""`kg load web` on a site whose links reach assets and a page served as a download (#26):
a favicon or an image is skipped, not a failed page; a page served as
application/octet-stream fails as "not HTML", not with Playwright's download message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from taskspace.graph.connection import Graph
from tests.support.kg import piped
from tests.support.web import chromium_missing, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))


def _site(root: Path) -> Path:
    """index → about.html and notes (HTML without a suffix: application/octet-stream);
    about.html → favicon.ico (an asset by its suffix) and brand (redirected to a PNG: an
    asset by the type it is served as)."""
    Image.new("RGB", (16, 16), "red").save(root / "favicon.ico")
    Image.new("RGB", (32, 32), "blue").save(root / "logo.png")
    (root / "notes").write_text("<html><title>Notes</title><p>Shipping notes.</p></html>")
    (root / "about.html").write_text(
        '<html><head><title>About</title><link rel="icon" href="favicon.ico"></head><body>'
        '<h1>About us</h1><a href="favicon.ico">Icon</a> <a href="brand">Brand</a></body></html>'
    )
    (root / "index.html").write_text(
        "<html><head><title>Shop</title></head><body><h1>Shop</h1>"
        '<a href="about.html">About</a> <a href="notes">Notes</a></body></html>'
    )
    return root


def _load(server_env: dict[str, str], url: str) -> tuple[int, list[str], dict[str, object]]:
    options = ["--no-probe", "--delay", "0", "--timeout", "10"]
    shown = piped(server_env, "load", "web", url, *options)
    data = json.loads(piped(server_env, "load", "web", url, *options, "--json").stdout)
    return shown.returncode, shown.stdout.splitlines(), data


def test_assets_are_skipped_and_a_download_page_is_not_html(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    redirects = {"/brand": "/logo.png"}
    with serve_folder(_site(tmp_path), redirects=redirects) as base:
        code, lines, data = _load(server_env, base + "about.html")
        assert code == 0 and lines[-1] == "Loaded: all 1 pages.", lines
        assert "2 assets skipped (not pages)" in lines[-2]
        assert data["failed"] == [] and data["status"] == "complete"
        assert sorted(data["assets_skipped"]) == [base + "brand", base + "favicon.ico"]  # type: ignore[call-overload]

        code, lines, data = _load(server_env, base)
    assert code == 0 and lines[-1] == "Partly loaded: 2 of 3 pages.", lines
    assert data["failed"] == [
        {"input": base + "notes", "reason": "not HTML (application/octet-stream)", "depth": 1}
    ]
