"""The one error tree: a :class:`UserError` is a problem the user can act on.

The CLI prints a ``UserError`` as one line and exits 1; anything else is a defect and goes
to the error log. Each package raises its own subclass, so a caller can catch what it
understands without every package depending on the graph's errors.
"""

from __future__ import annotations


class UserError(RuntimeError):
    """Bad input, a missing prerequisite, or a refusal: said in one line, never a traceback."""
