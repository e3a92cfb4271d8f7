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


def with_header(rows: list[list[str]]) -> list[list[str]]:
    """``rows`` with a header first: a first row of numbers is data (the header was not
    found), so an empty header goes before it and no template names a column "47.2"."""
    if not rows or len(rows[0]) < 2:
        return rows
    values = [cell for cell in rows[0][1:] if cell.strip()]
    if values and all(_NUMBER.fullmatch(cell.strip()) for cell in values):
        return [[""] * len(rows[0]), *rows]
    return rows
