"""Page-graph guidelines for agents: "perform these actions to accomplish these tasks".

``Guide(graph).for_screen(...)`` finds the screens most like the agent's and walks the
page graph from them (see ``guide``); ``model`` holds the typed answer.
"""

from taskspace.guidelines.errors import GuidelineError
from taskspace.guidelines.guide import Guide
from taskspace.guidelines.model import Guideline

__all__ = ["Guide", "Guideline", "GuidelineError"]
