"""bench.wikidata_bench --variants: each write-cost variant leaves out exactly its part of
the graph contract on real Wikidata lines, and the run reports every variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bench import wikidata_bench

from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.loader import LoadOptions, load_files
from tests.support.wikidata import FILM_SLICE, shared


@pytest.fixture()
def film_lines(tmp_path: Path) -> Path:
    """The first 3,000 lines of the shared film slice."""
    with shared(FILM_SLICE).open(encoding="utf-8") as source:
        head = [next(source) for _ in range(3000)]
    target = tmp_path / "film_head.nt"
    target.write_text("".join(head), encoding="utf-8")
    return target


def subjects(file: Path) -> list[str]:
    """The QIDs the file describes (its subjects), which get their own rows."""
    return sorted(
        set(re.findall(r"^<http://www\.wikidata\.org/entity/(Q\d+)>", file.read_text(), re.M))
    )


def value_items(graph: Graph, described: list[str]) -> dict[str, int]:
    """Items created only as claim values, and of them how many lack qid and :Entity."""
    return graph.read_text(
        "MATCH (i:Item) WHERE NOT i.id IN $described "
        "RETURN count(i) AS items, count(CASE WHEN i.qid IS NULL THEN 1 END) AS without_qid, "
        "count(CASE WHEN NOT i:Entity THEN 1 END) AS without_entity",
        described=described,
    )[0]


@pytest.mark.parametrize(
    ("variant", "qid", "entity"),
    [
        (None, True, True),
        ("without_qid", False, True),
        ("without_entity_label", True, False),
        ("rdflib_shape", False, False),
    ],
)
def test_a_variant_leaves_out_only_its_part(
    graph: Graph, film_lines: Path, variant: str | None, qid: bool, entity: bool
) -> None:
    target = graph if variant is None else wikidata_bench.variant_graph(graph, variant)
    try:
        report = load_files(target, [film_lines], LoadOptions())
    finally:
        if target is not graph:
            target.close()
    assert not report.failed
    edges = graph.read_text("MATCH ()-[r]->() RETURN count(r) AS n")[0]["n"]
    assert edges == report.relationships_created > 2000
    found = value_items(graph, subjects(film_lines))
    assert found["items"] > 500
    assert found["without_qid"] == (0 if qid else found["items"])
    assert found["without_entity"] == (0 if entity else found["items"])
    described = graph.read_text(
        "MATCH (i:Item:Entity) WHERE i.id IN $ids AND i.qid = i.id RETURN count(i) AS n",
        ids=subjects(film_lines),
    )[0]["n"]
    assert described == len(subjects(film_lines)) > 50


def test_the_run_reports_each_variant_and_the_reader_alone(
    bench_graph: Graph,
    film_lines: Path,
) -> None:
    result = wikidata_bench.run(film_lines, 5000, 1, variants=True)
    assert set(result["variants"]) == set(wikidata_bench.WRITE_COST_VARIANTS)
    built = result["taskspace"]
    for figures in result["variants"].values():
        assert (figures["nodes"], figures["relationships"]) == (
            built["nodes"],
            built["relationships"],
        )
        assert figures["as_built_over_variant"] > 0
    assert result["parse_seconds"] > 0
    assert bench_graph.read_text("MATCH (n:Item) RETURN count(n) AS n")[0]["n"] == 0
