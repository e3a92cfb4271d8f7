"""Error attribution for failed causal-path attempts: NaturalGAIA's five failure classes,
decided by rules from what the scorer can see (pure functions, no model).

The paper (sec. 3.2 and fig. 4) names the classes; here each becomes a rule over the
task's gold path, the agent's per-step answers (``Attempt.steps``) and, for the path
agent, its tool calls (``Attempt.calls``: tool, arguments, item ids in the result,
error). The rules look at the first failed step (``scoring.paths.judge_path``) and are
tried in this order, the first that holds deciding:

1. **SCE**, structural compliance error: the answers do not follow the required form,
   one entry per step in order: the agent gave steps, their count differs from the
   path's, and one of its answers is another step's gold (shifted), or it left the
   failed step out.
2. **OE**, operational error: the intent was right but the operation failed: a tool call
   in the failed step's app or on its source item raised an error (wrong app or action
   name, bad id) and no later call followed the step's action from that item; or it
   followed the right action but never read the page of results listing the gold item.
3. **PE**, perceptual error: the step's gold item was in a tool result the agent saw,
   yet it answered something else: it failed to read what the UI showed.
4. **PRE**, planning and reasoning error: the agent reached the step's source item but
   followed another relation or app than the gold step's.
5. **KD**, knowledge deficit: none of the above; the agent never reached the step's
   source item or relation (and an agent without recorded calls lands here unless SCE
   holds: the rules cannot tell more from its answers alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from taskspace.generators.paths.scoring import judge_path, step_answers, step_passes
from taskspace.tasks.attempt import Attempt, ToolCall
from taskspace.tasks.model import PathStep, Task

ErrorClass = Literal["KD", "PE", "OE", "PRE", "SCE"]
ERROR_CLASSES: tuple[ErrorClass, ...] = ("KD", "PRE", "OE", "PE", "SCE")
"""The paper's order (fig. 4)."""
ERROR_NAMES: dict[ErrorClass, str] = {
    "KD": "knowledge deficit",
    "PRE": "planning and reasoning error",
    "OE": "operational error",
    "PE": "perceptual error",
    "SCE": "structural compliance error",
}


@dataclass(frozen=True)
class Attribution:
    """The class of a failed attempt, the step it was judged on, and why."""

    error_class: ErrorClass
    step: int
    reason: str
    source: str = "rules"  # "rules" or the judge's model name


def attribute(task: Task, attempt: Attempt) -> Attribution | None:
    """The failure class of ``attempt`` at ``task``; None when the task succeeded (its
    final answer is right: a failed intermediate step alone is not a failed task)."""
    result = judge_path(task, attempt)
    if result.success or not task.path:
        return None
    # without a failed step every step matched but the final answer did not: judge the last
    failed = result.failure.index if result.failure else len(task.path)
    step = task.path[failed - 1]
    for rule in (_structural, _operational, _perceptual, _planning):
        reason = rule(task, attempt, step)
        if reason is not None:
            return Attribution(reason[0], step.index, reason[1])
    return Attribution("KD", step.index, f"never reached {step.from_id} --{step.action}-->")


Found = tuple[ErrorClass, str] | None


def _structural(task: Task, attempt: Attempt, step: PathStep) -> Found:
    if not attempt.steps or len(attempt.steps) == len(task.path):
        return None
    given = step_answers(task, attempt)[step.index - 1]
    shifted = [
        (i, gold.index)
        for i, answer in enumerate(attempt.steps, 1)
        for gold in task.path
        if gold.index != i and step_passes(gold, answer)
    ]
    if shifted or not given:
        where = (
            f"answer {shifted[0][0]} is step {shifted[0][1]}'s item"
            if shifted
            else (f"step {step.index} left out")
        )
        return ("SCE", f"{len(attempt.steps)} answers for {len(task.path)} steps; {where}")
    return None


def _on_step(call: ToolCall, step: PathStep) -> bool:
    args = call.arguments
    return args.get("app") == step.app or args.get("item_id") == step.from_id


def _follows(call: ToolCall, step: PathStep) -> bool:
    args = call.arguments
    return (
        call.tool == "follow"
        and call.error is None
        and args.get("item_id") == step.from_id
        and args.get("app") == step.app
        and args.get("action") == step.action
    )


def _operational(task: Task, attempt: Attempt, step: PathStep) -> Found:
    calls = attempt.calls
    for i, call in enumerate(calls):
        later = calls[i + 1 :]
        if (
            call.error is not None
            and _on_step(call, step)
            and not any(_follows(c, step) for c in later)
        ):
            return ("OE", f"{call.tool}({_args(call)}) failed: {call.error}")
    seen = any(step.to_id in c.ids for c in calls)
    right = [c for c in calls if _follows(c, step)]
    if right and not seen:
        return (
            "OE",
            f"followed {step.app}:{step.action} but never read the page listing "
            f"{step.to_id} (offsets {sorted({c.arguments.get('offset', '0') for c in right})})",
        )
    return None


def _perceptual(task: Task, attempt: Attempt, step: PathStep) -> Found:
    for call in attempt.calls:
        if step.to_id in call.ids:
            return ("PE", f"{step.to_id} was listed by {call.tool}({_args(call)})")
    return None


def _planning(task: Task, attempt: Attempt, step: PathStep) -> Found:
    reached = [
        c for c in attempt.calls if c.error is None and c.arguments.get("item_id") == step.from_id
    ]
    if not reached:
        return None
    took = [
        f"{c.arguments.get('app')}:{c.arguments.get('action')}"
        for c in reached
        if c.tool == "follow" and not _follows(c, step)
    ]
    want = f"{step.app}:{step.action}"
    if took:
        return ("PRE", f"from {step.from_id} followed {', '.join(took)}, not {want}")
    return ("PRE", f"opened {step.from_id} but never followed {want}")


def _args(call: ToolCall) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(call.arguments.items()))


def count_classes(attributions: Sequence[Attribution | None]) -> dict[ErrorClass, int]:
    """Failed attempts per class, every class present (zero when none)."""
    counts: dict[ErrorClass, int] = dict.fromkeys(ERROR_CLASSES, 0)
    for found in attributions:
        if found is not None:
            counts[found.error_class] += 1
    return counts
