"""The LLM GUI agents' pure parts: the id-based action language and Jarvis's topology."""

from __future__ import annotations

from taskspace.agents.gui.topology import current, evolve, feedback, parse_topology
from taskspace.environments.gui.actions import parse_action
from taskspace.sources.episodes.model import UIElement

ELEMENTS = [
    UIElement(uid="a", text="Search", bounds=(0, 0, 100, 50), clickable=True),
    UIElement(uid="b", text="", bounds=(0, 100, 200, 300), editable=True),
]


def test_actions_by_id_become_taps_at_the_element_centre() -> None:
    tap = parse_action("THOUGHT: search first\nACTION: TAP(0)", ELEMENTS)
    assert tap is not None and tap.kind == "tap"
    assert tap.point == (50.0, 25.0) and tap.target is not None and tap.target.uid == "a"
    typed = parse_action('ACTION: INPUT(1, "Boston")', ELEMENTS)
    assert typed is not None and (typed.kind, typed.text) == ("type", "Boston")
    assert typed.target is not None and typed.target.uid == "b"
    swipe = parse_action("ACTION: SWIPE(up)", ELEMENTS)
    assert swipe is not None and swipe.direction == "up"
    key = parse_action("ACTION: SYS(home)", ELEMENTS)
    assert key is not None and key.key == "home"
    done = parse_action("ACTION: DONE", ELEMENTS)
    assert done is not None and done.kind == "complete"
    point = parse_action("ACTION: TAP_POINT(10, 20.5)", ELEMENTS)
    assert point is not None and point.point == (10.0, 20.5)


def test_unknown_ids_and_forms_are_no_action() -> None:
    assert parse_action("ACTION: TAP(7)", ELEMENTS) is None
    assert parse_action("ACTION: SWIPE(sideways)", ELEMENTS) is None
    assert parse_action("I would tap search", ELEMENTS) is None
    assert parse_action("ACTION: JUMP(1)", ELEMENTS) is None


def test_topology_dependencies_and_context_evolution() -> None:
    answer = (
        "TASK 1: find the cheapest flight to Boston | DEPENDS: none\n"
        "TASK 2: add its price to the notes | DEPENDS: 1, 5\n"
    )
    tasks = parse_topology(answer, "whole task")
    assert [(t.number, t.depends) for t in tasks] == [(1, ()), (2, (1,))]
    first = current(tasks)
    feedback("ACTION: TAP(0)\nSTATUS: continue", first)
    assert current(tasks) is first and not first.done
    feedback("ACTION: DONE\nSTATUS: done\nRESULT: $129 on JetBlue", first)
    assert first.done and current(tasks).number == 2
    assert evolve(tasks[1], tasks) == (
        "add its price to the notes (context: task 1 found: $129 on JetBlue)"
    )
    assert [t.description for t in parse_topology("no tasks here", "whole task")] == ["whole task"]
