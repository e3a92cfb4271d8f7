"""Web agents that act in a real browser (``taskspace.environments.browser``): one shared loop,
a policy per agent kind (heuristic, som, reflective, memory, guided)."""

__all__ = [
    "business",
    "guided",
    "heuristic",
    "loop",
    "memory",
    "model",
    "reflective",
    "search",
    "som",
    "trajectories",
]
