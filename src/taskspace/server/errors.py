"""The local server's errors: it cannot be provisioned, started, stopped or bulk-imported into."""

from __future__ import annotations

from taskspace.core.errors import UserError


class ServerError(UserError):
    """The local server could not be started or stopped; the message says why."""


class InstallError(UserError):
    """The server could not be provisioned; the message says why and what to do."""


class BulkImportError(ServerError):
    """The offline import failed; the live database is untouched."""
