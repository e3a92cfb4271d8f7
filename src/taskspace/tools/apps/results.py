"""What the app tools return: pages and lists as an app shows them (pydantic, so a tool's
output schema is explicit and its JSON is what a model reads)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class AppAction(BaseModel):
    """A way to move on from a page: its name, what it shows, and how many items it lists."""

    name: str
    description: str = ""
    count: int | None = Field(default=None, description="items it leads to from this page")


class AppEntityType(BaseModel):
    name: str
    actions: list[AppAction]


class AppInfo(BaseModel):
    name: str
    title: str
    domain: str
    entity_types: list[AppEntityType]


class AppList(BaseModel):
    apps: list[AppInfo]


class Attribute(BaseModel):
    """One visible attribute: a literal value as text, or the names of the items it links."""

    property: str
    pid: str
    values: list[str]


class ItemSummary(BaseModel):
    """An item in a list: its id (to open it), its name, what the app lists it as."""

    id: str
    label: str | None
    types: list[str] = Field(default_factory=list)
    attributes: list[Attribute] = Field(default_factory=list)


class SearchResults(BaseModel):
    app: str
    query: str
    items: list[ItemSummary]


class ItemPage(BaseModel):
    """An item's page in one app: its name, visible attributes and where one can go."""

    app: str
    id: str
    label: str | None
    types: list[str]
    attributes: list[Attribute]
    actions: list[AppAction]


class ActionTargets(BaseModel):
    """The items an action lists from one page (``total`` may exceed what is shown)."""

    app: str
    item_id: str
    action: str
    total: int
    offset: int = 0
    items: list[ItemSummary]
