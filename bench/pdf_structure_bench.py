"""Section and paragraph recall of the PDF parser on real PDFs of different layouts.

Each case is a real PDF with an independent reference parse of the same file (GROBID
TEI-XML or S2ORC JSON): a section counts as recovered when one of our section titles
matches its normalised title, a paragraph when one of ours matches it by text overlap
(difflib ratio or token F1 at 0.8, as in ``bench.doc_structure_eval``). A case whose files
are absent is reported as missing, not failed, so the script runs on any checkout:

    python -m bench.pdf_structure_bench [--shared ../shared/data/documents/pdf] [--extra DIR]

``--extra`` is a folder holding the other public PDFs and their parses under the names
listed in ``CASES`` (see docs/benchmarks.md for where each comes from). The Federal
Register has no GROBID or S2ORC parse; its reference is built from the GPO page template
(``bench.fr_reference``). Every case also reports symptoms of known defects (the title, a
"—Continued" table header as a section, a regulation reference as a numbered heading).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from bench.doc_structure_eval import (
    THRESHOLD,
    Truth,
    grobid_truth,
    normalise,
    s2orc_truth,
    token_f1,
)
from bench.fr_reference import federal_register_truth
from bench.load import emit
from taskspace.sources.documents.model import ElementKind, ParsedDocument
from taskspace.sources.documents.parse import parse_file

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SHARED = ROOT.parent / "shared" / "data" / "documents" / "pdf"


@dataclass(frozen=True)
class Case:
    """One real PDF and the reference parses shipped beside it (names relative to a folder)."""

    name: str
    layout: str
    folder: str  # "shared" or "extra"
    pdf: str
    tei: str | None = None
    s2orc: str | None = None
    template: bool = False  # reference built from the Federal Register page template


CASES = [
    Case(
        "N18-3011",
        "two-column ACL paper",
        "shared",
        "N18-3011_LiteratureGraph.pdf",
        "N18-3011_LiteratureGraph.grobid.tei.xml",
        "N18-3011_LiteratureGraph.s2orc.json",
    ),
    Case(
        "2020.acl-main.207",
        "two-column ACL paper, wide tables",
        "extra",
        "2020.acl-main.207.pdf",
        "2020.acl-main.207.tei.xml",
        "2020.acl-main.207.json",
    ),
    Case(
        "MPRA-5cd28c",
        "single-column working paper (28 pp, Spanish)",
        "extra",
        "5cd28c.pdf",
        None,
        "f2235cd28c171f9f3b6a8bcebe246159c464980c.json",
    ),
    Case(
        "FR-2020-17221",
        "three-column Federal Register",
        "extra",
        "federal-register-2020-17221.pdf",
        template=True,
    ),
]


def s2orc_any(path: Path) -> Truth:
    """S2ORC JSON in either layout: doc2json's ``pdf_parse`` or the 2021 release's flat one."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if "pdf_parse" in data:
        return s2orc_truth(path)
    sections: list[tuple[str | None, str]] = []
    for entry in data["body_text"]:
        key = (entry.get("sec_num"), entry["section"].strip())
        if key[1] and key not in sections:
            sections.append(key)
    paragraphs = [e["text"].strip() for e in data["body_text"] if e["section"].strip()]
    return Truth(str(data.get("metadata", {}).get("title") or ""), sections, paragraphs)


_REGULATION = re.compile(r"^(CFR|U\.?S\.?C\.?|FR)\b")


def defects(parsed: ParsedDocument) -> dict[str, Any]:
    """Symptoms of the defect classes of issue #10 that need no reference parse to see."""
    sections = [e for e in parsed.elements if e.kind is ElementKind.SECTION]
    return {
        "title": parsed.title,
        "continued_sections": sum(1 for e in sections if "continued" in e.text.lower()),
        "regulation_headings": [
            f"{e.number} {e.text}" for e in sections if e.number and _REGULATION.match(e.text)
        ],
    }


def run_case(case: Case, shared: Path, extra: Path | None) -> dict[str, Any]:
    folder = shared if case.folder == "shared" else extra
    if folder is None:
        return {"case": case.name, "missing": f"{case.pdf}: give --extra DIR holding it"}
    if not (folder / case.pdf).exists():
        return {"case": case.name, "missing": str(folder / case.pdf)}
    parsed = parse_file(folder / case.pdf)
    kinds = Counter(e.kind.value for e in parsed.elements)
    result: dict[str, Any] = {
        "case": case.name,
        "layout": case.layout,
        "pages": parsed.pages,
        "ours": dict(sorted(kinds.items())),
        "defects": defects(parsed),
    }
    if case.tei and (folder / case.tei).exists():
        result["grobid"] = compare(grobid_truth(folder / case.tei), parsed)
    if case.s2orc and (folder / case.s2orc).exists():
        result["s2orc"] = compare(s2orc_any(folder / case.s2orc), parsed)
    if case.template:
        result["fr_template"] = compare(federal_register_truth(folder / case.pdf), parsed)
    return result


def compare(truth: Truth, parsed: ParsedDocument) -> dict[str, Any]:
    """Recovered reference sections (title ratio >= 0.8) and paragraphs (ratio or token F1)."""
    ours_titles = [normalise(e.text) for e in parsed.elements if e.kind is ElementKind.SECTION]
    found_sections = sum(
        1
        for _, heading in truth.sections
        if any(
            SequenceMatcher(None, normalise(heading), t).ratio() >= THRESHOLD for t in ours_titles
        )
    )
    kinds = {ElementKind.PARAGRAPH, ElementKind.LIST_ITEM}
    ours = [normalise(e.text) for e in parsed.elements if e.kind in kinds]
    found_paragraphs = 0
    for paragraph in truth.paragraphs:
        target = normalise(paragraph)
        ranked = sorted(ours, key=lambda text: -token_f1(target, text))[:3]
        found_paragraphs += any(
            token_f1(target, text) >= THRESHOLD
            or SequenceMatcher(None, target, text).ratio() >= THRESHOLD
            for text in ranked
        )
    title = SequenceMatcher(None, normalise(truth.title), normalise(parsed.title)).ratio()
    return {
        "title_match": title >= THRESHOLD if truth.title else None,
        "sections": f"{found_sections}/{len(truth.sections)}",
        "section_recall": _ratio(found_sections, len(truth.sections)),
        "paragraphs": f"{found_paragraphs}/{len(truth.paragraphs)}",
        "paragraph_recall": _ratio(found_paragraphs, len(truth.paragraphs)),
    }


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    parser.add_argument("--extra", type=Path, default=None)
    parser.add_argument("--case", action="append", help="run only these case names")
    args = parser.parse_args(argv)
    chosen = [c for c in CASES if not args.case or c.name in args.case]
    emit([run_case(c, args.shared, args.extra) for c in chosen])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
