"""PG-Agent's guideline shape on a hand-built page graph whose answers are worked out by hand.

Screens of one app (written through the loader's own named queries) and their transitions:

    H --e1 "tap Search"--> S --e3 "type q, enter"--> R --e4 "tap row"--> M
    H --e2 "tap Compose"--> C --e6 "tap Send"--> H
    M --m-forward--> Y --y-deep--> Z        M --m-reply--> C        Y --y-stay--> Y

A guideline for an outgoing edge E of a similar screen carries E's actions and the tasks of
E, then of every edge leaving a screen within ``layers - 1`` transitions of E's end screen:
layer by layer, by edge key within a layer, each task once.
"""

from __future__ import annotations

import pytest

from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter
from taskspace.guidelines import Guide

APP = "com.example.hand"
FIND, REPLY, OPEN, THANK, FORWARD, SEND, DEEP, BROWSE = (
    "Find the invoice",
    "Reply to the invoice",
    "Open the invoice",
    "Thank the sender",
    "Forward the invoice",
    "Send an email",
    "Archive a deep page",
    "Browse in place",
)
SCREENS = ["H", "S", "R", "M", "C", "Y", "Z"]
EDGES = [  # key, start, end, actions, tasks
    ("e1", "H", "S", ["tap Search"], [FIND]),
    ("e2", "H", "C", ["tap Compose"], [SEND]),
    ("e3", "S", "R", ["type q", "enter"], [FIND, REPLY]),
    ("e4", "R", "M", ["tap row"], [OPEN]),
    ("m-reply", "M", "C", ["tap Reply"], [REPLY, THANK]),
    ("m-forward", "M", "Y", ["tap Forward"], [FORWARD]),
    ("e6", "C", "H", ["tap Send"], [SEND]),
    ("y-deep", "Y", "Z", ["tap Deep"], [DEEP]),
    ("y-stay", "Y", "Y", ["scroll down"], [BROWSE]),  # in-page actions: a self-loop
]


def basis(*weights: tuple[str, float]) -> list[float]:
    """A 384-d vector from weights on the screens' own axes."""
    vector = [0.0] * 384
    for name, weight in weights:
        vector[SCREENS.index(name)] = weight
    return vector


@pytest.fixture()
def hand_graph(graph: Graph) -> Graph:
    writer = BatchedWriter(graph, batch_size=100)
    screens = [
        {
            "id": f"hand:{name}",
            "props": {
                "app": APP,
                "platform": "android",
                "summary": f"screen {name}",
                "embedding": basis((name, 1.0)),
                "layout": [],
                "observed": True,
            },
        }
        for name in SCREENS
    ]
    writer.write_named("episodes/merge_screens", screens)
    edges = [
        {
            "start": f"hand:{start}",
            "end": f"hand:{end}",
            "key": key,
            "actions": actions,
            "kinds": ["tap"] * len(actions),
            "tasks": tasks,
            "episodes": [f"hand/{key}"],
        }
        for key, start, end, actions, tasks in EDGES
    ]
    writer.write_named("episodes/merge_transitions", edges)
    return graph


def shape(
    guide: Guide, vector: list[float], n: int, layers: int, k: int | None = None
) -> list[tuple[str, str, list[str]]]:
    found = guide.for_vector(vector, n=n, layers=layers, k=k)
    return [(g.start, g.edge, g.tasks) for g in found]


def test_each_outgoing_edge_gathers_the_tasks_of_three_layers(hand_graph: Graph) -> None:
    guide = Guide(hand_graph)
    found = guide.for_vector(basis(("H", 1.0)), n=1, layers=3)
    # e1: e1 [find]; layer 1 leaves S: e3 [find, reply]; layer 2 leaves R: e4 [open];
    # layer 3 leaves M, by key: m-forward [forward], m-reply [reply, thank]. Y's y-deep is a
    # fourth layer. e2: e2 [send]; layer 1 leaves C: e6 [send]; layer 2 leaves H: e1
    # [find], e2 [send]; layer 3 leaves S (C is already at distance 0): e3 [find, reply].
    assert [(g.edge, g.actions, g.tasks) for g in found] == [
        ("e1", ["tap Search"], [FIND, REPLY, OPEN, FORWARD, THANK]),
        ("e2", ["tap Compose"], [SEND, FIND, REPLY]),
    ]
    first = found[0]
    assert (first.start, first.end, first.edge_tasks) == ("hand:H", "hand:S", [FIND])
    assert (first.app, first.platform, first.start_summary) == (APP, "android", "screen H")
    assert first.end_summary == "screen S" and first.score == pytest.approx(1.0)
    assert first.text() == (
        f"Perform tap Search to accomplish: {FIND}; {REPLY}; {OPEN}; {FORWARD}; {THANK}"
    )


def test_layers_bound_the_search(hand_graph: Graph) -> None:
    guide = Guide(hand_graph)
    one = shape(guide, basis(("H", 1.0)), n=1, layers=1)
    assert one == [  # e1 then S's e3; e2 then C's e6 (each task once)
        ("hand:H", "e1", [FIND, REPLY]),
        ("hand:H", "e2", [SEND]),
    ]
    four = shape(guide, basis(("H", 1.0)), n=1, layers=4)
    # layer 4 leaves C and Y (distance 3 from S): e6 [send], y-deep [deep], y-stay [browse]
    assert four[0] == ("hand:H", "e1", [FIND, REPLY, OPEN, FORWARD, THANK, SEND, DEEP, BROWSE])
    # e2 at four layers: layer 4 leaves R (distance 3 from C): e4 [open]
    assert four[1] == ("hand:H", "e2", [SEND, FIND, REPLY, OPEN])


def test_top_n_screens_most_similar_first_and_the_cap(hand_graph: Graph) -> None:
    guide = Guide(hand_graph)
    query = basis(("H", 1.0), ("C", 0.5))
    both = shape(guide, query, n=2, layers=3)
    # C's e6 ends on H: e6 [send]; layer 1 leaves H: e1 [find], e2 [send]; layer 2 leaves
    # S and C: e3 [find, reply], e6; layer 3 leaves R: e4 [open].
    assert both == [
        ("hand:H", "e1", [FIND, REPLY, OPEN, FORWARD, THANK]),
        ("hand:H", "e2", [SEND, FIND, REPLY]),
        ("hand:C", "e6", [SEND, FIND, REPLY, OPEN]),
    ]
    assert shape(guide, query, n=2, layers=3, k=2) == both[:2]
    # M has two outgoing edges; the one gathering more tasks comes first
    message = shape(guide, basis(("M", 1.0)), n=1, layers=2)
    assert message == [
        ("hand:M", "m-reply", [REPLY, THANK, SEND, FIND]),
        ("hand:M", "m-forward", [FORWARD, DEEP, BROWSE]),  # Y's self-loop: once, layer 1
    ]
    # the self-loop is a guideline of its own: Y's edges again, then Z's (none)
    assert shape(guide, basis(("Y", 1.0)), n=1, layers=2) == [
        ("hand:Y", "y-stay", [BROWSE, DEEP]),
        ("hand:Y", "y-deep", [DEEP]),
    ]
    assert shape(guide, basis(("Z", 1.0)), n=1, layers=3) == []  # Z leads nowhere
