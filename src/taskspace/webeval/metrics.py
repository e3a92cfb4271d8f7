"""Mind2Web's step metrics (Ele.Acc, Op.F1, Step SR) and their micro, per-task and task-level
averages.

A step is scored against its *accepted* actions: the gold one first, then any alternatives
the flexible ground truth allows (``taskspace.webeval.flexible``); with only the gold one
these are the benchmark's own metrics. Op.F1 is the token F1 of ``"OP value"`` against
the gold's (``taskspace.scoring.text.token_f1``), as Mind2Web compares operations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from taskspace.scoring.text import token_f1
from taskspace.webeval.model import Triplet

Values = Mapping[str, float | None]
"""One step's metrics; None where a metric does not apply (AP Acc when RE missed)."""


def op_f1(predicted: Triplet, gold: Triplet) -> float:
    return token_f1(predicted.operation_text(), gold.operation_text())


def op_exact(predicted: Triplet, gold: Triplet) -> bool:
    """The operation and its value agree once normalised (Op.F1 of 1)."""
    return op_f1(predicted, gold) == 1.0


def triplet_exact(predicted: Triplet, gold: Triplet) -> bool:
    return predicted.element == gold.element and op_exact(predicted, gold)


@dataclass(frozen=True)
class StepScore:
    ele_acc: float
    op_f1: float
    step_sr: float


def step_score(predicted: Triplet | None, accepted: Sequence[Triplet]) -> StepScore:
    """Ele.Acc: the element is an accepted one's; Op.F1: the best against any accepted action;
    Step SR: one accepted action has both the element and the exact operation."""
    if not accepted:
        raise ValueError("a step needs its gold action")
    if predicted is None or predicted.element is None:
        return StepScore(0.0, 0.0, 0.0)
    same = [gold for gold in accepted if gold.element == predicted.element]
    f1 = max(op_f1(predicted, gold) for gold in accepted)
    success = any(op_exact(predicted, gold) for gold in same)
    return StepScore(1.0 if same else 0.0, f1, 1.0 if success else 0.0)


@dataclass(frozen=True)
class Summary:
    micro: dict[str, float]
    """Mean over every step that has the metric."""
    macro: dict[str, float]
    """Mean over tasks of each task's own step mean."""
    task_sr: dict[str, float]
    """Per success key (``step_sr`` → ``task_sr``): tasks whose every step succeeded."""
    tasks: int
    steps: int


def task_success(steps: Sequence[Values], key: str = "step_sr") -> bool:
    return bool(steps) and all(step.get(key) == 1.0 for step in steps)


def summarize(
    tasks: Sequence[Sequence[Values]], success_keys: Sequence[str] = ("step_sr",)
) -> Summary:
    """Micro and per-task averages of every metric the steps carry; None values are skipped."""
    totals: dict[str, list[float]] = {}
    per_task: dict[str, list[float]] = {}
    for steps in tasks:
        own: dict[str, list[float]] = {}
        for step in steps:
            for key, value in step.items():
                if value is not None:
                    own.setdefault(key, []).append(value)
                    totals.setdefault(key, []).append(value)
        for key, values in own.items():
            per_task.setdefault(key, []).append(sum(values) / len(values))
    done = {
        key.replace("step_sr", "task_sr"): sum(1 for steps in tasks if task_success(steps, key))
        for key in success_keys
    }
    return Summary(
        micro={key: sum(v) / len(v) for key, v in sorted(totals.items())},
        macro={key: sum(v) / len(v) for key, v in sorted(per_task.items())},
        task_sr={key: count / len(tasks) if tasks else 0.0 for key, count in done.items()},
        tasks=len(tasks),
        steps=sum(len(steps) for steps in tasks),
    )
