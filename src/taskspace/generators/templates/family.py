"""Document and web template tasks as :class:`~taskspace.tasks.family.TaskFamily` members.

Options: ``objective`` and ``threshold`` (keep to the part of the graph relevant to a
text; documents), ``per_template`` (candidates kept per template; by default sized to the count for
documents, :mod:`~taskspace.generators.templates.pool`, and ``PER_TEMPLATE`` for the web), ``write``
(documents: Claude writes the instances, when ``ANTHROPIC_API_KEY`` is set; without it
the templates render them and the report says so), ``templates`` (the names of the only
templates to sample from).
"""

from __future__ import annotations

from taskspace.generators.errors import SamplingError
from taskspace.generators.templates.engine import rederive
from taskspace.generators.templates.pool import PER_TEMPLATE
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.graph.connection import Graph
from taskspace.models.llm.client import StructuredLLM, llm_available
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.by_check import ScoredByCheck
from taskspace.tasks.scoring.web import score_web

THRESHOLD = 0.3


class TemplateFamily(ScoredByCheck):
    """Tasks rendered from ``metapaths/documents`` (``doc``) or ``metapaths/web`` (``web``)."""

    def __init__(self, kind: str, *, sized: bool) -> None:
        self.kind = kind
        self.sized = sized
        self._specs: dict[str, TemplateSpec] | None = None

    def specs(self) -> dict[str, TemplateSpec]:
        if self._specs is None:
            self._specs = {spec.name: spec for spec in load_templates(self.kind)}
        return self._specs

    def chosen(self, names: tuple[str, ...] | list[str]) -> list[TemplateSpec] | None:
        """The templates named, in the library's order; None (all of them) for no names."""
        if not names:
            return None
        specs = self.specs()
        unknown = sorted(set(names) - specs.keys())
        if unknown:
            raise SamplingError(
                f"no {self.kind} template named {', '.join(unknown)}; "
                f"the {self.kind} templates are: {', '.join(sorted(specs))}"
            )
        return [spec for name, spec in specs.items() if name in names]

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
            per_template=self.per_template(options.get("per_template")),
            templates=self.chosen(options.get("templates", ())),
            writer=writer,
        )
        if self.kind == "doc" and options.get("write") and writer is None:
            report.extras["instances"] = "rendered from templates (no ANTHROPIC_API_KEY)"
        return report

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        """Web tasks run in the browser succeed by their success criteria on the final
        page (``tasks.scoring.web``); every other attempt by its answer."""
        if self.kind != "web":
            return super().score(task, attempt)
        return score_web(task, attempt)

    def rederive(self, graph: Graph, task: Task) -> bool:
        spec = self.specs().get(task.template)
        return spec is not None and rederive(graph, spec, task)

    def per_template(self, given: object = None) -> int | None:
        """The candidates kept per template: as given, else sized to the count (None)
        where the templates yield many rows per anchor read, else the full pool."""
        if given is None:
            return None if self.sized else PER_TEMPLATE
        if isinstance(given, int) and not isinstance(given, bool) and given >= 1:
            return given
        raise SamplingError(f"per_template is a whole number of at least 1, not {given!r}")


# Document templates return about one row per 9 anchors they read, so a sample sized to
# its count reads a narrow window; web templates about one per 65 (the MkDocs site), so
# the full window is needed even for 50 tasks and a narrower one first is time lost.
DOC = TemplateFamily("doc", sized=True)
WEB = TemplateFamily("web", sized=False)
