"""Step metrics, flexible ground truth, BM25 and stage metrics against hand-computed values."""

from __future__ import annotations

import asyncio

import pytest

from taskspace.agents.steps.offline import OfflinePredictor, value_for
from taskspace.agents.steps.pipeline import split_batches
from taskspace.agents.steps.ranking import bm25_scores
from taskspace.environments.web_steps.model import (
    Element,
    GoldStep,
    Plan,
    StepOutcome,
    StepView,
    Triplet,
)
from taskspace.evaluation.steps.web.flexible import accepted_actions, order_free_groups
from taskspace.evaluation.steps.web.metrics import step_score
from taskspace.evaluation.steps.web.stages import stage_scores
from taskspace.metrics.mind2web import StepResult, aggregate


def _step(index: int, op: str, role: str, text: str, value: str = "") -> GoldStep:
    return GoldStep(index, Element(f"{role}|{text.lower()}", role, text), op, value)


def test_op_f1_is_set_f1_of_case_sensitive_operation_and_value() -> None:
    # Mind2Web's calculate_f1: {TYPE, New, York} vs {TYPE, New, York, City}: P 1, R 3/4
    predicted = Triplet("e", "TYPE", "New York")
    assert step_score(predicted, [Triplet("e", "TYPE", "New York City")]).op_f1 == pytest.approx(
        6 / 7
    )
    # case counts: only TYPE is shared with "new york city"
    assert step_score(predicted, [Triplet("e", "TYPE", "new york city")]).op_f1 == pytest.approx(
        2 * (1 / 3) * (1 / 4) / (1 / 3 + 1 / 4)
    )
    assert step_score(Triplet("e", "CLICK"), [Triplet("e", "CLICK")]).op_f1 == 1.0
    # a gold HOVER is a CLICK in Mind2Web's data; a predicted HOVER has no op token
    assert step_score(Triplet("e", "CLICK"), [Triplet("e", "HOVER")]).step_success
    assert step_score(Triplet("e", "HOVER"), [Triplet("e", "HOVER")]).op_f1 == 0.0


def test_step_score_element_operation_and_success() -> None:
    gold = Triplet("b", "SELECT", "Pickup")
    assert step_score(Triplet("b", "SELECT", "Pickup"), [gold]) == StepResult(True, 1.0, True)
    # right element, wrong value: F1 of {SELECT, Delivery} vs {SELECT, Pickup} = 1/2
    wrong_value = step_score(Triplet("b", "SELECT", "Delivery"), [gold])
    assert wrong_value == StepResult(True, 0.5, False)
    assert step_score(Triplet("b", "SELECT", "pickup"), [gold]) == StepResult(True, 0.5, False)
    wrong_element = step_score(Triplet("a", "SELECT", "Pickup"), [gold])
    assert wrong_element == StepResult(False, 1.0, False)
    assert step_score(None, [gold]) == StepResult(False, 0.0, False)


def test_alternative_counts_only_with_its_own_operation() -> None:
    gold, other = Triplet("size", "SELECT", "10"), Triplet("black", "CLICK")
    assert not step_score(Triplet("black", "CLICK"), [gold]).element_correct
    assert step_score(Triplet("black", "CLICK"), [gold, other]).step_success
    # the alternative's element with the gold's operation is not a valid action
    mixed = step_score(Triplet("black", "SELECT", "10"), [gold, other])
    assert mixed == StepResult(True, 1.0, False)


def test_summary_micro_macro_task_sr_and_missing_values() -> None:
    first: list[dict[str, float | None]] = [
        {"step_sr": 1.0, "ap_acc": None},
        {"step_sr": 0.0, "ap_acc": 1.0},
        {"step_sr": 1.0, "ap_acc": 0.0},
    ]
    second: list[dict[str, float | None]] = [{"step_sr": 1.0, "ap_acc": 1.0}]
    summary = aggregate([first, second])
    assert summary.micro["step_sr"] == pytest.approx(3 / 4)
    assert summary.macro["step_sr"] == pytest.approx((2 / 3 + 1) / 2)
    assert summary.micro["ap_acc"] == pytest.approx(2 / 3)  # the None is not a step's 0
    assert summary.macro["ap_acc"] == pytest.approx((1 / 2 + 1) / 2)
    assert summary.task_sr == {"task_sr": 0.5}
    assert summary.error_ratio == {"step_sr": {"0": 0.5, "1": 0.5}}
    assert (summary.tasks, summary.steps) == (2, 4)


FILTERS = [
    _step(0, "TYPE", "searchbox", "Search", "shoes"),
    _step(1, "CLICK", "checkbox", "Black"),
    _step(2, "SELECT", "combobox", "Size", "10"),
    _step(3, "CLICK", "button", "Apply"),
]


def test_order_free_steps_accept_later_ones_present_on_the_page() -> None:
    assert order_free_groups(FILTERS) == [(1, 2)]
    everywhere = frozenset(step.element.uid for step in FILTERS)
    accepted = accepted_actions(FILTERS, [everywhere] * 4)
    assert accepted[1] == (FILTERS[1].triplet(), FILTERS[2].triplet())
    assert accepted[2] == (FILTERS[2].triplet(),)  # the earlier filter is already set
    assert accepted[0] == (FILTERS[0].triplet(),)
    assert accepted[3] == (FILTERS[3].triplet(),)
    # the size box not on the page at step 1: no alternative there
    without = accepted_actions(FILTERS, [everywhere - {"combobox|size"}] * 4)
    assert without[1] == (FILTERS[1].triplet(),)


def test_repeated_element_and_moving_on_break_a_group() -> None:
    toggled = [
        _step(0, "CLICK", "checkbox", "A"),
        _step(1, "CLICK", "checkbox", "B"),
        _step(2, "CLICK", "checkbox", "A"),
    ]
    assert order_free_groups(toggled) == [(0, 1)]
    split = [
        _step(0, "SELECT", "combobox", "Time", "5 PM"),
        _step(1, "CLICK", "button", "Next"),
        _step(2, "SELECT", "combobox", "Size", "2"),
    ]
    assert order_free_groups(split) == []


def test_bm25_scores() -> None:
    # N 3, avgdl 4/3; idf(red) ln(1 + 1.5/2.5), idf(shoes) ln(1 + 2.5/1.5)
    scores = bm25_scores("red shoes", [["red", "shoes"], ["red"], ["blue"]])
    assert scores == pytest.approx([1.18435, 0.52958, 0.0], abs=1e-5)


def test_batches_follow_page_order() -> None:
    page = [Element(str(i)) for i in range(10)]
    ranked = list(reversed(page))
    batches = split_batches(ranked, page, 4)
    assert [[e.uid for e in batch] for batch in batches] == [
        ["0", "1", "2"],
        ["3", "4", "5"],
        ["6", "7"],
        ["8", "9"],
    ]


def test_stage_scores_on_a_hand_built_outcome() -> None:
    outcome = StepOutcome(
        ranked=("a", "b", "c", "d"),
        batches=(("a", "b"), ("c", "d")),
        plans=(Plan("click a", "a"), Plan("type x into d", "d", "TYPE", "x")),
        grounded=(Triplet("a", "CLICK"), Triplet("d", "TYPE", "x")),
        selected={"first_viable": Triplet("a", "CLICK"), "llm_select": Triplet("d", "TYPE", "x")},
    )
    found = stage_scores(outcome, [Triplet("d", "TYPE", "x")])
    assert found == {
        "re_acc": 1.0,
        "ap_acc": 1.0,
        "grounding_acc": 1.0,
        "sr_first_viable": 0.0,
        "sr_llm_select": 1.0,
    }
    wrong_value = stage_scores(outcome, [Triplet("d", "TYPE", "y")])
    assert (wrong_value["ap_acc"], wrong_value["grounding_acc"]) == (1.0, 0.0)
    lost = stage_scores(outcome, [Triplet("e", "CLICK")])
    assert (lost["re_acc"], lost["ap_acc"], lost["grounding_acc"]) == (0.0, None, None)
    # with the flexible ground truth, the first-viable click on a is accepted too
    flex = stage_scores(outcome, [Triplet("d", "TYPE", "x"), Triplet("a", "CLICK")])
    assert flex["sr_first_viable"] == 1.0


def test_offline_predictor_plans_types_and_selects() -> None:
    box = Element("textbox|from", "textbox", "From")
    city = Element("span|boston", "span", "Boston")
    view = StepView("Book a flight from Boston to Denver", "site", ("[link] Book -> CLICK",), ())
    assert value_for(view, box, {"book"}) == "flight"
    plan = asyncio.run(OfflinePredictor().plan(view, [box, city]))
    assert plan is not None and plan.element == "span|boston" and plan.op == "CLICK"
