"""Retrieved chunks as the retrievers return them since chunks pack short sections
(EIP-2718's closing sections and its Rationale), and one written before packing."""

from __future__ import annotations

from taskspace.retrieval.model import RetrievedItem

PACKED = RetrievedItem(
    node_id="chunk:closing",
    label="Chunk",
    text="Backwards Compatibility\n\n…\n\nSecurity Considerations\n\n…\n\nCopyright\n\n…",
    score=0.9,
    document="Typed Transaction Envelope",
    heading_path=["Backwards Compatibility"],
    heading_paths=["Backwards Compatibility", "Security Considerations", "Copyright"],
)
NESTED = RetrievedItem(
    node_id="chunk:rationale",
    label="Chunk",
    text="Rationale\n\nTransactionType only goes up to 0x7f\n\n…",
    score=0.8,
    document="Typed Transaction Envelope",
    heading_path=["Rationale"],
    heading_paths=["Rationale", "Rationale > TransactionType only goes up to 0x7f"],
)
UNPACKED = RetrievedItem(  # a chunk written before packing: heading_path alone
    node_id="chunk:old", label="Chunk", text="…", score=0.5, heading_path=["Design", "Chunking"]
)
