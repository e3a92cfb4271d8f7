"""Named implementations resolved on first use: the one shape of every registry.

Task families, agent kinds, episode formats, retrievers, scorers and the lazy CLI commands
are each a table of ``name -> "module:attribute"`` with a line saying what the name does.
Resolving only on use keeps ``kg`` quick to start (no torch, Playwright or inspect_ai for
``kg db status``), and one lookup means an unknown name is refused the same way
everywhere: with the list of names that exist.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Generic, TypeVar

from taskspace.core.errors import UnknownNameError, UserError

T = TypeVar("T")


@dataclass(frozen=True)
class Entry:
    """Where a named implementation lives (``"package.module:attribute"``) and what it does."""

    target: str
    about: str = ""

    def resolve(self) -> object:
        module, _, attribute = self.target.partition(":")
        found = import_module(module)
        return getattr(found, attribute) if attribute else found


class Registry(Generic[T]):
    """``name -> Entry``, looked up with :meth:`get`; iterating gives the names in order.

    ``refusal`` is the message for an unknown name, formatted with ``what``, ``name`` and
    ``known`` (the names, comma-separated); ``error`` is the exception raised with it.
    """

    def __init__(
        self,
        what: str,
        entries: Mapping[str, Entry],
        *,
        error: type[UserError] = UnknownNameError,
        refusal: str = "no {what} {name!r}: choose one of {known}",
    ) -> None:
        self.what = what
        self._entries = dict(entries)
        self._error = error
        self._refusal = refusal
        self._resolved: dict[str, T] = {}

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def about(self, name: str) -> str:
        return self.entry(name).about

    def entry(self, name: str) -> Entry:
        """The entry of ``name``; refused with the known names when there is none."""
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(self._entries)
            message = self._refusal.format(what=self.what, name=name, known=known)
            raise self._error(message) from None

    def get(self, name: str) -> T:
        """The implementation of ``name``, imported the first time it is asked for."""
        if name not in self._resolved:
            found: T = self.entry(name).resolve()  # type: ignore[assignment]
            self._resolved[name] = found
        return self._resolved[name]
