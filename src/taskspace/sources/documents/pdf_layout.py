"""Text lines of a PDF page in reading order, with font size, weight and position.

pdfplumber reads a multi-column page row by row, so the columns are told apart first
(``pdf_columns``) and each band or column is read on its own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pdfplumber.page import Page

from taskspace.sources.documents.pdf_columns import Box, find_gutters, regions

_BOLD = re.compile(r"bold|black|heavy|semibold|demi|medi|\.b$|-b$|,b$", re.I)
_MATH = re.compile(r"^(cm(mi|sy|ex)|msbm|msam|mt2|euex|eufm|rsfs)|math|symbol|stix", re.I)
_CID = re.compile(r"\(cid:\d+\)")
_BULLET = re.compile(r"^\s*(?:[•◦▪‣∙●○■□➢►✓]|\(cid:\d+\))\s*")


@dataclass
class Line:
    """One text line of one column; ``region`` orders lines across bands and columns."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float
    bold: float
    math: float
    font: str
    page: int
    region: int
    column: str  # "full", or "left", ("middle",) "right"
    chars: list[dict[str, Any]] = field(repr=False, default_factory=list)
    bullet: bool = False
    text_x0: float = 0.0  # where the words start, after a bullet
    footnote: bool = False

    @property
    def bbox(self) -> Box:
        return (self.x0, self.top, self.x1, self.bottom)

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.top + self.bottom) / 2)


def page_lines(page: Page, previous: list[float] | None = None) -> tuple[list[Line], list[float]]:
    """The page's lines in reading order (bands top to bottom, columns left to right), and
    the column gutters found, for the next page to fall back on."""
    words = _words(page)
    if not words:
        return [], list(previous or [])
    gutters = find_gutters(words, float(page.width), float(page.height), previous)
    lines: list[Line] = []
    boxes = regions(words, gutters, float(page.width), float(page.height), _drawings(page))
    for region, (column, box) in enumerate(boxes):
        view = page.filter(_inside(box))
        raws = view.extract_text_lines(x_tolerance=1, return_chars=True)
        found = [_line(raw, page.page_number, region, column) for raw in raws]
        lines.extend(_join_fragments([line for line in found if line is not None]))
    _mark_footnotes(lines, page)
    _mark_drawn_bullets(lines, page)
    return lines, gutters


def _drawings(page: Page) -> list[Box]:
    """Images big enough to be figures. Drawn shapes are left out: the cells and charts of
    a spreadsheet print-out are drawn too, and must not turn its columns into bands."""
    area = float(page.width) * float(page.height)
    boxes = []
    for obj in page.images:
        box = (float(obj["x0"]), float(obj["top"]), float(obj["x1"]), float(obj["bottom"]))
        size = (box[2] - box[0]) * (box[3] - box[1])
        if box[3] - box[1] > 20 and box[2] - box[0] > 20 and size < 0.6 * area:
            boxes.append(box)
    return boxes


def _mark_drawn_bullets(lines: list[Line], page: Page) -> None:
    """A small dot drawn just left of a line's first word is a list bullet."""
    dots = [
        shape
        for shape in [*page.curves, *page.rects]
        if 1 < float(shape["x1"]) - float(shape["x0"]) < 6
        and 1 < float(shape["bottom"]) - float(shape["top"]) < 6
    ]
    for line in lines:
        for dot in dots:
            middle = (float(dot["top"]) + float(dot["bottom"])) / 2
            if 0 <= line.x0 - float(dot["x1"]) < 15 and line.top <= middle <= line.bottom:
                line.bullet, line.text_x0 = True, line.x0


def _join_fragments(lines: list[Line]) -> list[Line]:
    """Pieces of one visual row (inline formulas, sub- and superscripts) become one line."""
    joined: list[Line] = []
    for line in sorted(lines, key=lambda ln: ln.top):
        partner = min(
            (j for j in joined[-4:] if _same_row(j, line)),
            key=lambda j: abs(j.center[1] - line.center[1]),
            default=None,
        )
        if partner is None:
            joined.append(line)
        else:
            joined[joined.index(partner)] = _merge(partner, line)
    return joined


def _same_row(row: Line, piece: Line) -> bool:
    if not (piece.x0 >= row.x1 - 1 or piece.x1 <= row.x0 + 1):
        return False
    size = max(row.size, piece.size)
    if abs(row.center[1] - piece.center[1]) < 0.4 * size:
        return True
    smaller, larger = sorted((row, piece), key=lambda ln: ln.size)
    return (
        smaller.size < 0.85 * larger.size
        and larger.top - 0.3 * larger.size <= smaller.center[1] <= larger.bottom + 0.3 * larger.size
    )


def _merge(a: Line, b: Line) -> Line:
    first, second = sorted((a, b), key=lambda ln: ln.x0)
    main = a if a.size >= b.size else b
    chars = first.chars + second.chars
    total = max(1, len(chars))
    return Line(
        text=f"{first.text} {second.text}".strip(),
        x0=first.x0,
        top=main.top,
        x1=max(a.x1, b.x1),
        bottom=main.bottom,
        size=main.size,
        bold=(a.bold * len(a.chars) + b.bold * len(b.chars)) / total,
        math=(a.math * len(a.chars) + b.math * len(b.chars)) / total,
        font=main.font,
        page=a.page,
        region=a.region,
        column=a.column,
        chars=chars,
        bullet=first.bullet,
        text_x0=second.x0 if first.bullet and not first.text else first.text_x0,
    )


def _words(page: Page) -> list[dict[str, Any]]:
    view = page.filter(lambda obj: obj.get("object_type") != "char" or _readable(obj))
    return list(view.extract_words(x_tolerance=1.5))


def _readable(char: dict[str, Any]) -> bool:
    """Upright glyphs of a legible size: rotated axis labels would bridge table rows."""
    return bool(char.get("upright", True)) and float(char.get("size", 0)) >= 4


def _inside(box: Box) -> Callable[[dict[str, Any]], bool]:
    """A page filter keeping the legible glyphs whose centre lies in ``box``."""

    def keep(obj: dict[str, Any]) -> bool:
        if obj.get("object_type") != "char":
            return True
        if not _readable(obj):
            return False
        x = (float(obj["x0"]) + float(obj["x1"])) / 2
        y = (float(obj["top"]) + float(obj["bottom"])) / 2
        return box[0] <= x < box[2] and box[1] <= y < box[3]

    return keep


def _distinct(chars: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop glyphs printed twice on the same spot (fake bold, bold bullets)."""
    kept: list[dict[str, Any]] = []
    for char in chars:
        if kept and any(
            k["text"] == char["text"]
            and abs(float(k["x0"]) - float(char["x0"])) < 0.5
            and abs(float(k["top"]) - float(char["top"])) < 0.5
            for k in kept[-3:]
        ):
            continue
        kept.append(char)
    return kept


def _line(raw: dict[str, Any], page: int, region: int, column: str) -> Line | None:
    chars = _distinct([c for c in raw["chars"] if c["text"].strip()])
    text = " ".join(_CID.sub("", raw["text"]).split())
    lone_bullet = len(chars) == 1 and bool(_BULLET.fullmatch(raw["text"].strip() + " "))
    if not chars or (not text and not lone_bullet):
        return None
    bullet = lone_bullet or (
        bool(_BULLET.match(raw["text"]))
        and len(chars) > 1
        and float(chars[1]["x0"]) - float(chars[0]["x1"]) >= 1
    )
    if bullet:
        text = _BULLET.sub("", " ".join(raw["text"].split())).strip() or text
    sizes = Counter(round(float(c["size"]), 1) for c in chars)
    fonts = Counter(str(c["fontname"]).split("+")[-1] for c in chars)
    return Line(
        text=text,
        x0=float(raw["x0"]),
        top=float(raw["top"]),
        x1=float(raw["x1"]),
        bottom=float(raw["bottom"]),
        size=sizes.most_common(1)[0][0],
        bold=sum(1 for c in chars if _BOLD.search(str(c["fontname"]))) / len(chars),
        math=sum(1 for c in chars if _MATH.search(str(c["fontname"]).split("+")[-1])) / len(chars),
        font=fonts.most_common(1)[0][0],
        page=page,
        region=region,
        column=column,
        chars=chars,
        bullet=bullet,
        text_x0=float(chars[1]["x0"]) if bullet and len(chars) > 1 else float(raw["x0"]),
    )


def _mark_footnotes(lines: list[Line], page: Page) -> None:
    """Lines under a short rule in the lower half of a column are footnotes."""
    rules = [
        edge
        for edge in [*page.lines, *page.rects]
        if abs(float(edge["bottom"]) - float(edge["top"])) < 1.5
        and 25 < float(edge["x1"]) - float(edge["x0"]) < float(page.width) * 0.25
        and float(edge["top"]) > float(page.height) * 0.4
    ]
    for rule in rules:
        underline = any(
            0 <= float(rule["top"]) - line.bottom < 3
            and line.x0 < float(rule["x1"])
            and float(rule["x0"]) < line.x1
            for line in lines
        )
        if underline:
            continue
        for line in lines:
            if (
                line.top > float(rule["top"])
                and abs(line.x0 - float(rule["x0"])) < 40
                and (line.column != "full" or line.x1 < float(page.width) / 2)
            ):
                line.footnote = True


def cells(line: Line, gap: float | None = None) -> list[tuple[float, float, str]]:
    """The line cut where the space between glyphs is wider than a word space."""
    limit = gap if gap is not None else max(4.0, 0.55 * line.size)
    pieces: list[tuple[float, float, str]] = []
    current: list[dict[str, Any]] = []
    for char in sorted(line.chars, key=lambda c: float(c["x0"])):
        if current and float(char["x0"]) - float(current[-1]["x1"]) > limit:
            pieces.append(_piece(current))
            current = []
        current.append(char)
    if current:
        pieces.append(_piece(current))
    return pieces


def _piece(chars: list[dict[str, Any]]) -> tuple[float, float, str]:
    text = ""
    for i, char in enumerate(chars):
        if i and float(char["x0"]) - float(chars[i - 1]["x1"]) > 0.12 * float(char["size"]):
            text += " "
        text += str(char["text"])
    return float(chars[0]["x0"]), float(chars[-1]["x1"]), _CID.sub("", text).strip()


def drop_running_lines(pages: list[list[Line]], heights: list[float]) -> list[list[Line]]:
    """Remove page numbers, headers/footers repeated on most pages and edge small print.

    A short line at the top of a page that repeats a piece of the running header ("Proposed
    Rules", "Vol. 85, No. 152" under the masthead of a Federal Register issue, where later
    pages carry "Federal Register / Vol. 85, No. 152 / ... / Proposed Rules") is running
    matter too, though it is set in a larger type and at another place.
    """
    body = body_size(pages)

    def key(line: Line) -> str:
        """Digits as "#", and no page number at either end: odd and even pages put it on
        opposite sides of the same running header."""
        return re.sub(r"\d+", "#", line.text.lower()).strip("# ") or "#"

    def compact(text: str) -> str:
        return re.sub(r"[^a-z#]+", "", text)

    def marginal(line: Line, height: float) -> bool:
        return line.top < height * 0.08 or line.bottom > height * 0.92

    def edge_print(line: Line, height: float) -> bool:
        small = line.size < body - 0.5
        return small and (line.top < height * 0.05 or line.bottom > height * 0.93)

    counts: Counter[str] = Counter()
    for page, height in zip(pages, heights, strict=True):
        counts.update({key(ln) for ln in page if marginal(ln, height)})
    repeated = {k for k, n in counts.items() if n >= max(2, len(pages) // 2)}
    running = [compact(k) for k in repeated if len(compact(k)) >= 12]

    def header_piece(line: Line, height: float) -> bool:
        piece = compact(key(line))
        return (
            line.top < height * 0.12
            and len(line.text.split()) <= 5
            and len(piece) >= 6
            and any(piece in whole and piece != whole for whole in running)
        )

    furniture: set[int] = set()
    for page, height in zip(pages, heights, strict=True):
        furniture.update(id(ln) for ln in _furniture(page, partial(edge_print, height=height)))
    return [
        [
            ln
            for ln in page
            if ln.text
            and id(ln) not in furniture
            and not (marginal(ln, height) and (key(ln) in repeated or _page_number(ln.text)))
            and not header_piece(ln, height)
        ]
        for page, height in zip(pages, heights, strict=True)
    ]


def _furniture(page: list[Line], edge: Callable[[Line], bool]) -> list[Line]:
    """Small print at the very edge of a page (venue and copyright notes), set apart from
    the text above it; the last lines of footnotes or of a table that run to the edge,
    right under the line before them, are content."""
    found: list[Line] = []
    for line in sorted(page, key=lambda ln: ln.top):
        if not edge(line):
            continue
        above = [o for o in page if o.bottom <= line.top + 1 and o.x0 < line.x1 and line.x0 < o.x1]
        nearest = max(above, key=lambda o: o.bottom, default=None)
        gap = line.top - nearest.bottom if nearest is not None else line.top
        if nearest is None or gap >= 0.5 * line.size or id(nearest) in {id(f) for f in found}:
            found.append(line)
    return found


def body_size(pages: list[list[Line]]) -> float:
    """The font size most of the text is set in."""
    sizes: Counter[float] = Counter()
    for line in (ln for page in pages for ln in page):
        sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0


def _page_number(text: str) -> bool:
    return bool(re.fullmatch(r"(page\s*)?[-–]?\s*\d{1,5}\s*[-–]?(\s*(of|/)\s*\d+)?", text, re.I))


def chars_text(chars: list[dict[str, Any]]) -> str:
    """Glyphs left to right as text, with a space where the gap is wider than kerning."""
    return _piece(sorted(chars, key=lambda c: float(c["x0"])))[2] if chars else ""


def join_lines(texts: list[str]) -> str:
    """Lines into running text, rejoining words hyphenated at the line end.

    A hyphen before a capital is the name's own ("Never-" / "Ending Language Learner",
    "Soekarno-" / "Hatta"): it stays, without a space, or the name would be read as two.
    A number range or identifier broken after its dash ("737–" / "9", "2018–" / "23–51")
    and a URL broken after "//" are rejoined without a space.
    """
    text = ""
    for piece in texts:
        if text.endswith("-") and text[-2:-1].isalpha() and piece[:1].islower():
            text = text[:-1] + piece
        elif (
            (text.endswith("-") and text[-2:-1].isalpha() and piece[:1].isupper())
            or (text.endswith(("–", "-")) and text[-2:-1].isdigit() and piece[:1].isdigit())
            or text.endswith("://")
        ):
            text += piece
        else:
            text = f"{text} {piece}" if text else piece
    return text
