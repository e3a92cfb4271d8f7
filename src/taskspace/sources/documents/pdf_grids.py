"""Tables whose rules mark only the header and the columns, as the Federal Register sets them.

A wide rule above the header, another under it, vertical rules hanging from the top one
between the columns, and no rules between body rows; when the table runs over a page break
its bottom stays open. pdfplumber's line strategy reads such a table as one header row and
one row holding every body line, and misses the open part altogether. Here the columns come
from the vertical rules and the rows from the text lines; a line that fills only one cell
(a wrapped cell) continues the row above. The short centred line right above the top rule
is the table's title ("ESTIMATED COSTS", on the next page "ESTIMATED COSTS—Continued").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from pdfplumber.page import Page

from taskspace.core.boxes import union
from taskspace.sources.documents.model import ElementKind
from taskspace.sources.documents.pdf_columns import Box
from taskspace.sources.documents.pdf_float import Float
from taskspace.sources.documents.pdf_layout import Line, chars_text

_LEADER = re.compile(r"\s*(?:\.\s?){2,}")
Edge = dict[str, Any]


def ruled_tables(page: Page, lines: list[Line], used: set[int]) -> list[Float]:
    """Header-ruled tables of the page; their lines are added to ``used``."""
    width = float(page.width)
    edges = list(page.edges)
    wide = sorted(
        (e for e in edges if e["orientation"] == "h" and _width(e) > 0.4 * width),
        key=lambda e: float(e["top"]),
    )
    verticals = [e for e in edges if e["orientation"] == "v" and _height(e) > 3]
    found: list[Float] = []
    for rule in wide:
        if any(f.bbox[1] - 1 <= float(rule["top"]) <= f.bbox[3] + 1 for f in found):
            continue
        table = _table_under(rule, wide, verticals, page, lines, used)
        if table is not None:
            found.append(table)
    return found


def _table_under(
    rule: Edge,
    wide: list[Edge],
    verticals: list[Edge],
    page: Page,
    lines: list[Line],
    used: set[int],
) -> Float | None:
    x0, top, x1 = float(rule["x0"]), float(rule["top"]), float(rule["x1"])
    hanging = [
        v for v in verticals if x0 + 2 < float(v["x0"]) < x1 - 2 and abs(float(v["top"]) - top) < 2
    ]
    xs = sorted({round(float(v["x0"]), 1) for v in hanging})
    above = [
        v
        for v in verticals
        if x0 - 2 < float(v["x0"]) < x1 + 2 and abs(float(v["bottom"]) - top) < 2
    ]
    if len(xs) < 2 or above:
        return None  # not a table's top rule: vertical rules run on above it
    bottom = max(_reach(x, top, verticals) for x in xs)
    inner = [float(r["top"]) for r in wide if top + 2 < float(r["top"]) < bottom - 2]
    if len(inner) != 1:
        return None  # no header rule, or rules between body rows: a full grid
    region: Box = (x0, top, x1, bottom + 1)
    content = [ln for ln in lines if id(ln) not in used and _inside(region, ln)]
    body = [ln for ln in content if ln.top > inner[0]]
    if not body:
        return None
    columns = [x0, *xs, x1]
    header = _header([ln for ln in content if ln.top < inner[0]], columns)
    rows = ([header] if any(header) else []) + _body_rows(body, columns)
    title = _title(lines, used, region)
    taken = [*([title] if title else []), *content]
    used.update(id(ln) for ln in taken)
    return Float(
        ElementKind.TABLE,
        page.page_number,
        union([region, *(ln.bbox for ln in taken)]),
        content[0],
        title.text if title else None,
        rows=rows,
        lines=taken,
    )


def _reach(x: float, top: float, verticals: list[Edge]) -> float:
    """How far down the chain of vertical rule pieces at ``x`` runs from ``top``."""
    bottom = top
    for v in sorted(verticals, key=lambda e: float(e["top"])):
        if abs(float(v["x0"]) - x) < 1 and float(v["top"]) <= bottom + 2:
            bottom = max(bottom, float(v["bottom"]))
    return bottom


def _cells(line_chars: list[dict[str, Any]], columns: list[float]) -> list[list[dict[str, Any]]]:
    buckets: list[list[dict[str, Any]]] = [[] for _ in columns[1:]]
    for char in line_chars:
        middle = (float(char["x0"]) + float(char["x1"])) / 2
        index = min(max(bisect_right(columns, middle) - 1, 0), len(buckets) - 1)
        buckets[index].append(char)
    return buckets


def _clean(text: str) -> str:
    return " ".join(_LEADER.sub(" ", text).split())


def _header(lines: list[Line], columns: list[float]) -> list[str]:
    """All header lines, each column's pieces joined top to bottom."""
    parts: list[list[str]] = [[] for _ in columns[1:]]
    for line in sorted(lines, key=lambda ln: ln.top):
        for index, chars in enumerate(_cells(line.chars, columns)):
            if chars:
                parts[index].append(chars_text(chars))
    return [_clean(" ".join(p)) for p in parts]


def _body_rows(lines: list[Line], columns: list[float]) -> list[list[str]]:
    """Rows by line height; a row with a single filled cell continues the row above."""
    groups: list[list[Line]] = []
    for line in sorted(lines, key=lambda ln: ln.top):
        if groups and abs(line.top - groups[-1][0].top) < 0.5 * line.size:
            groups[-1].append(line)
        else:
            groups.append([line])
    rows: list[list[str]] = []
    for group in groups:
        chars = [c for line in group for c in line.chars]
        cells = [_clean(chars_text(c)) for c in _cells(chars, columns)]
        filled = sum(1 for cell in cells if cell)
        if rows and (filled == 1 or not cells[0]):
            rows[-1] = [
                " ".join(p for p in (a, b) if p) for a, b in zip(rows[-1], cells, strict=True)
            ]
        else:
            rows.append(cells)
    return rows


def _title(lines: list[Line], used: set[int], region: Box) -> Line | None:
    """The short line centred over the table, right above its top rule."""
    middle = (region[0] + region[2]) / 2
    above = [
        ln
        for ln in lines
        if id(ln) not in used
        and 0 <= region[1] - ln.bottom < 2.5 * ln.size
        and len(ln.text.split()) <= 10
        and abs(ln.center[0] - middle) < 0.15 * (region[2] - region[0])
    ]
    return max(above, key=lambda ln: ln.bottom, default=None)


def _inside(box: Box, line: Line) -> bool:
    x, y = line.center
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _width(edge: Edge) -> float:
    return float(edge["x1"]) - float(edge["x0"])


def _height(edge: Edge) -> float:
    return float(edge["bottom"]) - float(edge["top"])
