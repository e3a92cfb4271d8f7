"""Broken PDFs and hostile HTML, each beside a good Markdown file in the same call.

The PDFs are real (a USDA report, an ACL paper) damaged the ways downloads and disks
damage them: cut short, emptied, renamed, pointing at a garbage cross-reference table;
and a real password-protected PDF (pdfplumber's test file, kept with the tests).
Deeply nested HTML probes recursion limits.
"""

from __future__ import annotations

import re
from pathlib import Path

from bench.bad_inputs.files import Workdir
from bench.bad_inputs.model import BadRef, Case
from bench.bad_inputs.realdata import RealData

ENCRYPTED = (
    Path(__file__).resolve().parents[3] / "tests/fixtures/documents/real/password-example.pdf"
)


def cases(data: RealData, work: Workdir) -> list[Case]:
    paper = data.pdfs[1].read_bytes()
    pdfs = {
        "truncated-half": paper[: len(paper) // 2],
        "zero-bytes": b"",
        "markdown-named-pdf": data.good_md_2.read_bytes(),
        "encrypted": ENCRYPTED.read_bytes(),
    }
    found = [_beside(data, work, f"{name}.pdf", body, False) for name, body in pdfs.items()]
    garbage = re.sub(rb"startxref\s+\d+", b"startxref\n987654", paper)
    found.append(_beside(data, work, "garbage-xref.pdf", garbage, True))
    for depth in (500,):
        body = "<html><body>" + "<div>" * depth + "<p>deep text</p>" + "</div>" * depth
        found.append(
            _beside(data, work, f"deep-{depth}.html", body.encode() + b"</body></html>", True)
        )
    return found


def _beside(data: RealData, work: Workdir, name: str, body: bytes, recoverable: bool) -> Case:
    path = work.write("documents", name, body)
    return Case(
        "documents",
        name,
        ["load", "docs", str(data.good_md), str(path)],
        bad=[BadRef(name)],
        reference=["load", "docs", str(data.good_md)],
        recoverable=recoverable,
        timeout=300,
    )
