"""The shape of a table's rows: one header row whose cells name their own columns.

Every parser hands on ``rows`` with the header first, and the templates read a column by
its header cell. Two things break that:

- A header of several levels ("Jan/Feb" over "(°C)" and "(°F)"): an HTML grid is laid out
  with its row and column spans, and the header rows are folded into one, each column
  named by its own path of headings ("Jan/Feb (°C)"), never by the words of several
  columns run together. A table with no header row (an infobox of label/value rows) gets
  an empty one, so that no template takes its first row for column names.
- Columns a PDF's layout did not separate: a cell holding several numbers
  ("71.9 77.3 84.3 85.4") means the rows, or the columns, ran together; such rows, and
  pseudo-code set as a table, are not read as a table at all (:func:`readable_rows`).
"""

from __future__ import annotations

import re
from collections import Counter

_NUMBER = re.compile(r"[-+−]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)[%†‡*]*")
_CODE = re.compile(r"(?:^|\s)(?:for|end|do|return|if|then|else|while|until|repeat)(?:\s|$)|←|:=")


def compose_header(header_rows: list[list[str]]) -> list[str]:
    """One name per column from header rows laid out on the grid (spans repeated): the
    column's headings top to bottom, each once."""
    width = max((len(row) for row in header_rows), default=0)
    names = []
    for column in range(width):
        parts: list[str] = []
        for row in header_rows:
            text = row[column].strip() if column < len(row) else ""
            if text and (not parts or parts[-1] != text):
                parts.append(text)
        names.append(" ".join(parts))
    return names


_RANGE = re.compile(r"(?<=\d)\s*[-–—]\s*(?=[-+−]?[\d.])")
"""A range "1.35 - 1.42" is one value."""


def _numbers_in_cell(cell: str) -> int:
    tokens = _RANGE.sub("–", cell).split()
    repeated = len(tokens) >= 2 and len(set(tokens)) == 1  # "dev-nc dev-nc": stacked rows
    return len(tokens) if repeated else sum(1 for token in tokens if _NUMBER.fullmatch(token))


def readable_rows(rows: list[list[str]]) -> bool:
    """Whether ``rows`` read as a table: no data cell holds several numbers (columns or
    rows run together), no pseudo-code, and not mostly one-character cells (a matrix or a
    formula drawn as a grid)."""
    cells = [cell for row in rows for cell in row if cell.strip()]
    if not cells:
        return False
    if any(_numbers_in_cell(cell) >= 2 for row in rows for cell in row):
        return False
    if sum(1 for cell in cells if _CODE.search(cell)) >= 2:
        return False
    return sum(1 for cell in cells if len(cell.strip()) == 1) * 3 < len(cells)


def _numeric(cell: str) -> bool:
    """A number, or a range of two ("1.35 - 1.42")."""
    return all(_NUMBER.fullmatch(part.strip()) for part in _RANGE.sub("|", cell.strip()).split("|"))


def _has_number(row: list[str]) -> bool:
    return any(_numeric(cell) for cell in row[1:] if cell.strip())


def shaped_rows(rows: list[list[str]]) -> list[list[str]] | None:
    """A PDF table's rows as one header row and data rows of its width, or None when the
    columns cannot be named.

    The header is the rows above the first row that holds a number. None: an empty header
    (the first row is data; no template may call a column "47.2"). One row a cell short:
    the empty corner above the row labels. Several rows of the data's width: folded into
    one (:func:`compose_header`). Several rows of other widths (levels whose spans the
    layout did not keep): no column can be named, so no rows.
    """
    start = next((i for i, row in enumerate(rows) if _has_number(row)), len(rows))
    header, data = rows[:start], rows[start:]
    if not data:
        return rows
    widths = Counter(len(row) for row in data)
    width = widths.most_common(1)[0][0]
    if sum(count for w, count in widths.items() if w != width) * 5 > len(data):
        return None  # ragged rows: cells went astray
    if not header:
        return [[""] * width, *data]
    header = [["", *row] if len(row) == width - 1 else row for row in header]
    if all(len(row) == width for row in header):
        return [compose_header(header) if len(header) > 1 else header[0], *data]
    return None
