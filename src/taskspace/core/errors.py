"""The one error tree: a :class:`UserError` is a problem the user can act on.

The CLI prints a ``UserError`` as one line and exits 1; anything else is a defect and goes
to the error log. An :class:`InputError` is the user error of input that cannot be read
(a file, a record, a value): every parser's error derives from it, so a caller can catch
"bad input" whatever the format.

Each package keeps its error classes in its own ``errors.py`` (a source under
``sources/`` in ``sources/<name>/errors.py``), each deriving from one of these two, so a
caller can catch what it understands without every package depending on the graph's
errors. The few that stay outside the tree are internal signals, raised and caught inside
taskspace to pick a path and never shown to anyone; ``tests/test_errors.py`` lists them.
"""

from __future__ import annotations


class UserError(RuntimeError):
    """Bad input, a missing prerequisite, or a refusal: said in one line, never a traceback."""


class InputError(UserError):
    """Input that cannot be read or used: a file, a record or a value; the message names it.

    Parse errors that callers (or pydantic validators) catch as ``ValueError`` also keep
    ``ValueError`` as a base.
    """


class UnknownNameError(UserError):
    """A name that no entry of a registry has (``core.registry``)."""


def raised_by_an_interrupt(exc: BaseException) -> bool:
    """Whether Ctrl-C was unwinding when ``exc`` was raised: code cut short by it raises
    its own error while cleaning up (the driver closing a session cut mid-message; a
    buffer released while a view of it is still held: "BufferError: Existing exports of
    data"), which must end the command as an interrupt (exit 130), not as a failure."""
    seen: set[int] = set()
    chain: list[BaseException] = [exc]
    while chain:
        cause = chain.pop()
        if isinstance(cause, KeyboardInterrupt):
            return True
        if id(cause) not in seen:
            seen.add(id(cause))
            chain.extend(e for e in (cause.__cause__, cause.__context__) if e is not None)
    return False


def reraise_if_interrupted(exc: BaseException) -> None:
    """Raise ``KeyboardInterrupt`` (from ``exc``) when ``exc`` was raised while Ctrl-C
    unwound. For a loader's per-file ``except``: a file is never reported as failed, and
    what it wrote is never taken back, because the user pressed Ctrl-C."""
    if raised_by_an_interrupt(exc):
        raise KeyboardInterrupt from exc
