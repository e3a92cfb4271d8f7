"""The retrievers' errors: an unknown retriever, a graph with nothing to retrieve from."""

from __future__ import annotations

from taskspace.core.errors import UserError


class UnknownRetrieverError(UserError):
    """A retriever name that is not one of RETRIEVER_NAMES."""


class NoChunksError(UserError):
    """The graph has no embedded chunk to retrieve from."""
