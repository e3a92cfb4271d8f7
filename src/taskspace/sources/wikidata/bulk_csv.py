"""CSV files for ``neo4j-admin database import full``, written in one streaming pass.

The importer reads a header per file, and each header column has one type; but one
property key can hold a date on one item and text on another (``P577`` at day and at year
precision), and the keys a row needs are known only when it arrives. So a table is a set of
file groups: a row goes to the first group whose columns do not give any of its keys
another type, new keys become new columns at the end (the importer reads a short row's
missing fields as absent), and each group's header is written last, to a file of its own.
Every value is written in the form the transactional loader sends over Bolt: text quoted,
lists as arrays, numbers as long/double, dates as dates, points as WGS-84 points.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import IO, Any

from neo4j.spatial import WGS84Point

from taskspace.sources.wikidata.errors import UnwritableValue

ARRAY_DELIMITER = "\x1f"
"""Between the elements of an array and the labels of a node; passed as ``U+001F``."""
ARRAY_DELIMITER_OPTION = "U+001F"


def _quoted(text: str) -> str:
    if '"' in text:
        text = text.replace('"', '""')
    return f'"{text}"'


_PLAIN_TYPES: dict[type, str] = {
    str: "string",
    float: "double",
    bool: "boolean",
    date: "date",
    datetime: "datetime",
    WGS84Point: "point",
}
"""Exact types whose CSV type needs no check (ints do: a long has a range)."""


def _scalar_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise UnwritableValue(f"integer {value} does not fit in a long")
        return "long"
    if isinstance(value, float):
        return "double"
    if isinstance(value, str):
        return "string"
    if isinstance(value, datetime):
        return "datetime"
    if isinstance(value, date):
        return "date"
    if isinstance(value, WGS84Point):
        return "point"
    raise UnwritableValue(f"no CSV type for {type(value).__name__}")


def csv_type(value: Any) -> str:
    """The importer's header type of a value: ``string``, ``long[]``, ``date`` …"""
    if isinstance(value, list):
        if not value:
            raise UnwritableValue("an empty list has no element type")
        kinds = {_scalar_type(item) for item in value}
        if len(kinds) != 1:
            raise UnwritableValue(f"a list mixes {sorted(kinds)}")
        return f"{kinds.pop()}[]"
    return _scalar_type(value)


def _scalar_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, WGS84Point):
        return (
            f"{{latitude:{float(value.latitude)!r},longitude:{float(value.longitude)!r},"
            "crs:WGS-84}"
        )
    text = str(value)
    return text


def csv_field(value: Any, array: bool) -> str:
    """One field: quoted, arrays joined by :data:`ARRAY_DELIMITER`."""
    if array:
        parts = [_scalar_text(item) for item in value]
        if any(ARRAY_DELIMITER in part for part in parts):
            raise UnwritableValue("a list element holds the array delimiter U+001F")
        return _quoted(ARRAY_DELIMITER.join(parts))
    return _quoted(_scalar_text(value))


@dataclass
class _Group:
    """One header and one data file: columns by key, with their type."""

    data: Path
    header: Path
    handle: IO[str]
    columns: dict[str, tuple[int, str]] = field(default_factory=dict)
    rows: int = 0

    def fits(self, typed: Mapping[str, str]) -> bool:
        held = self.columns
        return all(key not in held or held[key][1] == kind for key, kind in typed.items())


class NodeTable:
    """Nodes of one label set with one id space, spread over as few file groups as types allow."""

    def __init__(self, folder: Path, name: str, labels: str, id_space: str) -> None:
        self.folder, self.name, self.labels, self.id_space = folder, name, labels, id_space
        self.groups: list[_Group] = []
        self.placed: dict[tuple[str, ...], tuple[_Group, tuple[int, ...], int]] = {}
        self.multiline = False

    @property
    def rows(self) -> int:
        return sum(group.rows for group in self.groups)

    def add(self, node_id: str, props: Mapping[str, Any]) -> None:
        """Write one node; raises :class:`UnwritableValue` before writing anything."""
        keys: list[str] = []
        kinds: list[str] = []
        fields: list[str] = []
        for key, value in props.items():
            if key == "id":
                continue
            kind = _PLAIN_TYPES.get(type(value))
            if kind is None:  # lists, ints (range-checked), subclasses
                kind = csv_type(value)
                fields.append(csv_field(value, kind.endswith("[]")))
            elif kind == "string":
                fields.append(_quoted(value))
            else:
                fields.append(_quoted(_scalar_text(value)))
            keys.append(key)
            kinds.append(kind)
        signature = (*keys, *kinds)
        placed = self.placed.get(signature)
        if placed is None:
            placed = self.placed[signature] = self._place(dict(zip(keys, kinds, strict=True)))
        group, positions, width = placed
        line = [""] * width
        line[0] = _quoted(node_id)
        for position, text in zip(positions, fields, strict=True):
            line[position] = text
        row = ",".join(line)
        if "\n" in row or "\r" in row:
            self.multiline = True
        group.handle.write(row + "\n")
        group.rows += 1

    def _place(self, typed: dict[str, str]) -> tuple[_Group, tuple[int, ...], int]:
        """The group for rows of these keys and types, and the keys' columns there.

        Rows of one signature always land in one group: a group that fits it once gets
        its keys as columns of those types, and a column's type never changes; a group
        that does not fit never will. So the choice is made once per signature."""
        group = next((g for g in self.groups if g.fits(typed)), None) or self._new_group()
        for key, kind in typed.items():
            if key not in group.columns:
                group.columns[key] = (len(group.columns) + 1, kind)
        positions = tuple(group.columns[key][0] for key in typed)
        return group, positions, 1 + max(positions, default=0)

    def _new_group(self) -> _Group:
        index = len(self.groups)
        data = self.folder / f"{self.name}-{index}.csv"
        header = self.folder / f"{self.name}-{index}.header.csv"
        group = _Group(data, header, data.open("w", encoding="utf-8", newline=""))
        self.groups.append(group)
        return group

    def close(self) -> list[list[Path]]:
        """Write the headers; the ``header,data`` file lists of every group."""
        out = []
        for group in self.groups:
            group.handle.close()
            ordered = sorted(group.columns.items(), key=lambda item: item[1][0])
            names = [f"id:ID({self.id_space})"] + [f"{k}:{kind}" for k, (_, kind) in ordered]
            group.header.write_text(",".join(names) + "\n", encoding="utf-8")
            out.append([group.header, group.data])
        return out


class RelationshipTable:
    """Relationships between two id spaces; claim edges carry a type column and props."""

    def __init__(
        self,
        folder: Path,
        name: str,
        start: str,
        end: str,
        rel_type: str | None = None,
        props: tuple[str, ...] = (),
    ) -> None:
        self.rel_type, self.props = rel_type, props
        self.data = folder / f"{name}.csv"
        self.header = folder / f"{name}.header.csv"
        columns = [f":START_ID({start})", f":END_ID({end})"]
        if rel_type is None:
            columns.append(":TYPE")
        columns += [f"{key}:string" for key in props]
        self.header.write_text(",".join(columns) + "\n", encoding="utf-8")
        self.handle = self.data.open("w", encoding="utf-8", newline="")
        self.rows = 0

    def add(
        self, start: str, end: str, rel_type: str | None = None, props: Mapping[str, Any] = {}
    ) -> None:
        line = f"{_quoted(start)},{_quoted(end)}"
        if self.rel_type is None:
            line += "," + _quoted(rel_type or "")
        for key in self.props:
            line += "," + _quoted(str(props[key])) if key in props else ","
        self.handle.write(line + "\n")
        self.rows += 1

    def close(self) -> list[Path]:
        self.handle.close()
        return [self.header, self.data]
