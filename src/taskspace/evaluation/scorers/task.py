"""inspect_ai scorers for taskspace tasks: the task's check and metrics, and the LLM judge.

Contracts with the solver side of an evaluation:

- ``state.metadata[TASK_METADATA_KEY]`` holds ``Task.model_dump_json()``: the scorer reads
  the gold answer, check and grounding from it (the agent never sees the metadata).
- the agent's solver stores ``Attempt.model_dump()`` in ``state.store`` under
  ``ATTEMPT_STORE_KEY``; without it the scorer takes ``state.output.completion`` as the
  answer, with no citations.

Over several epochs, inspect reduces each sample's scores with the task's reducers;
:func:`scoring_epochs` gives ``mean`` plus inspect's ``pass_at(k)``, so a run reports
both the mean of every metric and pass@k of ``score`` and ``success``.
"""

from __future__ import annotations

import anyio
from inspect_ai import Epochs
from inspect_ai.scorer import (
    Score,
    Scorer,
    ScoreReducer,
    Target,
    mean,
    mean_score,
    pass_at,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState

from taskspace.core.settings import Settings
from taskspace.evaluation.scorers.judge import AnswerJudge
from taskspace.generators.multihop.scoring import score_multihop
from taskspace.generators.paths.error_attribution import attribute
from taskspace.generators.paths.error_judge import error_judge
from taskspace.generators.paths.scoring import score_path
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.scoring.fuzzy import fuzzy_matcher
from taskspace.tasks.state import (
    EVIDENCE_COVER_KEY,
    attempt_from_state,
    task_from_state,
)

TASK_SCORE_KEYS = (
    "score",
    "success",
    "exact_match",
    "f1",
    "rouge_l",
    "citation_precision",
    "citation_recall",
)
JUDGE_SCORE_KEYS = ("answer_quality", "relevance", "completeness")
HOP_SCORE_KEYS = (
    "hops_total",
    "hops_passed",
    "hop_sr",
    "first_failed_hop",
    "ended",
    "hops_by_keywords",
    "hops_by_fuzzy",
    "hops_by_url",
)
"""Metrics a multihop task adds to its score (``scoring.hops.hop_metrics``)."""
PATH_SCORE_KEYS = (
    "steps_total",
    "steps_passed",
    "steps_leading",
    "matcr",
    "patsr_weighted",
    "patsr_weight",
    "path_weight",
    "first_failed_step",
)
"""Metrics a causal-path task adds to its score (``scoring.paths.path_metrics``)."""


def scoring_epochs(epochs: int, k: int | None = None) -> Epochs:
    """Epochs whose reducers give the mean of every metric and, over more than one epoch,
    pass@k (``k`` defaults to the number of epochs)."""
    reducers: list[ScoreReducer] = [mean_score()]
    if epochs > 1:
        reducers.append(pass_at(k or epochs))
    return Epochs(epochs, reducers)


@scorer(metrics={key: [mean(), stderr()] for key in TASK_SCORE_KEYS})
def task_scorer() -> Scorer:
    """The task's own check (``score``, ``success`` as 1.0/0.0) and the overlap and
    citation metrics, as one dict-valued score; a multihop task is judged by its hop queue
    (with fuzzy_match when ``ANTHROPIC_API_KEY`` is set) and adds the hop metrics; a failed
    causal path carries its error class, reason and source in metadata (the rules of
    ``scoring.path_errors``, or the judge of ``scoring.path_error_judge`` when asked for)."""
    fuzzy = fuzzy_matcher()
    blame = error_judge()

    async def score(state: TaskState, target: Target) -> Score:
        task = task_from_state(state)
        attempt = attempt_from_state(state, task)
        cover = state.metadata.get(EVIDENCE_COVER_KEY)
        if task.hops:  # a multihop queue (MultihopFamily.score): hop by hop, in order
            result = await anyio.to_thread.run_sync(score_multihop, task, attempt, fuzzy, cover)
        elif task.path:  # a causal path (PathFamily.score): step by step against path[]
            result = score_path(task, attempt)
        else:
            result = score_attempt(task, attempt, cover)
        value: dict[str, float] = {"score": result.score, "success": float(result.success)}
        value.update({key: result.metrics[key] for key in TASK_SCORE_KEYS[2:]})
        value.update({key: result.metrics[key] for key in HOP_SCORE_KEYS if key in result.metrics})
        value.update({k: result.metrics[k] for k in PATH_SCORE_KEYS if k in result.metrics})
        verdict = "passed" if result.success else "failed"
        blamed = None
        if task.path and not result.success:
            rules = blame.judge if blame is not None else attribute
            blamed = await anyio.to_thread.run_sync(rules, task, attempt)
        errors = (
            {"error_class": blamed.error_class, "error_reason": blamed.reason} if blamed else {}
        )
        if blamed:
            errors["error_source"] = blamed.source
        return Score(
            value=value,
            answer=attempt.answer,
            explanation=f"check {task.check} {verdict} against the gold answer {task.answer!r}",
            metadata={
                "task_id": task.id,
                "check": task.check,
                "cited": attempt.cited,
                "confidence": attempt.confidence,
                **errors,
            },
        )

    return score


@scorer(metrics={key: [mean(), stderr()] for key in JUDGE_SCORE_KEYS})
def judge_scorer(model: str | None = None) -> Scorer:
    """The LLM judge's grades; needs ``ANTHROPIC_API_KEY`` (refuses at creation without)."""
    judge = AnswerJudge(Settings(), model)

    async def score(state: TaskState, target: Target) -> Score:
        task = task_from_state(state)
        attempt = attempt_from_state(state, task)
        verdict = await anyio.to_thread.run_sync(judge.judge, task, attempt)
        return Score(
            value={key: getattr(verdict, key) for key in JUDGE_SCORE_KEYS},
            answer=attempt.answer,
            explanation=verdict.rationale,
            metadata={"judge_model": judge.model},
        )

    return score
