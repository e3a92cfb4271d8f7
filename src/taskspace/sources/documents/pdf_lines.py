"""Geometry of a page's text lines: boxes, the columns' edges, where a sentence ends, and
when a line carries on the paragraph above it."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from taskspace.core.boxes import union
from taskspace.sources.documents.model import ElementKind
from taskspace.sources.documents.pdf_layout import Line

_TERMINAL = (".", "?", "!", ":")


@dataclass
class OpenParagraph:
    """A paragraph or list item still open for lines that continue it."""

    index: int
    kind: ElementKind
    lines: list[Line] = field(default_factory=list)
    hanging: bool = False  # first line out-dented, as in reference lists
    formula: bool = False  # display maths, continued only by more maths


def continues_paragraph(
    paragraph: OpenParagraph, line: Line, bases: dict[tuple[int, str], tuple[float, float]]
) -> bool:
    """Same column, no paragraph gap, and the line starts where running text starts."""
    last = paragraph.lines[-1]
    if line.bullet or abs(line.size - last.size) > 1:
        return False
    left, right = bases.get((line.page, line.column), (line.x0, line.x1))
    if line.region != last.region or line.page != last.page:
        return not ends_sentence(last.text) and abs(line.x0 - left) < 4
    if line.top - last.bottom > 0.75 * line.size:
        return False
    if ends_sentence(last.text) and last.x1 < right - 0.12 * (right - left):
        return False
    if paragraph.kind is ElementKind.LIST_ITEM:
        runs_on = not ends_sentence(last.text) and not last.text.endswith(";")
        return abs(line.x0 - paragraph.lines[0].text_x0) < 4 or (
            runs_on and abs(line.x0 - left) < 4  # "• Installing new FCC OPS software" /
        )  # "and doing ..." back at the margin, as the Federal Register sets bullets
    if paragraph.hanging:
        return abs(line.x0 - last.x0) < 4
    if len(paragraph.lines) == 1:
        if 4 < last.x0 - line.x0 < 25:
            return True  # back from a first-line indent
        if 4 < line.x0 - last.x0 < 25 and last.x1 >= right - 0.1 * (right - left):
            paragraph.hanging = True
            return True
    return abs(line.x0 - left) < 4 or abs(line.x0 - last.x0) < 4


def ends_sentence(text: str) -> bool:
    """Ends with a full stop (or ?, !, :), also inside closing quotes: ‘‘... 2018–23–51.’’"""
    return text.rstrip("’”'\")]").endswith(_TERMINAL)


def box_of(lines: list[Line]) -> tuple[float, float, float, float]:
    """The box around ``lines``, to the hundredth of a point."""
    x0, top, x1, bottom = union(ln.bbox for ln in lines)
    return (round(x0, 2), round(top, 2), round(x1, 2), round(bottom, 2))


def column_edges(
    pages: list[list[Line]], body: float
) -> dict[tuple[int, str], tuple[float, float]]:
    """(page, column) -> (usual left edge of text lines, right edge of the column)."""
    edges: dict[tuple[int, str], tuple[float, float]] = {}
    for page in pages:
        groups: dict[str, list[Line]] = defaultdict(list)
        for line in page:
            if abs(line.size - body) < 0.6 and not line.footnote:
                groups[line.column].append(line)
        for column, lines in groups.items():
            left = Counter(round(ln.x0) for ln in lines).most_common(1)[0][0]
            rights = sorted(ln.x1 for ln in lines)
            edges[(lines[0].page, column)] = (float(left), rights[int(len(rights) * 0.9)])
    return edges
