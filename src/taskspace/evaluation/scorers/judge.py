"""An LLM judge for free-text answers: quality, relevance and completeness in [0, 1].

The task's check decides success; the judge adds graded opinions where overlap metrics
are weak (summaries, paraphrased captions). It sees the question, the gold answer and the
agent's answer, answers through instructor's tool mode (so its reply is JSON that
validates against :class:`JudgeVerdict`), runs at temperature 0.1, and is cached on disk
like every LLM call of the project. Without ``ANTHROPIC_API_KEY`` it refuses honestly.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from taskspace.core.settings import Settings
from taskspace.models.errors import LLMUnavailableError
from taskspace.models.llm.client import StructuredLLM, llm_available
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.model import Task

JUDGE_TEMPERATURE = 0.1
"""Low, for repeatable grades; sent in the request body (models after Opus 4.6 reject
sampling parameters: pick a judge model that takes it, via TASKSPACE_LLM_MODEL)."""

SYSTEM = (
    "You grade an AI agent's answer to a question about documents. You are given the "
    "question, a reference answer built from the documents, and the agent's answer. Grade "
    "three things, each as a number from 0 to 1: answer_quality (is it correct and "
    "consistent with the reference?), relevance (does it address the question asked?), "
    "completeness (does it cover everything the reference covers?). Judge content, not "
    "wording or length. Give a one- or two-sentence rationale."
)


class JudgeVerdict(BaseModel):
    """The judge's grades; each in [0, 1]."""

    answer_quality: float = Field(ge=0.0, le=1.0, description="correct and consistent")
    relevance: float = Field(ge=0.0, le=1.0, description="addresses the question")
    completeness: float = Field(ge=0.0, le=1.0, description="covers the reference")
    rationale: str = Field(max_length=600, description="one or two sentences")


def judge_prompt(task: Task, attempt: Attempt) -> str:
    return (
        f"Question: {task.prompt}\n"
        f"Reference answer: {task.answer}\n"
        f"Agent's answer: {attempt.answer}"
    )


class AnswerJudge:
    """Grades attempts with Claude; construct only where a key is set."""

    def __init__(self, settings: Settings, model: str | None = None) -> None:
        if not llm_available():
            raise LLMUnavailableError(
                "the LLM judge needs ANTHROPIC_API_KEY; without it, score with the task "
                "checks and overlap metrics only"
            )
        self.llm = StructuredLLM(settings, model)

    @property
    def model(self) -> str:
        return self.llm.model

    def judge(self, task: Task, attempt: Attempt) -> JudgeVerdict:
        return self.llm.ask(
            SYSTEM,
            judge_prompt(task, attempt),
            JudgeVerdict,
            max_tokens=512,
            temperature=JUDGE_TEMPERATURE,
        )
