"""The HTTP transport's bearer token: generated like the database password, kept in a 0600
file beside it, and checked on every request before the MCP app sees it."""

from __future__ import annotations

import hmac
import json
import secrets
from pathlib import Path
from typing import Any

from taskspace.core.settings import Settings
from taskspace.server.config import write_secret

Scope = dict[str, Any]
Receive = Any
Send = Any
ASGIApp = Any


def ensure_token(settings: Settings) -> tuple[str, Path]:
    """The token (made on first use) and the file that holds it."""
    path = settings.local.mcp_token_file
    if path.is_file():
        token = path.read_text(encoding="utf-8").strip()
        if token:
            return token, path
    token = secrets.token_urlsafe(32)
    write_secret(path, token)
    return token, path


class BearerTokenGuard:
    """ASGI middleware: an HTTP request without ``Authorization: Bearer <token>`` gets 401.

    Written as plain ASGI rather than Starlette's BaseHTTPMiddleware so that the MCP
    app's streamed responses pass through untouched.
    """

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self._authorised(scope):
            await _refuse(send)
            return
        await self.app(scope, receive, send)

    def _authorised(self, scope: Scope) -> bool:
        given = b""
        for name, value in scope.get("headers", []):
            if name.lower() == b"authorization":
                given = value
        return hmac.compare_digest(given, self._expected)


async def _refuse(send: Send) -> None:
    body = json.dumps(
        {"error": "unauthorized: send 'Authorization: Bearer <token>' (see kg serve mcp --help)"}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"www-authenticate", b'Bearer realm="taskspace"'),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
