"""How much of a paper's true structure the PDF parser recovers.

Compares our parse of N18-3011 with two independent parses of the same PDF shipped beside
it: GROBID's TEI-XML and S2ORC's JSON. Counts the true section headings and body paragraphs
that we recover (fuzzy match on normalised text) and prints numbers and ratios as JSON:
    python -m bench.doc_structure_eval [--folder ../shared/data/documents/pdf]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from bench.load import emit
from taskspace.sources.documents.model import ElementKind, ParsedDocument
from taskspace.sources.documents.parse import parse_file

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "data" / "documents" / "pdf"
STEM = "N18-3011_LiteratureGraph"
TEI = {"t": "http://www.tei-c.org/ns/1.0"}
THRESHOLD = 0.8
_TEXT_KINDS = {ElementKind.PARAGRAPH, ElementKind.LIST_ITEM}


@dataclass(frozen=True)
class Truth:
    """One parse we compare against: its section headings and body paragraphs."""

    title: str
    sections: list[tuple[str | None, str]]  # (number, heading)
    paragraphs: list[str]


def normalise(text: str) -> str:
    """Lower case letters and digits only, so hyphenation and odd glyphs do not count."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def token_f1(truth: str, ours: str) -> float:
    a, b = Counter(truth.split()), Counter(ours.split())
    common = sum((a & b).values())
    if not common:
        return 0.0
    precision, recall = common / sum(b.values()), common / sum(a.values())
    return 2 * precision * recall / (precision + recall)


def token_containment(truth: str, ours: str) -> float:
    """Share of the true paragraph's words found in ours (ours may hold more)."""
    a, b = Counter(truth.split()), Counter(ours.split())
    return sum((a & b).values()) / max(1, sum(a.values()))


def grobid_truth(path: Path) -> Truth:
    root = ET.parse(path).getroot()
    title = "".join(root.find(".//t:titleStmt/t:title", TEI).itertext())  # type: ignore[union-attr]
    sections: list[tuple[str | None, str]] = []
    paragraphs: list[str] = []
    for div in root.findall(".//t:text/t:body/t:div", TEI):
        head = div.find("t:head", TEI)
        if head is not None:
            sections.append((head.get("n"), "".join(head.itertext()).strip()))
        paragraphs.extend("".join(p.itertext()).strip() for p in div.findall("t:p", TEI))
    return Truth(title.strip(), sections, [p for p in paragraphs if p])


def s2orc_truth(path: Path) -> Truth:
    data = json.loads(path.read_text(encoding="utf-8"))
    body = data["pdf_parse"]["body_text"]
    sections: list[tuple[str | None, str]] = []
    for entry in body:
        key = (entry.get("sec_num"), entry["section"].strip())
        if key[1] and key not in sections:
            sections.append(key)
    paragraphs = [entry["text"].strip() for entry in body if entry["section"].strip()]
    return Truth(str(data.get("title") or ""), sections, paragraphs)


def compare(truth: Truth, parsed: ParsedDocument) -> dict[str, Any]:
    ours_sections = [
        (e.number, normalise(e.text)) for e in parsed.elements if e.kind is ElementKind.SECTION
    ]
    found_titles = found_numbered = 0
    for number, heading in truth.sections:
        best = (
            max(  # by ratio alone: on a tie, numbers (str or None) cannot be compared
                (
                    (SequenceMatcher(None, normalise(heading), text).ratio(), num)
                    for num, text in ours_sections
                ),
                key=lambda scored: scored[0],
            )
            if ours_sections
            else (0.0, None)
        )
        if best[0] >= THRESHOLD:
            found_titles += 1
            found_numbered += int(number is None or best[1] == number)
    ours = [normalise(e.text) for e in parsed.elements if e.kind in _TEXT_KINDS]
    by_ratio = by_tokens = either = contained = 0
    matched_ours: set[int] = set()
    for paragraph in truth.paragraphs:
        target = normalise(paragraph)
        ranked = sorted(range(len(ours)), key=lambda i: -token_f1(target, ours[i]))[:3]
        ratio = max((SequenceMatcher(None, target, ours[i]).ratio() for i in ranked), default=0)
        f1 = max((token_f1(target, ours[i]) for i in ranked), default=0.0)
        by_ratio += ratio >= THRESHOLD
        by_tokens += f1 >= THRESHOLD
        if ranked and (ratio >= THRESHOLD or f1 >= THRESHOLD):
            either += 1
            matched_ours.add(ranked[0])
        contained += any(token_containment(target, text) >= 0.9 for text in ours)
    total_sections, total_paragraphs = len(truth.sections), len(truth.paragraphs)
    return {
        "title_match": SequenceMatcher(
            None, normalise(truth.title), normalise(parsed.title)
        ).ratio()
        >= THRESHOLD,
        "sections": {
            "truth": total_sections,
            "recovered": found_titles,
            "ratio": _ratio(found_titles, total_sections),
            "recovered_with_same_number": found_numbered,
        },
        "paragraphs": {
            "truth": total_paragraphs,
            "recovered_difflib": by_ratio,
            "ratio_difflib": _ratio(by_ratio, total_paragraphs),
            "recovered_token_f1": by_tokens,
            "ratio_token_f1": _ratio(by_tokens, total_paragraphs),
            "recovered_either": either,
            "ratio_either": _ratio(either, total_paragraphs),
            "contained_in_one_of_ours": contained,
            "ratio_contained": _ratio(contained, total_paragraphs),
            "ours_matched": len(matched_ours),
        },
    }


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


def run(folder: Path) -> dict[str, Any]:
    parsed = parse_file(folder / f"{STEM}.pdf")
    kinds = Counter(e.kind.value for e in parsed.elements)
    return {
        "pdf": str(folder / f"{STEM}.pdf"),
        "ours": {
            "title": parsed.title,
            "authors": len(parsed.authors),
            **dict(sorted(kinds.items())),
        },
        "grobid": compare(grobid_truth(folder / f"{STEM}.grobid.tei.xml"), parsed),
        "s2orc": compare(s2orc_truth(folder / f"{STEM}.s2orc.json"), parsed),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--folder", type=Path, default=DEFAULT_FOLDER)
    args = parser.parse_args(argv)
    if not (args.folder / f"{STEM}.pdf").exists():
        print(f"missing {args.folder / f'{STEM}.pdf'}", file=sys.stderr)
        return 2
    emit(run(args.folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
