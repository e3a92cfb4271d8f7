"""Evaluation with inspect_ai: tasks as datasets, agents as solvers, runs into the graph.

``dataset`` turns tasks into inspect samples, ``run`` runs an agent over them with
inspect's ``eval_set`` (resumable, per-sample error isolation), ``results`` writes each run
as a ``:Run`` with ``ATTEMPTED`` edges, and ``queries`` lists the named result queries.
"""

__all__ = [
    "dataset",
    "errors",
    "kind_metrics",
    "labels",
    "queries",
    "results",
    "run",
    "scorers",
    "steps",
]
