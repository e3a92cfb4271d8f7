"""Real Wikidata files (../shared/data/wikidata) as they arrive in the wild: CRLF line
endings, a byte-order mark, every statement twice, cut off inside a .gz, a huge literal.
Each variant must give the same graph rows as the file itself (or say where it stopped)."""

from __future__ import annotations

import gzip
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.inputs import sniffed
from taskspace.sources.wikidata.loader import LoadOptions, LoadReport, file_records, load_files
from taskspace.sources.wikidata.mapping import GraphRows
from tests.support.wikidata import FILM_SLICE, KAHN, Q42_TTL, rows, shared

Variant = Callable[[bytes], bytes]
VARIANTS: dict[str, Variant] = {
    "crlf": lambda data: data.replace(b"\n", b"\r\n"),
    "bom": lambda data: b"\xef\xbb\xbf" + data,
    "twice": lambda data: data + b"\n" + data,
}
REAL = [(Q42_TTL, "ttl"), (FILM_SLICE, "nt"), (KAHN, "json")]


def graph_rows(data: bytes, fmt: str) -> tuple[GraphRows, LoadReport]:
    report = LoadReport()
    out = GraphRows(source="source:test")
    lines = sniffed(io.BytesIO(data).readlines())
    for record in file_records(lines, "variant", fmt, LoadOptions(), report):
        out.add(record)
    return out, report


def _same(a: GraphRows, b: GraphRows) -> bool:
    return (a.items, a.properties, a.claims, a.statements, a.bare_items) == (
        b.items,
        b.properties,
        b.claims,
        b.statements,
        b.bare_items,
    )


@pytest.mark.parametrize(
    ("path", "fmt", "variant"),
    # a wbgetentities response is one JSON document: twice over is not JSON, so not here
    [(p, f, v) for p, f in REAL for v in sorted(VARIANTS) if (f, v) != ("json", "twice")],
    ids=lambda x: getattr(x, "name", x),
)
def test_a_real_file_in_another_shape_gives_the_same_rows(
    path: Path, fmt: str, variant: str
) -> None:
    data = shared(path).read_bytes()
    plain, plain_report = graph_rows(data, fmt)
    changed, report = graph_rows(VARIANTS[variant](data), fmt)
    assert plain_report.error_count == 0 and report.error_count == 0, report.errors[:3]
    assert plain.items and _same(plain, changed)


def test_a_real_dump_cut_inside_its_gzip_loads_what_was_read(graph: Graph, tmp_path: Path) -> None:
    packed = gzip.compress(shared(Q42_TTL).read_bytes())
    cut = tmp_path / "Q42.ttl.gz"
    cut.write_bytes(packed[: len(packed) * 3 // 5])
    report = load_files(graph, [cut])
    assert report.loaded == [str(cut)]
    stopped = [e for e in report.errors if "stopped reading" in e.reason]
    assert len(stopped) == 1 and stopped[0].reason.endswith("compressed file is truncated")
    # The dump states Q42's truthy claims (from line 1027) before its labels (line 3808),
    # which lie beyond the cut.
    found = rows(
        graph,
        "MATCH (n:Item {id: 'Q42'})-[:P31]->(h:Item {id: 'Q5'}) "
        "RETURN n.label AS label, n.P1813 AS short",
    )
    assert found == [{"label": None, "short": "Douglas Adams"}]


@pytest.mark.parametrize("fmt", ["nt", "ttl"])
def test_a_huge_literal_is_one_value(fmt: str) -> None:
    text = "x" * (8 << 20)
    line = (
        f'<http://www.wikidata.org/entity/Q900601> <http://schema.org/description> "{text}"@en .\n'
    )
    found, report = graph_rows(line.encode(), fmt)
    assert report.error_count == 0
    assert found.items[0]["props"]["description"] == text
