"""Web success: did the agent's final page satisfy the task, and (with a key) a judge.

Executable checks come first: the browser environment checked every success criterion of
the task (URL reached, element present, text present or absent) on the agent's final
page and wrote them into the trajectory; the task succeeds when every one passed. The LLM
judge (``web-judge``) sees the task, the executed actions, the final URL and title, and
returns ``task_completed``, ``confidence``, ``reasoning`` and ``missing_actions``; it
decides only for tasks that have no executable criteria. SR = successes / tasks.
"""

from __future__ import annotations

import anyio
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState
from pydantic import BaseModel, Field

from taskspace.core.settings import Settings
from taskspace.evaluation.scorers.task import TASK_SCORE_KEYS, task_scorer
from taskspace.models.errors import LLMUnavailableError
from taskspace.models.llm.client import StructuredLLM, llm_available
from taskspace.tasks.attempt import WebTrajectory
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.web import checked_in_browser, checks_passed, score_web
from taskspace.tasks.state import EVIDENCE_COVER_KEY, attempt_from_state, task_from_state

JUDGE_KEYS = ("score", "success", "checks_passed", "task_completed", "judge_confidence")


@scorer(metrics={key: [mean(), stderr()] for key in TASK_SCORE_KEYS})
def task_or_web_scorer() -> Scorer:
    """``task_scorer`` for every task, except that a web task run in the browser succeeds
    when every success criterion held on its final page."""
    by_answer = task_scorer()

    async def score(state: TaskState, target: Target) -> Score:
        task = task_from_state(state)
        attempt = attempt_from_state(state, task)
        if not checked_in_browser(task, attempt) or attempt.trajectory is None:
            answered = await by_answer(state, target)
            if answered is None:  # task_scorer always scores; this keeps the type honest
                raise ValueError(f"task {task.id}: the task scorer gave no score")
            return answered
        result = score_web(task, attempt, state.metadata.get(EVIDENCE_COVER_KEY))
        value = {key: result.metrics.get(key, 0.0) for key in TASK_SCORE_KEYS[2:]}
        value.update(
            score=result.score,
            success=float(result.success),
            checks_passed=result.metrics["checks_passed"],
        )
        trajectory = attempt.trajectory
        failed = [key for key, ok in trajectory.checks.items() if not ok]
        return Score(
            value=value,
            answer=attempt.answer,
            explanation=(
                f"final page {trajectory.final_url}: "
                + (f"failed {'; '.join(failed)}" if failed else "every success criterion held")
            ),
            metadata={
                "task_id": task.id,
                "checks": trajectory.checks,
                "checks_passed": result.metrics["checks_passed"],
                "actions": len(trajectory.actions),
            },
        )

    return score


JUDGE_SYSTEM = (
    "You judge whether a web agent completed a task in a browser. You are given the task, "
    "the actions the agent executed (with their results), and the URL and title of the page "
    "it ended on. Decide task_completed (true or false), your confidence from 0 to 1, a "
    "short reasoning, and missing_actions: the actions still needed (empty if complete)."
)


class WebVerdict(BaseModel):
    task_completed: bool
    confidence: float = Field(ge=0.0, le=1.0)
    reasoning: str = Field(max_length=800)
    missing_actions: list[str] = Field(default_factory=list)


def judge_prompt(task: Task, trajectory: WebTrajectory) -> str:
    actions = [
        f"{n}. {a.kind}"
        + (f" mark {a.mark}" if a.mark is not None else "")
        + (f" {a.value!r}" if a.value is not None else "")
        + (" -> ok" if a.ok else f" -> failed: {a.error}")
        + f" (now at {a.url})"
        for n, a in enumerate(trajectory.actions, start=1)
    ]
    return (
        f"Task: {task.prompt}\n"
        f"Executed actions:\n{chr(10).join(actions) or '(none)'}\n"
        f"Final URL: {trajectory.final_url}\nFinal title: {trajectory.final_title}\n"
        f"Answers given: {trajectory.answers or '(none)'}"
    )


@scorer(metrics={key: [mean(), stderr()] for key in JUDGE_KEYS})
def web_judge_scorer(model: str | None = None) -> Scorer:
    """Executable checks first, then the LLM judge; needs ANTHROPIC_API_KEY."""
    if not llm_available():
        raise LLMUnavailableError(
            "the web judge needs ANTHROPIC_API_KEY; without it, score with --scorer task "
            "(the executable success checks)"
        )
    llm = StructuredLLM(Settings(), model)

    async def score(state: TaskState, target: Target) -> Score:
        task = task_from_state(state)
        attempt = attempt_from_state(state, task)
        trajectory = attempt.trajectory or WebTrajectory(start_url=task.start_url or "")
        passed = checks_passed(task, trajectory)
        verdict = await anyio.to_thread.run_sync(
            lambda: llm.ask(JUDGE_SYSTEM, judge_prompt(task, trajectory), WebVerdict, 600, 0.1)
        )
        success = passed == 1.0 if task.success else verdict.task_completed
        return Score(
            value={
                "score": float(success),
                "success": float(success),
                "checks_passed": passed,
                "task_completed": float(verdict.task_completed),
                "judge_confidence": verdict.confidence,
            },
            answer=attempt.answer,
            explanation=verdict.reasoning,
            metadata={"missing_actions": verdict.missing_actions, "judge_model": llm.model},
        )

    return score
