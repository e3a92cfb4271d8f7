"""The packing bench's heading questions: one per section, answered by the chunks that hold it."""

from __future__ import annotations

from bench.packing_bench import heading_questions

from taskspace.sources.documents.chunking import chunk_document
from taskspace.sources.documents.model import ElementKind
from taskspace.sources.documents.parse import parse_file
from tests.support.docs import EIP_2718, require_real_eips


def test_every_section_is_asked_once_both_ways() -> None:
    require_real_eips()
    document = parse_file(EIP_2718)
    sections = sum(element.kind is ElementKind.SECTION for element in document.elements)
    for pack in (False, True):
        chunks = [(document.path, chunk) for chunk in chunk_document(document, pack=pack)]
        asked = heading_questions([document], chunks)
        assert len(asked) == sections
        answers = dict(asked)
        closing = {answers[t].pop() for t in ("Security Considerations", "Copyright")}
        assert (len(closing) == 1) is pack  # packed: one chunk holds both closing sections
