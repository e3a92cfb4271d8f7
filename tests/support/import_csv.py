"""Import CSV read back as the importer reads it, for "same rows" comparisons of two
CSV passes whose files are laid out differently (groups, column order, file count)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from taskspace.sources.wikidata.bulk_rows import ImportFiles

_FIELD = re.compile(r'"((?:[^"]|"")*)"|([^,\n]*)')
Fields = tuple[tuple[str, str], ...]


def rows(header: Path, data: Path) -> list[dict[str, str]]:
    """Each row as {header column: text}; an unquoted empty field is absent, as the
    importer reads it, and a quoted one is the empty string."""
    names = header.read_text(encoding="utf-8").rstrip("\n").split(",")
    text = data.read_text(encoding="utf-8")
    out: list[dict[str, str]] = []
    position, current, column = 0, {}, 0
    while position < len(text):
        match = _FIELD.match(text, position)
        assert match is not None
        quoted, plain = match.groups()
        if quoted is not None:
            current[names[column]] = quoted.replace('""', '"')
        elif plain:
            current[names[column]] = plain
        position = match.end()
        end = text[position] if position < len(text) else "\n"
        position += 1
        column += 1
        if end == "\n":
            out.append(current)
            current, column = {}, 0
    return out


def canonical(files: ImportFiles) -> tuple[dict[str, Fields], Counter[Fields]]:
    """Nodes by labels and id, and the multiset of relationships, whatever the layout."""
    nodes: dict[str, Fields] = {}
    for labels, (header, data) in files.nodes:
        for row in rows(header, data):
            key = next(k for k in row if k.startswith("id:ID("))
            name = f"{labels}|{key}|{row[key]}"
            assert name not in nodes, f"node written twice: {name}"
            row.pop("loaded_at:datetime", None)  # when each pass ran
            nodes[name] = tuple(sorted(row.items()))
    links: Counter[Fields] = Counter()
    for rel_type, (header, data) in files.relationships:
        for row in rows(header, data):
            if rel_type is not None:
                row[":TYPE"] = rel_type
            links[tuple(sorted(row.items()))] += 1
    return nodes, links
