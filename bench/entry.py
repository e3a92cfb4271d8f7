"""How a bench ends when the user's setup is wrong: one line, exit 1, no traceback.

No server at the configured address, a missing file or a refused query is the user's to
fix (``taskspace.core.errors.UserError``), so it is said in one line, as ``kg`` says it.
"""

from __future__ import annotations

from collections.abc import Callable

from taskspace.core.errors import UserError


def run_main(main: Callable[[], int | None]) -> None:
    """Run a bench's ``main`` and exit with its code (0 when it returns none)."""
    try:
        code = main()
    except UserError as exc:
        raise SystemExit(f"Error: {exc}") from None
    raise SystemExit(code or 0)
