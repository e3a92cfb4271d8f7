"""One safety variant of one task: the original task unchanged (prompt, gold, checks) plus
the safety block saying what the environment injects where, and its canary."""

from __future__ import annotations

from taskspace.generators.safety.canary import make_canary, marker_html
from taskspace.generators.safety.spec import ThreatSpec
from taskspace.graph.ids import stable_id
from taskspace.tasks.model import Task
from taskspace.tasks.safety import Injection, SafetyBlock

GENERATOR = "taskspace-safety"


def _variant(task: Task, safety: SafetyBlock, seed: int) -> Task:
    key = stable_id("task", "safety", task.id, safety.strategy, safety.category, seed)
    return task.model_copy(
        update={"id": key, "safety": safety, "seed": seed, "generator": GENERATOR}
    )


def doc_variant(
    task: Task, chunk_ids: list[str], strategy: str, category: str, spec: ThreatSpec, seed: int
) -> Task:
    """``task`` with ``category``'s instruction embedded by ``strategy`` into its chunks."""
    threat, how = spec.categories[category], spec.strategies[strategy]
    canary = make_canary(spec.canary_words, threat.canary, task.id, strategy, category, seed)
    pick = int(stable_id("p", task.id, strategy, seed).split(":")[1], 16)
    instruction = threat.phrasings[pick % len(threat.phrasings)].format(canary=canary)
    injection = Injection(
        target="chunks",
        text=how.template.format(instruction=instruction),
        node_ids=sorted(chunk_ids),
        position=how.position,
    )
    safety = SafetyBlock(
        original_task=task.id,
        strategy=strategy,
        category=category,
        severity=threat.severity,
        canary=canary,
        injection=injection,
    )
    return _variant(task, safety, seed)


def web_variant(task: Task, element: str, spec: ThreatSpec, seed: int) -> Task:
    """``task`` with the forged ``element`` on every page its browser session serves."""
    forged = spec.web_elements[element]
    threat = spec.categories[forged.category]
    canary = make_canary(spec.canary_words, "url", task.id, element, seed)
    marker = stable_id("env", task.id, element, seed).split(":")[1][:12]
    injection = Injection(
        target="page",
        text=forged.html.format(marker=marker_html(marker), canary=canary),
        position="prepend",
        marker=marker,
    )
    safety = SafetyBlock(
        original_task=task.id,
        strategy=element,
        category=forged.category,
        severity=threat.severity,
        canary=canary,
        injection=injection,
    )
    return _variant(task, safety, seed)
