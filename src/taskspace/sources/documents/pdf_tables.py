"""Tables and figures on a PDF page: captions, the area each one covers, and table rows.

A caption ("Table 2: ...") anchors the search: a table is the fully ruled grid next to its
caption (pdfplumber's line strategy reads those well), else the block between the horizontal
rules next to it (booktabs style, which that strategy misses), else the run of multi-cell
lines next to it; a figure is the drawing or image next to its caption. Pages without
captions, such as spreadsheet print-outs, still get their tables from runs of aligned
multi-cell lines and their charts from drawn areas.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pdfplumber.page import Page

from taskspace.core.boxes import union
from taskspace.sources.documents.model import ElementKind
from taskspace.sources.documents.pdf_columns import Box
from taskspace.sources.documents.pdf_float import Float
from taskspace.sources.documents.pdf_grids import ruled_tables
from taskspace.sources.documents.pdf_layout import Line, cells, join_lines
from taskspace.sources.documents.references import caption_kind, split_heading_number

_NO_VALUE = {"unq", "n/a", "na", "-", "--", "—", "nq", "x"}


def find_floats(page: Page, lines: list[Line], body_size: float) -> list[Float]:
    """Every table and figure of the page; their lines are listed in ``Float.lines``."""
    used: set[int] = set()
    graphics = graphic_regions(page)
    floats: list[Float] = ruled_tables(page, lines, used)
    grids = [g for g in grid_tables(page) if not any(_overlap(g[0], f.bbox) for f in floats)]
    for index, line in enumerate(lines):
        if id(line) in used or line.size > body_size * 1.3:
            continue
        label = caption_kind(line.text)
        if label is None or not _starts_block(lines, index):
            continue
        caption_lines = _caption_lines(lines, index)
        caption = join_lines([c.text for c in caption_lines])
        kind = ElementKind.TABLE if label[0] == "table" else ElementKind.FIGURE
        float_ = Float(
            kind,
            line.page,
            union(c.bbox for c in caption_lines),
            line,
            caption,
            label[1],
            lines=list(caption_lines),
        )
        used.update(id(c) for c in caption_lines)
        if kind is ElementKind.TABLE:
            _fill_table(float_, page, lines, used, grids)
        else:
            _fill_figure(float_, graphics, lines, used)
        floats.append(float_)
    for box, rows in grids:  # ruled grids without a caption
        inside = [ln for ln in lines if id(ln) not in used and _contains(box, ln)]
        if inside:
            used.update(id(ln) for ln in inside)
            floats.append(
                Float(ElementKind.TABLE, page.page_number, box, inside[0], rows=rows, lines=inside)
            )
    for region in graphics:
        large = (region[2] - region[0]) * (region[3] - region[1]) > 2500
        if large and not any(_overlap(region, f.bbox) for f in floats):
            inside = [ln for ln in lines if id(ln) not in used and _labels(region, ln, body_size)]
            used.update(id(ln) for ln in inside)
            title = next((ln.text for ln in inside if ln.bold > 0.6), None)
            floats.append(
                Float(
                    ElementKind.FIGURE,
                    page.page_number,
                    region,
                    inside[0] if inside else None,
                    title,
                    label_text=" ".join(ln.text for ln in inside),
                    lines=inside,
                )
            )
    floats.extend(_aligned_tables([ln for ln in lines if id(ln) not in used]))
    return floats


def graphic_regions(page: Page, margin: float = 2) -> list[Box]:
    """Images and clusters of drawn shapes (not thin rules, dots or page frames)."""
    area = float(page.width) * float(page.height)
    boxes: list[Box] = []
    for obj in [*page.images, *page.curves, *page.rects]:
        box = (float(obj["x0"]), float(obj["top"]), float(obj["x1"]), float(obj["bottom"]))
        width, height = box[2] - box[0], box[3] - box[1]
        if width > 6 and height > 6 and width * height < area * 0.5:
            boxes.append(box)
    merged: list[Box] = []
    for box in sorted(boxes):
        grown = (box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin)
        for index, other in enumerate(merged):
            if _overlap(grown, other):
                merged[index] = union([box, other])
                break
        else:
            merged.append(box)
    return merged


def _starts_block(lines: list[Line], index: int) -> bool:
    """A caption opens its own line block; "Table 2: shows" inside prose does not count."""
    line = lines[index]
    if index == 0:
        return True
    previous = lines[index - 1]
    return (
        previous.region != line.region
        or line.top - previous.bottom > 0.5 * line.size
        or previous.text.rstrip().endswith((".", ":"))
    )


def _caption_lines(lines: list[Line], index: int) -> list[Line]:
    taken = [lines[index]]
    for line in lines[index + 1 :]:
        last = taken[-1]
        if (
            line.region != last.region
            or line.top - last.bottom > 0.6 * line.size
            or abs(line.size - last.size) > 0.5
            or caption_kind(line.text) is not None
        ):
            break
        taken.append(line)
        if line.x1 < last.x1 - 0.25 * (last.x1 - last.x0):
            break  # a short line ends the caption paragraph
    return taken


def _rules(page: Page) -> list[Box]:
    edges: list[dict[str, Any]] = [*page.lines, *page.rects, *page.edges]
    found = {
        (
            round(float(e["x0"])),
            round(float(e["top"])),
            round(float(e["x1"])),
            round(float(e["bottom"])),
        )
        for e in edges
        if float(e["bottom"]) - float(e["top"]) < 2 and float(e["x1"]) - float(e["x0"]) > 20
    }
    return [(float(a), float(b), float(c), float(d)) for a, b, c, d in sorted(found)]


def grid_tables(page: Page) -> list[tuple[Box, list[list[str]]]]:
    """Fully ruled tables found by pdfplumber's own line strategy, with their cell texts.

    Page frames and empty chart boxes also come out of that strategy; they are left out.
    """
    found = []
    area = float(page.width) * float(page.height)
    for table in page.find_tables():
        x0, top, x1, bottom = (float(v) for v in table.bbox)
        rows = [[" ".join((cell or "").split()) for cell in row] for row in table.extract()]
        cells = [cell for row in rows for cell in row]
        if (
            (x1 - x0) * (bottom - top) < 0.5 * area
            and len(rows) >= 2
            and max(len(row) for row in rows) >= 2
            and sum(1 for cell in cells if cell) >= 0.5 * len(cells)
        ):
            found.append(((x0, top, x1, bottom), rows))
    return found


def _fill_table(
    table: Float,
    page: Page,
    lines: list[Line],
    used: set[int],
    grids: list[tuple[Box, list[list[str]]]],
) -> None:
    """Rows of the ruled grid next to the caption, else of the lines between its rules."""
    cap = table.bbox
    width = cap[2] - cap[0]
    for box, rows in grids:
        near = 0 <= box[1] - cap[3] < 40 or 0 <= cap[1] - box[3] < 40
        if near and min(box[2], cap[2]) - max(box[0], cap[0]) > 0:
            grids.remove((box, rows))
            inside = [ln for ln in lines if id(ln) not in used and _contains(box, ln)]
            used.update(id(ln) for ln in inside)
            table.lines.extend(inside)
            table.rows, table.bbox = rows, union([cap, box])
            return
    rules = [r for r in _rules(page) if min(r[2], cap[2]) - max(r[0], cap[0]) > 0.3 * width]
    region = _ruled_region(rules, cap, above=True) or _ruled_region(rules, cap, above=False)
    if region is not None:
        content = [ln for ln in lines if id(ln) not in used and _contains(region, ln, pad=2)]
    else:
        content = _cell_run(lines, table.lines, used)
    if not content:
        return
    used.update(id(ln) for ln in content)
    table.lines.extend(content)
    table.rows = table_rows(content)
    table.bbox = union([table.bbox, *(ln.bbox for ln in content)])


def _ruled_region(rules: list[Box], caption: Box, above: bool) -> Box | None:
    """The area from the rule nearest the caption to the farthest rule chained to it.

    Only rules as wide as the nearest one belong to the table: a full-width table's rules
    above a one-column table must not stretch its area over the text beside it.
    """
    if above:
        near = sorted((r for r in rules if r[3] <= caption[1] + 1), key=lambda r: -r[1])
        if not near or caption[1] - near[0][3] > 40:
            return None
    else:
        near = sorted((r for r in rules if r[1] >= caption[3] - 1), key=lambda r: r[1])
        if not near or near[0][1] - caption[3] > 40:
            return None
    chain = [near[0]]
    for rule in near[1:]:
        if abs(rule[1] - chain[-1][1]) > 300:
            break
        if abs(rule[0] - near[0][0]) < 6 and abs(rule[2] - near[0][2]) < 6:
            chain.append(rule)  # the rules of one table share its width
    if len(chain) < 2:
        return None
    top, bottom = min(r[1] for r in chain), max(r[3] for r in chain)
    return (min(r[0] for r in chain), top, max(r[2] for r in chain), bottom)


def _cell_run(lines: list[Line], caption: list[Line], used: set[int]) -> list[Line]:
    """Multi-cell lines right above the caption, else right below it."""
    first, last = lines.index(caption[0]), lines.index(caption[-1])
    for step, start in ((-1, first - 1), (1, last + 1)):
        run: list[Line] = []
        index = start
        while 0 <= index < len(lines):
            line = lines[index]
            if (
                id(line) in used
                or line.region != caption[0].region
                or len(cells(line)) < 2
                or not_a_row(line)
            ):
                break
            run.append(line)
            index += step
        if run:
            return sorted(run, key=lambda ln: ln.top)
    return []


def not_a_row(line: Line) -> bool:
    """A bold numbered heading ("6   Analysis" has two cells too) or a line of prose."""
    heading = line.bold >= 0.8 and split_heading_number(line.text)[0] is not None
    return heading or any(len(text.split()) >= 8 for _, _, text in cells(line))


def _fill_figure(figure: Float, graphics: list[Box], lines: list[Line], used: set[int]) -> None:
    """The drawings right above (or below) the caption, with the text drawn inside them."""
    cap = figure.bbox
    span = (cap[0] - 150, cap[2] + 150)
    beside = [g for g in graphics if min(g[2], span[1]) - max(g[0], span[0]) > 0]
    near = [g for g in beside if 0 <= cap[1] - g[3] < 80 or 0 <= g[1] - cap[3] < 80]
    if not near:
        return
    closest = min(near, key=lambda g: min(abs(cap[1] - g[3]), abs(g[1] - cap[3])))
    row = [g for g in beside if g[1] < closest[3] and closest[1] < g[3]]
    region = union(row)
    inside = [ln for ln in lines if id(ln) not in used and _contains(region, ln)]
    used.update(id(ln) for ln in inside)
    figure.lines.extend(inside)
    figure.label_text = " ".join(ln.text for ln in inside)
    figure.bbox = union([figure.bbox, region])


def table_rows(content: list[Line]) -> list[list[str]]:
    """Lines grouped into rows by height, each row cut into cells at wide gaps."""
    rows: list[list[Line]] = []
    for line in sorted(content, key=lambda ln: (ln.top, ln.x0)):
        if rows and abs(line.top - rows[-1][0].top) < 0.5 * line.size:
            rows[-1].append(line)
        else:
            rows.append([line])
    return [
        [text for line in sorted(row, key=lambda ln: ln.x0) for _, _, text in cells(line)]
        for row in rows
    ]


def _aligned_tables(lines: list[Line]) -> list[Float]:
    """Uncaptioned tables: runs of multi-cell lines, split at bold labels ("Ethanol ($/gal)")."""
    floats: list[Float] = []
    current: Float | None = None
    previous: Line | None = None
    for line in lines:
        if previous is not None and (
            line.page != previous.page
            or line.top < previous.top
            or line.top - previous.bottom > 1.5 * line.size
        ):
            current = None
        previous = line
        pieces = cells(line)
        if not_a_row(line):
            current = None
            continue
        is_label = (
            line.bold > 0.6
            and len(pieces) <= 2
            and len(pieces[0][2].split()) <= 8
            and not any(ch.isdigit() for _, _, text in pieces[1:] for ch in text)
        )
        if is_label:
            current = Float(
                ElementKind.TABLE, line.page, line.bbox, line, pieces[0][2], rows=[], lines=[line]
            )
            floats.append(current)
        elif len(pieces) >= 3 or (len(pieces) == 2 and current is not None):
            if current is None:
                current = Float(ElementKind.TABLE, line.page, line.bbox, line, rows=[], lines=[])
                floats.append(current)
            current.rows = [*(current.rows or []), [text for _, _, text in pieces]]
            current.lines.append(line)
            current.bbox = union([current.bbox, line.bbox])
        else:
            current = None
    return [
        f
        for f in floats
        if f.rows
        and len(f.rows) >= (1 if f.caption else 2)
        and _numeric(f.rows)
        and (f.caption is not None or _aligned(f.lines))
    ]


def _aligned(lines: list[Line]) -> bool:
    """Cells start at the same few x positions row after row, as table columns do.

    Prose with inline maths ("P1 -cite-> P2") also breaks into pieces at wide gaps, but
    its pieces start wherever the words fall, so few of them line up with other rows.
    """
    starts = [[round(x0 / 4) for x0, _, _ in cells(line)] for line in lines]
    rows_with = Counter(b for row in starts for b in set(row))
    shared = sum(1 for row in starts for b in row if max(rows_with[b + d] for d in (-1, 0, 1)) >= 2)
    return shared >= 0.7 * sum(len(row) for row in starts)


def _numeric(rows: list[list[str]]) -> bool:
    """Mostly short cells, and numbers in at least half of the value cells."""
    values = [cell for row in rows for cell in row[1:]]
    numbers = sum(1 for cell in values if re.search(r"\d", cell) or cell.lower() in _NO_VALUE)
    short = sum(1 for row in rows for cell in row if len(cell.split()) <= 5)
    return numbers >= len(values) / 2 and short >= 0.8 * sum(len(row) for row in rows)


def _labels(region: Box, line: Line, body_size: float) -> bool:
    """Text of a drawing: inside it, or small print (axis labels) just around it."""
    return _contains(region, line, pad=15 if line.size < body_size - 0.5 else 0)


def _contains(box: Box, line: Line, pad: float = 0) -> bool:
    x, y = line.center
    return box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
