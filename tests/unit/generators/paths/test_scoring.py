"""NaturalGAIA's path metrics on hand-built paths and hand-computed trajectories.

Three tasks: A (L1, 2 steps, 1 app), B (L3, 5 steps, 3 apps), C (L1, 1 step, 1 app).
Every expected number below is worked out by hand in the comment next to it.
"""

from __future__ import annotations

import pytest

from taskspace.generators.paths.family import PathFamily
from taskspace.generators.paths.scoring import (
    by_level,
    failures,
    judge_path,
    matcr,
    patsr,
    step_passes,
    success_rate,
    wpsr,
)
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.model import GroundRef, PathStep, Task


def path_task(name: str, steps: list[tuple[str, str, str | None]], level: int) -> Task:
    """A path task whose step i goes in app steps[i][0] to item steps[i][1] (label [2])."""
    path = [
        PathStep(
            index=i,
            app=app,
            entity_type="film",
            action="go",
            from_id="Q1" if i == 1 else steps[i - 2][1],
            relation=f"P{100 + i}",
            reverse=i == 2,
            to_id=qid,
            to_label=label,
            fanout=1,
            answer=label or qid,
        )
        for i, (app, qid, label) in enumerate(steps, 1)
    ]
    return Task(
        id=name,
        kind="path",
        type="causal_path",
        template="paths/step",
        difficulty="easy",
        prompt=f"task {name}",
        answer=path[-1].answer,
        anchor="Q1",
        fingerprint=name,
        grounding=[GroundRef(label="Item", id="Q1")],
        seed=0,
        path=path,
        apps=list(dict.fromkeys(app for app, _, _ in steps)),
        level=level,
    )


A = path_task("A", [("moviedb", "Q10", None), ("moviedb", "Q11", "Paris")], 1)
B = path_task(
    "B",
    [
        ("moviedb", "Q20", "The Film"),
        ("music", "Q21", None),
        ("music", "Q22", "Album"),
        ("books", "Q23", "Novel"),
        ("books", "Q24", "Berlin"),
    ],
    3,
)
C = path_task("C", [("moviedb", "Q30", "Rome")], 1)


def attempt(task: Task, steps: list[str], answer: str | None = None) -> Attempt:
    return Attempt(task_id=task.id, answer=answer if answer is not None else steps[-1], steps=steps)


def test_step_passes_on_label_normalised_or_qid_only() -> None:
    step = B.path[0]
    assert step_passes(step, "the film.")  # SQuAD normalisation: case, punctuation, article
    assert step_passes(step, "Q20")  # the item itself, by id
    assert (
        not step_passes(step, "The Film 2")
        and not step_passes(step, "")
        and not step_passes(step, None)
    )


def test_metrics_on_hand_computed_trajectories() -> None:
    runs = [
        judge_path(A, attempt(A, ["Q10", "paris"])),  # 2/2 steps, success
        # B: steps 1, 2 right, 3 wrong, 4, 5 right -> leading 2, success (final right)
        judge_path(B, attempt(B, ["The Film", "Q21", "Single", "Novel", "Berlin"])),
        judge_path(C, attempt(C, ["Milan"])),  # 0/1, failed
    ]
    assert [r.steps for r in runs] == [
        (True, True),
        (True, True, False, True, True),
        (False,),
    ]
    assert [r.success for r in runs] == [True, True, False]
    # MATCR = (2/2 + 2/5 + 0/1) / 3 = 1.4 / 3
    assert matcr(runs) == pytest.approx(1.4 / 3)
    # p-ATSR, p(i) = i: A 1+2 of 3; B 1+2+4+5 of 15; C 0 of 1 -> 15 / 19
    assert patsr(runs) == pytest.approx(15 / 19)
    # p(i) = i^2: A 1+4 of 5; B 1+4+16+25 of 55; C 0 of 1 -> 51 / 61
    assert patsr(runs, lambda i: float(i * i)) == pytest.approx(51 / 61)
    # WPSR, D = nodes x apps (nodes: one per step): A 2x1 = 2, B 5x3 = 15, C 1x1 = 1;
    # successes A, B -> 17 / 18
    assert [r.weight for r in runs] == [2.0, 15.0, 1.0]
    assert wpsr(runs) == pytest.approx(17 / 18)
    assert success_rate(runs) == pytest.approx(2 / 3)
    # error attribution: B broke at step 3 (music, P103, wrong), C at step 1 (missing no)
    assert [
        (r.failure.index, r.failure.app, r.failure.relation, r.failure.reason)
        for r in runs
        if r.failure
    ] == [
        (3, "music", "P103", "wrong"),
        (1, "moviedb", "P101", "wrong"),
    ]
    assert failures(runs) == {(1, "moviedb", "P101"): 1, (3, "music", "P103"): 1}
    levels = {name: s.as_dict() for name, s in by_level(runs).items()}
    # L1: A and C -> MATCR (1 + 0) / 2, p-ATSR 3 / 4, WPSR 2 / 3, SR 1/2
    assert levels["L1"] == {
        "attempts": 2,
        "sr": 0.5,
        "sr_pass@1": 0.5,
        "wpsr": 0.6667,
        "matcr": 0.5,
        "patsr": 0.75,
    }
    assert levels["L3"]["matcr"] == 0.4 and levels["L3"]["patsr"] == round(12 / 15, 4)
    assert levels["all"]["wpsr"] == round(17 / 18, 4)
    assert levels["all"]["patsr"] == round(15 / 19, 4)  # the pooled value from the metrics
    assert levels["all"]["matcr"] == round(1.4 / 3, 4)


def test_pass_at_k_over_epochs() -> None:
    """C twice: one failure, one success -> pass@1 = 1/2, pass@2 = 1; A twice, failed."""
    runs = [
        judge_path(C, attempt(C, ["Milan"])),
        judge_path(C, attempt(C, ["Rome"])),
        judge_path(A, attempt(A, ["Q10", "Lyon"])),
    ]
    assert success_rate(runs, 1) == pytest.approx((0.5 + 0.0) / 2)
    # HumanEval reports pass@k only when every task has k attempts: A has one
    assert success_rate(runs, 2) is None
    runs.append(judge_path(A, attempt(A, ["Q10", "Nice"])))
    assert success_rate(runs, 2) == pytest.approx((1.0 + 0.0) / 2)


def test_missing_steps_and_final_answer_only() -> None:
    """Without step answers only the last step is judged (from the final answer); a short
    list leaves later steps missing."""
    only_final = judge_path(A, Attempt(task_id="A", answer="Paris"))
    assert only_final.steps == (False, True) and only_final.success
    assert only_final.failure is not None and only_final.failure.reason == "missing"
    short = judge_path(B, attempt(B, ["The Film"], answer=""))
    assert short.steps == (True, False, False, False, False) and not short.success
    assert short.failure is not None and (short.failure.index, short.failure.reason) == (
        2,
        "missing",
    )
    assert short.failure.relation == "^P102"


def test_path_family_score_carries_the_step_metrics() -> None:
    scored = PathFamily().score(B, attempt(B, ["The Film", "Q21", "Single", "Novel", "Berlin"]))
    assert scored.success and scored.score == 1.0
    metrics = scored.metrics
    assert metrics["steps_total"] == 5 and metrics["steps_passed"] == 4
    assert metrics["steps_leading"] == 2 and metrics["matcr"] == pytest.approx(0.4)
    assert (metrics["patsr_weighted"], metrics["patsr_weight"]) == (12.0, 15.0)
    assert metrics["path_weight"] == 15.0 and metrics["first_failed_step"] == 3
    assert metrics["exact_match"] == 1.0
