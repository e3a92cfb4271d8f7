"""``kg sample review FILE --serve``: the review page on 127.0.0.1, saving each verdict.

The page is served with a random token; a verdict is accepted only as a POST to
``/verdict`` that carries the token (so no other page the browser has open can write
verdicts) and names a task of the file. Each accepted verdict is appended to the verdicts
file beside the tasks file at once, so closing the browser loses nothing.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pydantic import ValidationError

from taskspace.tasks.errors import ReviewError
from taskspace.tasks.review.verdicts import Verdict, record

MAX_BODY = 64 * 1024


class ReviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(
        self,
        port: int,
        page: Callable[[str], str],
        kinds: Mapping[str, str],
        verdicts_file: Path,
    ) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.token = secrets.token_urlsafe(24)
        self.page = page
        self.kinds = dict(kinds)
        """task id -> kind: the tasks a verdict may name."""
        self.verdicts_file = verdicts_file
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def accept(self, body: bytes, token: str | None) -> Verdict:
        """The verdict in ``body``, recorded; raises ReviewError with the reason it is not."""
        if not token or not secrets.compare_digest(token, self.token):
            raise ReviewError("this page's token is missing or wrong: reload the page")
        try:
            verdict = Verdict.model_validate(json.loads(body))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise ReviewError(f"not a verdict: {str(exc).splitlines()[0]}") from exc
        if self.kinds.get(verdict.task) != verdict.kind:
            raise ReviewError(f"task {verdict.task!r} is not one of this file's tasks")
        with self.lock:
            record(self.verdicts_file, [verdict])
        return verdict


class _Handler(BaseHTTPRequestHandler):
    server: ReviewServer

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows the command's own lines, not an access log."""

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: HTTPStatus, value: object) -> None:
        self._send(status, json.dumps(value).encode(), "application/json")

    def do_GET(self) -> None:
        if self.path not in ("/", "/index.html"):
            self._json(HTTPStatus.NOT_FOUND, {"error": "not found"})
            return
        html = self.server.page(self.server.token).encode("utf-8")
        self._send(HTTPStatus.OK, html, "text/html; charset=utf-8")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if self.path != "/verdict" or not 0 < length <= MAX_BODY:
            self._json(HTTPStatus.BAD_REQUEST, {"error": "POST a verdict to /verdict"})
            return
        try:
            token = self.headers.get("X-Review-Token")
            verdict = self.server.accept(self.rfile.read(length), token)
        except ReviewError as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            return
        self._json(HTTPStatus.OK, {"saved": verdict.task})
