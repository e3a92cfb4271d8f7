"""The Wikidata source's errors: input that cannot be loaded, a line or value a reader
cannot parse, a refused bulk load or SPARQL query.

The per-format parse errors keep ``ValueError`` as a base: each reader catches them (with
the ``ValueError`` of the standard library's parsers) to report the line and go on.
"""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class WikidataLoadError(InputError):
    """Input that cannot be loaded at all (unknown format, unreadable file, bad option)."""


class NotTextError(InputError, ValueError):
    """A file whose first bytes show it is not UTF-8 text (binary, or another encoding)."""


class NTriplesError(InputError, ValueError):
    """A line that is not a valid N-Triples statement; the message says why."""


class TurtleSyntaxError(InputError, ValueError):
    """Text that is not Turtle; ``offset`` is where it was noticed, ``statement`` where
    the statement began, ``anchor`` the end of the last good token before the fault."""

    def __init__(self, message: str, offset: int, statement: int, anchor: int) -> None:
        super().__init__(message)
        self.offset, self.statement, self.anchor = offset, statement, anchor


class TripleJsonError(InputError, ValueError):
    """A triple object with a missing slot or a term that cannot be read."""


class EntityFormatError(InputError, ValueError):
    """An entity or value that does not follow the Wikibase JSON model."""


class KgtkValueError(InputError, ValueError):
    """A ``node2`` that is not a KGTK value this reader understands."""


class AppSpecError(InputError):
    """An app information space file that cannot be used; the message names file and field."""


class BulkRefused(UserError):
    """The bulk path cannot run here; the message says why and what to do instead."""


class SparqlError(UserError):
    """The endpoint could not be reached or refused a query."""


class UnwritableValue(ValueError):
    """A value the CSV form cannot carry exactly (the record is then written over Bolt).

    Internal, outside the :class:`~taskspace.core.errors.UserError` tree: the bulk writer
    catches it and sends the record over Bolt instead; no user ever sees it.
    """
