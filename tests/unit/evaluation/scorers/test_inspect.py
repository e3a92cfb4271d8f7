"""The inspect scorers on the real inspect engine, and the LLM judge through the real
anthropic client against a local Messages API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task as InspectTask
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalLog
from inspect_ai.scorer import Scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.core.settings import Settings
from taskspace.evaluation.scorers.judge import JUDGE_TEMPERATURE, AnswerJudge
from taskspace.evaluation.scorers.task import judge_scorer, scoring_epochs, task_scorer
from taskspace.models.errors import LLMUnavailableError
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt
from taskspace.tasks.model import GroundRef, Task
from taskspace.tasks.state import TASK_METADATA_KEY
from tests.support.messages_api import messages_api

COUNT = Task(
    id="task:count",
    kind="doc",
    type="analysis_aggregation",
    template="count_subsections",
    difficulty="easy",
    prompt="How many subsections does the section “Rationale” of “Typed Transaction Envelope” "
    "have?",
    answer="5",
    check="number",
    anchor="sec:rationale",
    fingerprint="fp:1",
    grounding=[GroundRef(label="Section", id=f"sec:{n}") for n in ("rationale", "a", "b", "c")],
    seed=0,
)
PARENT = Task(
    id="task:parent",
    kind="doc",
    type="structure",
    template="parent_section",
    difficulty="easy",
    prompt="Under which top-level section of “Typed Transaction Envelope” is the subsection "
    "“Transactions” found?",
    answer="Specification",
    check="exact",
    anchor="sec:transactions",
    fingerprint="fp:2",
    grounding=[GroundRef(label="Section", id="sec:spec"), GroundRef(label="Section", id="sec:tx")],
    seed=0,
)

# What the stand-in agent answers, per task and epoch (None: only a final completion).
ANSWERS: dict[str, list[Attempt | None]] = {
    COUNT.id: [
        Attempt(task_id=COUNT.id, answer="It has five subsections.", cited=["sec:rationale"]),
        Attempt(task_id=COUNT.id, answer="4", cited=["sec:x"]),
        Attempt(task_id=COUNT.id, answer="Six.", cited=[]),
    ],
    PARENT.id: [None, None, None],
}


@solver
def fixed_attempts() -> Solver:
    """Stands for an agent: stores this epoch's attempt the way agent solvers do."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        attempt = ANSWERS[str(state.sample_id)][state.epoch - 1]
        if attempt is not None:
            state.store.set(ATTEMPT_STORE_KEY, attempt.model_dump())
        return state

    return solve


def _run(scorer: Scorer, tasks: list[Task], epochs: int, log_dir: Path) -> EvalLog:
    samples = [
        Sample(
            id=task.id,
            input=task.prompt,
            target=task.answer,
            metadata={TASK_METADATA_KEY: task.model_dump_json()},
        )
        for task in tasks
    ]
    evaluation = InspectTask(
        dataset=samples, solver=fixed_attempts(), scorer=scorer, epochs=scoring_epochs(epochs)
    )
    (log,) = inspect_eval(evaluation, model="mockllm/model", log_dir=str(log_dir), display="none")
    assert log.status == "success", log.error
    return log


def _metric(log: EvalLog, name: str, reducer: str = "mean", metric: str = "mean") -> float:
    assert log.results is not None
    for score in log.results.scores:
        if score.name == name and score.reducer == reducer:
            return score.metrics[metric].value
    raise AssertionError(
        f"no {name}/{reducer} in {[(s.name, s.reducer) for s in log.results.scores]}"
    )


def test_task_scorer_in_the_inspect_engine(tmp_path: Path) -> None:
    log = _run(task_scorer(), [COUNT, PARENT], epochs=3, log_dir=tmp_path)
    # COUNT succeeds in epoch 1 only; PARENT's completion from mockllm is never "Specification".
    assert _metric(log, "success") == pytest.approx((1 / 3 + 0) / 2)
    assert _metric(log, "score", reducer="pass_at_3") == pytest.approx(0.5)
    assert _metric(log, "citation_precision") == pytest.approx((1 / 3 + 0) / 2)
    assert _metric(log, "citation_recall") == pytest.approx((1 / 4 / 3 + 0) / 2)
    assert log.samples is not None and len(log.samples) == 6
    first = next(s for s in log.samples if s.id == COUNT.id and s.epoch == 1)
    score = first.scores["task_scorer"] if first.scores else None
    assert score is not None and score.answer == "It has five subsections."
    assert isinstance(score.value, dict)
    assert score.value["success"] == 1.0 and score.value["exact_match"] == 0.0
    assert "check number passed" in (score.explanation or "")
    parent = next(s for s in log.samples if s.id == PARENT.id and s.epoch == 1)
    assert parent.scores is not None
    fallback = parent.scores["task_scorer"]
    assert isinstance(fallback.value, dict) and fallback.value["success"] == 0.0
    assert fallback.answer == parent.output.completion


def test_one_epoch_has_no_pass_at_k(tmp_path: Path) -> None:
    log = _run(task_scorer(), [COUNT], epochs=1, log_dir=tmp_path)
    assert log.results is not None
    assert {score.reducer for score in log.results.scores} == {"mean"}
    assert _metric(log, "success") == 1.0 and _metric(log, "f1") == 0.0


def _verdict(text: str, tool: dict[str, Any]) -> dict[str, Any]:
    good = "Agent's answer: It has five subsections." in text
    grade = 0.9 if good else 0.1
    return {
        "answer_quality": grade,
        "relevance": 1.0,
        "completeness": grade,
        "rationale": "Matches the reference." if good else "Wrong count.",
    }


def test_judge_through_the_messages_api(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with messages_api(_verdict) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path / "home"))
        judge = AnswerJudge(Settings(TASKSPACE_HOME=tmp_path / "home"))
        attempt = ANSWERS[COUNT.id][0]
        assert attempt is not None
        verdict = judge.judge(COUNT, attempt)
        again = judge.judge(COUNT, attempt)
        log = _run(judge_scorer(), [COUNT], epochs=3, log_dir=tmp_path / "logs")
    assert verdict.answer_quality == 0.9 and verdict.rationale == "Matches the reference."
    assert again.model_dump() == verdict.model_dump()
    assert seen[0]["temperature"] == JUDGE_TEMPERATURE
    assert seen[0]["tools"][0]["name"] == "JudgeVerdict"
    assert "Reference answer: 5" in seen[0]["messages"][0]["content"]
    assert len(seen) == 3  # the first call, then epochs 2 and 3; epoch 1 came from the cache
    assert _metric(log, "answer_quality") == pytest.approx((0.9 + 0.1 + 0.1) / 3)
    assert _metric(log, "relevance") == 1.0


def test_judge_refuses_without_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(LLMUnavailableError, match="LLM judge needs ANTHROPIC_API_KEY"):
        judge_scorer()


def test_the_cli_offers_every_scorer_there_is() -> None:
    from taskspace.cli.eval import SCORERS
    from taskspace.evaluation.scorers import SCORER_NAMES

    assert SCORERS == SCORER_NAMES
