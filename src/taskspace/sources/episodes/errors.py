"""The episode source's errors: a record, a UI dump or a format mapping that cannot be read.

All keep ``ValueError`` as a base: the format readers catch ``ValueError`` around a step to
name the record it came from.
"""

from __future__ import annotations

from taskspace.core.errors import InputError


class EpisodeError(InputError, ValueError):
    """One record of an input could not be read; names the file, record and reason."""

    def __init__(self, file: str, record: str | None, reason: str) -> None:
        where = f"{file}:{record}" if record else file
        super().__init__(f"{where}: {reason}")
        self.file = file
        self.record = record
        self.reason = reason


class UiDumpError(InputError, ValueError):
    """A UI dump that cannot be parsed; the message says which file and why."""


class MappingError(InputError, ValueError):
    """A format mapping file that cannot be used; the message names file and field."""


class UnknownFormatError(InputError, ValueError):
    """A format name no reader has (a ValueError too: callers of the library catch that)."""
