"""A click group whose subcommands are imported only when they run.

Loaders pull in heavy libraries (torch through sentence-transformers, Playwright);
``kg db status`` should not pay for them. The subcommands are a
:class:`~taskspace.core.registry.Registry` like every other table of names.
"""

from __future__ import annotations

from typing import Any

import click

from taskspace.core.registry import Registry


class LazyGroup(click.Group):
    def __init__(
        self, *args: Any, lazy: Registry[click.Command] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: Registry[click.Command] = lazy or Registry("command", {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            command = self.lazy.get(name)
            if not isinstance(command, click.Command):
                raise TypeError(f"{self.lazy.entry(name).target} is not a click command")
            return command
        return super().get_command(ctx, name)
