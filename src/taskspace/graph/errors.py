"""The graph's errors: the database refused, timed out or cannot be reached; a name or a
query that is not allowed; a template value that is missing."""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class GraphError(UserError):
    """The database cannot do what was asked: unreachable, refused, timed out."""


class GraphUnavailableError(GraphError):
    """No database answers at the configured address."""


class ReadOnlyViolationError(GraphError):
    """A write was attempted through a read-only path."""


class QueryTimeoutError(GraphError):
    """A read-only query ran longer than its server-side transaction timeout."""


class QueryRefusedError(GraphError):
    """The statement is not a harmless read; the message says what was refused.

    The read-only guard and the agents' gold policy raise it; a run through the connection
    reports it as a :class:`ReadOnlyViolationError`.
    """


class QueryNotFoundError(UserError, LookupError):
    """No ``.cypher`` file carries the requested name."""


class InvalidNameError(InputError, ValueError):
    """A label, relationship type or property key that may not reach Cypher."""


class MissingValue(ValueError):
    """A value the template needs is null or blank in the row: skip the candidate.

    Internal, outside the :class:`UserError` tree: the samplers catch it, skip that
    candidate and count it; no user ever sees it.
    """
