"""The PG-Agent page graph: GUI episodes folded into screens joined by action edges.

``similarity`` measures how alike two screens are, ``features`` reduces an observation to
what those measures need, ``jump`` decides whether an action left the page, ``summary``
describes a screen, ``matching`` decides whether a new page is one already known,
``builder`` folds an episode into visits and transitions, ``rows`` turns that into graph
rows and ``loader`` writes them. Retrieval over the result lives in ``taskspace.guidelines``.
"""

__all__ = [
    "builder",
    "features",
    "jump",
    "known",
    "llm",
    "matching",
    "rows",
    "similarity",
    "summary",
    "verdict",
]
