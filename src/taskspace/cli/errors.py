"""The command line's own error, and its last line of defence: an unexpected exception
becomes one line and a log entry.

A data problem that no command foresaw (a null where a string was expected, a file that
is not what its name says) must not greet the user with a traceback. The traceback still
matters to whoever fixes the bug, so it is appended to ``TASKSPACE_HOME/logs/kg-errors.log``
(folder 0700, file 0600) with every secret the process knows replaced by ``***``.
"""

from __future__ import annotations

import os
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from taskspace.core.errors import UserError

ERROR_LOG_NAME = "kg-errors.log"
_SECRET_VARIABLES = ("NEO4J_PASSWORD", "ANTHROPIC_API_KEY")
_MAX_SUMMARY = 300


class PortInUseError(UserError):
    """The HTTP transport's port is taken."""


def _home() -> Path:
    """TASKSPACE_HOME as settings read it; the environment itself if settings cannot load."""
    from taskspace.core.settings import load_settings

    try:
        return load_settings().home.expanduser()
    except ValidationError:
        raw = os.environ.get("TASKSPACE_HOME")
        return Path(raw).expanduser() if raw else Path.home() / ".taskspace"


def error_log_path() -> Path:
    return _home() / "logs" / ERROR_LOG_NAME


def _secrets() -> list[str]:
    """Every secret value this process could have met: variables, the local password and
    the MCP server's bearer token."""
    values = [os.environ.get(name, "") for name in _SECRET_VARIABLES]
    try:
        from taskspace.core.settings import load_settings

        settings = load_settings()
        values.append(settings.password() or "")
        token = settings.local.mcp_token_file
        if token.is_file():
            values.append(token.read_text(encoding="utf-8").strip())
    except (ValidationError, OSError, UnicodeDecodeError):
        pass
    # Longest first, so a secret containing another is replaced whole.
    return sorted({value for value in values if len(value) >= 4}, key=len, reverse=True)


def redact(text: str, secrets: list[str] | None = None) -> str:
    for secret in _secrets() if secrets is None else secrets:
        text = text.replace(secret, "***")
    return text


def summary(exc: BaseException) -> str:
    """One line saying what happened: the exception's type and the first line of its text."""
    lines = str(exc).strip().splitlines()
    first = lines[0].strip() if lines else ""
    text = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    if len(text) > _MAX_SUMMARY:
        text = text[: _MAX_SUMMARY - 1] + "…"
    return redact(text)


def log_unexpected(exc: BaseException, argv: list[str] | None = None) -> Path | None:
    """Append the traceback to the error log; the log's path, or None if it cannot be written."""
    secrets = _secrets()
    command = " ".join(argv if argv is not None else sys.argv)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    body = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    entry = f"--- {stamp} kg error in: {command}\n{body}\n"
    try:
        path = error_log_path()
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(descriptor, "a", encoding="utf-8") as handle:
            handle.write(redact(entry, secrets))
        os.chmod(path, 0o600)
    except OSError:
        return None
    return path
