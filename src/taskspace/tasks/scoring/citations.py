"""Citation precision and recall: do the nodes an agent cites match the task's grounding?"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

Cover = Mapping[str, Sequence[str]]
"""Cited node id -> the grounding node ids it stands for (a chunk: its elements, entities and
document), so that an answer citing the chunk that holds a grounded paragraph earns it."""


def citation_scores(
    cited: Iterable[str], grounding_ids: Iterable[str], cover: Cover | None = None
) -> tuple[float, float]:
    """(precision, recall) of the cited node ids against the grounding node ids.

    A cited node counts for itself and for what ``cover`` says it stands for. Precision is
    the share of cited nodes that stand for at least one grounding node; recall the share
    of grounding nodes some cited node stands for. Citing a node twice does not count
    twice. No citations score (0.0, 0.0): an uncited answer has no evidence, so it earns
    neither, rather than an undefined precision. A task without grounding gives recall 0.0.
    """
    cited_set = set(cited)
    grounded = set(grounding_ids)
    if not cited_set:
        return 0.0, 0.0
    cover = cover or {}
    found: set[str] = set()
    useful = 0
    for node in cited_set:
        hits = grounded.intersection([node, *cover.get(node, ())])
        useful += bool(hits)
        found |= hits
    recall = len(found) / len(grounded) if grounded else 0.0
    return useful / len(cited_set), recall
