"""Which inspect scorer judges a run: the task families' own by default.

``task`` is ``taskspace.scoring.inspect_scorers.task_scorer`` (each task's own check,
F1, ROUGE-L, citation precision/recall); ``judge`` the LLM judge (answer quality,
relevance, completeness; needs ANTHROPIC_API_KEY); ``includes`` and ``match`` are inspect's
built-ins on the gold target, for engines tests and quick looks.
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, includes, match

from taskspace.errors import UserError
from taskspace.scoring.inspect_scorers import judge_scorer, task_scorer

SCORER_NAMES = ("task", "judge", "includes", "match")


def scorer_named(name: str) -> Scorer:
    if name == "judge":
        return judge_scorer()  # refuses in one line without ANTHROPIC_API_KEY
    if name == "includes":
        return includes()
    if name == "match":
        return match()
    if name != "task":
        raise UserError(f"no scorer {name!r}: choose one of {', '.join(SCORER_NAMES)}")
    return task_scorer()
