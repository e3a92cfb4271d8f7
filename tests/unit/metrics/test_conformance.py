"""Every case of ../shared/conformance/ against taskspace.metrics: values computed only by
running each metric's reference code (SQuAD's script, rouge-score, Mind2Web's metric.py,
AITW's action_matching.py, HumanEval's estimator). Booleans and 0/1 exactly, floats within
1e-9, pass@k within 1e-12. A failure lists the ids of the cases that disagree."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from taskspace.metrics import aitw, mind2web, passk, rouge, squad
from tests.support import SHARED_DATA, require_shared

CONFORMANCE = SHARED_DATA.parent / "conformance"
FLOAT = 1e-9
PASS_AT_K = 1e-12

Case = dict[str, Any]
Check = Callable[[Case], list[str]]
"""A case's disagreements with the reference, as readable lines (none: it agrees)."""


def _cases(name: str) -> list[Case]:
    path = require_shared(CONFORMANCE / name)
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _close(name: str, ours: float, theirs: float, tolerance: float = FLOAT) -> Iterator[str]:
    if abs(ours - theirs) > tolerance:
        yield f"{name} {ours!r} != {theirs!r}"


def _same(name: str, ours: object, theirs: object) -> Iterator[str]:
    if ours != theirs:
        yield f"{name} {ours!r} != {theirs!r}"


def _squad(case: Case) -> list[str]:
    prediction, truths = case["prediction"], case["ground_truths"]
    em = squad.best_over_ground_truths(squad.exact_match, prediction, truths)
    f1 = squad.best_over_ground_truths(squad.f1, prediction, truths)
    return [*_same("exact_match", em, case["exact_match"]), *_close("f1", f1, case["f1"])]


def _rouge(case: Case) -> list[str]:
    prediction, reference = case["prediction"], case["reference"]
    return [
        *_close("rougeL_f", rouge.rouge_l(prediction, reference), case["rougeL_f"]),
        *_close(
            "rougeL_f_stemmed",
            rouge.rouge_l_stemmed(prediction, reference),
            case["rougeL_f_stemmed"],
        ),
    ]


def _m2w_action(given: Case | None) -> mind2web.Action | None:
    if given is None:
        return None
    return mind2web.Action(given["element_id"], given["op"], given["value"])


def _mind2web_step(case: Case) -> list[str]:
    gold = _m2w_action(case["gold"])
    assert gold is not None
    predicted = _m2w_action(case["pred"])
    result = mind2web.score_step(predicted, gold)
    found = [
        *_same("element_correct", result.element_correct, case["element_correct"]),
        *_close("op_f1", result.op_f1, case["op_f1"]),
        *_same("step_success", result.step_success, case["step_success"]),
        *_same(
            "compared gold",
            mind2web.gold_operation_text(gold.op, gold.value),
            case["compared"]["gold"],
        ),
    ]
    if predicted is not None:
        text = mind2web.operation_text(predicted.op, predicted.value)
        found += _same("compared pred", text, case["compared"]["pred"])
    return found


def _mind2web_run(case: Case) -> list[str]:
    tasks = [
        [
            mind2web.StepResult(step["element_correct"], step["op_f1"], step["step_success"])
            for step in task
        ]
        for task in case["tasks"]
    ]
    run = mind2web.summarize_run(tasks)
    found = [
        line
        for key in (
            "element_accuracy",
            "op_f1",
            "step_sr",
            "task_sr",
            "macro_element_accuracy",
            "macro_op_f1",
            "macro_step_sr",
        )
        for line in _close(key, getattr(run, key), case[key])
    ]
    found += _same("error_ratio keys", sorted(run.error_ratio), sorted(case["error_ratio"]))
    for bucket, share in case["error_ratio"].items():
        found += _close(f"error_ratio[{bucket}]", run.error_ratio.get(bucket, -1.0), share)
    found += _same("n_tasks", run.n_tasks, case["n_tasks"])
    return [*found, *_same("n_steps", run.n_steps, case["n_steps"])]


def _aitw_action(given: Case) -> aitw.AitwAction:
    return aitw.AitwAction(
        given["action_type"],
        (given["touch_yx"][0], given["touch_yx"][1]),
        (given["lift_yx"][0], given["lift_yx"][1]),
        given["typed_text"],
    )


def _aitw(case: Case) -> list[str]:
    boxes = [(b[0], b[1], b[2], b[3]) for b in case["annotation_positions"]]
    matched = aitw.actions_match(_aitw_action(case["pred"]), _aitw_action(case["gold"]), boxes)
    return list(_same("match", matched, case["match"]))


def _pass_at_k(case: Case) -> list[str]:
    value = passk.pass_at_k(case["n"], case["c"], case["k"])
    return list(_close("pass_at_k", value, case["pass_at_k"], PASS_AT_K))


CHECKS: dict[str, Check] = {
    "squad_v1.jsonl": _squad,
    "rouge_l.jsonl": _rouge,
    "mind2web_steps.jsonl": _mind2web_step,
    "mind2web_runs.jsonl": _mind2web_run,
    "aitw_actions.jsonl": _aitw,
    "pass_at_k.jsonl": _pass_at_k,
}


def test_every_conformance_file_has_a_check() -> None:
    """A file added to the conformance set is a metric to check, never one to skip."""
    present = {path.name for path in require_shared(CONFORMANCE).glob("*.jsonl")}
    assert present == set(CHECKS)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_metric_agrees_with_its_reference_on_every_case(name: str) -> None:
    cases = _cases(name)
    assert cases, name
    wrong = [
        f"{case['id']} ({case.get('kind') or case.get('group', '')}): {'; '.join(lines)}"
        for case in cases
        for lines in [CHECKS[name](case)]
        if lines
    ]
    assert not wrong, f"{len(wrong)} of {len(cases)} cases disagree:\n" + "\n".join(wrong[:20])


def test_aitw_float32_threshold_cases_agree_with_the_shipped_reference() -> None:
    """The cases that flip in float64 are there, and agree (the rule computes in float32)."""
    sensitive = [case for case in _cases("aitw_actions.jsonl") if case["float32_sensitive"]]
    assert len(sensitive) == 3
    assert all(not _aitw(case) for case in sensitive)
