"""Mind2Web's step metrics (Ele.Acc, Op.F1, Step SR) and their run aggregates.

Reference: ``OSU-NLP-Group/Mind2Web`` at ``1b7c3232``, ``src/action_prediction/
metric.py`` (last changed in ``6168ec7d``): ``ActionEvaluatorMultiChoice.
evaluate_dataset_llm``, ``postprocess_action_llm`` and ``calculate_f1``.

Semantics of one step:

- both actions become the text ``"OP value"`` the way ``postprocess_action_llm`` reads
  ``Action: OP`` / ``Value: value`` lines: OP is kept only when it is exactly ``CLICK``,
  ``SELECT`` or ``TYPE`` (case-sensitive), the value is its first line, stripped. The
  gold's op is first folded as the released data does (HOVER and ENTER are CLICK) and a
  gold CLICK has no value line;
- Op.F1 is F1 over the **sets** of whitespace tokens, case-sensitive, punctuation and
  articles kept: both sets empty gives 1, one empty gives 0;
- Ele.Acc: the predicted element is the gold one; Step SR: Ele.Acc and Op.F1 == 1;
- no prediction scores 0 / 0 / failed.

A run: ``element_accuracy``, ``op_f1``, ``step_sr`` are means over every step (micro),
the ``macro_*`` means over tasks of each task's step mean, ``task_sr`` the share of tasks
without a failed step, and ``error_ratio`` the share of tasks per number of failed steps
(keys "0", "1", "2", "3", ">3"; only counts that occur).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

OPERATIONS = ("CLICK", "SELECT", "TYPE")
"""The reference's action space: what ``Action: (CLICK|SELECT|TYPE)`` accepts."""
FOLDED = {"HOVER": "CLICK", "ENTER": "CLICK"}
"""How the released data folds the recorded operations (the raw one is ``original_op``)."""


def folded_op(op: str) -> str:
    """The gold operation as the released data gives it."""
    return FOLDED.get(op, op)


def operation_text(op: str, value: str) -> str:
    """``"OP value"`` as ``postprocess_action_llm`` builds it from an answer's lines."""
    kept = op if op in OPERATIONS else ""
    first_line = value.split("\n", 1)[0]
    return f"{kept} {first_line.strip()}"


def gold_operation_text(op: str, value: str) -> str:
    """The gold's ``"OP value"``: the op folded, no value for a CLICK."""
    op = folded_op(op)
    return operation_text(op, "" if op == "CLICK" else value)


def op_f1(predicted_text: str, gold_text: str) -> float:
    """The reference's ``calculate_f1`` over the two operation texts."""
    predicted = set(predicted_text.strip().split())
    gold = set(gold_text.strip().split())
    if not predicted and not gold:
        return 1.0
    if not predicted or not gold:
        return 0.0
    common = len(predicted & gold)
    precision = common / len(predicted)
    recall = common / len(gold)
    if precision == 0 or recall == 0:
        return 0.0
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True)
class Action:
    """An element (its id, or None), an operation and its value, as given."""

    element: str | None
    op: str
    value: str = ""


@dataclass(frozen=True)
class StepResult:
    element_correct: bool
    op_f1: float
    step_success: bool


NO_STEP = StepResult(False, 0.0, False)


def score_step(predicted: Action | None, gold: Action) -> StepResult:
    """One step as the reference scores it (``predicted`` None: no answer)."""
    if predicted is None:
        return NO_STEP
    f1 = op_f1(
        operation_text(predicted.op, predicted.value), gold_operation_text(gold.op, gold.value)
    )
    correct = predicted.element is not None and predicted.element == gold.element
    return StepResult(correct, f1, correct and f1 == 1.0)


Values = Mapping[str, float | None]
"""One step's named metric values; None where a metric does not apply to the step."""


@dataclass(frozen=True)
class Aggregate:
    """The reference's run aggregation, applied to every named step metric."""

    micro: dict[str, float]
    """Mean over every step that has the metric."""
    macro: dict[str, float]
    """Mean over tasks of each task's own step mean (the reference's ``marco_*``)."""
    task_sr: dict[str, float]
    """Per success key (``step_sr`` → ``task_sr``): the share of tasks without a failed step."""
    error_ratio: dict[str, dict[str, float]]
    """Per success key: the share of tasks per number of failed steps."""
    tasks: int
    steps: int


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _failed_bucket(failed: int) -> str:
    return str(failed) if failed <= 3 else ">3"


def _error_ratio(tasks: Sequence[Sequence[Values]], key: str) -> dict[str, float]:
    failures = Counter(
        _failed_bucket(sum(1 for step in task if step.get(key) != 1.0)) for task in tasks
    )
    return {bucket: count / len(tasks) for bucket, count in sorted(failures.items())}


def aggregate(
    tasks: Sequence[Sequence[Values]], success_keys: Sequence[str] = ("step_sr",)
) -> Aggregate:
    """Micro and per-task means of every metric the steps carry (None values skipped),
    and per success key the task SR and error ratio. Tasks without steps are left out,
    as the reference never sees them."""
    scored = [task for task in tasks if task]
    totals: dict[str, list[float]] = {}
    per_task: dict[str, list[float]] = {}
    for steps in scored:
        own: dict[str, list[float]] = {}
        for step in steps:
            for key, value in step.items():
                if value is not None:
                    own.setdefault(key, []).append(value)
                    totals.setdefault(key, []).append(value)
        for key, values in own.items():
            per_task.setdefault(key, []).append(_mean(values))
    ratios = {key: _error_ratio(scored, key) if scored else {} for key in success_keys}
    return Aggregate(
        micro={key: _mean(values) for key, values in sorted(totals.items())},
        macro={key: _mean(values) for key, values in sorted(per_task.items())},
        task_sr={
            key.replace("step_sr", "task_sr"): ratios[key].get("0", 0.0) for key in success_keys
        },
        error_ratio=ratios,
        tasks=len(scored),
        steps=sum(len(steps) for steps in scored),
    )


def named_values(step: StepResult) -> dict[str, float | None]:
    """A step's result under the names the graph and the reports use."""
    return {
        "ele_acc": float(step.element_correct),
        "op_f1": step.op_f1,
        "step_sr": float(step.step_success),
    }


@dataclass(frozen=True)
class RunMetrics:
    element_accuracy: float
    op_f1: float
    step_sr: float
    macro_element_accuracy: float
    macro_op_f1: float
    macro_step_sr: float
    task_sr: float
    error_ratio: dict[str, float]
    n_tasks: int
    n_steps: int


def summarize_run(tasks: Sequence[Sequence[StepResult]]) -> RunMetrics:
    """A run's aggregates, as ``evaluate_dataset_llm`` returns them."""
    found = aggregate([[named_values(step) for step in task] for task in tasks])
    return RunMetrics(
        element_accuracy=found.micro.get("ele_acc", 0.0),
        op_f1=found.micro.get("op_f1", 0.0),
        step_sr=found.micro.get("step_sr", 0.0),
        macro_element_accuracy=found.macro.get("ele_acc", 0.0),
        macro_op_f1=found.macro.get("op_f1", 0.0),
        macro_step_sr=found.macro.get("step_sr", 0.0),
        task_sr=found.task_sr["task_sr"],
        error_ratio=found.error_ratio["step_sr"],
        n_tasks=found.tasks,
        n_steps=found.steps,
    )
