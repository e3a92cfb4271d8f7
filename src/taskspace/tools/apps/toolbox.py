"""The app tools, defined once on the template of :mod:`taskspace.tools.base` (as the graph
tools are): each public coroutine of :class:`AppTools` is one tool (signature = input
schema, docstring = what the model reads), served to inspect by
``taskspace.agents.toolsets.inspect_tool``.

They expose what a person sees in each app of a causal-path task (the app information
spaces of ``kg load wikidata --apps``): search an app by name, open an item's page (its
visible attributes and where one can go from it), and follow one of those actions. They
read ``:Item``, ``:App`` and ``:Property`` nodes only (named Cypher in
``cypher/apps/``), never a task, its path or its grounding.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from taskspace.generators.paths.describe import vocabulary
from taskspace.generators.paths.sampler import load_space
from taskspace.generators.paths.walk import AppSpace, AppType
from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.apps import Action
from taskspace.tools.apps.results import (
    ActionTargets,
    AppAction,
    AppEntityType,
    AppInfo,
    AppList,
    Attribute,
    ItemPage,
    ItemSummary,
    SearchResults,
)
from taskspace.tools.base import Toolbox, in_thread, tool
from taskspace.tools.errors import ToolInputError

MAX_LIST = 50
AppName = Annotated[str, Field(min_length=1, description="The app's name, as apps() lists it.")]
ItemId = Annotated[str, Field(pattern=r"^Q[1-9][0-9]*$", description="An item's id (Q…).")]


class AppTools(Toolbox):
    """The app tools over one connected graph (the caller owns the connection)."""

    KIND = "app"
    NAMES = ("apps", "search", "open_item", "follow")
    """Every tool, in the order clients list them; all of them only read."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._space: AppSpace | None = None
        self._labels: dict[str, str] = {}

    @tool
    async def apps(self) -> AppList:
        """The apps there are: each one's name, title, the kinds of pages it has and the
        actions each kind of page offers."""

        def work() -> AppList:
            space = self.space()
            names = list(dict.fromkeys(t.app for t in space.types))
            return AppList(
                apps=[
                    AppInfo(
                        name=name,
                        title=types[0].title,
                        domain=types[0].domain,
                        entity_types=[
                            AppEntityType(name=t.name, actions=[_action(a) for a in t.actions])
                            for t in types
                        ],
                    )
                    for name in names
                    for types in [[t for t in space.types if t.app == name]]
                ]
            )

        return await in_thread(work)

    @tool
    async def search(
        self,
        app: AppName,
        query: Annotated[str, Field(min_length=2, description="A name or part of one.")],
        limit: Annotated[int, Field(ge=1, le=MAX_LIST, description="Most results.")] = 10,
    ) -> SearchResults:
        """Search one app by name: the items of the kinds it shows whose name contains the
        query, shortest names first."""

        def work() -> SearchResults:
            types = self._types(app)
            roots = sorted({root for t in types for root in t.roots})
            rows = self.graph.read("apps/search", query=query, roots=roots, limit=limit)
            items = [
                ItemSummary(id=row["id"], label=row["label"], types=_names(types, row["roots"]))
                for row in rows
            ]
            return SearchResults(app=app, query=query, items=items)

        return await in_thread(work)

    @tool
    async def open_item(self, app: AppName, item_id: ItemId) -> ItemPage:
        """Open an item's page in one app: its name, the attributes the app shows and the
        actions one can take from it, with how many items each leads to."""
        return await in_thread(lambda: self._page(app, item_id))

    @tool
    async def follow(
        self,
        app: AppName,
        item_id: ItemId,
        action: Annotated[str, Field(min_length=1, description="An action the page offers.")],
        limit: Annotated[int, Field(ge=1, le=MAX_LIST, description="Most items.")] = 25,
        offset: Annotated[int, Field(ge=0, description="Items to skip (the next page).")] = 0,
    ) -> ActionTargets:
        """Take one action from an item's page in one app: the items it lists (a page of
        them, by name), each with the attributes that tell them apart."""

        def work() -> ActionTargets:
            page = self._page(app, item_id)
            offered = {a.name for a in page.actions}
            if action not in offered:
                raise ToolInputError(
                    f"the {app} page of {item_id} offers no action {action!r} "
                    f"(actions: {', '.join(sorted(offered)) or 'none'})"
                )
            types = self._page_types(app, item_id)
            chosen = next(a for t in types for a in t.actions if a.name == action)
            target = next(
                (t for t in self._types(app) if t.name == chosen.target and chosen.target), None
            )
            attributes = _visible(target)
            rows = self.graph.read(
                "apps/targets",
                id=item_id,
                pid=chosen.pid,
                reverse=chosen.reverse,
                attributes=attributes,
                offset=offset,
                limit=limit,
            )
            total = next(a.count for a in page.actions if a.name == action) or 0
            items = [
                ItemSummary(id=r["id"], label=r["label"], attributes=self._attributes(r))
                for r in rows
            ]
            return ActionTargets(
                app=app, item_id=item_id, action=action, total=total, offset=offset, items=items
            )

        return await in_thread(work)

    def space(self) -> AppSpace:
        if self._space is None:
            self._space = load_space(self.graph)
        return self._space

    def _types(self, app: str) -> list[AppType]:
        types = [t for t in self.space().types if t.app == app]
        if not types:
            known = ", ".join(sorted({t.app for t in self.space().types}))
            raise ToolInputError(f"no app {app!r} (apps: {known})")
        return types

    def _item(self, item_id: str, roots: list[str], attributes: list[str]) -> dict[str, Any]:
        rows = self.graph.read("apps/item", id=item_id, roots=roots, attributes=attributes)
        if not rows:
            raise ToolInputError(f"no item {item_id!r}")
        return rows[0]

    def _page_types(self, app: str, item_id: str) -> list[AppType]:
        """The kinds of page the item has in the app: those of its classes; an item with
        no class the app knows (a bare person) is shown with every kind's actions."""
        types = self._types(app)
        roots = sorted({root for t in types for root in t.roots})
        own = set(self._item(item_id, roots, [])["roots"])
        return [t for t in types if t.roots & own] or types

    def _page(self, app: str, item_id: str) -> ItemPage:
        types = self._page_types(app, item_id)
        attributes = list(dict.fromkeys(pid for t in types for pid in t.attributes))
        roots = sorted({root for t in self._types(app) for root in t.roots})
        row = self._item(item_id, roots, attributes)
        actions = [a for t in types for a in t.actions]
        counts = {
            (r["pid"], bool(r["reverse"])): int(r["count"])
            for r in self.graph.read(
                "apps/action_counts",
                id=item_id,
                outgoing=sorted({a.pid for a in actions if not a.reverse}),
                incoming=sorted({a.pid for a in actions if a.reverse}),
            )
        }
        shown: dict[str, AppAction] = {}
        for a in actions:
            count = counts.get((a.pid, a.reverse), 0)
            if count and a.name not in shown:
                shown[a.name] = _action(a, count)
        return ItemPage(
            app=app,
            id=row["id"],
            label=row["label"],
            types=_names(types, row["roots"]) or [t.name for t in types],
            attributes=self._attributes(row),
            actions=list(shown.values()),
        )

    def _attributes(self, row: dict[str, Any]) -> list[Attribute]:
        values: dict[str, list[str]] = {}
        for literal in row["literals"]:
            values.setdefault(literal["pid"], []).extend(literal["values"])
        for link in row["links"]:
            values.setdefault(link["pid"], []).append(link["label"])
        labels = self._property_labels(sorted(values))
        return [Attribute(property=labels.get(p, p), pid=p, values=v) for p, v in values.items()]

    def _property_labels(self, pids: list[str]) -> dict[str, str]:
        missing = [pid for pid in pids if pid not in self._labels]
        if missing:
            rows = self.graph.read("apps/property_labels", pids=missing)
            self._labels.update({row["id"]: row["label"] for row in rows})
        return self._labels


def _action(action: Action, count: int | None = None) -> AppAction:
    return AppAction(name=action.name, description=action.description, count=count)


def _names(types: list[AppType], roots: list[str]) -> list[str]:
    return [t.name for t in types if t.roots & set(roots)]


def _visible(target: AppType | None) -> list[str]:
    """What a list shows of each item: the target kind's attributes, then the secondary
    ones (dates, places) that tell same-named items apart."""
    own = list(target.attributes) if target is not None else []
    return list(dict.fromkeys(own + vocabulary().secondary_attributes))
