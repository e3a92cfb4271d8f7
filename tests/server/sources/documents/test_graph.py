"""Documents into the graph: structure, chunks, embeddings, entities, links, `kg load docs`.

Tests marked ``server`` load real files through the real parsers into the dedicated test
Neo4j server and embed with the real all-MiniLM-L6-v2 model; the others check the offline
pieces (chunking, entity rules, rows) on their own.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.load_docs import docs
from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter
from taskspace.sources.documents.chunking import chunk_document, split_text
from taskspace.sources.documents.entities import (
    extract,
    fold_plurals,
    normalise,
    summarise,
    vocabulary,
)
from taskspace.sources.documents.graph_rows import (
    STRUCTURE_EDGES,
    document_rows,
    related_key,
)
from taskspace.sources.documents.loader import LoadOptions, load_documents, load_parsed
from taskspace.sources.documents.model import GRAPH_LABELS, ElementKind, ParsedDocument
from taskspace.sources.documents.node_ids import document_id, document_key
from tests.support.docs import (
    KG_100,
    KG_200,
    LINKED,
    MIXED,
    nearest_chunks,
    one,
    paragraph,
    report_paper,
    require_real_eips,
    section,
    snapshot,
)

server = pytest.mark.server


# --- offline pieces -----------------------------------------------------------------------


def test_a_large_section_is_chunked_alone_and_long_text_splits_at_sentences() -> None:
    long_text = " ".join(f"Sentence number {i} says something about fees." for i in range(40))
    document = ParsedDocument(
        path="/virtual/a.md",
        format="markdown",
        title="A",
        elements=[
            section(0, "One", [], None),
            paragraph(1, "Short text of section one.", ["One"], 0),
            section(2, "Two", [], None),
            paragraph(3, long_text, ["Two"], 2),
            paragraph(4, "Closing words of section two.", ["Two"], 2),
        ],
    )
    chunks = chunk_document(document, limit=300)
    assert chunks[0].text == "One\n\nShort text of section one."
    assert chunks[0].heading_path == ["One"] and chunks[0].positions == [0, 1]
    rest = chunks[1:]
    assert all(chunk.heading_path == ["Two"] for chunk in rest)
    assert all(len(chunk.text) <= 300 for chunk in chunks)
    assert len(rest) >= 6  # about 1,900 characters in parts of at most 300
    for chunk in rest:
        for piece in chunk.pieces:
            if piece.kind is ElementKind.PARAGRAPH:
                assert piece.text.endswith("."), piece.text  # cut at sentence ends only
    assert [chunk.index for chunk in chunks] == list(range(len(chunks)))
    assert rest[-1].positions[-1] == 4


def test_code_splits_at_line_ends() -> None:
    code = "\n".join(f"    value_{i} = compute({i})" for i in range(60))
    parts = split_text(code, 200, code=True)
    assert len(parts) > 5 and all(len(part) <= 200 for part in parts)
    assert "\n".join(parts).split("\n") == [line for line in code.split("\n")]


def test_entity_rules_find_names_acronyms_identifiers_and_titles() -> None:
    text = (
        "We introduce a new EIP-2718 transaction type. The GROBID parser and the ACL Anthology "
        "feed Semantic Scholar, and TransactionType values live in FORK_BLOCK_NUMBER blocks. "
        'The paper "Construction of the Literature Graph in Semantic Scholar" appeared. '
        "Transactions are priced on Ethereum. Ethereum burns the base fee. "
        "Implementations MUST NOT change it, see Table 2."
    )
    found = {(m.label, m.kind) for m in summarise(extract(text, vocabulary([text]))).values()}
    assert found == {
        ("EIP-2718", "identifier"),
        ("GROBID", "acronym"),
        ("ACL Anthology", "name"),
        ("Semantic Scholar", "name"),
        ("TransactionType", "identifier"),
        ("FORK_BLOCK_NUMBER", "identifier"),
        ("Construction of the Literature Graph in Semantic Scholar", "title"),
        ("Ethereum", "name"),
    }


def test_capitalised_words_need_evidence_from_the_whole_document() -> None:
    texts = ["Miners choose blocks.", "The block is full.", "Zcash and Bitcoin pay miners."]
    vocab = vocabulary(texts)
    keys = {mention.key for text in texts for mention in extract(text, vocab)}
    # "Miners" and "The" start sentences; "Zcash" starts one too but is never lower case
    # and appears nowhere else, so only "Bitcoin" (mid-sentence) is proven a name.
    assert keys == {"bitcoin"}


def test_normalised_keys_join_spellings() -> None:
    assert normalise("EIP 1559") == normalise("EIP-1559") == normalise("eip1559") == "eip-1559"
    assert normalise("Ethereum's") == "ethereum"
    assert normalise("Semantic  Scholar") == "semantic scholar"
    text = "One TransactionType, two TransactionTypes."
    folded = fold_plurals(extract(text, vocabulary([text])))
    assert {mention.key for mention in folded} == {"transactiontype"}


def test_related_keys_name_files() -> None:
    assert related_key("./eip-2718.md#specification") == "eip-2718"
    assert related_key("eip-2718") == "eip-2718"
    assert related_key("../docs/Guide.HTML?x=1") == "guide"


def test_rows_of_a_built_document() -> None:
    rows = document_rows(report_paper(), "source:test", 1000, "report.pdf")
    (part,) = rows.parts(1000)
    labels = {row["label"] for row in part["elements"]}
    assert labels == set(GRAPH_LABELS.values())
    structure = rows.structure()
    assert len(structure["refers_to"]) == 2
    assert structure["has_section"] == [{"end": part["elements"][0]["id"]}]
    assert len(structure["contains"]) == 5
    nodes, edges = rows.counts()
    assert nodes["Document"] == 1 and nodes["Table"] == 1 and edges["NEXT"] == 5


def test_rows_in_parts_are_the_rows_of_one_part() -> None:
    """However a document is cut, the parts hold every row once, and every edge comes in
    the part of its later end (both ends written by then)."""
    rows = document_rows(report_paper(), "source:test", 60, "report.pdf")
    (whole,) = rows.parts(10_000)
    for size in (1, 2, 3):
        parts = list(rows.parts(size))
        assert len(parts) == rows.part_count(size) > 1
        assert all(len(part["elements"]) <= size for part in parts)
        written: set[str] = set()
        for part in parts:
            written |= {row["id"] for row in part["elements"] + part["chunks"]}
            for key in STRUCTURE_EDGES:
                for edge in part[key]:
                    assert {edge.get("start", edge["end"]), edge["end"]} <= written
        for key in ("elements", "chunks", *STRUCTURE_EDGES):
            assert sorted(map(repr, (r for p in parts for r in p[key]))) == sorted(
                map(repr, whole[key])
            )
        assert parts[0]["element_ids"] == whole["element_ids"]
        assert parts[0]["chunk_ids"] == whole["chunk_ids"]


# --- the graph ----------------------------------------------------------------------------


@server
def test_a_packed_chunk_has_an_edge_to_each_section_it_holds(graph: Graph) -> None:
    """EIP-2718's closing sections (Backwards Compatibility, Security Considerations,
    Copyright) are a few lines each: one chunk holds all three, names their heading paths
    and reaches each :Section through HAS_ELEMENT; reloading the file changes nothing."""
    _, eip_2718 = require_real_eips()
    report = load_documents(graph, [eip_2718])
    assert report.failed == [] and report.nodes["Chunk"] == 9  # 16 with one per section
    rows = graph.read_text(
        "MATCH (c:Chunk) WHERE size(c.heading_paths) > 1 "
        "MATCH (c)-[:HAS_ELEMENT]->(s:Section) "
        "WITH c, s ORDER BY s.position "
        "RETURN c.index AS index, c.heading_path AS first, c.heading_paths AS paths, "
        "collect(s.title) AS sections ORDER BY index"
    )
    closing = rows[-1]
    assert closing["paths"] == ["Backwards Compatibility", "Security Considerations", "Copyright"]
    assert closing["sections"] == closing["paths"] and closing["first"] == [
        "Backwards Compatibility"
    ]
    rationale = next(row for row in rows if row["first"] == ["Rationale"])
    assert rationale["paths"][1] == "Rationale > TransactionType only goes up to 0x7f"
    assert rationale["sections"][:2] == ["Rationale", "TransactionType only goes up to 0x7f"]
    assert all(row["sections"] == [path.split(" > ")[-1] for path in row["paths"]] for row in rows)
    before = snapshot(graph)
    again = load_documents(graph, [eip_2718])
    assert snapshot(graph) == before and again.nodes_created == 0


def _chunk_edges(graph: Graph) -> list[dict[str, object]]:
    """Each chunk's text and the ids of the elements and entities it points at."""
    return graph.read_text(
        "MATCH (c:Chunk) "
        "RETURN c.id AS id, c.text AS text, c.heading_paths AS paths, "
        "COLLECT { MATCH (c)-[:HAS_ELEMENT]->(e) RETURN e.id ORDER BY e.id } AS elements, "
        "COLLECT { MATCH (c)-[m:MENTIONS]->(e) RETURN e.id + ':' + m.count ORDER BY e.id } "
        "AS mentions ORDER BY id"
    )


@server
def test_reloading_a_file_chunked_otherwise_leaves_nothing_of_the_old_chunks(
    graph: Graph,
) -> None:
    """Chunk ids are a document's key and index: a file loaded with other chunks before (a
    graph loaded before packing, or with another --chunk-size) and loaded again ends as a
    fresh load, with no edge of what a chunk id held before."""
    _, eip_2718 = require_real_eips()
    load_documents(graph, [eip_2718])
    fresh = snapshot(graph), _chunk_edges(graph)
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS")
    load_documents(graph, [eip_2718], chunk_chars=300)
    assert _chunk_edges(graph) != fresh[1]
    load_documents(graph, [eip_2718])
    assert (snapshot(graph), _chunk_edges(graph)) == fresh


@server
def test_real_eips_load_with_structure_chunks_entities_and_links(graph: Graph) -> None:
    eip_1559, eip_2718 = require_real_eips()
    report = load_documents(graph, [eip_1559, eip_2718])
    assert report.failed == [] and len(report.loaded) == 2
    assert one(graph, "MATCH (d:Document) RETURN count(d)") == 2
    links = graph.read_text(
        "MATCH (a:Document)-[:LINKS_TO]->(b:Document) RETURN a.name AS a, b.name AS b"
    )
    assert links == [{"a": "eip-1559_fee_market", "b": "eip-2718_typed_tx_envelope"}]

    sections = {
        row["title"]: row["path"]
        for row in graph.read_text(
            "MATCH (:Document {id: $doc})-[:HAS_SECTION|CONTAINS*]->(s:Section) "
            "RETURN s.text AS title, s.heading_path AS path",
            doc=document_id(document_key(eip_1559, eip_1559)),
        )
    }
    assert sections["Abstract"] == []
    assert sections["Block Hash Changing"] == ["Backwards Compatibility"]
    assert sections["Transaction Ordering"] == ["Security Considerations"]
    code = graph.read_text(
        "MATCH (:Document {id: $doc})-[:HAS_SECTION|CONTAINS*]->(s:Section {text: 'Specification'})"
        "-[:CONTAINS]->(c:Code) RETURN c.language AS language, c.text AS text",
        doc=document_id(document_key(eip_1559, eip_1559)),
    )
    assert len(code) == 1 and code[0]["language"] == "python"
    assert "class TransactionLegacy" in code[0]["text"]

    chunks = graph.read_text(
        "MATCH (c:Chunk)-[:FROM_DOCUMENT]->(d:Document) "
        "RETURN d.name AS doc, count(c) AS n, min(size(c.embedding)) AS lo, "
        "max(size(c.embedding)) AS hi"
    )
    assert {row["doc"] for row in chunks} == {"eip-1559_fee_market", "eip-2718_typed_tx_envelope"}
    assert all(row["lo"] == row["hi"] == 384 and row["n"] > 3 for row in chunks)
    assert one(graph, "MATCH (c:Chunk)-[:HAS_ELEMENT]->(:Code) RETURN count(DISTINCT c) > 1")

    # The Abstract is where EIP-1559 defines the base fee per gas and how it moves.
    best = nearest_chunks(graph, "base fee per gas", k=1)[0]
    assert best["file"] == str(eip_1559.resolve()) and best["heading_path"] == ["Abstract"]
    assert "base fee per gas" in best["text"]

    mentioned = graph.read_text(
        "MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity {label: 'EIP-2718'}) "
        "RETURN c.file AS file, c.heading_path AS path, m.count AS count ORDER BY path"
    )
    assert {row["file"] for row in mentioned} == {str(eip_1559.resolve())}
    assert ["Abstract"] in [row["path"] for row in mentioned]
    assert one(
        graph,
        "MATCH (p:Paragraph)-[:MENTIONS]->(:Entity {label: 'EIP-2718'}) RETURN count(p) > 0",
    )
    assert one(graph, "MATCH (a)-[:SHARES_ENTITY]-(b) RETURN count(*)") >= 1

    before = snapshot(graph)
    again = load_documents(graph, [eip_2718, eip_1559])
    assert snapshot(graph) == before
    assert again.nodes_created == 0 and again.relationships_created == 0
    assert again.as_dict()["nodes"] == report.as_dict()["nodes"]


@server
def test_fixtures_load_with_the_same_shape(graph: Graph) -> None:
    report = load_documents(graph, [LINKED])
    assert report.failed == [] and len(report.loaded) == 2
    assert report.nodes["Document"] == 2 and report.elements["Code"] == 1
    assert one(
        graph,
        "MATCH (:Document {name: 'kg-100_graph_loader'})-[:LINKS_TO]->(b:Document) RETURN b.name",
    ) == ("kg-200_entity_linking")
    items = graph.read_text(
        "MATCH (s:Section {text: 'Embeddings'})-[:CONTAINS]->(i:ListItem) "
        "RETURN s.heading_path AS section_path, i.heading_path AS path, s.number AS number"
    )
    assert len(items) == 2
    assert items[0] == {
        "section_path": ["Design"],
        "path": ["Design", "Embeddings"],
        "number": "2.2",
    }
    assert one(
        graph,
        "MATCH (:Paragraph)-[:REFERS_TO]->(s:Section) RETURN s.text + ' ' + s.number",
    ) == ("Design 2")
    assert one(graph, "MATCH (c:Chunk) RETURN collect(DISTINCT size(c.embedding))") == [384]
    assert (
        one(graph, "MATCH (:Document)-[:HAS_SECTION]->(s:Section) RETURN count(s)") == 5
    )  # three in kg-100, two in kg-200
    assert (
        one(graph, "MATCH (a)-[:NEXT_CHUNK]->(b) WHERE a.index + 1 <> b.index RETURN count(*)") == 0
    )

    # 2.1 Chunking and 2.2 Embeddings are short siblings: one chunk holds both
    best = nearest_chunks(graph, "Which index stores the vectors of the embedded chunks?", k=1)
    assert best[0]["file"] == str(KG_100.resolve())
    assert best[0]["heading_paths"] == ["Design > Chunking", "Design > Embeddings"]

    shared = graph.read_text(
        "MATCH (a:Document)-[r:SHARES_ENTITY]->(b:Document) "
        "RETURN a.id < b.id AS ordered, r.count AS count"
    )
    assert shared == [{"ordered": True, "count": 3}]  # Semantic Scholar, GROBID, Ethereum
    assert (
        one(
            graph,
            "MATCH (:Chunk)-[:MENTIONS]->(e:Entity {label: 'Semantic Scholar'}) "
            "RETURN count(DISTINCT e)",
        )
        == 1
    )
    every_node_has_source = one(
        graph,
        "MATCH (n) WHERE NOT n:Source AND n.source IS NULL RETURN count(n)",
    )
    assert every_node_has_source == 0
    assert one(
        graph,
        "MATCH (s:Source) RETURN collect(DISTINCT s.kind) + [count(s), min(size(s.checksum))]",
    ) == ["documents", 2, 64]

    before = snapshot(graph)
    load_documents(graph, [KG_200, KG_100])
    assert snapshot(graph) == before


@server
def test_links_resolve_whatever_the_load_order(graph: Graph) -> None:
    load_documents(graph, [KG_200])
    assert one(graph, "MATCH ()-[l:LINKS_TO]->() RETURN count(l)") == 0
    load_documents(graph, [KG_100])
    assert one(graph, "MATCH (a)-[:LINKS_TO]->(b) RETURN a.name + '>' + b.name") == (
        "kg-100_graph_loader>kg-200_entity_linking"
    )
    assert one(graph, "MATCH ()-[r:SHARES_ENTITY]->() RETURN r.count") == 3


@server
def test_a_bad_file_is_reported_and_the_rest_loads(graph: Graph) -> None:
    report = load_documents(graph, [MIXED, MIXED / "missing.md"])
    assert report.loaded == [str(MIXED / "field_notes.md")]
    reasons = dict(report.failed)
    assert set(reasons) == {str(MIXED / "truncated.pdf"), str(MIXED / "missing.md")}
    assert "PDF" in reasons[str(MIXED / "truncated.pdf")]
    assert "no such file" in reasons[str(MIXED / "missing.md")]
    assert one(graph, "MATCH (d:Document) RETURN d.name") == "field_notes"


@server
def test_known_entities_are_linked_not_duplicated(graph: Graph) -> None:
    BatchedWriter(graph).merge_nodes(
        ["Entity"], [{"id": "entity:known-ethereum", "props": {"label": "Ethereum"}}]
    )
    BatchedWriter(graph).merge_nodes(
        ["Item", "Entity"],
        [
            {
                "id": "Q-scholar",
                "props": {
                    "label": "Semantic Scholar search engine",
                    "aliases": ["Semantic Scholar", "S2"],
                    "aliases_text": "Semantic Scholar | S2",
                },
            }
        ],
    )
    load_documents(graph, [LINKED])
    ethereum = graph.read_text(
        "MATCH (e:Entity) WHERE toLower(e.label) = 'ethereum' "
        "OPTIONAL MATCH (c:Chunk)-[:MENTIONS]->(e) RETURN e.id AS id, count(c) AS chunks"
    )
    assert ethereum == [{"id": "entity:known-ethereum", "chunks": 2}]
    scholar = graph.read_text(
        "MATCH (c:Chunk)-[:MENTIONS]->(e) WHERE 'Semantic Scholar' IN [e.label] + "
        "coalesce(e.aliases, []) RETURN DISTINCT e.id AS id"
    )
    assert scholar == [{"id": "Q-scholar"}]
    assert one(graph, "MATCH (e:Entity {id: 'entity:known-ethereum'}) RETURN e.source") is None


@server
def test_built_document_gets_every_label_and_its_references(graph: Graph) -> None:
    report = load_parsed(graph, [report_paper()])
    assert report.loaded == ["/virtual/report.pdf"]
    labels = graph.read_text(
        "MATCH (:Document)-[:HAS_SECTION|CONTAINS*]->(e:DocElement) "
        "RETURN e.kind AS kind, [l IN labels(e) WHERE l <> 'DocElement'] AS labels"
    )
    assert {row["kind"]: row["labels"] for row in labels} == {
        kind.value: [label] for kind, label in GRAPH_LABELS.items()
    }
    refs = graph.read_text(
        "MATCH (p:Paragraph)-[:REFERS_TO]->(t) RETURN t.kind AS kind, t.number AS number "
        "ORDER BY kind"
    )
    assert refs == [{"kind": "figure", "number": "2"}, {"kind": "table", "number": "1"}]
    table = graph.read_text(
        "MATCH (t:Table) RETURN t.rows_json AS rows, t.page AS page, t.caption AS caption"
    )[0]
    assert json.loads(table["rows"])[1] == ["Diesel", "3.10"] and table["page"] == 2
    assert one(graph, "MATCH (p:Paragraph) RETURN p.bbox") == [72.0, 100.0, 540.0, 130.0]
    assert one(graph, "MATCH (d:Document) RETURN d.pages + size(d.authors)") == 3


@server
def test_similar_chunks_get_one_edge_per_pair(graph: Graph, tmp_path: Path) -> None:
    for name in ("copy_a", "copy_b"):
        shutil.copy(KG_200, tmp_path / f"{name}.md")
    refused = load_documents(graph, [tmp_path], options=LoadOptions(similarity_threshold=0.4))
    assert len(refused.loaded) == 1 and "a copy of" in refused.warnings[0][1]  # issue #24
    options = LoadOptions(similarity_threshold=0.4, keep_copies=True)
    report = load_documents(graph, [tmp_path], options=options)
    assert len(report.loaded) == 2 and "loaded as asked" in report.notes[0][1]
    pairs = graph.read_text(
        "MATCH (a:Chunk)-[r:SIMILAR_TO]->(b:Chunk) "
        "RETURN a.id < b.id AS ordered, a.file = b.file AS same_file, r.score AS score, "
        "a.index = b.index AS same_index"
    )
    assert pairs and all(pair["ordered"] for pair in pairs)
    assert all(0.4 <= pair["score"] <= 1.0 for pair in pairs)
    copies = [pair for pair in pairs if not pair["same_file"] and pair["same_index"]]
    assert len(copies) == 2 and all(pair["score"] > 0.999 for pair in copies)
    assert one(graph, "MATCH (c)-[:SIMILAR_TO]->(c) RETURN count(*)") == 0
    assert report.edges["SIMILAR_TO"] == len(pairs)


@server
def test_cli_loads_and_summarises(graph: Graph, server_env: dict[str, str]) -> None:
    runner = CliRunner()
    result = runner.invoke(docs, [str(LINKED), "--json", "--chunk-size", "300"], env=server_env)
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["documents"] == 2 and payload["failed"] == []
    assert payload["edges"]["LINKS_TO"] == 1
    # a section's title is its own heading; the document's title is document_title (#24)
    assert one(graph, "MATCH (s:Section) WHERE s.title <> s.text RETURN count(s)") == 0
    assert one(graph, "MATCH (p:Paragraph) WHERE p.title IS NOT NULL RETURN count(p)") == 0
    assert (
        one(
            graph,
            "MATCH (d:Document)<-[:FROM_DOCUMENT]-(:Chunk)-[:HAS_ELEMENT]->(e) "
            "WHERE e.document_title <> d.title RETURN count(e)",
        )
        == 0
    )
    assert payload["nodes"]["Chunk"] == one(graph, "MATCH (c:Chunk) RETURN count(c)")
    assert one(graph, "MATCH (c:Chunk) RETURN max(size(c.text))") <= 300
    assert payload["nodes"]["Chunk"] > 7  # the default size makes 7 chunks of these files

    table = runner.invoke(docs, [str(MIXED)], env=server_env)
    assert table.exit_code == 0, table.output
    assert "Documents loaded" in table.output and "Files not loaded" in table.output
    assert "truncated.pdf" in table.output and "1 of 2 files loaded" in table.output
    assert "Partly loaded: 1 of 2 files." in table.output


@server
def test_cli_fails_clearly_when_nothing_loads(
    graph: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    result = CliRunner().invoke(docs, [str(MIXED / "truncated.pdf")], env=server_env)
    assert result.exit_code == 1
    assert "Nothing loaded: none of the 1 files loaded." in result.output
    assert "truncated.pdf" in result.output and "Traceback" not in result.output
    empty = CliRunner().invoke(docs, [str(tmp_path), "--json"], env=server_env)
    assert empty.exit_code == 1
    assert json.loads(empty.stdout)["inputs"] == 0
    assert json.loads(empty.stdout)["status"] == "failed"
    assert one(graph, "MATCH (n) RETURN count(n)") == 0
