"""PDF documents via pdfplumber: headings, paragraphs, lists, tables and figures with positions.

The font tells the structure: the most common size is body text, larger or bold short lines
are headings ("3.2 Title" numbers give their depth), and the largest lines on page 1 are the
title. Paragraphs are rebuilt from lines by indentation and spacing, and carry on across
columns and pages when a sentence runs on.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pdfplumber
from pdfminer.pdfdocument import PDFPasswordIncorrect
from pdfminer.pdfparser import PDFSyntaxError
from pdfminer.psparser import PSException
from pdfplumber.utils.exceptions import PdfminerException

from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.pdf_algorithms import algorithm_number, continues_algorithm
from taskspace.sources.documents.pdf_float import Float, join_continued
from taskspace.sources.documents.pdf_front import byline_authors
from taskspace.sources.documents.pdf_headings import NumberSequence, bold_title, title_block
from taskspace.sources.documents.pdf_layout import (
    Line,
    body_size,
    drop_running_lines,
    join_lines,
    page_lines,
)
from taskspace.sources.documents.pdf_lines import (
    OpenParagraph,
    box_of,
    column_edges,
    continues_paragraph,
    ends_sentence,
)
from taskspace.sources.documents.pdf_runin import (
    continues_heading,
    head_text,
    run_in_head,
    split_bold_start,
)
from taskspace.sources.documents.pdf_tables import find_floats
from taskspace.sources.documents.references import split_heading_number
from taskspace.sources.documents.table_shape import readable_rows, shaped_rows

_OPENING = re.compile(r"^(abstract|summary|introduction|contents|keywords)\b", re.I)


def parse_pdf(path: Path) -> ParsedDocument:
    """Structure of one PDF; a damaged or non-PDF file raises ValueError with the reason."""
    try:
        with pdfplumber.open(path) as pdf:
            pages: list[list[Line]] = []
            gutters: list[float] = []
            for page in pdf.pages:
                lines, gutters = page_lines(page, gutters)
                pages.append(lines)
            info = {str(k): _plain(v) for k, v in (pdf.metadata or {}).items()}
            return _Builder(path, pdf.pages, pages, info).build()
    except (PdfminerException, PSException, PDFSyntaxError) as error:
        cause = error.args[0] if error.args else error
        if isinstance(cause, PDFPasswordIncorrect):
            raise ValueError(
                "encrypted PDF: it needs a password to open; decrypt it first (e.g. "
                "`qpdf --decrypt --password=... in.pdf out.pdf`)"
            ) from error
        reason = str(cause) or type(cause).__name__
        raise ValueError(f"not a readable PDF ({reason})") from error


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


class _Builder:
    def __init__(
        self, path: Path, pdf_pages: list[Any], pages: list[list[Line]], info: dict[str, Any]
    ) -> None:
        self.path = path
        self.info = info
        self.pages = drop_running_lines(pages, [float(p.height) for p in pdf_pages])
        self.body = body_size(self.pages)
        self.floats = [
            find_floats(p, lines, self.body) for p, lines in zip(pdf_pages, self.pages, strict=True)
        ]
        self.elements: list[DocElement] = []
        self.open: OpenParagraph | None = None
        self.last_heading: DocElement | None = None
        self.heading_line: Line | None = None  # the last line of the last heading
        self.algorithm: int | None = None  # index of the algorithm box being read
        self.byline: list[Line] = []  # the lines between title and abstract
        self.bases = column_edges(self.pages, self.body)
        self.numbers = NumberSequence()

    def build(self) -> ParsedDocument:
        title, front = self._title_and_front()
        skip = {id(line) for line in front}
        for page, floats in zip(self.pages, self.floats, strict=True):
            anchors: dict[int, list[Float]] = defaultdict(list)
            taken = {id(line) for f in floats for line in f.lines}
            late = []
            for f in floats:
                if f.anchor is not None:
                    anchors[id(f.anchor)].append(f)
                else:
                    late.append(f)
            notes: list[Line] = []
            for line in page:
                for f in anchors.get(id(line), []):
                    self._float(f)
                if id(line) in taken or id(line) in skip:
                    continue
                if line.footnote and line.size < self.body - 0.5:
                    notes.append(line)
                else:
                    self._line(line)
            for f in late:
                self._float(f)
            self._footnotes(notes)
        declared = str(self.info.get("Author") or "")
        authors = byline_authors(self.byline) or [
            a.strip() for a in declared.split(";") if a.strip()
        ]
        return ParsedDocument(
            path=str(self.path),
            format="pdf",
            title=title,
            authors=authors,
            metadata={k: v for k, v in self.info.items() if v not in (None, "")},
            elements=[e for e in self.elements if e.text.strip()],
            pages=len(self.pages),
        )

    def _title_and_front(self) -> tuple[str, list[Line]]:
        """Title lines (largest font on page 1, past a logo) and the author block below."""
        first = [ln for ln in (self.pages[0] if self.pages else []) if not ln.footnote]
        if not first:
            return str(self.info.get("Title") or self.path.stem), []
        largest = max(ln.size for ln in first)
        if largest < self.body * 1.15:
            if self.info.get("Title"):
                return str(self.info["Title"]), []
            block = bold_title(first[:60], self.body)
            if block:
                return " ".join(ln.text for ln in block), block
            return first[0].text, []
        start, end = title_block(first, self.body)
        title_lines = first[start : end + 1]
        front: list[Line] = list(first[:start]) + title_lines
        self.byline = []
        for line in first[end + 1 : end + 20]:
            heading = self._heading(line)
            numbered = heading is not None and split_heading_number(line.text)[0] is not None
            if (heading is not None and (numbered or _OPENING.match(heading[2]))) or (
                line.size <= self.body + 0.3 and len(line.text.split()) >= 8
            ):
                break
            front.append(line)
            self.byline.append(line)
        title = " ".join(ln.text for ln in title_lines)
        return title, front

    def _heading(self, line: Line) -> tuple[int, str | None, str] | None:
        """(level, number, title) when the line is a section heading."""
        text = line.text.strip()
        words = text.split()
        if not 1 <= len(words) <= 14 or len(text) > 110 or line.math > 0.3:
            return None
        if not any(ch.isalpha() for ch in text) or text.endswith((".", ",", ";", ":")):
            return None
        larger = line.size >= self.body * 1.08
        if not (larger or line.bold >= 0.8) or line.bullet:
            return None
        number, title = split_heading_number(text)
        if not title[:1].isupper() and not title[:1].isdigit():
            return None
        if number is not None and not self.numbers.fits(number, line):
            number, title = None, text  # "14 CFR Part 39" is not section 14
        if number is None and not larger and len(words) > 8:
            return None
        level = number.count(".") + 1 if number else (1 if larger else self._inner_level())
        return level, number, title

    def _inner_level(self) -> int:
        """An unnumbered body-size head sits one level under the last numbered section."""
        return len(self.numbers.last) + 1 if self.numbers.last else 2

    def _line(self, line: Line) -> None:
        if self._algorithm(line) or self._heading_goes_on(line):
            return
        run_in = run_in_head(line) if line.bold < 1.0 else None
        if run_in is not None and self._starts_block(line):
            head, rest = run_in
            self._section(line, self._inner_level(), None, head)
            self.last_heading = None
            self._start(ElementKind.PARAGRAPH, rest)
            return
        heading = self._heading(line)
        if heading is not None:
            self._section(line, *heading)
            return
        self.last_heading = None
        if len(line.text.replace(" ", "")) <= 4 and line.size < self.body * 0.9:
            return  # a stray sub- or superscript
        if line.math >= 0.5:
            self._formula(line)
            return
        if (
            self.open is not None
            and not self.open.formula
            and continues_paragraph(self.open, line, self.bases)
        ):
            self.open.lines.append(line)
            self._refresh(self.open)
            return
        kind = ElementKind.LIST_ITEM if line.bullet else ElementKind.PARAGRAPH
        self._start(kind, line)

    def _algorithm(self, line: Line) -> bool:
        """An algorithm box (:mod:`~taskspace.sources.documents.pdf_algorithms`) is one code
        element."""
        code = self.elements[self.algorithm] if self.algorithm is not None else None
        if code is not None and continues_algorithm(line, code.page, self.body):
            box = code.bbox or line.bbox
            merged = (min(box[0], line.x0), box[1], max(box[2], line.x1), max(box[3], line.bottom))
            update = {
                "text": f"{code.text}\n{line.text}",
                "bbox": tuple(round(v, 2) for v in merged),
            }
            self.elements[self.algorithm or 0] = code.model_copy(update=update)
            return True
        self.algorithm = None
        number = algorithm_number(line)
        if number is None:
            return False
        self.open, self.last_heading = None, None
        self._add(
            ElementKind.CODE,
            line.text,
            [line],
            caption=line.text,
            number=number,
            language="pseudocode",
        )
        self.algorithm = len(self.elements) - 1
        return True

    def _starts_block(self, line: Line) -> bool:
        """The line opens a new block: nothing open, a gap above it, or the text above ended."""
        if self.open is None or self.open.formula:
            return True
        last = self.open.lines[-1]
        return (
            (line.page, line.region) != (last.page, last.region)
            or line.top - last.bottom > 0.75 * line.size
            or ends_sentence(last.text)
        )

    def _heading_goes_on(self, line: Line) -> bool:
        """Add ``line`` to the heading right above it when it carries that heading on
        (:func:`continues_heading`); its regular words after the bold ones open a paragraph."""
        last, below = self.last_heading, self.heading_line
        if last is None or below is None or not self.elements or self.elements[-1] is not last:
            return False
        if split_heading_number(line.text)[0] is not None:
            return False
        if not continues_heading(below, last.text, line):
            return False
        split = split_bold_start(line) if line.bold < 1.0 else (line, None)
        if split is None:
            return False
        head, rest = split
        text = head_text(join_lines([last.text, head.text]))
        box = box_of([below, head])
        self.elements[-1] = last.model_copy(update={"text": text, "bbox": box})
        self.last_heading, self.heading_line = self.elements[-1], head
        if rest is not None:
            self.last_heading = self.heading_line = None
            self._start(ElementKind.PARAGRAPH, rest)
        return True

    def _section(self, line: Line, level: int, number: str | None, title: str) -> None:
        """A heading; an unnumbered line right under a heading continues its title."""
        self.open = None
        last = self.last_heading
        if (
            last is not None
            and number is None
            and last.page == line.page
            and last.bbox is not None
            and 0 <= line.top - last.bbox[3] < line.size
            and abs(line.x0 - last.bbox[0]) < 0.5 * (last.bbox[2] - last.bbox[0])
            and self.heading_line is not None
            and continues_heading(self.heading_line, last.text, line)
        ):
            self.elements[-1] = last.model_copy(update={"text": f"{last.text} {title}"})
            self.last_heading, self.heading_line = self.elements[-1], line
            return
        self._add(ElementKind.SECTION, title, [line], level=level, number=number)
        self.numbers.accept(number, line)
        self.last_heading, self.heading_line = self.elements[-1], line

    def _formula(self, line: Line) -> None:
        """Display maths: its lines stay together, apart from the prose around them."""
        formula = self.open if self.open is not None and self.open.formula else None
        if formula is not None:
            last = formula.lines[-1]
            if (line.page, line.region) == (last.page, last.region) and (
                line.top - last.bottom < line.size
            ):
                formula.lines.append(line)
                self._refresh(formula)
                return
        self._start(ElementKind.PARAGRAPH, line, formula=True)

    def _start(self, kind: ElementKind, line: Line, formula: bool = False) -> None:
        self._add(kind, line.text, [line])
        self.open = OpenParagraph(len(self.elements) - 1, kind, [line], formula=formula)

    def _footnotes(self, notes: list[Line]) -> None:
        self.last_heading = None if notes else self.last_heading
        saved, self.open = self.open, None
        for line in notes:
            edge = min(n.x0 for n in notes if n.column == line.column)
            if (
                self.open is not None
                and abs(line.x0 - edge) < 3
                and line.region == (self.open.lines[-1].region)
            ):
                self.open.lines.append(line)
                self._refresh(self.open)
            else:
                self._add(ElementKind.PARAGRAPH, line.text, [line])
                self.open = OpenParagraph(len(self.elements) - 1, ElementKind.PARAGRAPH, [line])
        self.open = saved

    def _refresh(self, paragraph: OpenParagraph) -> None:
        """Rewrite the open paragraph's text and box from its lines."""
        element = self.elements[paragraph.index]
        text = join_lines([ln.text for ln in paragraph.lines])
        first = paragraph.lines[0]
        same_page = [
            ln for ln in paragraph.lines if (ln.page, ln.region) == (first.page, first.region)
        ]
        self.elements[paragraph.index] = element.model_copy(
            update={"text": text, "bbox": box_of(same_page)}
        )

    def _float(self, item: Float) -> None:
        self.last_heading = None
        if item.kind is ElementKind.TABLE and join_continued(self.elements, item):
            return
        fields: dict[str, Any] = {"caption": item.caption, "number": item.number}
        if item.kind is ElementKind.TABLE:
            # rows whose columns ran together are no table to read cells from
            readable = item.rows and readable_rows(item.rows)
            fields["rows"] = shaped_rows(item.rows or []) if readable else None
        self.elements.append(
            DocElement(
                kind=item.kind,
                position=len(self.elements),
                text=item.text,
                page=item.page,
                bbox=tuple(round(v, 2) for v in item.bbox),
                **fields,
            )
        )

    def _add(self, kind: ElementKind, text: str, lines: list[Line], **fields: Any) -> None:
        self.elements.append(
            DocElement(
                kind=kind,
                position=len(self.elements),
                text=text,
                page=lines[0].page,
                bbox=box_of(lines),
                **fields,
            )
        )
