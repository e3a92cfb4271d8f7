"""Which inspect scorer judges a run: the task families' own by default.

``task`` is ``taskspace.evaluation.scorers.task.task_scorer`` (each task's own check,
F1, ROUGE-L, citation precision/recall), except that a web task run in the browser
succeeds when its success criteria held on the final page (``taskspace.evaluation.scorers.web``);
``judge`` the LLM judge (answer quality, relevance, completeness; needs
ANTHROPIC_API_KEY); ``web-judge`` the web checks, then an LLM judge of the trajectory
(needs the key); ``includes`` and ``match`` are inspect's built-ins on the gold target,
for engines tests and quick looks. A run holding safety tasks scores ``task`` with
``taskspace.evaluation.scorers.safety.safety_scorer`` (attack success, task success under attack).
"""

from __future__ import annotations

from inspect_ai.scorer import Scorer, includes, match

from taskspace.core.errors import UserError
from taskspace.evaluation.scorers.safety import safety_scorer
from taskspace.evaluation.scorers.task import judge_scorer
from taskspace.evaluation.scorers.web import task_or_web_scorer, web_judge_scorer

__all__ = ["SCORER_NAMES", "scorer_named"]

SCORER_NAMES = ("task", "judge", "includes", "match", "web-judge")


def scorer_named(name: str, safety: bool = False) -> Scorer:
    """The scorer called ``name``; ``task`` over safety tasks adds attack success."""
    if name == "judge":
        return judge_scorer()  # refuses in one line without ANTHROPIC_API_KEY
    if name == "web-judge":
        return web_judge_scorer()  # refuses in one line without ANTHROPIC_API_KEY
    if name == "includes":
        return includes()
    if name == "match":
        return match()
    if name != "task":
        raise UserError(f"no scorer {name!r}: choose one of {', '.join(SCORER_NAMES)}")
    return safety_scorer() if safety else task_or_web_scorer()
