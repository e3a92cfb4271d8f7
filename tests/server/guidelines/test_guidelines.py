"""Guideline retrieval on a page graph whose answers are known (tests.support.pagegraph)."""

from __future__ import annotations

import pytest

from taskspace.graph.connection import Graph
from taskspace.guidelines import Guide, GuidelineError
from taskspace.sources.episodes.loader import load_episode_items
from taskspace.sources.episodes.model import Action, Episode, Observation, Step
from tests.support.pagegraph import (
    FIND,
    MAIL,
    NOTE,
    NOTES,
    REPLY,
    SEND,
    screen,
    screen_of,
    world,
)


def _summary(graph: Graph, screen_id: str) -> str:
    rows = graph.read_text("MATCH (s:Screen {id: $id}) RETURN s.summary AS s", id=screen_id)
    return str(rows[0]["s"])


@pytest.fixture()
def mail_graph(graph: Graph) -> Graph:
    load_episode_items(graph, world())
    return graph


def test_one_guideline_per_outgoing_edge_of_the_most_similar_screen(mail_graph: Graph) -> None:
    inbox = screen_of(mail_graph, "test/send", 0)
    guide = Guide(mail_graph)
    first = guide.for_screen(_summary(mail_graph, inbox), n=1, layers=1)
    # Search: its own tasks, then the two Search -> Results edges (invoice, acme queries)
    assert [(g.actions, g.tasks, g.edge_tasks) for g in first] == [
        (['tap "Search mail"'], [FIND, REPLY], [FIND, REPLY]),  # more tasks first
        (['tap "Compose"'], [SEND], [SEND]),
    ]
    assert {g.start for g in first} == {inbox} and first[0].score > 0.99
    assert first[0].end_summary.startswith(f"{MAIL} MainActivity: Search mail")
    three = guide.for_screen(_summary(mail_graph, inbox), n=1, layers=3)
    # Compose now reaches Inbox again (layer 1) and its Search edge (layer 2): 3 tasks
    assert [(g.actions, g.tasks) for g in three] == [
        (['tap "Compose"'], [SEND, FIND, REPLY]),
        (['tap "Search mail"'], [FIND, REPLY]),
    ]
    assert "Perform tap" in three[1].text() and "to accomplish: Find the invoice" in three[1].text()


def test_the_cap_keeps_the_first_guidelines(mail_graph: Graph) -> None:
    inbox = _summary(mail_graph, screen_of(mail_graph, "test/send", 0))
    guide = Guide(mail_graph)
    every = guide.for_screen(inbox, n=1, layers=3, k=20)
    assert guide.for_screen(inbox, n=1, layers=3, k=3) == every[:3]
    assert guide.for_screen(inbox, n=1, layers=3) == every  # android: up to 20


def test_app_restriction(mail_graph: Graph) -> None:
    notes = screen_of(mail_graph, "test/note", 0)
    guide = Guide(mail_graph)
    own = guide.for_screen(_summary(mail_graph, notes), n=1, layers=2)
    assert [(g.app, g.start, g.tasks) for g in own] == [(NOTES, notes, [NOTE])]
    kept = guide.for_screen(_summary(mail_graph, notes), n=4, layers=2, app=MAIL)
    assert kept and {g.app for g in kept} == {MAIL}
    assert NOTE not in {task for g in kept for task in g.tasks}
    assert guide.for_screen("anything", app="com.unknown") == []


def test_a_ui_tree_picks_the_screen_by_layout(mail_graph: Graph) -> None:
    results = screen_of(mail_graph, "test/find", 3)
    guide = Guide(mail_graph)
    found = guide.for_screen(observation=screen("results", ["Quarterly report"]), n=1, layers=1)
    assert [g.start for g in found] == [results]
    assert found[0].actions == ['tap "ACME invoice"']
    described = guide.for_screen(
        "mail message", observation=screen("results", ["x"]), n=1, layers=1
    )
    assert described[0].start == results  # the layout outweighs a vague summary


def test_web_screens_get_ten_guidelines_by_default(graph: Graph) -> None:
    start = Observation(app="shop.example")
    episodes = [
        Episode(
            id=f"web/{i}",
            dataset="test",
            platform="web",
            task=f"Open category {i}",
            app="shop.example",
            steps=[
                Step(
                    index=0,
                    observation=start,
                    action=Action(kind="tap", target_role="link", target_text=f"Category {i}"),
                )
            ],
            source_file="/fixtures/web.json",
        )
        for i in range(12)
    ]
    load_episode_items(graph, episodes)
    start_page = _summary(graph, screen_of(graph, "web/0", 0))
    guide = Guide(graph)
    assert len(guide.for_screen(start_page, n=1)) == 10
    assert len(guide.for_screen(start_page, n=1, k=20)) == 12


def test_bad_arguments_say_what_is_wrong(graph: Graph) -> None:
    guide = Guide(graph)
    with pytest.raises(GuidelineError, match="give a summary or a UI dump"):
        guide.for_screen()
    with pytest.raises(GuidelineError, match="layers must be between 1 and 10"):
        guide.for_screen("x", layers=11)
    with pytest.raises(GuidelineError, match="no such UI dump"):
        guide.for_screen(ui_dump="/nonexistent/dump.xml")
    assert guide.for_screen("an empty graph has no guidelines") == []
