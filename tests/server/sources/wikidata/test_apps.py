"""App information spaces: validation of the YAML files and :App nodes in the graph."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.load_wikidata import wikidata
from taskspace.cli.main import KgGroup
from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.apps import (
    app_files,
    default_apps_dir,
    find_app,
    load_apps,
    read_app_file,
)
from taskspace.sources.wikidata.errors import AppSpecError
from tests.support.wikidata import BAD, rows, value

DOMAINS = {"knowledge", "music", "video", "movies_tv", "maps", "books", "sports", "travel"}


def test_default_set_covers_the_domains_and_validates() -> None:
    domains = [read_app_file(path) for path in app_files([default_apps_dir()])]
    assert {domain.domain for domain in domains} == DOMAINS
    names = [app.name for domain in domains for app in domain.apps]
    assert len(names) == len(set(names)) >= 10
    movies = find_app("moviedb")
    film = next(t for t in movies.entity_types if t.name == "film")
    assert film.root_classes == ["Q11424"]
    assert {(a.name, a.relation) for a in film.actions} >= {
        ("director", "P57"),
        ("cast", "P161"),
        ("genre", "P136"),
    }
    person = next(t for t in movies.entity_types if t.name == "person")
    filmography = next(a for a in person.actions if a.name == "filmography")
    assert filmography.reverse and filmography.pid == "P161" and filmography.target == "film"
    maps = find_app("maps")
    assert {"Q515", "Q486972"} <= set(maps.root_classes)
    sports = find_app("football_stats")
    assert {"Q5", "Q476028"} <= set(sports.root_classes)
    assert "P54" in sports.reverse_properties()


def test_bad_file_is_reported_with_file_and_field() -> None:
    with pytest.raises(AppSpecError) as caught:
        read_app_file(BAD / "bad_app.yaml")
    message = str(caught.value)
    assert "bad_app.yaml" in message
    assert "apps.0.entity_types.0.root_classes.0: String should match pattern" in message
    assert "apps.0.entity_types.0.colour: Extra inputs are not permitted" in message


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("domain: x\napps: [\n", "not valid YAML"),
        ("domain: x\napps: []\n", "apps: List should have at least 1 item"),
        (
            "domain: x\napps:\n  - name: a\n    title: A\n    entity_types:\n"
            "      - name: t\n        root_classes: [Q1]\n"
            "        actions: [{name: go, relation: 'P1', target: nowhere}]\n",
            "targets unknown entity type 'nowhere'",
        ),
        (
            "domain: x\napps:\n  - name: a\n    title: A\n    entity_types:\n"
            "      - name: t\n        root_classes: [Q1]\n"
            "        actions: [{name: go, relation: 'P1^'}]\n",
            "relation: String should match pattern",
        ),
    ],
)
def test_invalid_specs_say_what_is_wrong(tmp_path: Path, text: str, reason: str) -> None:
    path = tmp_path / "space.yaml"
    path.write_text(text)
    with pytest.raises(AppSpecError, match=r"space\.yaml") as caught:
        read_app_file(path)
    assert reason in str(caught.value)


def test_default_apps_load_as_app_nodes_with_root_classes(graph: Graph) -> None:
    report = load_apps(graph)
    assert not report.failed and len(report.loaded) == 8
    app = rows(graph, "MATCH (a:App {id: 'app:moviedb'}) RETURN a")[0]["a"]
    assert (app["name"], app["domain"]) == ("moviedb", "movies_tv")
    actions = json.loads(app["actions_json"])
    assert {
        "entity_type": "person",
        "name": "filmography",
        "relation": "^P161",
        "target": "film",
        "description": "",
    } in actions
    assert json.loads(app["entity_types_json"])[0]["root_classes"] == ["Q11424"]
    roots = rows(
        graph,
        "MATCH (:App {id: 'app:maps'})-[:ROOT_CLASS]->(c:Entity:Item) "
        "RETURN c.id AS id ORDER BY id",
    )
    assert {row["id"] for row in roots} >= {"Q515", "Q486972"}
    assert value(graph, "MATCH (a:App) WHERE a.source IS NULL RETURN count(a)") == 0
    before = rows(graph, "MATCH (n) RETURN count(n) AS n")
    load_apps(graph)
    assert rows(graph, "MATCH (n) RETURN count(n) AS n") == before


def test_a_changed_spec_drops_old_root_classes(graph: Graph, tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    spec = (
        "domain: mine\napps:\n  - name: mine\n    title: Mine\n    entity_types:\n"
        "      - name: t\n        root_classes: [{roots}]\n"
    )
    path.write_text(spec.format(roots="Q1, Q2"))
    load_apps(graph, [path])
    path.write_text(spec.format(roots="Q2, Q3"))
    load_apps(graph, [path])
    roots = rows(
        graph, "MATCH (:App {id: 'app:mine'})-[:ROOT_CLASS]->(c) RETURN c.id AS id ORDER BY id"
    )
    assert [row["id"] for row in roots] == ["Q2", "Q3"]


def test_cli_apps_loads_and_reports_a_bad_file(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    @click.group(cls=KgGroup)
    def kg() -> None:
        """Test entry point."""

    kg.add_command(wikidata)
    runner = CliRunner()
    good = runner.invoke(kg, ["wikidata", "--apps", "--json"], env=server_env)
    assert good.exit_code == 0, good.output
    assert "moviedb" in json.loads(good.output)["apps"]["apps"]
    table = runner.invoke(kg, ["wikidata", "--apps"], env=server_env)
    assert table.exit_code == 0 and "App information spaces" in table.output
    files = len(json.loads(good.output)["apps"]["loaded"])
    assert table.output.splitlines()[-1] == f"Loaded: all {files} files."  # like every load
    assert json.loads(good.output)["status"] == "complete"
    mixed = tmp_path / "apps"
    mixed.mkdir()
    (mixed / "bad.yaml").write_text((BAD / "bad_app.yaml").read_text())
    (mixed / "ok.yaml").write_text(
        "domain: ok\napps:\n  - name: ok_app\n    title: OK\n    entity_types:\n"
        "      - name: t\n        root_classes: [Q5]\n"
    )
    # one bad app file among good ones is a partial load (#27): reported, the others in
    bad = runner.invoke(kg, ["wikidata", "--apps", "--apps-path", str(mixed)], env=server_env)
    assert bad.exit_code == 0, bad.output
    assert "bad.yaml" in bad.output and "root_classes.0" in bad.output
    assert bad.output.splitlines()[-1] == "Partly loaded: 1 of 2 files."
    args = ["wikidata", "--apps", "--apps-path", str(mixed), "--strict", "--json"]
    strict = runner.invoke(kg, args, env=server_env)
    assert strict.exit_code == 3
    data = json.loads(strict.output)
    assert data["status"] == "partial" and [f["input"] for f in data["apps"]["failed"]] == [
        str(mixed / "bad.yaml")
    ]
    only_bad = runner.invoke(
        kg, ["wikidata", "--apps", "--apps-path", str(mixed / "bad.yaml")], env=server_env
    )
    assert only_bad.exit_code == 1
    assert only_bad.output.splitlines()[-1] == "Error: Nothing loaded: none of the 1 files loaded."
    assert value(graph, "MATCH (a:App {id: 'app:ok_app'}) RETURN count(a)") == 1
