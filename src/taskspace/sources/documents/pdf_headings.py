"""Heading numbers that must fit the document's sequence, and a title when no line is larger.

A bold line "14 CFR Part 39" looks like section 14 titled "CFR Part 39", and a bold
"2020 Annual Report" like section 2020. Real section numbers run in sequence: the first is
1 (or 2, when the first heading was missed), the next top-level number follows the last
one by one (or two, again for a missed heading), and "3.2" only comes under section 3 or
4. A number that breaks the sequence is part of the title, not a section number, unless
the line is set in the very font and size of an accepted heading of the same depth (two
headings in a row were missed, or the excerpt starts mid-paper).
"""

from __future__ import annotations

from taskspace.sources.documents.pdf_layout import Line

_MAX_JUMP = 2  # one missed heading between two found ones is tolerated


class NumberSequence:
    """The section numbers accepted so far, to judge whether the next one fits."""

    def __init__(self) -> None:
        self.last: list[int] | None = None
        self.styles: set[tuple[int, str, float]] = set()  # (depth, font, size) of headings

    def fits(self, number: str, line: Line | None = None) -> bool:
        """Whether ``number`` can be the next section number after the last accepted one."""
        if not number[:1].isdigit():
            return True  # appendix numbering ("A.1") starts its own sequence
        parts = [int(p) for p in number.split(".")]
        if line is not None and (len(parts), line.font, line.size) in self.styles:
            return self.last is None or parts > self.last
        if self.last is None:
            return parts[0] <= _MAX_JUMP + 1  # the first two headings may be missed
        top = self.last[0]
        if parts[0] == top:
            return len(parts) > 1
        return top < parts[0] <= top + _MAX_JUMP and all(p <= _MAX_JUMP for p in parts[1:])

    def accept(self, number: str | None, line: Line) -> None:
        if number is not None and number[:1].isdigit():
            self.last = [int(p) for p in number.split(".")]
            self.styles.add((len(self.last), line.font, line.size))


def bold_title(lines: list[Line], body: float) -> list[Line]:
    """The title of a page-1 set in body-size type: its longest bold block of lines.

    Government documents (the Federal Register) set agency, CFR part, docket and title as
    bold lines of the body size, one block each; the title is the block with most words.
    """
    blocks: list[list[Line]] = []
    for line in lines:
        if line.bold < 0.8 or line.size < body - 0.3 or line.footnote:
            continue
        last = blocks[-1][-1] if blocks else None
        if (
            last is not None
            and (line.page, line.region) == (last.page, last.region)
            and abs(line.size - last.size) < 0.3
            and 0 <= line.top - last.bottom < 0.8 * line.size
        ):
            blocks[-1].append(line)
        else:
            blocks.append([line])
    words = [sum(len(ln.text.split()) for ln in block) for block in blocks]
    candidates = [(count, -index) for index, count in enumerate(words) if 4 <= count <= 30]
    if not candidates:
        return []
    return blocks[-max(candidates)[1]]


def title_block(lines: list[Line], body: float) -> tuple[int, int]:
    """First and last index of the title: the run of lines in the largest type on page 1.

    A logo set larger still ("MPRA" over a working paper) is short: fewer than three words
    and twelve letters; when a longer block in clearly large type (1.3 times the body)
    follows, that block is the title.
    """
    sizes = sorted({ln.size for ln in lines}, reverse=True)
    runs = [_run(lines, size) for size in sizes if size >= body * 1.15]
    long = [_long(" ".join(ln.text for ln in lines[a : b + 1])) for a, b in runs]
    for index, (run, enough) in enumerate(zip(runs, long, strict=True)):
        later = [
            w
            for (a, _), w in zip(runs[index + 1 :], long[index + 1 :], strict=True)
            if a > run[1] and lines[a].size >= body * 1.3
        ]
        if enough or not any(later):
            return run
    return runs[0] if runs else (0, 0)


def _long(text: str) -> bool:
    """Three words or more, or twelve letters and more (titles in Chinese have no spaces)."""
    return len(text.split()) >= 3 or len(text.replace(" ", "")) >= 12


def _run(lines: list[Line], size: float) -> tuple[int, int]:
    start = next(i for i, ln in enumerate(lines) if ln.size == size)
    end = start
    while end + 1 < len(lines) and abs(lines[end + 1].size - size) < 0.5:
        end += 1
    return start, end
