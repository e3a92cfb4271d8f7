"""With a key, Claude writes a template task's instance; the graph still holds the gold.

GRAPH2EVAL's task generation step: from the sampled subgraph (the grounded nodes' text,
read from the graph) and the template (its type, description and the offline prompt),
an LLM writes the question and proposes an answer. The gold answer is still the one the
template re-derives from the graph: the written instance is kept only when the LLM's
answer agrees with it (the template's check), and an LLM judge scores the instance for
clarity, relevance, difficulty and completeness (1-5 each, as in the paper's quality
evaluation); below :data:`QUALITY_THRESHOLD` on average, or under 2 on any one, it is
dropped. A kept task has the written prompt, the judge's scores (``quality``, 0-1) and
the writer model (``generator``); its fingerprint stays the template's, so
``kg sample verify`` re-derives it as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from taskspace.generators.templates.templates import TemplateSpec
from taskspace.graph.connection import Graph
from taskspace.models.llm.client import StructuredLLM
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.checks import check_passes
from taskspace.tasks.spoilers import named

QUALITY_THRESHOLD = 3.5
"""Mean judge score (1-5) a written instance needs."""

QUALITY_FLOOR = 2
"""No single dimension may score below this."""

TEXT_CHARS = 1200
"""Each grounded node's text is cut to this many characters in the writer's prompt."""

WRITER_SYSTEM = (
    "You write one evaluation question for an AI agent that reads documents. You are given "
    "a task template (its type, what it asks and an example wording) and the passages of a "
    "knowledge-graph subgraph. Write a clear, self-contained question of that type whose "
    "answer is stated in the passages, and give that answer exactly as the passages state "
    "it. Do not put the answer in the question."
)

JUDGE_SYSTEM = (
    "You judge the quality of an evaluation question written from a knowledge-graph "
    "subgraph. Score each dimension from 1 (poor) to 5 (excellent): clarity (unambiguous, "
    "well formed), relevance (about the given passages), difficulty (needs reading, not "
    "guessing; 5 = appropriately demanding for its type), completeness (self-contained, "
    "answerable from the passages)."
)

REASONS = ("llm_disagrees", "llm_spoiler", "llm_quality")
"""Why a written instance is dropped, counted in the sample report."""


class WrittenInstance(BaseModel):
    prompt: str = Field(description="the question, self-contained")
    answer: str = Field(description="its answer, as the passages state it")


class QualityScore(BaseModel):
    clarity: int = Field(ge=1, le=5)
    relevance: int = Field(ge=1, le=5)
    difficulty: int = Field(ge=1, le=5)
    completeness: int = Field(ge=1, le=5)

    def passes(self) -> bool:
        scores = self.as_list()
        return min(scores) >= QUALITY_FLOOR and sum(scores) / len(scores) >= QUALITY_THRESHOLD

    def as_list(self) -> list[int]:
        return [self.clarity, self.relevance, self.difficulty, self.completeness]

    def normalised(self) -> dict[str, float]:
        """Each score on 0-1 ((s - 1) / 4), as the paper normalises its judge's scores."""
        return {name: (value - 1) / 4 for name, value in self.model_dump().items()}


def subgraph_text(graph: Graph, task: Task) -> str:
    """The grounded nodes as the writer sees them: ``[Label] text`` lines, anchor first."""
    ids = [task.anchor] + [ref.id for ref in task.grounding if ref.id != task.anchor]
    rows = {row["id"]: row for row in graph.read("templates/grounded_text", ids=ids)}
    lines = []
    for node in ids:
        row = rows.get(node)
        if row and row["text"]:
            where = " > ".join(row.get("heading_path") or [])
            place = f" ({where})" if where else ""
            lines.append(f"[{row['label']}{place}] {str(row['text'])[:TEXT_CHARS]}")
    return "\n".join(lines)


def writer_prompt(spec: TemplateSpec, task: Task, passages: str) -> str:
    return (
        f"Task type: {spec.type}\nWhat it asks: {spec.description.strip()}\n"
        f"Example wording: {task.prompt}\n\nSubgraph passages:\n{passages}"
    )


def judge_prompt(written: WrittenInstance, passages: str) -> str:
    return f"Question: {written.prompt}\nAnswer: {written.answer}\n\nPassages:\n{passages}"


def write_instances(
    graph: Graph,
    llm: StructuredLLM,
    specs: dict[str, TemplateSpec],
    tasks: Sequence[Task],
    report: SampleReport,
) -> list[Task]:
    """The tasks whose written instance agrees with the graph's answer and passes the
    judge, with the written prompt; the others are counted in ``report`` and left out."""
    kept = []
    for task in tasks:
        passages = subgraph_text(graph, task)
        spec = specs[task.id]
        written = llm.ask(WRITER_SYSTEM, writer_prompt(spec, task, passages), WrittenInstance)
        if not check_passes(task.check, task.answer, written.answer, written.prompt):
            report.drop("llm_disagrees")
            continue
        if named(written.prompt, [task.answer]) and not named(task.prompt, [task.answer]):
            report.drop("llm_spoiler")  # the written question gives its answer away
            continue
        quality = llm.ask(JUDGE_SYSTEM, judge_prompt(written, passages), QualityScore)
        if not quality.passes():
            report.drop("llm_quality")
            continue
        kept.append(
            task.model_copy(
                update={
                    "prompt": written.prompt,
                    "generator": f"taskspace-llm:{llm.model}",
                    "quality": quality.normalised(),
                }
            )
        )
    return kept
