"""Rule-based error attribution on hand-built trajectories: one per class, plus the
precedence between rules and the attempts that need no attribution.

The task: Q1 --films:directed_by--> Q10 "Nolan" --people:born_in--> Q20 "London".
"""

from __future__ import annotations

from taskspace.generators.paths.error_attribution import attribute, count_classes
from taskspace.tasks.attempt import Attempt, ToolCall
from taskspace.tasks.model import GroundRef, PathStep, Task


def task() -> Task:
    hops = [
        ("films", "directed_by", "Q1", "Q10", "Nolan"),
        ("people", "born_in", "Q10", "Q20", "London"),
    ]
    path = [
        PathStep(
            index=i,
            app=app,
            entity_type="item",
            action=action,
            from_id=source,
            relation=f"P{i}",
            to_id=target,
            to_label=label,
            fanout=3,
            answer=label,
        )
        for i, (app, action, source, target, label) in enumerate(hops, 1)
    ]
    return Task(
        id="t",
        kind="path",
        type="causal_path",
        template="paths/step",
        difficulty="easy",
        prompt="where was the director of Q1 born?",
        answer="London",
        anchor="Q1",
        fingerprint="t",
        grounding=[GroundRef(label="Item", id="Q1")],
        seed=0,
        path=path,
        apps=["films", "people"],
        level=1,
    )


def follow(app: str, item: str, action: str, ids: list[str], error: str | None = None) -> ToolCall:
    return ToolCall(
        tool="follow",
        arguments={"app": app, "item_id": item, "action": action},
        ids=[] if error else ids,
        error=error,
    )


FIRST = follow("films", "Q1", "directed_by", ["Q1", "Q10"])


def attempt(steps: list[str], calls: list[ToolCall]) -> Attempt:
    return Attempt(task_id="t", answer=steps[-1], steps=steps, calls=calls)


def test_a_successful_task_has_no_attribution_even_with_a_failed_step() -> None:
    assert attribute(task(), attempt(["Nolan", "London"], [FIRST])) is None
    assert attribute(task(), attempt(["Someone", "London"], [FIRST])) is None


def test_structural_compliance_answers_out_of_position() -> None:
    found = attribute(task(), attempt(["Inception", "Nolan", "Paris"], [FIRST]))
    assert found is not None
    assert (found.error_class, found.step) == ("SCE", 1)
    assert "3 answers for 2 steps; answer 2 is step 1's item" in found.reason


def test_structural_compliance_a_step_left_out() -> None:
    found = attribute(task(), attempt(["Nolan"], [FIRST]))
    assert found is not None
    assert (found.error_class, found.step) == ("SCE", 2)
    assert "step 2 left out" in found.reason


def test_operational_error_a_failed_call_never_retried() -> None:
    bad = follow("people", "Q10", "birthplace", [], error="offers no action 'birthplace'")
    found = attribute(task(), attempt(["Nolan", "Paris"], [FIRST, bad]))
    assert found is not None
    assert (found.error_class, found.step) == ("OE", 2)
    assert "birthplace" in found.reason


def test_a_failed_call_retried_correctly_is_not_operational() -> None:
    bad = follow("people", "Q10", "birthplace", [], error="offers no action")
    good = follow("people", "Q10", "born_in", ["Q10", "Q20", "Q21"])
    found = attribute(task(), attempt(["Nolan", "Paris"], [FIRST, bad, good]))
    assert found is not None
    assert found.error_class == "PE"


def test_operational_error_right_action_but_gold_never_listed() -> None:
    good = follow("people", "Q10", "born_in", ["Q10", "Q21"])
    found = attribute(task(), attempt(["Nolan", "Paris"], [FIRST, good]))
    assert found is not None
    assert found.error_class == "OE"


def test_perceptual_error_gold_seen_but_other_answer() -> None:
    good = follow("people", "Q10", "born_in", ["Q10", "Q20", "Q21"])
    found = attribute(task(), attempt(["Nolan", "Paris"], [FIRST, good]))
    assert found is not None
    assert (found.error_class, found.step) == ("PE", 2)
    assert "Q20" in found.reason


def test_planning_error_another_relation_from_the_right_item() -> None:
    other = follow("people", "Q10", "spouse", ["Q10", "Q30"])
    found = attribute(task(), attempt(["Nolan", "Emma Thomas"], [FIRST, other]))
    assert found is not None
    assert (found.error_class, found.step) == ("PRE", 2)
    assert "people:spouse" in found.reason


LOST = ToolCall(tool="search", arguments={"app": "films", "query": "Inception"}, ids=["Q5"])


def test_knowledge_deficit_never_reached_the_source() -> None:
    lost = LOST
    found = attribute(task(), attempt(["Michael Caine", "Bristol"], [lost]))
    assert found is not None
    assert (found.error_class, found.step) == ("KD", 1)


def test_without_calls_only_structure_or_knowledge() -> None:
    plain = Attempt(task_id="t", answer="Paris")
    found = attribute(task(), plain)
    assert found is not None
    assert found.error_class == "KD"


def test_precedence_structure_before_perception() -> None:
    good = follow("people", "Q10", "born_in", ["Q10", "Q20"])
    found = attribute(task(), attempt(["Nolan"], [FIRST, good]))
    assert found is not None
    assert found.error_class == "SCE"
    same = attribute(task(), attempt(["Nolan", "Paris"], [FIRST, good]))
    assert same is not None and same.error_class == "PE"


def test_counts_every_class() -> None:
    lost = LOST
    found = [
        attribute(task(), attempt(["Nolan", "London"], [FIRST])),
        attribute(task(), attempt(["X", "Y"], [lost])),
        attribute(task(), attempt(["Nolan"], [FIRST])),
    ]
    assert count_classes(found) == {"KD": 1, "PRE": 0, "OE": 0, "PE": 0, "SCE": 1}
