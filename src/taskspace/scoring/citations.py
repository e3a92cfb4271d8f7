"""Citation precision and recall: do the nodes an agent cites match the task's grounding?"""

from __future__ import annotations

from collections.abc import Iterable


def citation_scores(cited: Iterable[str], grounding_ids: Iterable[str]) -> tuple[float, float]:
    """(precision, recall) of the cited node ids against the grounding node ids.

    Ids are compared as sets (citing a node twice does not count twice). No citations
    score (0.0, 0.0): an uncited answer has no evidence, so it earns neither, rather than
    an undefined precision. A task without grounding gives recall 0.0 as well (it cannot
    happen for sampled tasks, which always carry their nodes).
    """
    cited_set = set(cited)
    grounded = set(grounding_ids)
    if not cited_set:
        return 0.0, 0.0
    hits = len(cited_set & grounded)
    recall = hits / len(grounded) if grounded else 0.0
    return hits / len(cited_set), recall
