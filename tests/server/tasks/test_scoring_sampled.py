"""The checks on real sampled document tasks: every gold passes its own check, a fuller
sentence around it passes where the check allows it, and another task's answer fails."""

from __future__ import annotations

from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.scoring.checks import CHECK_KINDS, check_passes, parse_check
from tests.support.docs import require_real_eips
from tests.support.locations import REPO

FIXTURES = REPO / "examples" / "documents"


def test_checks_on_sampled_document_tasks(graph: Graph) -> None:
    report = load_documents(graph, [FIXTURES, *require_real_eips()])
    assert not report.failed, report.failed
    tasks = sample_tasks(graph, "doc", count=40, seed=5).tasks
    assert {parse_check(task.check)[0] for task in tasks} == set(CHECK_KINDS)
    for task in tasks:
        cited = [ref.id for ref in task.grounding]
        gold = score_attempt(task, Attempt(task_id=task.id, answer=task.answer, cited=cited))
        assert gold.success and gold.metrics["f1"] == 1.0, task
        assert gold.metrics["citation_precision"] == gold.metrics["citation_recall"] == 1.0
        if task.check != "exact":
            said = f"According to the document: {task.answer}."
            assert check_passes(task.check, task.answer, said, task.prompt), task
        others = {t.answer for t in tasks if t.template == task.template} - {task.answer}
        for other in others:
            if task.check in ("exact", "number"):
                assert not check_passes(task.check, task.answer, other, task.prompt), (task, other)
