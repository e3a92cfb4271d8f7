"""One attempt at a document task, scored: the task's check plus every overlap metric.

``score`` is 1.0 when the task's own check passes and 0.0 otherwise, so the headline
number means "answered correctly"; partial credit lives in the metrics (SQuAD v1.1 EM and
F1, ROUGE-L, as their reference code computes them: ``taskspace.metrics``) and evidence
quality in citation precision and recall.
"""

from __future__ import annotations

from taskspace.metrics.rouge import rouge_l
from taskspace.metrics.squad import exact_match, f1
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.checks import check_passes
from taskspace.tasks.scoring.citations import Cover, citation_scores


def score_attempt(task: Task, attempt: Attempt, cover: Cover | None = None) -> TaskScore:
    """Score ``attempt`` against ``task``'s gold answer, check and grounding nodes
    (``cover``: what each citable node stands for, see ``citations``)."""
    success = check_passes(task.check, task.answer, attempt.answer, task.prompt)
    grounding = [ref.id for ref in task.grounding]
    precision, recall = citation_scores(attempt.cited, grounding, cover)
    metrics = {
        "exact_match": exact_match(attempt.answer, task.answer),
        "f1": f1(attempt.answer, task.answer),
        "rouge_l": rouge_l(attempt.answer, task.answer),
        "citation_precision": precision,
        "citation_recall": recall,
    }
    if attempt.confidence is not None:
        metrics["confidence"] = attempt.confidence
    return TaskScore(score=1.0 if success else 0.0, success=success, metrics=metrics)
