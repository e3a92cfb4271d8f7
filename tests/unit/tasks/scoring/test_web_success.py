"""Web success on hand-made trajectories: the final page's checks decide, the judge
(through the local Messages API) adds its verdict and decides only without criteria."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task as EvalTask
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalSample
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.evaluation.scorers.web import task_or_web_scorer, web_judge_scorer
from taskspace.generators import family
from taskspace.models.errors import LLMUnavailableError
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt, WebAction, WebTrajectory
from taskspace.tasks.model import SuccessCriterion, Task
from taskspace.tasks.scoring.web import score_web
from tests.support.messages_api import messages_api

SITE = "http://127.0.0.1:9"


def web_task(name: str, criteria: list[tuple[str, str]]) -> Task:
    return Task(
        id=f"task:{name}",
        kind="web",
        type="basic_navigation",
        template="nav_link",
        difficulty="easy",
        prompt=f"Use the link “Next” to open the page “{name}”, and give its URL.",
        answer=f"{SITE}/{name}/",
        anchor=name,
        fingerprint=name,
        grounding=[],
        seed=0,
        start_url=f"{SITE}/",
        success=[SuccessCriterion(kind=k, value=v) for k, v in criteria],
    )


def trajectory(task: Task, checks: list[bool], final: str) -> WebTrajectory:
    return WebTrajectory(
        start_url=f"{SITE}/",
        actions=[
            WebAction(kind="click", mark=9, url=final),
            WebAction(kind="answer", value=final, url=final),
        ],
        visited=[f"{SITE}/", final],
        answers=[final],
        final_url=final,
        final_title="Some page - Site",
        checks={f"{c.kind}: {c.value}": ok for c, ok in zip(task.success, checks, strict=True)},
    )


PAGE = web_task("guide", [("url", f"{SITE}/guide/"), ("text_present", "User Guide")])


def attempt(task: Task, checks: list[bool] | None, answer: str = "") -> Attempt:
    final = f"{SITE}/guide/" if checks and all(checks) else f"{SITE}/other/"
    traj = None if checks is None else trajectory(task, checks, final)
    return Attempt(task_id=task.id, answer=answer or final, trajectory=traj)


def test_the_final_page_decides_web_success() -> None:
    passed = score_web(PAGE, attempt(PAGE, [True, True]))
    half = score_web(PAGE, attempt(PAGE, [True, False]))
    assert (passed.success, passed.score, passed.metrics["checks_passed"]) == (True, 1.0, 1.0)
    assert (half.success, half.score, half.metrics["checks_passed"]) == (False, 0.0, 0.5)
    # the answer metrics stay: the answer was the page's URL, the gold one
    assert passed.metrics["exact_match"] == 1.0
    # without a trajectory the answer decides, as for any task
    by_text = score_web(PAGE, attempt(PAGE, None, answer=f"{SITE}/guide/"))
    assert by_text.success and "checks_passed" not in by_text.metrics
    # the web family scores through it; a right URL typed on the wrong page fails
    wrong_page = attempt(PAGE, [False, False], answer=f"{SITE}/guide/")
    assert family("web").score(PAGE, wrong_page).success is False


@solver
def replay_attempt(attempts: dict[str, Attempt]) -> Solver:
    """Stands in for the browser run: leaves the given attempt, as the environment does."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        state.store.set(ATTEMPT_STORE_KEY, attempts[str(state.sample_id)].model_dump())
        return state

    return solve


def scored(scorer: Any, tasks: list[Task], attempts: list[Attempt], logs: Path) -> list[EvalSample]:
    samples = [
        Sample(
            id=t.id, input=t.prompt, target=t.answer, metadata={"task_json": t.model_dump_json()}
        )
        for t in tasks
    ]
    log = inspect_eval(
        EvalTask(
            dataset=samples,
            solver=replay_attempt({a.task_id: a for a in attempts}),
            scorer=scorer,
        ),
        model="mockllm/model",
        log_dir=str(logs),
        display="none",
    )[0]
    assert log.status == "success", log.error
    return list(log.samples or [])


def value(sample: EvalSample, key: str) -> float:
    score = next(iter(sample.scores.values())) if sample.scores else None
    assert score is not None and isinstance(score.value, dict)
    return float(score.value[key])


def test_task_scorer_gives_web_success_and_sr(tmp_path: Path) -> None:
    other = web_task("about", [("url", f"{SITE}/about/")])
    samples = scored(
        task_or_web_scorer(),
        [PAGE, other],
        [attempt(PAGE, [True, True]), attempt(other, [False])],
        tmp_path,
    )
    successes = {str(s.id): value(s, "success") for s in samples}
    assert successes == {PAGE.id: 1.0, other.id: 0.0}  # SR = 1 / 2


def _verdict(text: str, tool: dict[str, Any]) -> dict[str, Any]:
    done = "Final URL: http://127.0.0.1:9/guide/" in text
    return {
        "task_completed": done,
        "confidence": 0.8 if done else 0.6,
        "reasoning": "The guide page is open." if done else "Still on another page.",
        "missing_actions": [] if done else ["click the link Next"],
    }


def test_web_judge_sees_the_trajectory_and_decides_only_without_criteria(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    free = web_task("free", [])
    with messages_api(_verdict) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        monkeypatch.setenv("TASKSPACE_HOME", str(tmp_path / "home"))
        samples = scored(
            web_judge_scorer(),
            [PAGE, free],
            # the checks failed on PAGE's final page; FREE has none, its page is the guide
            [
                attempt(PAGE, [False, True]),
                attempt(free, []).model_copy(
                    update={"trajectory": trajectory(PAGE, [True, True], f"{SITE}/guide/")}
                ),
            ],
            tmp_path / "logs",
        )
    by_id = {str(s.id): s for s in samples}
    checked, judged = by_id[PAGE.id], by_id[free.id]
    assert value(checked, "success") == 0.0 and value(checked, "checks_passed") == 0.5
    assert value(checked, "task_completed") == 0.0
    assert value(judged, "success") == 1.0 and value(judged, "judge_confidence") == 0.8
    first = next(iter(checked.scores.values())) if checked.scores else None
    assert first is not None and first.metadata
    assert first.metadata["missing_actions"] == ["click the link Next"]
    prompts = [request["messages"][0]["content"] for request in seen]
    assert all("Executed actions:" in p and "Final title: Some page - Site" in p for p in prompts)
    assert all("1. click mark 9 -> ok" in p for p in prompts)
    assert seen[0]["tools"][0]["name"] == "WebVerdict"


def test_web_judge_refuses_without_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(LLMUnavailableError, match="web judge needs ANTHROPIC_API_KEY"):
        web_judge_scorer()
