"""The page graph on the real test server: folding, merging, transitions, reloads."""

from __future__ import annotations

from typing import Any

import pytest

from taskspace.graph.connection import Graph
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.loader import load_episode_items
from taskspace.sources.episodes.model import Action, Episode, Observation, Step
from tests.support.pagegraph import (
    FIND,
    MAIL,
    NOTE,
    REPLY,
    SEND,
    everything,
    find_invoice,
    screen,
    screen_of,
    send_email,
    transitions,
    world,
)


def _steps(graph: Graph, episode: str) -> list[dict[str, Any]]:
    return graph.read_text(
        "MATCH (:Episode {key: $key})-[:HAS_STEP]->(s:Step)-[:ON_SCREEN]->(on:Screen) "
        "MATCH (s)-[:LEADS_TO]->(to:Screen) "
        "RETURN s.index AS index, s.kind AS kind, s.jumped AS jumped, on.id AS on, to.id AS to "
        "ORDER BY index",
        key=episode,
    )


def test_in_page_actions_fold_into_the_next_transition(graph: Graph) -> None:
    report = load_episode_items(graph, [send_email()])
    steps = _steps(graph, "test/send")
    inbox, compose = steps[0]["on"], steps[1]["on"]
    assert inbox != compose
    assert [(s["on"], s["to"], s["jumped"]) for s in steps] == [
        (inbox, compose, True),
        (compose, compose, False),  # typing stays on the page
        (compose, compose, False),
        (compose, inbox, True),  # Send leads back to the inbox: the same screen, merged
        (inbox, inbox, False),  # "complete" is not an action on the screen
    ]
    assert [(t["start"], t["end"], t["actions"], t["tasks"]) for t in transitions(graph)] == [
        (inbox, compose, ['tap "Compose"'], [SEND]),
        (
            compose,
            inbox,
            ['type "bob@example.org" into "To"', 'type "Hi" into "Subject"', 'tap "Send"'],
            [SEND],
        ),
    ]
    stats = report.as_dict()
    assert {k: stats[k] for k in ("episodes", "steps", "screens", "transitions", "jumps")} == {
        "episodes": 1,
        "steps": 5,
        "screens": 2,
        "transitions": 2,
        "jumps": 2,
    }
    assert stats["merged_visits"] == 1 and stats["screens_created"] == 2
    assert stats["actions"] == 4 and stats["errors"] == 0 and stats["error_details"] == []


def test_a_revisited_page_merges_across_loads(graph: Graph) -> None:
    first = load_episode_items(graph, [find_invoice()])
    second = load_episode_items(graph, [send_email()])
    # The inbox of the second load is found through the screen_embedding index and the
    # layout check; only Compose is new.
    assert screen_of(graph, "test/send", 0) == screen_of(graph, "test/find", 0)
    assert (first.screens_created, second.screens_created) == (4, 1)
    assert second.merged_visits == 2
    rows = graph.read_text(
        "MATCH (s:Screen {id: $id})<-[:ON_SCREEN]-(step:Step) RETURN count(step) AS steps, "
        "s.summary AS summary",
        id=screen_of(graph, "test/find", 0),
    )
    assert rows[0]["steps"] == 3  # find's first step, send's first and last
    assert "ACME invoice" in rows[0]["summary"]  # described by its first visit


def test_loading_twice_changes_nothing(graph: Graph) -> None:
    load_episode_items(graph, world())
    before = everything(graph)
    again = load_episode_items(graph, world())
    assert everything(graph) == before
    assert (again.nodes_created, again.relationships_created) == (0, 0)
    assert (again.episodes, again.screens_created, again.transitions_created) == (4, 0, 0)
    assert len(again.screens) == 7 and len(again.transitions) == 9


def test_transitions_union_tasks_and_keep_queues_apart(graph: Graph) -> None:
    report = load_episode_items(graph, world())
    edges = transitions(graph)
    by_actions = {tuple(t["actions"]): t for t in edges}
    search = by_actions[('tap "Search mail"',)]
    assert search["tasks"] == [FIND, REPLY] and search["count"] == 2
    assert search["episodes"] == ["test/find", "test/reply"]
    # Two queries typed on the Search page are two guidelines, not one merged edge.
    queries = [t for t in edges if t["actions"][-1] == "press enter"]
    assert sorted(t["tasks"] for t in queries) == [[FIND], [REPLY]]
    assert len({(t["start"], t["end"]) for t in queries}) == 1
    assert by_actions[('tap "ACME invoice"',)]["tasks"] == [FIND, REPLY]
    # Reply ends on Compose, the screen the send episode made: pages meet across tasks.
    reply = by_actions[('tap "Reply"',)]
    assert reply["end"] == screen_of(graph, "test/send", 1)
    assert by_actions[('type "milk" into "Note"', 'tap "Done"')]["tasks"] == [NOTE]
    stats = report.as_dict()
    assert (stats["screens"], stats["transitions"], stats["steps"]) == (7, 9, 18)
    assert stats["transitions"] <= stats["actions"] == 16


def test_screens_keep_apps_apart(graph: Graph) -> None:
    load_episode_items(graph, world())
    apps = graph.read_text("MATCH (s:Screen) RETURN s.app AS app, count(*) AS screens ORDER BY app")
    assert apps == [
        {"app": MAIL, "screens": 5},
        {"app": "com.example.notes", "screens": 2},
    ]


def _web(name: str, task: str, actions: list[Action]) -> Episode:
    blank = Observation(app="exploretock")
    return Episode(
        id=f"m2w/{name}",
        dataset="mind2web",
        platform="web",
        task=task,
        app="exploretock",
        steps=[Step(index=i, observation=blank, action=a) for i, a in enumerate(actions)],
        source_file="/fixtures/m2w.json",
        record=name,
    )


def test_unobserved_pages_are_named_by_how_they_were_reached(graph: Graph) -> None:
    select = Action(kind="select", text="Pickup", target_text="Reservation type")
    typed = Action(kind="type", text="Boston", target_text="Find a location")
    update = Action(kind="tap", target_role="[button]", target_text="Update search")
    link = Action(kind="tap", target_role="[link]", target_text="Sushi Bar")
    first = _web("a", "Find a pickup place in Boston", [select, typed, update, link])
    second = _web("b", "Book sushi in Boston", [typed, update, link])
    report = load_episode_items(graph, [first, second])
    assert report.screens_created == 3 and len(report.images) == 0
    assert screen_of(graph, "m2w/a", 0) == screen_of(graph, "m2w/b", 0)
    summaries = graph.read_text(
        "MATCH (s:Screen) RETURN s.summary AS summary, s.observed AS observed ORDER BY summary"
    )
    assert summaries == [
        {
            "summary": 'exploretock page reached by tap "Sushi Bar"',
            "observed": False,
        },
        {
            "summary": 'exploretock page reached by tap "Update search"; controls used: Sushi Bar',
            "observed": False,
        },
        {
            "summary": "exploretock start page; controls used: Reservation type, "
            "Find a location, Update search",
            "observed": False,
        },
    ]
    edges = {tuple(t["actions"]): t["tasks"] for t in transitions(graph)}
    assert edges == {
        ('select "Pickup" in "Reservation type"', 'type "Boston" into "Find a location"',
         'tap "Update search"'): ["Find a pickup place in Boston"],
        ('type "Boston" into "Find a location"', 'tap "Update search"'): [
            "Book sushi in Boston"
        ],
        ('tap "Sushi Bar"',): ["Book sushi in Boston", "Find a pickup place in Boston"],
    }  # fmt: skip


def test_a_bad_episode_is_reported_and_the_rest_loads(graph: Graph) -> None:
    empty = send_email().model_copy(update={"id": "test/empty", "steps": [], "record": "7"})
    report = load_episode_items(
        graph, [EpisodeError("/data/x.json", "3", "not valid JSON"), empty, find_invoice()]
    )
    assert report.episodes == 1
    assert report.errors == [
        ("/data/x.json", "3", "not valid JSON"),
        ("/fixtures/send.json", "7", "the episode has no steps"),
    ]
    assert graph.read_text("MATCH (e:Episode) RETURN e.key AS key") == [{"key": "test/find"}]


def test_provenance_and_step_properties(graph: Graph) -> None:
    load_episode_items(graph, [send_email()])
    source = graph.read_text(
        "MATCH (src:Source) RETURN src.kind AS kind, src.uri AS uri, src.checksum AS checksum"
    )
    assert source == [{"kind": "episodes", "uri": "/fixtures/send.json", "checksum": None}]
    step = graph.read_text(
        "MATCH (e:Episode)-[:HAS_STEP]->(s:Step {index: 1}) RETURN e.dataset AS dataset, "
        "e.task AS task, e.app AS app, e.platform AS platform, s.kind AS kind, "
        "s.action AS action, s.raw_json AS raw, s.activity AS activity, "
        "s.source = e.source AS same_source"
    )
    assert step == [
        {
            "dataset": "test",
            "task": SEND,
            "app": MAIL,
            "platform": "android",
            "kind": "type",
            "action": 'type "bob@example.org" into "To"',
            "raw": '{"type": "bob@example.org"}',
            "activity": f"{MAIL}/.MainActivity",
            "same_source": True,
        }
    ]


@pytest.mark.parametrize("chunk", [1, 3])
def test_chunking_does_not_change_the_graph(graph: Graph, chunk: int) -> None:
    from taskspace.sources.episodes.loader import EpisodeLoadOptions

    report = load_episode_items(graph, world(), EpisodeLoadOptions(chunk=chunk))
    assert (len(report.screens), len(report.transitions)) == (7, 9)
    assert screen_of(graph, "test/reply", 0) == screen_of(graph, "test/send", 4)


def test_web_screens_link_to_the_crawled_page_of_their_url(graph: Graph) -> None:
    from taskspace.graph.writer import BatchedWriter
    from taskspace.sources.web.graph_rows import page_id

    crawled = "https://shop.example/cart?a=1&b=2"  # as the crawler normalises it
    BatchedWriter(graph).merge_nodes(
        ["WebPage"], [{"id": page_id("https://shop.example", crawled), "props": {"url": crawled}}]
    )
    cart = Observation(
        app="shop.example",
        url="https://Shop.example/cart/?b=2&a=1#top",
        elements=screen("inbox").elements,
    )
    home = Observation(app="shop.example", url="https://shop.example/", elements=[])
    visit = Episode(
        id="web/cart",
        dataset="test",
        platform="web",
        task="Open the cart",
        app="shop.example",
        steps=[Step(index=0, observation=home, action=Action(kind="tap", target_text="Cart"))],
        final=cart,
        source_file="/fixtures/web.json",
    )
    load_episode_items(graph, [visit])
    linked = graph.read_text(
        "MATCH (s:Screen)-[:OF_PAGE]->(p:WebPage) RETURN s.url AS screen, p.url AS page"
    )
    assert linked == [{"screen": crawled, "page": crawled}]
