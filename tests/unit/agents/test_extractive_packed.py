"""The extractive agent reads every section a retrieved chunk packs, not only its first."""

from __future__ import annotations

from taskspace.agents.doc.extractive_rules import extract
from taskspace.retrieval.model import Retrieval
from tests.support.retrieved import NESTED, PACKED


def test_the_extractive_agent_reads_the_sections_a_chunk_packs() -> None:
    retrieval = Retrieval(retriever="vector", question="", k=2, items=[PACKED, NESTED])
    question = (
        "Under which top-level section of “Typed Transaction Envelope” is the subsection "
        "“TransactionType only goes up to 0x7f” found?"
    )
    found = extract(question, retrieval.model_copy(update={"question": question}))
    assert found is not None and found.answer == "Rationale"
    assert found.cited == ["chunk:rationale"]
