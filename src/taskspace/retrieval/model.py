"""What a retriever returns: ranked pieces of text, each with its node id and score."""

from __future__ import annotations

from pydantic import BaseModel, Field

from taskspace.sources.documents.chunking import PATH_JOINER


class RetrievedItem(BaseModel):
    """One piece of context: the node it came from, its text and the retriever's score."""

    node_id: str
    label: str = Field(description="the node's family label, e.g. Chunk")
    text: str
    score: float
    document: str | None = Field(default=None, description="title or name of its document")
    heading_path: list[str] = Field(
        default_factory=list, description="where the chunk begins: its first section's path"
    )
    heading_paths: list[str] = Field(
        default_factory=list,
        description="every section the chunk holds, each path joined by ' > ' (a chunk packs "
        "short sibling sections)",
    )
    related_ids: list[str] = Field(
        default_factory=list,
        description="nodes the retriever reached from this one (section, neighbouring "
        "chunks, entities), which an answer may cite as well",
    )

    @property
    def paths(self) -> list[list[str]]:
        """Every heading path the item covers: its sections' paths, else its one path."""
        if self.heading_paths:
            return [path.split(PATH_JOINER) for path in self.heading_paths if path]
        return [self.heading_path] if self.heading_path else []

    def where(self, separator: str = PATH_JOINER) -> str:
        """Its document and heading path(s) for a reader: "EIP-1 > Rationale > A; Rationale > B"."""
        paths = "; ".join(separator.join(path) for path in self.paths)
        return separator.join(filter(None, [self.document, paths]))


class Retrieval(BaseModel):
    """The ranked items one retriever found for one question."""

    retriever: str
    question: str
    k: int
    items: list[RetrievedItem] = Field(default_factory=list)

    @property
    def node_ids(self) -> list[str]:
        """Every node id the agent saw, ranked items first, once each."""
        seen = [item.node_id for item in self.items]
        seen += [node for item in self.items for node in item.related_ids]
        return list(dict.fromkeys(seen))
