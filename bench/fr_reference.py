"""A reference parse of a Federal Register PDF from the GPO page template, not from our parser.

No GROBID or S2ORC parse exists for a Federal Register issue, so the benchmark builds one
from what the template fixes: three text columns at x = 45-217, 217-393 and 393-567
points, body text in 9-point Melior, headings as lines set wholly in bold at the body
size, and paragraphs that open with an indented first line. Each column is cropped at
those fixed boxes and read with pdfplumber on its own, so the reference does not depend on
our column detection, heading rules or paragraph joining. A bold run-in label ("SUMMARY:")
also opens a paragraph; a heading set on two lines is one heading. Footnotes (7 point),
tables (dot leaders) and the page furniture outside the column boxes are left out, and a
paragraph runs on across them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber

from bench.doc_structure_eval import Truth

COLUMNS = ((45.0, 217.0), (217.0, 393.0), (393.0, 567.0))
TOP, BOTTOM = 50.0, 745.0
BODY = 9.0
INDENT = 5.0


def federal_register_truth(path: Path) -> Truth:
    """Headings and paragraphs of every page, column by column, as the template sets them."""
    sections: list[tuple[str | None, str]] = []
    paragraphs: list[list[str]] = []
    heading: dict[str, Any] | None = None  # a heading line, which may run on to the next
    for line in _column_lines(path):
        text = " ".join(line["text"].split())
        chars = [c for c in line["chars"] if c["text"].strip()]
        if not chars or max(round(float(c["size"])) for c in chars) != BODY or "...." in text:
            continue  # footnotes, tables and furniture: the paragraph runs on after them
        bold = ["Bold" in str(c["fontname"]) for c in chars]
        if all(bold):
            if (
                heading is not None
                and _next_line(heading, line)
                and not sections[-1][1].endswith(":")
            ):
                sections[-1] = (None, f"{sections[-1][1]} {text}")
            else:
                sections.append((None, text))
            paragraphs.append([])
            heading = line
            continue
        heading = None
        if line["indented"] or bold[0] or not paragraphs:
            paragraphs.append([text])  # indented first line, or a bold run-in label
        else:
            paragraphs[-1].append(text)
    joined = [_join(lines) for lines in paragraphs if lines]
    return Truth("", sections, [p for p in joined if len(p.split()) >= 8])


def _column_lines(path: Path) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for left, right in COLUMNS:
                crop = page.crop((left, TOP, right, min(BOTTOM, float(page.height))))
                found = crop.extract_text_lines(return_chars=True)
                edge = min((float(ln["x0"]) for ln in found), default=left)
                for line in found:
                    line["indented"] = float(line["x0"]) > edge + INDENT
                    line["where"] = (page.page_number, left)
                    lines.append(line)
    return lines


def _next_line(previous: dict[str, Any], line: dict[str, Any]) -> bool:
    gap = float(line["top"]) - float(previous["bottom"])
    return bool(previous["where"] == line["where"] and 0 <= gap < 0.8 * BODY)


def _join(lines: list[str]) -> str:
    text = ""
    for piece in lines:
        if text.endswith("-") and text[-2:-1].isalpha() and piece[:1].islower():
            text = text[:-1] + piece
        else:
            text = f"{text} {piece}" if text else piece
    return text
