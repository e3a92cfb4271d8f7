"""Live expansion through SPARQLWrapper over HTTP from an endpoint served on 127.0.0.1 by
rdflib, over our own fixture and over the real film slice."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.load_wikidata import wikidata
from taskspace.cli.main import KgGroup
from taskspace.graph.connection import Graph
from taskspace.server.isolated import free_port
from taskspace.sources.wikidata.apps import find_app
from taskspace.sources.wikidata.errors import SparqlError
from taskspace.sources.wikidata.sparql import SparqlClient, load_sparql
from taskspace.sources.wikidata.terms import Literal
from tests.support.wikidata import FILM_SLICE, FILMS, rows, shared, sparql_endpoint, value


def labelled(graph: Graph) -> list[str]:
    found = rows(graph, "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN n.id AS id ORDER BY id")
    return [row["id"] for row in found]


def test_client_returns_typed_terms() -> None:
    with sparql_endpoint(FILMS) as (url, queries):
        answer = SparqlClient(url).select(
            "SELECT ?o WHERE { <http://www.wikidata.org/entity/Q900001> "
            "<http://www.wikidata.org/prop/direct/P577> ?o }"
        )
        label = SparqlClient(url).select(
            "SELECT ?o WHERE { <http://www.wikidata.org/entity/Q900011> "
            "<http://www.w3.org/2000/01/rdf-schema#label> ?o }"
        )
    assert answer == [{"o": Literal("1999-05-20", "http://www.w3.org/2001/XMLSchema#date")}]
    assert label == [{"o": Literal("Björn Æsir", None, "en")}]
    assert len(queries) == 2


def test_expansion_keeps_neighbours_inside_the_app(graph: Graph) -> None:
    app = find_app("moviedb")
    with sparql_endpoint(FILMS) as (url, _):
        report, expansion = load_sparql(graph, url, ["Q900001"], 1, app)
    # Q900001's neighbours: people (Q5) and a film genre are in moviedb's space; the class
    # Q24869 and the unclassified Q900012 are not.
    assert expansion.kept == ["Q900010", "Q900011", "Q900020"]
    assert expansion.dropped == 2 and expansion.frontier_sizes == [1, 3]
    assert labelled(graph) == ["Q900001", "Q900010", "Q900011", "Q900020"]
    assert value(graph, "MATCH (:Item {id: 'Q900001'})-[r:P161]->() RETURN count(r)") == 3
    born = rows(graph, "MATCH (:Item {id: 'Q900010'})-[:P19]->(t) RETURN t.id AS id, t.label AS l")
    assert born == [{"id": "Q900030", "l": None}]  # beyond the last hop: a bare node
    assert report.items == 4 and report.error_count == 0
    source = rows(graph, "MATCH (s:Source) RETURN s.uri AS uri, s.kind AS kind")
    assert source == [{"uri": url, "kind": "wikidata"}]


def test_reverse_actions_and_subclass_paths(graph: Graph) -> None:
    app = find_app("moviedb")
    with sparql_endpoint(FILMS) as (url, queries):
        _, expansion = load_sparql(graph, url, ["Q900011"], 1, app)
    # ^P161 and ^P57 lead from the actor to both films; Q900001 is a feature film
    # (Q24869), which is a film only through wdt:P279.
    assert expansion.kept == ["Q900001", "Q900002"]
    assert "wdt:P31/wdt:P279*" in "".join(queries)
    assert labelled(graph) == ["Q900001", "Q900002", "Q900011"]


def test_without_an_app_every_neighbour_is_followed_and_hops_zero_stays(graph: Graph) -> None:
    with sparql_endpoint(FILMS) as (url, _):
        _, none = load_sparql(graph, url, ["Q900010"], 0, None)
        assert none.kept == [] and labelled(graph) == ["Q900010"]
        _, every = load_sparql(graph, url, ["Q900010"], 1, None)
    assert every.kept == ["Q5", "Q900030"] and every.dropped == 0
    assert labelled(graph) == ["Q900010", "Q900030"]


def test_expanding_twice_changes_nothing(graph: Graph) -> None:
    app = find_app("moviedb")
    with sparql_endpoint(FILMS) as (url, _):
        load_sparql(graph, url, ["Q900001"], 2, app)
        before = rows(graph, "MATCH (n) RETURN count(n) AS n")
        again, _ = load_sparql(graph, url, ["Q900001"], 2, app)
    assert again.nodes_created == 0 and again.relationships_created == 0
    assert rows(graph, "MATCH (n) RETURN count(n) AS n") == before


def test_real_film_slice_over_http(graph: Graph) -> None:
    app = find_app("moviedb")
    with sparql_endpoint(shared(FILM_SLICE)) as (url, _):
        report, expansion = load_sparql(graph, url, ["Q1001943", "Q100423423"], 1, app)
    film = rows(
        graph,
        "MATCH (f:Item {id: 'Q1001943'})-[:P57]->(d:Item) RETURN f.label AS film, d.id AS d",
    )
    assert film == [
        {"film": "Buffalo Bill and the Indians, or Sitting Bull's History Lesson", "d": "Q55163"}
    ]
    assert value(graph, "MATCH (:Item {id: 'Q1001943'})-[r:P161]->() RETURN count(r)") == 16
    producer = value(graph, "MATCH (p:Item {id: 'Q100423423'})-[:P31]->(c) RETURN c.id")
    assert producer == "Q5"
    # no object in the slice has a class of its own, so every neighbour stays outside
    assert expansion.kept == [] and expansion.dropped == 27
    assert report.items == 2


def test_unreachable_endpoint_and_bad_seed_are_clear_errors(graph: Graph) -> None:
    with pytest.raises(SparqlError, match="failed"):
        load_sparql(graph, f"http://127.0.0.1:{free_port()}/sparql", ["Q1"], 1, None)
    with pytest.raises(SparqlError, match="item ids such as Q42"):
        load_sparql(graph, "http://127.0.0.1:9/sparql", ["Q1", "P31"], 1, None)
    with sparql_endpoint(FILMS) as (url, _), pytest.raises(SparqlError, match="failed"):
        SparqlClient(url).select("SELECT nonsense WHERE {")


def test_cli_sparql_mode(server_env: dict[str, str], graph: Graph) -> None:
    @click.group(cls=KgGroup)
    def kg() -> None:
        """Test entry point."""

    kg.add_command(wikidata)
    runner = CliRunner()
    with sparql_endpoint(FILMS) as (url, _):
        result = runner.invoke(
            kg,
            [
                "wikidata",
                "--sparql",
                url,
                "--seed",
                "Q900001",
                "--hops",
                "1",
                "--app",
                "moviedb",
                "--json",
            ],
            env=server_env,
        )
        table = runner.invoke(
            kg,
            ["wikidata", "--sparql", url, "--seed", "Q900002", "--app", "moviedb"],
            env=server_env,
        )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["sparql"]
    assert data["expansion"]["kept_neighbours"] == 3 and data["items"] == 4
    assert table.exit_code == 0 and "Expansion" in table.output
    unknown = runner.invoke(
        kg,
        ["wikidata", "--sparql", "http://127.0.0.1:9/x", "--seed", "Q1", "--app", "nope"],
        env=server_env,
    )
    assert unknown.exit_code == 1 and "no app named 'nope'" in unknown.output
    lonely = runner.invoke(kg, ["wikidata", "--seed", "Q1"], env=server_env)
    assert lonely.exit_code == 1 and "--seed needs --sparql" in lonely.output
