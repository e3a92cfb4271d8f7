"""Serves the Browser guide on 127.0.0.1, since Neo4j Community cannot serve a file itself.

Neo4j Browser fetches a guide cross-origin (with ``pragma``, ``cache-control`` and, before
a login, tracing headers), so the answer carries CORS headers for the local Browser's own
origins, and the preflight is answered. Only the guide's one path is served, read-only; it
is rendered from the graph at every request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread
from typing import Any
from urllib.parse import quote, urlsplit

from taskspace.core.settings import Settings
from taskspace.server.browser_guide import GUIDE_FILE
from taskspace.server.errors import ServerError

HOST = "127.0.0.1"
GUIDE_HOST = "localhost"
"""The host the guide's URL names: Neo4j Browser allows ``localhost`` by default, so the
guide plays from the Browser URL before the login has read the server's allowlist too
(``browser.remote_content_hostname_whitelist`` in neo4j.conf adds 127.0.0.1)."""


def browser_origins(settings: Settings) -> set[str]:
    """The origins the local server's Browser is opened from."""
    return {f"http://{host}:{settings.http_port}" for host in ("127.0.0.1", "localhost")}


def guide_url(port: int) -> str:
    return f"http://{GUIDE_HOST}:{port}/{GUIDE_FILE}"


def play_url(settings: Settings, port: int) -> str:
    """The Browser URL that plays the guide once the page opens (its ``cmd``/``arg``)."""
    return (
        f"http://127.0.0.1:{settings.http_port}/browser/"
        f"?cmd=play&arg={quote(guide_url(port), safe='')}"
    )


def _handler(origins: set[str], render: Callable[[], str]) -> type[BaseHTTPRequestHandler]:
    class GuideHandler(BaseHTTPRequestHandler):
        def _cors(self) -> None:
            origin = self.headers.get("Origin")
            if origin in origins:
                self.send_header("Access-Control-Allow-Origin", origin)
                self.send_header("Vary", "Origin")
                self.send_header("Access-Control-Allow-Methods", "GET")
                asked = self.headers.get("Access-Control-Request-Headers")
                if asked:
                    self.send_header("Access-Control-Allow-Headers", asked)

        def do_OPTIONS(self) -> None:
            self.send_response(204)
            self._cors()
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:
            if urlsplit(self.path).path != f"/{GUIDE_FILE}":
                self.send_error(404, f"only /{GUIDE_FILE} is served here")
                return
            body = render().encode("utf-8")
            self.send_response(200)
            self._cors()
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the command prints its URL once and nothing per request."""

    return GuideHandler


@contextmanager
def serving_guide(settings: Settings, render: Callable[[], str], port: int = 0) -> Iterator[int]:
    """Serve the guide on ``127.0.0.1:port`` (0: a free port) from a thread; yield the port."""
    try:
        server = ThreadingHTTPServer((HOST, port), _handler(browser_origins(settings), render))
    except OSError as exc:
        raise ServerError(
            f"Cannot serve the guide on {HOST}:{port}: {exc.strerror or exc}. "
            "Pick another port with --port."
        ) from exc
    server.daemon_threads = True
    thread = Thread(target=server.serve_forever, name="browser-guide", daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
