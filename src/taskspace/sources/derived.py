"""Properties the loaders derive from what is already in the graph, brought up to date.

Some templates read properties a loader derives once instead of at every sample (the
quantities a paragraph states, on how many pages a heading appears). A graph loaded before
such a property existed, or under an older version of its rules, lacks it, and those
templates silently give it no rows. Each derivation stamps its version on the node it
covers (:Document, :WebSite); here the stale ones are listed, for ``kg sample`` to warn,
and derived again from the texts stored in the graph, for ``kg init``: no file needs
loading again and no site crawling again. The vectors of web elements are derived the same
way, but only make sampling faster, so their lack is not warned about.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from taskspace.core.words import counted
from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter
from taskspace.sources.documents.quantities import RULES_VERSION, quantity_properties
from taskspace.sources.web.element_vectors import VECTORS_VERSION, embed_site_elements
from taskspace.sources.web.headings import COUNT_VERSION, count_heading_pages

DOCUMENTS_PER_ROUND = 100
"""Documents whose paragraphs are read, written and stamped in one round: three round
trips per hundred documents rather than per document."""


@dataclass
class Stale:
    """Ids of the nodes whose derived properties are missing or out of date."""

    documents: list[str] = field(default_factory=list)
    sites: list[str] = field(default_factory=list)
    unnamed: list[str] = field(default_factory=list)
    """Documents without the name tasks call them by (:Document ``shown``)."""
    unembedded: list[str] = field(default_factory=list)
    """Sites whose anchor elements lack vectors: sampling still works, embedding their
    texts at every sample, so this is not warned about, only mended by ``kg init``."""

    def __bool__(self) -> bool:
        return bool(self.documents or self.sites or self.unnamed or self.unembedded)

    def describe(self) -> str:
        """One sentence a user can act on: what is stale, which template it costs, the
        command that mends it."""
        parts = []
        if self.unnamed:
            parts.append(
                f"{_count(len(self.unnamed), 'document')} the name tasks call "
                f"{_them(len(self.unnamed))} by (no document task asks about "
                f"{_them(len(self.unnamed))})"
            )
        if self.documents:
            parts.append(
                f"{_count(len(self.documents), 'document')} paragraph quantities "
                f"(compare_sections asks nothing of {_them(len(self.documents))})"
            )
        if self.sites:
            parts.append(
                f"{_count(len(self.sites), 'site')} heading page counts and page headings "
                f"(multi_hop_navigation asks nothing of {_them(len(self.sites))}, nav_link "
                "checks no heading on the page it reaches)"
            )
        return (
            f"{' and '.join(parts)}: loaded before these properties existed or under older "
            "rules. `kg init` derives them from the graph."
        )

    def of_kind(self, kind: str) -> Stale:
        """Only what templates of one sampling kind read: documents for ``doc``, sites for
        ``web``."""
        doc = kind == "doc"
        return Stale(
            self.documents if doc else [],
            self.sites if kind == "web" else [],
            self.unnamed if doc else [],
        )


@dataclass
class Refreshed:
    """What :func:`refresh_derived` derived again."""

    documents: int = 0
    paragraphs: int = 0
    sites: int = 0
    headings: int = 0
    pages: int = 0
    """Pages whose main and unique headings were chosen again."""
    named: int = 0
    """Documents that had no shown name and now have one (or are marked ambiguous)."""
    embedded_sites: int = 0
    embedded_elements: int = 0
    """Elements of those sites given a vector."""


def stale_derived(graph: Graph) -> Stale:
    """The documents and sites whose derived properties need deriving again."""
    documents, sites, unnamed, unembedded = graph.read_texts(
        [
            (graph.queries.text("documents/quantities_stale"), {"version": RULES_VERSION}),
            (graph.queries.text("web/heading_pages_stale"), {"version": COUNT_VERSION}),
            (graph.queries.text("documents/shown_names_stale"), {}),
            (graph.queries.text("web/element_vectors_stale"), {"version": VECTORS_VERSION}),
        ]
    )
    return Stale(
        [str(row["id"]) for row in documents],
        [str(row["id"]) for row in sites],
        [str(row["id"]) for row in unnamed],
        [str(row["id"]) for row in unembedded],
    )


def refresh_derived(graph: Graph, stale: Stale | None = None) -> Refreshed:
    """Derive again every stale property from the graph's own texts; idempotent.

    Each node is stamped only after its properties are written, so an interrupted run
    leaves the rest stale and the next run picks them up."""
    stale = stale_derived(graph) if stale is None else stale
    writer = BatchedWriter(graph)
    done = Refreshed()
    for start in range(0, len(stale.documents), DOCUMENTS_PER_ROUND):
        documents = stale.documents[start : start + DOCUMENTS_PER_ROUND]
        paragraphs = graph.read("documents/paragraph_texts", documents=documents)
        writer.write_named(
            "documents/set_quantities",
            [
                {"id": row["id"], "props": quantity_properties(str(row["text"] or ""))}
                for row in paragraphs
            ],
        )
        graph.write_text(
            graph.queries.text("documents/quantities_found"),
            documents=documents,
            version=RULES_VERSION,
        )
        done.documents += len(documents)
        done.paragraphs += len(paragraphs)
    for site in stale.sites:
        headings, pages = count_heading_pages(graph, writer, site)
        done.headings += headings
        done.pages += pages
        done.sites += 1
    for site in stale.unembedded:
        done.embedded_elements += embed_site_elements(graph, writer, site)
        done.embedded_sites += 1
    if stale.unnamed:  # over all documents: a title is shown only where no other has it
        graph.write_text(graph.queries.text("documents/shown_names"))
        done.named = len(stale.unnamed)
    return done


def _count(number: int, noun: str) -> str:
    """ "1 document lacks", "3 documents lack"."""
    return f"{counted(number, noun)} {'lacks' if number == 1 else 'lack'}"


def _them(number: int) -> str:
    return "it" if number == 1 else "them"
