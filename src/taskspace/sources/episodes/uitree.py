"""Android UI trees as :class:`UIElement` lists, and tap points resolved to elements.

Three dump kinds reach us: uiautomator XML (``<hierarchy><node bounds="[x1,y1][x2,y2]">``),
view-hierarchy JSON (LlamaTouch ``N.vh`` and DroidBot states: a flat node list joined by
``parent``/``children`` ids, bounds ``[[x1,y1],[x2,y2]]``, a ``visible`` flag) and the
simplified element list (LlamaTouch ``N.json``: flat, bounds as uiautomator strings). All
three go through one filter, so a screen keeps the same elements whichever dump we had:
an element stays when it is visible, its bounds are non-empty and meet the screen, and it
carries something a person or an agent could name or use (text, description, resource
id, or it is clickable, editable or scrollable). Its ``uid`` is the resource id plus the
index path from the root, which is stable for the same screen across loads.

A fourth tree kind is Rico's view hierarchy (``{"activity_name", "activity": {"root":
{..., "children": [...]}}}``, bounds ``[x1, y1, x2, y2]`` in screen pixels, hyphenated
keys, ``content-desc`` as a list): it is read into the same node form and filter.

In the tree dumps an element with no text of its own gets the first visible text inside
it (``inner_text``), because clickable rows and cards carry their title in a child
TextView; without it the tap's label falls back to a resource id or a class name.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from taskspace.core.boxes import union
from taskspace.sources.episodes import geometry
from taskspace.sources.episodes.errors import UiDumpError
from taskspace.sources.episodes.geometry import Point
from taskspace.sources.episodes.model import Bounds, Observation, UIElement

DumpKind = Literal["uiautomator", "view_hierarchy", "rico", "element_list"]


@dataclass(frozen=True)
class UiTree:
    """The kept elements of one dump, with the root's bounds (the screen, when it has one)."""

    kind: DumpKind
    elements: list[UIElement]
    root: Bounds | None
    package: str | None


@dataclass(frozen=True)
class _Node:
    """One node in the dump-independent form the shared filter reads."""

    uid: str
    cls: str
    text: str
    content_desc: str
    resource_id: str
    bounds: Any
    clickable: bool
    enabled: bool
    editable: bool
    scrollable: bool
    checked: bool | None
    visible: bool
    inner_text: str = ""


def is_meaningful(element: UIElement) -> bool:
    """Whether the element can be named or used: the filter every dump kind shares."""
    named = any(words.strip() for words in (element.text, element.content_desc))
    usable = element.clickable or element.editable or element.scrollable
    return named or bool(element.resource_id) or usable


def element_at(
    elements: Iterable[UIElement], point: Point, tolerance: float = 0.0
) -> UIElement | None:
    """The element a tap at ``point`` lands on.

    Among the elements whose bounds contain the point, a clickable one wins over a plain
    one (a tap on a label inside a button acts on the button), then the smallest. When
    none contains it and ``tolerance`` > 0, the nearest element within that many pixels
    is taken: OCR boxes (AITW) cover the words, not the touch target around them.
    """
    placed = [e for e in elements if e.bounds is not None]
    inside = [e for e in placed if e.bounds is not None and geometry.contains(e.bounds, point)]
    if inside:
        return min(inside, key=lambda e: (not e.clickable, _area(e)))
    if tolerance <= 0:
        return None
    near = [(geometry.distance(e.bounds, point), e) for e in placed if e.bounds is not None]
    near = [(gap, e) for gap, e in near if gap <= tolerance]
    return min(near, key=lambda pair: (pair[0], _area(pair[1])))[1] if near else None


def parse_tree(
    text: str, *, screen: tuple[int, int] | None = None, source: str = "<dump>"
) -> UiTree:
    """Any of the three dump kinds, told apart by content (XML, node list with parents, flat list).

    ``screen`` (width, height) bounds the viewport; without it the root's bounds do.
    """
    stripped = text.lstrip()
    if stripped.startswith("<"):
        return _from_xml(stripped, screen, source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UiDumpError(f"{source}: neither XML nor JSON: {exc}") from exc
    if is_rico(data):
        return _from_rico(data, screen, source)
    if isinstance(data, Mapping) and isinstance(data.get("views"), list):
        data = data["views"]  # a DroidBot state file wraps its view hierarchy
    if not isinstance(data, list) or not all(isinstance(node, Mapping) for node in data):
        raise UiDumpError(f"{source}: a JSON UI dump must be a list of nodes")
    if any("parent" in node or "children" in node for node in data):
        return _from_view_hierarchy(data, screen, source)
    return _from_element_list(data, screen, source)


def parse_ui_dump(path: Path) -> Observation:
    """An agent's dump file as an Observation; screen size comes from the root's bounds.

    The simplified element list has no root, so its width and height stay unknown.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UiDumpError(f"{path}: cannot read: {exc}") from exc
    return observation_from_dump(text, source=str(path), ui_dump=str(path.resolve()))


def observation_from_dump(text: str, source: str, ui_dump: str | None = None) -> Observation:
    """A dump's text as an Observation (an agent sends the dump itself, not a file path)."""
    tree = parse_tree(text, source=source)
    width, height = _size(tree.root)
    return Observation(
        app=tree.package,
        ui_dump=ui_dump,
        width=width,
        height=height,
        elements=tree.elements,
    )


def _from_xml(text: str, screen: tuple[int, int] | None, source: str) -> UiTree:
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise UiDumpError(f"{source}: not well-formed XML: {exc}") from exc
    tops = [child for child in root if child.tag == "node"] if root.tag != "node" else [root]
    nodes = [(_xml_node(node, path), path) for node, path in _xml_nodes(tops, "")]
    root_bounds = _root_bounds(node.get("bounds") for node in tops)
    package = tops[0].get("package") if tops else None
    elements = _keep(_with_inner_text(nodes), screen or _size(root_bounds))
    return UiTree("uiautomator", elements, root_bounds, package or None)


def _xml_nodes(
    children: list[ElementTree.Element], prefix: str
) -> Iterator[tuple[ElementTree.Element, str]]:
    for position, node in enumerate(children):
        path = f"{prefix}.{position}" if prefix else str(position)
        yield node, path
        yield from _xml_nodes([child for child in node if child.tag == "node"], path)


def _xml_node(node: ElementTree.Element, path: str) -> _Node:
    def flag(name: str, default: bool = False) -> bool:
        value = node.get(name)
        return default if value is None else value == "true"

    cls = node.get("class") or ""
    resource_id = node.get("resource-id") or ""
    return _Node(
        uid=_uid(resource_id, path),
        cls=cls,
        text=node.get("text") or "",
        content_desc=node.get("content-desc") or "",
        resource_id=resource_id,
        bounds=node.get("bounds"),
        clickable=flag("clickable") or flag("long-clickable"),
        enabled=flag("enabled", True),
        editable=cls.endswith("EditText"),
        scrollable=flag("scrollable"),
        checked=flag("checked") if flag("checkable") else None,
        visible=flag("visible-to-user", True),
    )


def _from_view_hierarchy(
    nodes: list[Mapping[str, Any]], screen: tuple[int, int] | None, source: str
) -> UiTree:
    by_id = {node.get("temp_id", index): node for index, node in enumerate(nodes)}
    roots = [node for node in nodes if node.get("parent", -1) in (-1, None)]
    if not roots:
        raise UiDumpError(f"{source}: view hierarchy has no root node (parent -1)")
    ordered: list[tuple[Mapping[str, Any], str]] = []
    stack = [(root, str(position)) for position, root in reversed(list(enumerate(roots)))]
    while stack:
        node, path = stack.pop()
        ordered.append((node, path))
        children = [by_id[c] for c in node.get("children") or [] if c in by_id]
        stack += [(child, f"{path}.{i}") for i, child in reversed(list(enumerate(children)))]
    root_bounds = _root_bounds(root.get("bounds") for root in roots)
    package = roots[0].get("package")
    elements = _keep(
        _with_inner_text([(_json_node(node, path), path) for node, path in ordered]),
        screen or _size(root_bounds),
    )
    return UiTree("view_hierarchy", elements, root_bounds, package or None)


def is_rico(data: Any) -> bool:
    """A Rico view hierarchy: the tree hangs under ``activity.root``."""
    activity = data.get("activity") if isinstance(data, Mapping) else None
    return isinstance(activity, Mapping) and isinstance(activity.get("root"), Mapping)


def _from_rico(data: Mapping[str, Any], screen: tuple[int, int] | None, source: str) -> UiTree:
    root = data["activity"]["root"]
    ordered: list[tuple[_Node, str]] = []
    stack: list[tuple[Mapping[str, Any], str]] = [(root, "0")]
    while stack:
        node, path = stack.pop()
        ordered.append((_rico_node(node, path), path))
        children = [c for c in node.get("children") or [] if isinstance(c, Mapping)]
        stack += [(child, f"{path}.{i}") for i, child in reversed(list(enumerate(children)))]
    root_bounds = _try_bounds(root.get("bounds"))
    package = root.get("package") or str(data.get("activity_name") or "").partition("/")[0]
    elements = _keep(_with_inner_text(ordered), screen or _size(root_bounds))
    return UiTree("rico", elements, root_bounds, package or None)


def _rico_node(node: Mapping[str, Any], path: str) -> _Node:
    """Rico's keys: hyphenated, ``content-desc`` a list (of ``null`` when there is none)."""
    cls = str(node.get("class") or "")
    resource_id = str(node.get("resource-id") or "")
    described = node.get("content-desc")
    if isinstance(described, list):
        described = " ".join(str(part) for part in described if part)
    ancestors = [str(a) for a in node.get("ancestors") or []]
    checkable = node.get("checkable")
    return _Node(
        uid=_uid(resource_id, path),
        cls=cls,
        text=str(node.get("text") or ""),
        content_desc=str(described or ""),
        resource_id=resource_id,
        bounds=node.get("bounds"),
        clickable=bool(node.get("clickable")) or bool(node.get("long-clickable")),
        enabled=node.get("enabled") is not False,
        editable=any(name.endswith("EditText") for name in (cls, *ancestors)),
        scrollable=bool(node.get("scrollable-vertical") or node.get("scrollable-horizontal")),
        checked=bool(node.get("checked")) if checkable else None,
        visible=node.get("visible-to-user") is not False
        and node.get("visibility", "visible") == "visible",
    )


def _with_inner_text(ordered: list[tuple[_Node, str]]) -> list[_Node]:
    """Each node without text of its own, given the first visible text among its descendants.

    ``ordered`` is depth-first with index paths, so a node's descendants are the entries
    right after it whose path extends its own.
    """
    result = []
    for index, (node, path) in enumerate(ordered):
        if node.text.strip():
            result.append(node)
            continue
        prefix = f"{path}."
        inner = ""
        for child, child_path in ordered[index + 1 :]:
            if not child_path.startswith(prefix):
                break
            if child.visible and child.text.strip():
                inner = " ".join(child.text.split())
                break
        result.append(replace(node, inner_text=inner) if inner else node)
    return result


def _from_element_list(
    nodes: list[Mapping[str, Any]], screen: tuple[int, int] | None, source: str
) -> UiTree:
    if nodes and "bounds" not in nodes[0]:
        raise UiDumpError(f"{source}: JSON nodes have no bounds: not a UI dump")
    kept = _keep(
        (_json_node(node, f"#{node.get('id', index)}") for index, node in enumerate(nodes)),
        screen,
    )
    return UiTree("element_list", kept, None, None)


def _json_node(node: Mapping[str, Any], path: str) -> _Node:
    """View-hierarchy keys use underscores, the element list uiautomator's hyphens."""

    def field(*names: str) -> Any:
        for name in names:
            if node.get(name) is not None:
                return node[name]
        return None

    cls = str(field("class") or "")
    resource_id = str(field("resource_id", "resource-id") or "")
    checkable = bool(field("checkable"))
    editable = field("editable")
    return _Node(
        uid=_uid(resource_id, path),
        cls=cls,
        text=str(field("text") or ""),
        content_desc=str(field("content_description", "content-desc") or ""),
        resource_id=resource_id,
        bounds=field("bounds"),
        clickable=bool(field("clickable")) or bool(field("long_clickable", "long-clickable")),
        enabled=field("enabled") is not False,
        editable=bool(editable) if editable is not None else cls.endswith("EditText"),
        scrollable=bool(field("scrollable")),
        checked=bool(field("checked")) if checkable else None,
        visible=field("visible") is not False,
    )


def _keep(nodes: Iterable[_Node], screen: tuple[int | None, int | None] | None) -> list[UIElement]:
    width, height = screen if screen is not None else (None, None)
    kept: list[UIElement] = []
    for node in nodes:
        bounds = _try_bounds(node.bounds)
        if not node.visible or bounds is None:
            continue
        if not geometry.intersects_screen(bounds, width, height):
            continue
        element = UIElement(
            uid=node.uid,
            cls=node.cls,
            text=node.text,
            inner_text=node.inner_text,
            content_desc=node.content_desc,
            resource_id=node.resource_id,
            bounds=bounds,
            clickable=node.clickable,
            enabled=node.enabled,
            editable=node.editable,
            scrollable=node.scrollable,
            checked=node.checked,
        )
        if is_meaningful(element):
            kept.append(element)
    return kept


def _uid(resource_id: str, path: str) -> str:
    return f"{resource_id}@{path}" if resource_id else path


def _try_bounds(value: Any) -> Bounds | None:
    if value is None:
        return None
    try:
        return geometry.parse_bounds(value)
    except ValueError:
        return None


def _root_bounds(values: Iterable[Any]) -> Bounds | None:
    """The box around the roots whose bounds parse; None when none does."""
    present = [box for value in values if (box := _try_bounds(value)) is not None]
    return union(present) if present else None


def _size(bounds: Bounds | None) -> tuple[int | None, int | None]:
    if bounds is None or geometry.is_empty(bounds):
        return (None, None)
    return (bounds[2], bounds[3])


def _area(element: UIElement) -> int:
    return geometry.area(element.bounds) if element.bounds is not None else 0
