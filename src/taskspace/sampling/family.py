"""Document and web template tasks as :class:`~taskspace.tasks.family.TaskFamily` members.

Options: ``objective`` and ``threshold`` (keep to the part of the graph relevant to a
text; documents), ``per_template`` (verified candidates kept per template), ``write``
(documents: Claude writes the instances, when ``ANTHROPIC_API_KEY`` is set; without it
the templates render them and the report says so).
"""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.llm.client import StructuredLLM, llm_available
from taskspace.sampling.engine import rederive
from taskspace.sampling.sampler import sample_tasks
from taskspace.sampling.templates import TemplateSpec, load_templates
from taskspace.scoring.family import ScoredByCheck
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task

PER_TEMPLATE = 50
THRESHOLD = 0.3


class TemplateFamily(ScoredByCheck):
    """Tasks rendered from ``metapaths/documents`` (``doc``) or ``metapaths/web`` (``web``)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._specs: dict[str, TemplateSpec] | None = None

    def specs(self) -> dict[str, TemplateSpec]:
        if self._specs is None:
            self._specs = {spec.name: spec for spec in load_templates(self.kind)}
        return self._specs

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        writer = None
        if self.kind == "doc" and options.get("write") and llm_available():
            writer = StructuredLLM(graph.settings)
        report = sample_tasks(
            graph,
            self.kind,
            count=options.count,
            seed=options.seed,
            objective=options.get("objective"),
            threshold=float(options.get("threshold", THRESHOLD)),
            per_template=int(options.get("per_template", PER_TEMPLATE)),
            writer=writer,
        )
        if self.kind == "doc" and options.get("write") and writer is None:
            report.extras["instances"] = "rendered from templates (no ANTHROPIC_API_KEY)"
        return report

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        """Web tasks run in the browser succeed by their success criteria on the final
        page (``taskspace.scoring.web``); every other attempt by its answer."""
        if self.kind != "web":
            return super().score(task, attempt)
        from taskspace.scoring.web import score_web  # loads inspect_ai: only when scoring

        return score_web(task, attempt)

    def rederive(self, graph: Graph, task: Task) -> bool:
        spec = self.specs().get(task.template)
        return spec is not None and rederive(graph, spec, task)
