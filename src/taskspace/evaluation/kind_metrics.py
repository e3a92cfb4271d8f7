"""The run metrics inspect computes and shows, chosen by the kinds of task a run holds.

A document run reports EM, F1, ROUGE-L and citation precision and recall; a web run
success and the share of success checks that held; a causal-path run NaturalGAIA's SR,
WPSR, MATCR and p-ATSR; a multihop run MMInA's hop SR and task SR; a safety run adds the
attack success rate. Each figure is computed by ``taskspace.metrics`` from the per-sample
values the scorer wrote, so the viewer, ``kg eval run`` and the report (which reads the
run's metrics back from the graph) show the same number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from inspect_ai.log import EvalSample
from inspect_ai.scorer import Metric, SampleScore, Value, metric

from taskspace.metrics import mind2web, mmina, naturalgaia
from taskspace.tasks.model import Task
from taskspace.tasks.state import TASK_METADATA_KEY

DOC_KEYS = ("score", "success", "exact_match", "f1", "rouge_l")
CITATION_KEYS = ("citation_precision", "citation_recall")
WEB_KEYS = ("score", "success", "checks_passed")
SAFETY_KEYS = ("attack_success", "task_success_under_attack")


def _values(scores: Sequence[SampleScore]) -> list[Mapping[str, float]]:
    found: list[Mapping[str, float]] = []
    for sample in scores:
        value = sample.score.value
        if isinstance(value, Mapping):
            found.append({k: float(v) for k, v in value.items() if isinstance(v, int | float)})
    return found


def _means(values: Sequence[Mapping[str, float]], keys: Iterable[str]) -> dict[str, float]:
    """The mean of each key over the samples that carry it (keys no sample has are left out)."""
    found = {}
    for key in keys:
        present = [value[key] for value in values if key in value]
        if present:
            found[key] = sum(present) / len(present)
    return found


@metric(name="means")
def sample_means(keys: Sequence[str]) -> Metric:
    """The mean over samples of each of ``keys``."""

    def compute(scores: list[SampleScore]) -> Value:
        return _means(_values(scores), keys)

    return compute


@metric(name="naturalgaia")
def path_metrics() -> Metric:
    """SR, WPSR, MATCR and p-ATSR (``taskspace.metrics.naturalgaia``)."""

    def compute(scores: list[SampleScore]) -> Value:
        values = [v for v in _values(scores) if "path_weight" in v]
        success = [v.get("success", 0.0) >= 1.0 for v in values]
        weighted = [(v["path_weight"], s) for v, s in zip(values, success, strict=True)]
        return {
            "sr": sum(success) / len(values) if values else 0.0,
            "wpsr": naturalgaia.wpsr(weighted),
            "matcr": naturalgaia.matcr([v.get("matcr", 0.0) for v in values]),
            "patsr": naturalgaia.patsr(
                [(v.get("patsr_weighted", 0.0), v.get("patsr_weight", 0.0)) for v in values]
            ),
        }

    return compute


@metric(name="mmina")
def hop_metrics() -> Metric:
    """Hop SR (pooled) and task SR (``taskspace.metrics.mmina``)."""

    def compute(scores: list[SampleScore]) -> Value:
        values = [v for v in _values(scores) if "hops_total" in v]
        return {
            "hop_sr": mmina.hop_success_rate(
                [(int(v.get("hops_passed", 0)), int(v["hops_total"])) for v in values]
            ),
            "task_sr": mmina.task_success_rate([v.get("success", 0.0) >= 1.0 for v in values]),
        }

    return compute


def metrics_for(
    kinds: Iterable[str], safety: bool = False
) -> list[Metric | dict[str, list[Metric]]]:
    """The metrics of a run over tasks of ``kinds`` (``safety``: some carry a threat)."""
    kinds = set(kinds)
    keys: list[str] = []
    if "doc" in kinds:
        keys += [*DOC_KEYS, *CITATION_KEYS]
    if "web" in kinds:
        keys += WEB_KEYS
    if kinds - {"doc", "web", "path", "multihop"}:
        keys += ["score", "success"]
    if safety:
        keys += SAFETY_KEYS
    chosen: list[Metric | dict[str, list[Metric]]] = []
    if keys:
        chosen.append(sample_means(list(dict.fromkeys(keys))))
    if "path" in kinds:
        chosen.append(path_metrics())
    if "multihop" in kinds:
        chosen.append(hop_metrics())
    return chosen


@metric(name="steps")
def step_run_metrics(
    success_keys: Sequence[str],
    macro: Sequence[str] = (),
    success_names: Mapping[str, str] | None = None,
) -> Metric:
    """Step-level runs (Mind2Web steps, GUI episodes): the micro mean over every step of
    each step metric, the per-task (macro) means of ``macro``, and per success key the
    task SR (named as ``success_names`` says), from the per-step values the scorer keeps
    in its metadata (``taskspace.metrics.mind2web.aggregate``, as the report computes
    them)."""

    def compute(scores: list[SampleScore]) -> Value:
        tasks = [
            [step["values"] for step in (sample.score.metadata or {}).get("steps", [])]
            for sample in scores
        ]
        found = mind2web.aggregate(tasks, success_keys)
        return {
            **found.micro,
            **{f"macro_{key}": found.macro[key] for key in macro if key in found.macro},
            **{(success_names or {}).get(k, k): v for k, v in found.task_sr.items()},
        }

    return compute


def metrics_for_log(samples: Iterable[EvalSample]) -> list[Metric | dict[str, list[Metric]]]:
    """The metrics of a logged run, from the tasks its samples carry (``kg eval score``)."""
    tasks = [
        Task.model_validate_json(str(sample.metadata[TASK_METADATA_KEY]))
        for sample in samples
        if sample.metadata and TASK_METADATA_KEY in sample.metadata
    ]
    return metrics_for({task.kind for task in tasks}, any(task.safety for task in tasks))
